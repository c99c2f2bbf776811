import { messengerPaths } from '@vellum/proto';
import { newAccount, TestClient } from '@vellum/platform/test-support';
import { differences, ownersWorld, settledWorld } from './owners-world';
import type { World } from './world';

/**
 * Field-level rows: a body that names an owner, a visibility, a score, a position, a sender or an admin flag it may
 * not set. Each is sent with a valid body otherwise; the check is the effect: what is stored kept its own values, and
 * nothing of the owner's changed. A row answers what it found: `[]` when the field had no effect.
 */
export interface FieldRow {
  name: string;
  check: (w: World) => Promise<string[]>;
}

type Body = Record<string, unknown>;
const secretValue = (w: World, what: string) => w.secrets.find((s) => s.what === what)!.value;

/** The call's status must be one of `ok`; `[]` or what it answered instead. */
function statusIs(res: { status: number; body: unknown }, ...ok: number[]): string[] {
  return ok.includes(res.status) ? [] : [`answered ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`];
}

/** Runs `act` and adds any change of the owner's world it made. */
async function ownerUntouched(w: World, act: () => Promise<string[]>): Promise<string[]> {
  const before = await settledWorld(w);
  const found = await act();
  const changed = differences(before, await settledWorld(w, 1000));
  return changed.length ? [...found, `changed the owner's ${changed.join(', ')}`] : found;
}

