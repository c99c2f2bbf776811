import { randomUUID } from 'node:crypto';
import { parseSearch } from '@vellum/platform';
import type {
  FoundMessage,
  MessagingRepository,
  StoredConversation,
} from '../../src/store/messaging-repository';
import { newConversation, storedMessage, t0 } from './stored-messages';
import type { unitWrites } from './unit-writes';

interface SearchUnderTest {
  store: MessagingRepository;
  writes: ReturnType<typeof unitWrites>;
}

/**
 * What a conversation's search finds on every store: words by their stems, Russian in either alphabet, phrases,
 * the last word as a prefix, newest first a page at a time; never a deleted message, an edit's old words, or
 * another conversation's message.
 */
export function searchContract(get: () => SearchUnderTest): void {
  describe('searching a conversation', () => {
    const [a, b] = [randomUUID(), randomUUID()];
    let c: StoredConversation;
    let other: StoredConversation;
    let seconds = 0;

    beforeAll(async () => {
      const { writes } = get();
      c = (await writes.startConversation(newConversation(a, b), [], new Date(t0)))!.conversation;
      other = (await writes.startConversation(newConversation(a, randomUUID()), [], new Date(t0)))!
        .conversation;
    });

    /** Sends `text` in `to` (the conversation by default), a second after the last one; answers the message. */
    const send = async (text: string, to = () => c, sender = a) => {
      const m = storedMessage(to(), sender, ++seconds, text);
      expect(await get().writes.addMessage(m, [], m.sentAt)).toBe(true);
      return m;
    };
    const find = (q: string, page: { beforeKey?: string; limit?: number } = {}, where = () => c) =>
      get().store.searchMessages(where().id, parseSearch(q)!, { limit: 10, ...page });
    const texts = async (q: string, where = () => c) => (await find(q, {}, where)).map((f) => f.message.text);
    /** The words a result's snippet marks. */
    const marked = (f: FoundMessage) =>
      f.snippet.marks.map(({ start, end }) => f.snippet.text.slice(start, end));

    it('finds words by their stems, the last one as a prefix as one types', async () => {
      await send('The message arrived late');
      await send('Zebras were grazing');
      // "messages" closed by quotes is a whole word: found by its stem ("messag").
      expect(await texts('"messages"')).toEqual(['The message arrived late']);
      // The last word is a prefix of its stem, as Postgres reads `messages:*`.
      expect(await texts('messages')).toEqual(['The message arrived late']);
      expect(await texts('zebr')).toEqual(['Zebras were grazing']);
      expect(await texts('"zebr"')).toEqual([]);
      expect(await texts('graze zebra')).toEqual(['Zebras were grazing']);
      expect(await texts('zebra giraffe')).toEqual([]);
      const [hit] = await find('ARRIVING');
      expect(marked(hit!)).toEqual(['arrived']);
      expect(hit!.message.text).toContain(hit!.snippet.text);
    });

    it('finds Russian words by their stems, in either alphabet', async () => {
      await send('Кошки спят на диване');
      await send('Sobaka laet gromko');
      expect(await texts('"кошка"')).toEqual(['Кошки спят на диване']);
      // A Russian word typed in Latin letters finds it in Cyrillic, and the other way round.
      expect(await texts('"koshka" диван')).toEqual(['Кошки спят на диване']);
      expect(await texts('собака')).toEqual(['Sobaka laet gromko']);
      const [hit] = await find('"кошка"');
      expect(marked(hit!)).toEqual(['Кошки']);
    });

    it('finds a quoted phrase only as its words one after the other', async () => {
      await send('A quick brown fox jumps');
      await send('The fox is brown and quick');
      expect(await texts('"brown fox"')).toEqual(['A quick brown fox jumps']);
      expect(await texts('fox brown')).toEqual(['The fox is brown and quick', 'A quick brown fox jumps']);
      // A phrase still being typed: its last word a prefix.
      expect(await texts('"quick bro')).toEqual(['A quick brown fox jumps']);
      expect(await texts('"jumps fox"')).toEqual([]);
    });

    it('never finds a deleted message, and finds an edited one by its new words only', async () => {
      const deleted = await send('Platypus secrets');
      const edited = await send('Wombat burrows');
      expect(await texts('platypus')).toEqual(['Platypus secrets']);
      expect(await get().store.deleteMessage(deleted.id, new Date(t0 + 3600_000))).toBe(true);
      expect(await texts('platypus')).toEqual([]);
      expect(await get().store.editMessage(edited.id, 'Koala naps', new Date(t0 + 3600_000))).toBe(true);
      expect(await texts('wombat')).toEqual([]);
      expect(await texts('koala')).toEqual(['Koala naps']);
    });

    it("pages newest first by key, and never finds another conversation's messages", async () => {
      const sent = [];
      for (let i = 0; i < 5; i++) sent.push(await send(`Apple number ${i}`, () => c, i % 2 ? a : b));
      await send('Apple elsewhere', () => other);
      const first = await find('apple', { limit: 2 });
      expect(first.map((f) => f.message.text)).toEqual(['Apple number 4', 'Apple number 3']);
      const second = await find('apple', { limit: 2, beforeKey: first[1]!.message.key });
      expect(second.map((f) => f.message.text)).toEqual(['Apple number 2', 'Apple number 1']);
      const third = await find('apple', { limit: 2, beforeKey: second[1]!.message.key });
      expect(third.map((f) => f.message)).toEqual([sent[0]]);
      expect(await texts('apple', () => other)).toEqual(['Apple elsewhere']);
      expect(await texts('elsewhere')).toEqual([]);
    });
  });
}
