import {
  createCirriIndexes,
  mongoCirri,
  type CirrusDoc,
  createOutboxIndex,
  isDuplicateKey,
  mongoDeletedCirri,
  withPendingEvents,
  type Collection,
  type DeletedCirrusDoc,
  type Document,
  type MongoDatabase,
  type OutboxFields,
} from '@vellum/platform-mongo';
import { singleWriteUnitOfWork, type BusMessage, type PendingEvents } from '@vellum/platform';
import {
  mongoNotifications,
  prepareNotificationCollections,
  type NotificationCollections,
} from './mongo-notifications';
import { indexedWordsOf, phrasesHold, snippetIn, wordsQueryOf, type WordsQuery } from './search-words';
import type {
  KnownCirrus,
  MessagingRepository,
  MessagingStore,
  MessagingWrites,
  MessagingWritesOf,
  StoredConversation,
  StoredMessage,
} from './messaging-repository';

/** A conversation, never changed once inserted but for its outbox fields; `pairKey` is unique. */
export interface ConversationDoc extends OutboxFields {
  _id: string;
  pairKey: string;
  participants: [string, string];
  startedBy: string;
  startedAt: Date;
  vellums: Array<{ id: string; owner: string }>;
}

/**
 * A message: changed after its insert only by its outbox fields (it carries MessageSent), its sender's edit
 * (`text`, `editedAt`, `words`) and deletion (`text` '', `deletedAt`, `words` []). Older documents have neither
 * time; `words` (what a search finds it by: `search-words.ts`) is written with the text, and filled in at start
 * for a document from before search (`fillMissingWords`).
 */
export interface MessageDoc extends OutboxFields {
  _id: string;
  conversation: string;
  sender: string;
  recipient: string;
  text: string;
  sentAt: Date;
  key: string;
  words?: string[];
  editedAt?: Date;
  deletedAt?: Date;
}

/**
 * One read mark, inserted once: `_id` is `<conversation>:<reader>:<key>`. A reader's newest mark in a conversation
 * is the one with the greatest key; the older ones are pruned after each insert, so a reader has about one mark per
 * conversation however often they read.
 */
export interface ReadMarkDoc {
  _id: string;
  conversation: string;
  reader: string;
  key: string;
  upTo: string;
  at: Date;
}

/** A conversation vellum: inserted before its conversation, then replaced whole by each save. */
export interface VellumDoc {
  _id: string;
  conversation: string;
  owner: string;
  title: string;
  text: string;
  lastEdited: Date | null;
}

/** Whether a cirrus hides their presence; no document is the default, shown. */
export interface PresenceSettingDoc {
  _id: string;
  hidden: boolean;
}

export interface MessagingCollections extends NotificationCollections {
  cirri: Collection<CirrusDoc>;
  conversations: Collection<ConversationDoc>;
  messages: Collection<MessageDoc>;
  readMarks: Collection<ReadMarkDoc>;
  vellums: Collection<VellumDoc>;
  /** The tombstones of deleted cirri, by `_id`. */
  deletedCirri: Collection<DeletedCirrusDoc>;
  presenceSettings: Collection<PresenceSettingDoc>;
}