export const fieldRows: FieldRow[] = [
  {
    name: "POST /api/vellum-new naming the owner as author, public, with the owner's private vellum's id",
    check: (w) =>
      ownerUntouched(w, async () => {
        const res = await w.clients.stranger.post<{ savedVellum: Body }>('/api/vellum-new', {
          title: `Forged ${w.tag}`,
          text: w.document('Forged'),
          cirrus_i: w.people.owner.id,
          owned_by_cirrus: { username: w.people.owner.username, display_name: 'Owen' },
          is_public: true,
          i: w.values.privateVellum,
          isOwner: true,
        });
        const saved = res.body.savedVellum;
        return [
          ...statusIs(res, 201),
          ...(saved?.cirrus_i !== w.people.stranger.id ? ['the vellum is not the caller’s'] : []),
          ...(saved?.is_public !== false ? ['a new vellum was made public by its body'] : []),
          ...(saved?.i === w.values.privateVellum ? ["it took the owner's vellum's id"] : []),
        ];
      }),
  },
  {
    name: 'POST /api/vellum/{id} by its owner with is_public, another author and another id: stays private and theirs',
    check: async (w) => {
      const owner = w.clients.owner;
      const res = await owner.post(`/api/vellum/${w.values.privateVellum}`, {
        title: secretValue(w, 'a private vellum title'),
        text: w.document(secretValue(w, 'a private vellum text')),
        is_public: true,
        cirrus_i: w.people.stranger.id,
        owned_by_cirrus: { username: w.people.stranger.username },
        i: w.values.publicVellum,
      });
      const after = await owner.get<{ vellum: Body }>(`/api/vellum/${w.values.privateVellum}`);
      const seen = await w.clients.stranger.get<{ viewAuthorized: boolean }>(
        `/api/vellum/${w.values.privateVellum}`,
      );
      return [
        ...statusIs(res, 200),
        ...(after.body.vellum?.is_public !== false ? ['the body made it public'] : []),
        ...(after.body.vellum?.cirrus_i !== w.people.owner.id ? ['the body changed its author'] : []),
        ...(seen.body.viewAuthorized ? ['the stranger may view it now'] : []),
      ];
    },
  },
  {
    name: 'PUT /api/cirrus/{username}/profile with isAdmin, a username, an email and an id: none of them set',
    check: (w) =>
      ownerUntouched(w, async () => {
        const me = w.people.stranger;
        const res = await me.client.put(`/api/cirrus/${me.username}/profile`, {
          displayName: 'Stan',
          firstName: 'Stan',
          lastName: "O'Neil-Lovelace",
          location: '',
          summary: '',
          image: '',
          imageBackground: '',
          isAdmin: true,
          username: w.people.owner.username,
          email: w.people.owner.account.email,
          i: w.people.owner.id,
        });
        const sc = await me.client.get<{ signedCirrus: Body }>('/api/sc');
        return [
          ...statusIs(res, 200),
          ...(sc.body.signedCirrus?.isAdmin !== false ? ['the caller became an admin'] : []),
          ...(sc.body.signedCirrus?.username !== me.username ? ['the caller took another username'] : []),
          ...(sc.body.signedCirrus?.i !== me.id ? ['the caller took another id'] : []),
        ];
      }),
  },
  {
    name: 'POST /api/cirrus/create with isAdmin, verified and an id: an unverified, non-admin account',
    check: async (w) => {
      const account = newAccount({ first_name: 'Eve' });
      const client = new TestClient(w.url);
      const res = await client.post('/api/cirrus/create', {
        ...account,
        isAdmin: true,
        verified: true,
        i: w.people.owner.id,
      });
      const signIn = await client.post('/api/signin', { email: account.email, password: account.password });
      return [
        ...statusIs(res, 201),
        ...(signIn.status !== 403 ? [`its sign-in answered ${signIn.status}`] : []),
      ];
    },
  },
  {
    name: "POST /api/link/{username} on one's own page with a position, the owner's link id and owner",
    check: (w) =>
      ownerUntouched(w, async () => {
        const me = w.people.stranger;
        const res = await me.client.post<{ link: Body }>(`/api/link/${me.username}`, {
          linkLabel: `Mine${w.tag}`,
          linkURL: 'https://example.com/mine',
          position: -5,
          _id: w.values.link,
          owner: w.people.owner.id,
          username: w.people.owner.username,
        });
        const link = res.body.link;
        return [
          ...statusIs(res, 201),
          ...(link?._id === w.values.link ? ["it took the owner's link's id"] : []),
          ...(link?.position === -5 ? ['the body set its position'] : []),
        ];
      }),
  },
  {
    name: 'PUT /api/link/{id} by the owner with a position and another id: the position stays',
    check: async (w) => {
      const owner = w.clients.owner;
      const page = async () =>
        (await owner.get<{ links: Body[] }>(`/api/link/${w.values.ownerName}`)).body.links.find(
          (l) => l._id === w.values.link,
        );
      const before = await page();
      const res = await owner.put(`/api/link/${w.values.link}`, {
        linkLabel: before?.link_label,
        linkURL: before?.link_url,
        position: 42,
        _id: w.values.deletedPersonsLink,
      });
      const after = await page();
      return [
        ...statusIs(res, 200),
        ...(after?.position !== before?.position ? ['the body moved the link'] : []),
      ];
    },
  },
  {
    name: 'POST /api/link/set-background-color naming the owner: only the caller’s own page changes',
    check: (w) =>
      ownerUntouched(w, async () => {
        const res = await w.clients.stranger.post('/api/link/set-background-color', {
          backgroundColor: '#654321',
          username: w.people.owner.username,
          cirrusId: w.people.owner.id,
        });
        return statusIs(res, 200);
      }),
  },
  {
    name: 'PUT /api/vellum/{id}/score/{level} with a score, a count of ratings and a rater in the body',
    check: (w) => {
      const path = `/api/vellum/${w.values.publicVellum}/score`;
      return (async () => {
        const before = await w.clients.owner.get<Body>(path);
        const res = await w.clients.participant.put<Body>(`${path}/excellent`, {
          score: 'bad',
          ratings: 1000,
          ratingsRequired: 0,
          cirrusId: w.people.owner.id,
        });
        const after = await w.clients.owner.get<Body>(path);
        const added = (after.body.ratings as number) - (before.body.ratings as number);
        return [
          ...statusIs(res, 200),
          ...(added > 1 ? [`one rating counted as ${added}`] : []),
          ...(res.body.myRating !== 'excellent' ? ['the body chose the rating'] : []),
          ...(after.body.myRating !== null ? ["the owner's own rating was set"] : []),
        ];
      })();
    },
  },
  {
    name: 'POST …/messages with a sender, a username and another conversation in the body: sent as the caller',
    check: async (w) => {
      const res = await w.clients.participant.post<{ message: Body }>(
        messengerPaths.messages(w.values.conversation),
        {
          text: `Honest ${w.tag}`,
          sender: w.people.owner.id,
          senderUsername: w.people.owner.username,
          conversation: w.values.deletedPersonsConversation,
          read: true,
        },
      );
      const message = res.body.message;
      return [
        ...statusIs(res, 201),
        ...(message?.sender !== w.people.participant.id ? ['sent as someone else'] : []),
        ...(message?.conversation !== w.values.conversation ? ['sent into another conversation'] : []),
      ];
    },
  },
  {
    name: "POST /api/action naming the owner's list and a state: on the caller's own list, open",
    check: (w) =>
      ownerUntouched(w, async () => {
        const me = w.people.stranger;
        const res = await me.client.post<{ action: Body }>('/api/action', {
          text: `Forged ${w.tag}`,
          priority: 'High',
          cirrus_id: w.people.owner.id,
          forCirrusI: w.people.owner.id,
          state: 'completed',
        });
        const mine = await me.client.get(`/api/cirrus/${me.username}/actions`);
        return [
          ...statusIs(res, 201),
          ...(!JSON.stringify(mine.body).includes(`Forged ${w.tag}`) ? ["not on the caller's own list"] : []),
        ];
      }),
  },
  {
    name: "POST /api/messenger/conversations naming participants: the caller's own conversation only",
    check: (w) =>
      ownerUntouched(w, async () => {
        const res = await w.clients.stranger.post<{ conversation: { otherParticipant: Body } }>(
          messengerPaths.conversations,
          {
            username: w.people.participant.username,
            participants: [w.people.owner.username, w.people.participant.username],
            sender: w.people.owner.id,
          },
        );
        return [
          ...statusIs(res, 200, 201),
          ...(res.body.conversation?.otherParticipant?.username !== w.people.participant.username
            ? ['a conversation with someone else']
            : []),
        ];
      }),
  },
  {
    name: 'POST /messenger/vellum/{id} by its owner with another owner and a conversation: stays theirs',
    check: async (w) => {
      const res = await w.clients.owner.post(
        messengerPaths.saveConversationVellum(w.values.conversationVellum),
        {
          title: 'Ours',
          text: w.document(secretValue(w, "the owner's conversation vellum")),
          owner: w.people.participant.id,
          cirrus_i: w.people.participant.id,
          conversation: w.values.deletedPersonsConversation,
        },
      );
      const theirs = await w.clients.participant.get<{ authorizedToEdit: boolean }>(
        messengerPaths.conversationVellum(w.values.conversation, w.values.ownerName),
        { accept: 'application/json' },
      );
      return [
        ...statusIs(res, 200),
        ...(theirs.body.authorizedToEdit !== false ? ['the participant may edit it now'] : []),
      ];
    },
  },
];

/** The checks' own controls: an owner's change is seen by the world's reads, a secret is where it belongs. */
export async function controls(w: World): Promise<string[]> {
  const problems: string[] = [];
  const before = await ownersWorld(w);
  await w.clients.owner.post('/api/action', { text: `Control ${w.tag}`, priority: 'Low' });
  if (differences(before, await settledWorld(w)).length === 0)
    problems.push("the owner's world missed a change");
  const mine = await w.clients.owner.get(`/api/vellum/${w.values.privateVellum}`);
  if (!JSON.stringify(mine.body).includes(secretValue(w, 'a private vellum title'))) {
    problems.push('the private title is not where the owner reads it');
  }
  return problems;
}
