import { randomBytes } from 'node:crypto';
import {
  messengerPaths,
  notificationPaths,
  type ConversationAnswer,
  type NotificationsPage,
} from '@vellum/proto';
import { doc, p, text } from '@vellum/proto/test/fixtures/vellum-documents';
import {
  adminAccount,
  eventually,
  newAccount,
  signIn,
  signedIn,
  TestClient,
  type SignedIn,
} from '@vellum/platform/test-support';

const SLOW = 60_000;

/**
 * Who calls. `owner` owns every object the matrix aims at; the others try them. `deleted` is the session a deleted
 * account had before it was deleted (the cookie kept by its browser).
 */
export const ACTORS = [
  'visitor',
  'unverified',
  'deleted',
  'stranger',
  'follower',
  'participant',
  'admin',
  'owner',
] as const;
export type Actor = (typeof ACTORS)[number];

/**
 * The ids a path or a body is tried with: the owner's own objects (public and private), objects the owner removed,
 * and the ids of an account deleted after it made its own objects.
 */
export const VARIANTS = [
  // Operations that name nothing.
  'none',
  // People, by username (`world.cirrusIds` gives their cirrus ids).
  'ownerName',
  'followerName',
  'unverifiedName',
  'deletedName',
  // Vellums.
  'publicVellum',
  'privateVellum',
  'removedVellum',
  'deletedPersonsVellum',
  // Actions: the owner's own, one the owner asked of the follower, one of the deleted account's.
  'ownAction',
  'requestedAction',
  'deletedPersonsAction',
  // A second of each, for abandoning: completing the first already ends it.
  'ownActionToAbandon',
  'requestedActionToAbandon',
  // Links of the owner's page and of the deleted account's.
  'link',
  'deletedPersonsLink',
  // The owner's conversation with the participant, and the deleted account's with the participant.
  'conversation',
  'deletedPersonsConversation',
  // The owner's vellum of that conversation, and the deleted account's of theirs.
  'conversationVellum',
  'deletedPersonsConversationVellum',
  // Sessions, by the key GET /api/sessions lists: a second session of the owner's, and the deleted account's.
  'ownersOtherSession',
  'deletedPersonsSession',
  // The owner's notification that the follower followed them.
  'ownersNotification',
] as const;
export type Variant = (typeof VARIANTS)[number];

/** Text only its owner (and whoever the rule lets) may ever read: any answer to anyone else holding it is a finding. */
export interface Secret {
  what: string;
  value: string;
  /** Who may read it. */
  readers: readonly Actor[];
}

export interface World {
  url: string;
  tag: string;
  clients: Record<Actor, TestClient>;
  people: Record<'owner' | 'stranger' | 'follower' | 'participant' | 'admin', SignedIn>;
  /** The password each actor signs in with (the deleted account's too), for the rows that spend one. */
  passwords: Record<Actor, string>;
  values: Record<Variant, string>;
  /** The cirrus id of each person variant. */
  cirrusIds: Partial<Record<Variant, string>>;
  secrets: Secret[];
  /** A message of the conversation (for read marks). */
  messageId: string;
  deletedPersonsMessageId: string;
  /** A valid vellum document. */
  document: (words: string) => string;
}

export const ADMIN_EMAIL = 'matrix.admin@example.com';

const documentOf = (words: string) => JSON.stringify(doc(p(text(words))));