/** The collections and their indexes, declared here and created at start. */
export async function prepareMessagingCollections(database: MongoDatabase): Promise<MessagingCollections> {
  const c: MessagingCollections = {
    cirri: database.collection<CirrusDoc>('cirri'),
    conversations: database.collection<ConversationDoc>('conversations'),
    messages: database.collection<MessageDoc>('messages'),
    readMarks: database.collection<ReadMarkDoc>('read_marks'),
    vellums: database.collection<VellumDoc>('conversation_vellums'),
    deletedCirri: database.collection<DeletedCirrusDoc>('deleted_cirri'),
    ...(await prepareNotificationCollections(database)),
    presenceSettings: database.collection<PresenceSettingDoc>('presence_settings'),
  };
  await createCirriIndexes(c.cirri);
  await c.conversations.createIndex({ pairKey: 1 }, { name: 'conversations_pair', unique: true });
  await c.conversations.createIndex({ participants: 1 }, { name: 'conversations_participant' });
  await c.messages.createIndex({ conversation: 1, key: -1 }, { name: 'messages_conversation_key' });
  await c.messages.createIndex({ recipient: 1, conversation: 1, key: 1 }, { name: 'messages_recipient' });
  // Multikey: one entry per word of a message, in its conversation, newest first within a word.
  await c.messages.createIndex({ conversation: 1, words: 1, key: -1 }, { name: 'messages_search' });
  await c.readMarks.createIndex({ conversation: 1, reader: 1, key: -1 }, { name: 'marks_conversation' });
  await c.readMarks.createIndex({ reader: 1, conversation: 1, key: -1 }, { name: 'marks_reader' });
  for (const outbox of [c.conversations, c.messages]) {
    await createOutboxIndex(outbox as unknown as Collection<Document>);
  }
  await onceOnly(database.collection<UpkeepDoc>('upkeep'), 'message-words', () =>
    fillMissingWords(c.messages),
  );
  return c;
}

/** A one-off change of the stored documents, recorded when done (`_id` names it). */
interface UpkeepDoc {
  _id: string;
  doneAt: Date;
}

/**
 * Runs `work` unless the upkeep collection records it done, then records it: a start after the first reads one
 * document by its id instead of searching the messages (no index serves `words: { $exists: false }`). Replicas that
 * start together may both do the work (it must be idempotent) and both record it: the second upsert of the same id
 * can fail as a duplicate key, which says the record is there.
 */
async function onceOnly(
  upkeep: Collection<UpkeepDoc>,
  name: string,
  work: () => Promise<void>,
): Promise<void> {
  if (await upkeep.findOne({ _id: name })) return;
  await work();
  try {
    await upkeep.updateOne({ _id: name }, { $set: { doneAt: new Date() } }, { upsert: true });
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
  }
}

/**
 * Gives every message stored before search its `words`, a batch at a time (once: `onceOnly`; every later message
 * gets them from its insert, edit or deletion). Each update is conditional on the text it read, so an edit or
 * deletion meanwhile keeps its own words.
 */
async function fillMissingWords(messages: Collection<MessageDoc>): Promise<void> {
  for (;;) {
    const batch = await messages
      .find({ words: { $exists: false } }, { projection: { text: 1 } })
      .limit(500)
      .toArray();
    for (const m of batch) {
      await messages.updateOne(
        { _id: m._id, text: m.text, words: { $exists: false } },
        { $set: { words: indexedWordsOf(m.text) } },
      );
    }
    if (batch.length < 500) return;
  }
}

/** Anchored, on letters and digits only; escaped all the same. */
const startsWith = (prefix: string) => ({ $regex: `^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}` });

/** The conditions a message's `words` must meet: every word of the query, each by one of its stems or prefixes. */
const wordsFilter = (query: WordsQuery) =>
  query.parts
    .flatMap((part) => part.words)
    .map((q) =>
      q.prefixes ? { $or: q.prefixes.map((p) => ({ words: startsWith(p) })) } : { words: { $in: q.stems } },
    );

/** Candidates read at a time while phrases are checked here (most of a page's candidates usually hold). */
const PHRASE_BATCH = 200;

/** The outbox fields of an inserted document that carries `events` (`withPendingEvents` gives an update's). */
function pendingFields(events: readonly BusMessage[], at: Date): OutboxFields {
  const update = withPendingEvents<Document>({}, events, at) as {
    $push?: { pendingEvents: { $each: OutboxFields['pendingEvents'] } };
    $min?: { pendingSince: Date };
  };
  return update.$push
    ? { pendingEvents: update.$push.pendingEvents.$each, pendingSince: update.$min!.pendingSince }
    : {};
}

const toCirrus = (d: CirrusDoc): KnownCirrus => ({
  id: d._id,
  username: d.username,
  displayName: d.displayName ?? '',
  image: d.image ?? '',
  verified: d.verified === true,
});

const toConversation = (d: ConversationDoc): StoredConversation => ({
  id: d._id,
  participants: d.participants,
  pairKey: d.pairKey,
  startedBy: d.startedBy,
  startedAt: d.startedAt,
  vellums: [...d.vellums].sort((a, b) => a.owner.localeCompare(b.owner)),
});

const toMessage = (d: MessageDoc): StoredMessage => ({
  id: d._id,
  conversation: d.conversation,
  sender: d.sender,
  recipient: d.recipient,
  text: d.text,
  sentAt: d.sentAt,
  key: d.key,
  editedAt: d.editedAt ?? null,
  deletedAt: d.deletedAt ?? null,
});

/**
 * The reader's effective mark in a conversation: its greatest key, read through the index in key order (FerretDB
 * 1.x implements no `$max` accumulator, only `$sum` and `$count`).
 */
async function markOf(marks: Collection<ReadMarkDoc>, conversation: string, reader: string) {
  const found = await marks.findOne({ conversation, reader }, { sort: { key: -1 }, projection: { key: 1 } });
  return found?.key;
}

/** The marks present among `readers`, by reader. */
async function marksOf(marks: Collection<ReadMarkDoc>, conversation: string, readers: readonly string[]) {
  const found = await Promise.all(
    readers.map(async (r) => [r, await markOf(marks, conversation, r)] as const),
  );
  return new Map(found.filter((f): f is readonly [string, string] => f[1] !== undefined));
}

/** How long a sender's change waits for the relay to clear a just-sent message's event; then it writes anyway. */
export const RELAY_WAIT_MS = 5000;
const RELAY_POLL_MS = 25;

/**
 * Sets `fields` on a message that is not deleted; false when there is none. FerretDB 1.x (the tests' MongoDB)
 * applies an update as a read and then a write of the whole document, so of two writers of one document one can
 * write back what the other had just changed (MongoDB applies each update atomically). A message's other writer is
 * the outbox relay, clearing its MessageSent event in the moments after sending: a change waits until the event is
 * cleared (at most RELAY_WAIT_MS: a relay that cannot publish keeps it longer), after which the relay never writes
 * the message again, so it cannot bring back the text an edit or deletion replaced.
 */
async function changeSettled(
  messages: Collection<MessageDoc>,
  id: string,
  fields: Partial<MessageDoc>,
): Promise<boolean> {
  const until = Date.now() + RELAY_WAIT_MS;
  for (;;) {
    const waiting = Date.now() < until;
    const { matchedCount } = await messages.updateOne(
      { _id: id, deletedAt: { $exists: false }, ...(waiting && { pendingSince: { $exists: false } }) },
      { $set: fields },
    );
    if (matchedCount === 1) return true;
    if (!waiting) return false;
    const found = await messages.findOne({ _id: id }, { projection: { deletedAt: 1, pendingSince: 1 } });
    if (!found || found.deletedAt) return false;
    if (found.pendingSince) await new Promise((resolve) => setTimeout(resolve, RELAY_POLL_MS));
  }
}

/**
 * The messaging store on MongoDB: its repository, and the writes a unit of work binds. Like the link service's, it relies only on what MongoDB and FerretDB both
 * make atomic, the insert of a unique key: a conversation (its `pairKey` unique), a message and a read mark are
 * inserted, each carrying its events. The one replacement is a vellum's save, which needs no condition: the
 * last of two saves stays whole. A sender's edit or deletion of a message waits for the relay to be done with it
 * (`changeSettled`). A deleted cirrus's tombstone is recorded before its conversations go, and every write
 * that could bring one back checks it before and after writing, undoing the write when the tombstone came meanwhile
 * (`mongoDeletedCirri`).
 */