async function expectStatus<T>(
  what: string,
  call: Promise<{ status: number; body: T }>,
  ...statuses: number[]
): Promise<T> {
  const res = await call;
  if (!statuses.includes(res.status)) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** The key of the session a client signed in with, as GET /api/sessions names it. */
async function currentSessionKey(client: TestClient): Promise<string> {
  const body = await expectStatus(
    'list sessions',
    client.get<{ sessions: Array<{ key: string; current: boolean }> }>('/api/sessions'),
    200,
  );
  const current = body.sessions.find((session) => session.current);
  if (!current) throw new Error('no current session listed');
  return current.key;
}

/** A vellum of `who`'s, public or not; its id. */
async function vellumOf(who: SignedIn, title: string, words: string, isPublic: boolean) {
  const saved = await expectStatus(
    `${who.username} creates ${title}`,
    who.client.post<{ savedVellum: { i: string } }>('/api/vellum-new', { title, text: documentOf(words) }),
    201,
  );
  if (isPublic) {
    await expectStatus('publish', who.client.put(`/api/vellum/publish/${saved.savedVellum.i}`), 200);
  }
  return saved.savedVellum.i;
}

async function actionOf(who: SignedIn, words: string) {
  const body = await expectStatus(
    'create action',
    who.client.post<{ action: { i: string } }>('/api/action', { text: words, priority: 'High' }),
    201,
  );
  return body.action.i;
}

async function linkOf(who: SignedIn, label: string) {
  const body = await eventually(async () => {
    const res = await who.client.post<{ link: { _id: string } }>(`/api/link/${who.username}`, {
      linkLabel: label,
      linkURL: `https://example.com/${label}`,
    });
    return res.status === 201 ? res.body : undefined;
  }, SLOW);
  return body.link._id;
}

const follows = (from: SignedIn, to: SignedIn) =>
  eventually(
    async () => (await from.client.post(`/api/cirrus/${to.username}/follow`)).status === 200 || undefined,
    SLOW,
  );

/** The conversation of `from` with `to`, a message of `from`'s in it, and `from`'s conversation vellum (saved with `words`). */
async function conversationOf(from: SignedIn, to: SignedIn, message: string, words: string) {
  const conversation = await eventually(async () => {
    const res = await from.client.post<ConversationAnswer>(messengerPaths.conversations, {
      username: to.username,
    });
    return res.status === 201 || res.status === 200 ? res.body.conversation.conversation : undefined;
  }, SLOW);
  const sent = await expectStatus(
    'send',
    from.client.post<{ message: { id: string } }>(messengerPaths.messages(conversation), { text: message }),
    201,
  );
  const mine = await expectStatus(
    'conversation vellum',
    from.client.get<{ vellum: { i: string } }>(
      messengerPaths.conversationVellum(conversation, from.username),
      {
        accept: 'application/json',
      },
    ),
    200,
  );
  await expectStatus(
    'save conversation vellum',
    from.client.post(messengerPaths.saveConversationVellum(mine.vellum.i), {
      title: 'Ours',
      text: documentOf(words),
    }),
    200,
  );
  return { conversation, messageId: sent.message.id, conversationVellum: mine.vellum.i };
}

/**
 * Builds the world once: the owner with a public, a private and a removed vellum, an action of their own and one
 * asked of their follower, a link, a conversation with the participant (a message, each one's conversation
 * vellum); a follower, an unverified account, another verified person, an admin; and an account with the same
 * objects, deleted after its ids were taken.
 */
export async function buildWorld(url: string): Promise<World> {
  const tag = randomBytes(4).toString('hex');
  const secret = (what: string) => `${what}-${tag}-${randomBytes(3).toString('hex')}`;
  const theAdmin = await adminAccount(url, { email: ADMIN_EMAIL, username: `matrix.admin.${tag}` });
  const [owner, stranger, follower, participant, gone, admin] = await Promise.all([
    signedIn(url, 'Owen'),
    signedIn(url, 'Stan'),
    signedIn(url, 'Fern'),
    signedIn(url, 'Pat'),
    signedIn(url, 'Dora'),
    signIn(url, theAdmin),
  ]);
  const adminSc = await admin.get<{ signedCirrus: { i: string; isAdmin: boolean } }>('/api/sc');
  if (!adminSc.body.signedCirrus.isAdmin) throw new Error('the admin is no admin');
  const adminPerson: SignedIn = {
    client: admin,
    account: theAdmin,
    id: adminSc.body.signedCirrus.i,
    username: theAdmin.username,
    displayName: 'Admin',
  };

  // An account that signs up and never verifies: its sign-in is refused, so its browser has no session.
  const unverifiedAccount = newAccount({ first_name: 'Una' });
  const unverified = new TestClient(url);
  await expectStatus('unverified sign-up', unverified.post('/api/cirrus/create', unverifiedAccount), 201);
  await expectStatus(
    'unverified sign-in',
    unverified.post('/api/signin', { email: unverifiedAccount.email, password: unverifiedAccount.password }),
    403,
  );

  const privateTitle = secret('PrivateTitle');
  const privateWords = secret('PrivateWords');
  const actionWords = secret('OwnAction');
  const requestWords = secret('Requested');
  const messageWords = secret('Message');
  const conversationWords = secret('ConversationVellum');
  const gonePublicTitle = secret('GonePublic');
  const goneWords = secret('GoneMessage');
  const goneAction = secret('GoneAction');
  const goneLabel = `gone${tag}`;
  const goneConversationWords = secret('GoneConversationVellum');

  await Promise.all([follows(follower, owner), follows(gone, owner), follows(owner, gone)]);
  const [publicVellum, privateVellum, removedVellum, ownAction, link, talk] = await Promise.all([
    vellumOf(owner, `Public ${tag}`, 'Open to all', true),
    vellumOf(owner, privateTitle, privateWords, false),
    vellumOf(owner, secret('RemovedTitle'), 'Soon gone', false),
    actionOf(owner, actionWords),
    linkOf(owner, `home${tag}`),
    conversationOf(owner, participant, messageWords, conversationWords),
  ]);
  await expectStatus('remove a vellum', owner.client.request('DELETE', `/api/vellum/${removedVellum}`), 200);
  const ownActionToAbandon = await actionOf(owner, actionWords);
  const request = () =>
    eventually(async () => {
      const res = await owner.client.post<{ action: { i: string } }>('/api/action/request', {
        forCirrusI: follower.id,
        text: requestWords,
        priority: 'Low',
      });
      return res.status === 201 ? res.body.action.i : undefined;
    }, SLOW);
  const requested = await request();
  const requestedActionToAbandon = await request();

  // The deleted account: its own objects, then gone.
  const [deletedPersonsVellum, deletedPersonsAction, deletedPersonsLink, goneTalk] = await Promise.all([
    vellumOf(gone, gonePublicTitle, 'Public once', true),
    actionOf(gone, goneAction),
    linkOf(gone, goneLabel),
    conversationOf(gone, participant, goneWords, goneConversationWords),
  ]);
  const deletedSession = new TestClient(url);
  deletedSession.setCookieHeader(gone.client.cookieHeader);
  const [ownersOtherSession, deletedPersonsSession] = await Promise.all([
    signIn(url, owner.account).then(currentSessionKey),
    currentSessionKey(gone.client),
  ]);
  await expectStatus(
    'delete the account',
    gone.client.post(`/api/cirrus/${gone.username}/delete`, { password: gone.account.password }),
    200,
  );
  // Every service has heard of the deletion.
  await eventually(async () => {
    const page = await stranger.client.get(`/api/link/${gone.username}`);
    const list = await participant.client.get(messengerPaths.conversations);
    const followers = await owner.client.get(`/api/cirrus/${owner.username}/followers`);
    const admins = await admin.get(`/api/admin?filter=${encodeURIComponent(gone.username)}`);
    return (
      (page.status === 404 &&
        !JSON.stringify(list.body).includes(gone.id) &&
        !JSON.stringify(followers.body).includes(gone.id) &&
        !JSON.stringify(admins.body).includes(gone.account.email)) ||
      undefined
    );
  }, SLOW);
  // The follower's follow, told to the owner as a notification (messaging learns it from social's event).
  const ownersNotification = await eventually(async () => {
    const res = await owner.client.get<NotificationsPage>(notificationPaths.list);
    return res.body.notifications?.find((n) => n.actor.username === follower.username)?.id;
  }, SLOW);

  const everyoneBut = (...but: Actor[]) => ACTORS.filter((a) => !but.includes(a));
  const secrets: Secret[] = [
    { what: "the owner's email", value: owner.account.email, readers: ['owner', 'admin'] },
    { what: "the stranger's email", value: stranger.account.email, readers: ['stranger', 'admin'] },
    { what: "the follower's email", value: follower.account.email, readers: ['follower', 'admin'] },
    { what: "the participant's email", value: participant.account.email, readers: ['participant', 'admin'] },
    { what: "the unverified account's email", value: unverifiedAccount.email, readers: ['admin'] },
    { what: "the admin's email", value: theAdmin.email, readers: ['admin'] },
    { what: 'a private vellum title', value: privateTitle, readers: ['owner'] },
    { what: 'a private vellum text', value: privateWords, readers: ['owner'] },
    { what: "the owner's own action", value: actionWords, readers: ['owner'] },
    {
      what: 'an action the owner asked of the follower',
      value: requestWords,
      readers: ['owner', 'follower'],
    },
    { what: 'a message', value: messageWords, readers: ['owner', 'participant'] },
    { what: "the owner's conversation vellum", value: conversationWords, readers: ['owner', 'participant'] },
    { what: "the deleted account's email", value: gone.account.email, readers: [] },
    { what: "the deleted account's public vellum", value: gonePublicTitle, readers: [] },
    { what: "the deleted account's message", value: goneWords, readers: [] },
    { what: "the deleted account's action", value: goneAction, readers: [] },
    { what: "the deleted account's link", value: goneLabel, readers: [] },
    { what: "the deleted account's conversation vellum", value: goneConversationWords, readers: [] },
  ];
  void everyoneBut;

  return {
    url,
    tag,
    clients: {
      visitor: new TestClient(url),
      unverified,
      deleted: deletedSession,
      stranger: stranger.client,
      follower: follower.client,
      participant: participant.client,
      admin,
      owner: owner.client,
    },
    people: { owner, stranger, follower, participant, admin: adminPerson },
    passwords: {
      visitor: 'Not-A-Password-1',
      unverified: unverifiedAccount.password,
      deleted: gone.account.password,
      stranger: stranger.account.password,
      follower: follower.account.password,
      participant: participant.account.password,
      admin: theAdmin.password,
      owner: owner.account.password,
    },
    values: {
      none: '',
      ownerName: owner.username,
      followerName: follower.username,
      unverifiedName: unverifiedAccount.username,
      deletedName: gone.username,
      publicVellum,
      privateVellum,
      removedVellum,
      deletedPersonsVellum,
      ownAction,
      requestedAction: requested,
      ownActionToAbandon,
      requestedActionToAbandon,
      deletedPersonsAction,
      link,
      deletedPersonsLink,
      conversation: talk.conversation,
      deletedPersonsConversation: goneTalk.conversation,
      conversationVellum: talk.conversationVellum,
      deletedPersonsConversationVellum: goneTalk.conversationVellum,
      ownersOtherSession,
      deletedPersonsSession,
      ownersNotification,
    },
    cirrusIds: {
      ownerName: owner.id,
      followerName: follower.id,
      deletedName: gone.id,
    },
    secrets,
    messageId: talk.messageId,
    deletedPersonsMessageId: goneTalk.messageId,
    document: documentOf,
  };
}