function mongoMessagingParts(c: MessagingCollections): {
  repository: MessagingRepository;
  writes: MessagingWritesOf;
} {
  const byPair = async (pairKey: string) => {
    const found = await c.conversations.findOne({ pairKey });
    return found && toConversation(found);
  };
  const tombstones = mongoDeletedCirri(c.deletedCirri);
  // A cirrus deleted while it was being written goes again; its conversations went with the deletion itself.
  const known = mongoCirri(c.cirri, {
    tombstones,
    removeCirrus: async (id) => void (await c.cirri.deleteOne({ _id: id })),
  });
  // A conversation's parts before the conversation, so a retry after a failure still finds what is left.
  const removeConversation = async (id: string) => {
    await c.messages.deleteMany({ conversation: id });
    await c.readMarks.deleteMany({ conversation: id });
    await c.vellums.deleteMany({ conversation: id });
    await c.conversations.deleteOne({ _id: id });
  };
  const { removeCirrusNotifications, ...notifications } = mongoNotifications(c, (ids) =>
    tombstones.anyDeleted(ids),
  );
  /** Whether the conversation is gone or one of its participants deleted. */
  const conversationGone = async (id: string) => {
    const found = await c.conversations.findOne({ _id: id }, { projection: { participants: 1 } });
    return !found || (await tombstones.anyDeleted(found.participants));
  };

  /** The use cases' writes: each inserts ONE document carrying the events it takes (the unit's only write). */
  const writes = (pending: PendingEvents): MessagingWrites => ({
    async startConversation(conversation, at) {
      const events = pending.take();
      if (await tombstones.anyDeleted(conversation.participants)) return null;
      const existing = await byPair(conversation.pairKey);
      if (existing) return { conversation: existing, created: false };
      // The vellums first: a conversation never names one that is not there (a lost race leaves two orphans).
      const vellums = conversation.vellums.map((v) => ({
        _id: v.id,
        conversation: conversation.id,
        owner: v.owner,
        title: '',
        text: '',
        lastEdited: null,
      }));
      await c.vellums.insertMany(vellums);
      try {
        await c.conversations.insertOne({
          _id: conversation.id,
          pairKey: conversation.pairKey,
          participants: conversation.participants,
          startedBy: conversation.startedBy,
          startedAt: conversation.startedAt,
          vellums: conversation.vellums,
          ...pendingFields(events, at),
        });
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
        await c.vellums.deleteMany({ _id: { $in: vellums.map((v) => v._id) } });
        const existing = await byPair(conversation.pairKey);
        return existing && { conversation: existing, created: false };
      }
      if (await tombstones.anyDeleted(conversation.participants)) {
        await removeConversation(conversation.id);
        return null;
      }
      return { conversation, created: true };
    },

    async addMessage(m, at) {
      const events = pending.take();
      if (await conversationGone(m.conversation)) return false;
      await c.messages.insertOne({
        _id: m.id,
        conversation: m.conversation,
        sender: m.sender,
        recipient: m.recipient,
        text: m.text,
        sentAt: m.sentAt,
        key: m.key,
        words: indexedWordsOf(m.text),
        ...pendingFields(events, at),
      });
      if (!(await conversationGone(m.conversation))) return true;
      await c.messages.deleteOne({ _id: m.id });
      return false;
    },
  });

  const repository: MessagingRepository = {
    ...notifications,
    applyCirrus: (eventId, change) => known.apply(eventId, change),

    forgetAppliedCirri: () => known.forgetApplied(),

    async cirrus(id) {
      const found = await known.byId(id);
      return found && toCirrus(found);
    },
    async cirrusByUsername(username) {
      const found = await known.byUsername(username);
      return found && toCirrus(found);
    },

    async rememberCaller(caller) {
      const found = await known.remember(caller);
      return found && toCirrus(found);
    },

    async conversation(id) {
      const found = await c.conversations.findOne({ _id: id });
      return found && toConversation(found);
    },
    // The tombstone first: from then on no write of theirs stays.
    async removeCirrus(_eventId, cirrusId) {
      await tombstones.record(cirrusId);
      for (const conversation of await c.conversations.find({ participants: cirrusId }).toArray()) {
        await removeConversation(conversation._id);
      }
      await removeCirrusNotifications(cirrusId);
      await c.presenceSettings.deleteOne({ _id: cirrusId });
      await c.cirri.deleteOne({ _id: cirrusId });
    },

    async existingPairs(pairKeys) {
      if (pairKeys.length === 0) return new Set();
      const found = await c.conversations
        .find({ pairKey: { $in: [...pairKeys] } }, { projection: { pairKey: 1 } })
        .toArray();
      return new Set(found.map((f) => f.pairKey));
    },

    async presenceHidden(ids) {
      if (ids.length === 0) return new Set();
      const found = await c.presenceSettings.find({ _id: { $in: [...ids] }, hidden: true }).toArray();
      return new Set(found.map((f) => f._id));
    },

    async setPresenceHidden(id, hidden) {
      if (await tombstones.anyDeleted([id])) return false;
      await c.presenceSettings.updateOne({ _id: id }, { $set: { hidden } }, { upsert: true });
      // A deletion that came meanwhile has removed the settings before this write: remove it again.
      if (await tombstones.anyDeleted([id])) {
        await c.presenceSettings.deleteOne({ _id: id });
        return false;
      }
      return true;
    },

    async conversationsOf(participant) {
      return (await c.conversations.find({ participants: participant }).toArray()).map(toConversation);
    },

    async counterpartsOf(participant) {
      const found = await c.conversations
        .find({ participants: participant }, { projection: { participants: 1 } })
        .toArray();
      return found.map((f) => (f.participants[0] === participant ? f.participants[1] : f.participants[0]));
    },

    async message(id) {
      const found = await c.messages.findOne({ _id: id });
      return found && toMessage(found);
    },

    async messages(conversation, { beforeKey, afterKey, limit }) {
      if (afterKey !== undefined) {
        const newer = await c.messages
          .find({ conversation, key: { $gt: afterKey } }, { projection: { words: 0 } })
          .sort({ key: 1 })
          .limit(limit)
          .toArray();
        return newer.map(toMessage).reverse();
      }
      const found = await c.messages
        .find(
          { conversation, ...(beforeKey !== undefined && { key: { $lt: beforeKey } }) },
          { projection: { words: 0 } },
        )
        .sort({ key: -1 })
        .limit(limit)
        .toArray();
      return found.map(toMessage);
    },

    async searchMessages(conversation, search, { beforeKey, limit }) {
      const query = wordsQueryOf(search);
      const filter = (below: string | undefined) => ({
        conversation,
        deletedAt: { $exists: false },
        $and: wordsFilter(query),
        ...(below !== undefined && { key: { $lt: below } }),
      });
      const read = (below: string | undefined, n: number) =>
        c.messages
          .find(filter(below), { projection: { words: 0 } })
          .sort({ key: -1 })
          .limit(n)
          .toArray();
      const hasPhrase = query.parts.some((part) => part.phrase);
      const found: MessageDoc[] = [];
      // Every word is in the store's filter; a phrase's order is checked here, reading on past the candidates
      // whose words are all there but not one after the other.
      for (let below = beforeKey; ;) {
        const batch = await read(below, hasPhrase ? Math.max(limit, PHRASE_BATCH) : limit);
        found.push(...batch.filter((m) => phrasesHold(m.text, query)));
        if (!hasPhrase || found.length >= limit || batch.length < PHRASE_BATCH) break;
        below = batch.at(-1)!.key;
      }
      return found.slice(0, limit).map((m) => ({ message: toMessage(m), snippet: snippetIn(m.text, query) }));
    },

    async lastMessages(conversations) {
      // One index-ordered read per conversation (FerretDB 1.x has no `$max` or `$first` accumulator).
      const found = await Promise.all(
        conversations.map((conversation) => c.messages.findOne({ conversation }, { sort: { key: -1 } })),
      );
      return new Map(found.filter((d) => d !== null).map((d) => [d.conversation, toMessage(d)]));
    },

    async addReadMark(mark) {
      if (await conversationGone(mark.conversation)) return false;
      const _id = `${mark.conversation}:${mark.reader}:${mark.key}`;
      try {
        await c.readMarks.insertOne({
          _id,
          conversation: mark.conversation,
          reader: mark.reader,
          key: mark.key,
          upTo: mark.upTo,
          at: mark.at,
        });
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
      }
      if (await conversationGone(mark.conversation)) {
        await c.readMarks.deleteOne({ _id });
        return false;
      }
      // Only marks before this one go: the newest (this one, or a later one inserted meanwhile) always stays, and a
      // crash before this line leaves a few extra marks that the next mark prunes.
      await c.readMarks.deleteMany({
        conversation: mark.conversation,
        reader: mark.reader,
        key: { $lt: mark.key },
      });
      return true;
    },

    readMarks: (conversation) => marksOf(c.readMarks, conversation.id, conversation.participants),

    editMessage: (id, text, at) =>
      changeSettled(c.messages, id, { text, editedAt: at, words: indexedWordsOf(text) }),

    async deleteMessage(id, at) {
      // One write: the text and the deletion's time together, so no crash leaves an empty message standing. An
      // already deleted one is left as it is (the first deletion's time stays).
      if (await changeSettled(c.messages, id, { text: '', deletedAt: at, words: [] })) return true;
      return (await c.messages.countDocuments({ _id: id }, { limit: 1 })) === 1;
    },

    async unread(reader) {
      // All the reader's marks in one read (marks_reader; about one per conversation, as older ones are pruned).
      const marks = new Map<string, string>();
      for (const m of await c.readMarks
        .find({ reader }, { projection: { conversation: 1, key: 1 } })
        .toArray()) {
        const newest = marks.get(m.conversation);
        if (newest === undefined || m.key > newest) marks.set(m.conversation, m.key);
      }
      const groups = await c.messages
        .aggregate<{ _id: string; n: number }>([
          {
            $match: {
              recipient: reader,
              deletedAt: { $exists: false },
              $or: [
                { conversation: { $nin: [...marks.keys()] } },
                ...[...marks].map(([conversation, key]) => ({ conversation, key: { $gt: key } })),
              ],
            },
          },
          { $group: { _id: '$conversation', n: { $sum: 1 } } },
        ])
        .toArray();
      return new Map(groups.map((g) => [g._id, g.n]));
    },

    async vellum(id) {
      const found = await c.vellums.findOne({ _id: id });
      // An orphan of a lost race to start the conversation names no conversation that exists.
      if (
        !found ||
        !(await c.conversations.findOne({ _id: found.conversation }, { projection: { _id: 1 } }))
      ) {
        return null;
      }
      return {
        id: found._id,
        conversation: found.conversation,
        owner: found.owner,
        title: found.title,
        text: found.text,
        lastEdited: found.lastEdited,
      };
    },

    async saveVellum(v) {
      await c.vellums.replaceOne(
        { _id: v.id },
        {
          conversation: v.conversation,
          owner: v.owner,
          title: v.title,
          text: v.text,
          lastEdited: v.lastEdited,
        },
      );
    },
  };
  return { repository, writes };
}

/** The messaging store on MongoDB: the repository, and units of work of one document each. */
export function mongoMessagingStore(c: MessagingCollections, wakeOutbox: () => void): MessagingStore {
  const { repository, writes } = mongoMessagingParts(c);
  return {
    store: repository,
    unitOfWork: singleWriteUnitOfWork({ stores: (pending) => ({ store: writes(pending) }), wakeOutbox }),
  };
}
