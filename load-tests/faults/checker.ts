import { Client } from 'pg';
import type { SignedInPerson } from '../harness/signed-in-person';

/** One line of writes.js's ledger: a write tried, or acknowledged (the same fields, plus the id it was given). */
export interface LedgerEntry {
  op: string;
  who: string;
  vu: number;
  seq: number;
  /** When it was logged (ms since the epoch). */
  at: number;
  id?: string;
  [field: string]: unknown;
}

/** An answer writes.js did not expect: neither an acceptance nor the documented 503 / 429. */
export interface UnexpectedAnswer {
  op: string;
  status: number;
  error: string;
  body: string;
  /** When k6 had the answer (ms since the epoch). */
  at: number;
  /** For an answer naming an `errorId`: the pods' log lines that name it (what failed, and where). */
  log?: string;
}

export interface Ledger {
  tried: LedgerEntry[];
  acknowledged: LedgerEntry[];
  unexpected: UnexpectedAnswer[];
}

export interface CheckResult {
  /** Acknowledged writes the stores do not have, each described. */
  lost: string[];
  /** Writes found more than once, or counts above what was even tried. */
  appliedTwice: string[];
  /** Read models that disagree with their source after the wait. */
  disagreements: string[];
  /** How long each read model took to agree with its source after the load stopped (ms). */
  recoveryMs: number[];
}

export function readLedger(text: string): Ledger {
  const ledger: Ledger = { tried: [], acknowledged: [], unexpected: [] };
  for (const line of text.split('\n')) {
    if (line.startsWith('TRY ')) ledger.tried.push(JSON.parse(line.slice(4)) as LedgerEntry);
    else if (line.startsWith('ACK ')) ledger.acknowledged.push(JSON.parse(line.slice(4)) as LedgerEntry);
    else if (line.startsWith('UNEXPECTED '))
      ledger.unexpected.push(JSON.parse(line.slice('UNEXPECTED '.length)) as UnexpectedAnswer);
  }
  return ledger;
}

type Person = SignedInPerson & { conversation: string; other: string };

interface CheckOptions {
  baseUrl: string;
  databaseUrl: string;
  people: Person[];
  ledger: Ledger;
  /** How long a read model may take to catch up after the load stopped (the issue's 60 s). */
  catchUpMs?: number;
  log?: (line: string) => void;
}

/**
 * What a thing should be after a sequence of writes of which some were acknowledged: the last acknowledged value,
 * or any value tried after it (a write may land and its answer be lost to a kill), or, with none acknowledged, the
 * initial value or any tried one.
 */
export function allowedFinal<T>(initial: T, attempts: Array<{ value: T; acknowledged: boolean }>): Set<T> {
  const lastAck = attempts.map((a) => a.acknowledged).lastIndexOf(true);
  const allowed = new Set<T>(lastAck < 0 ? [initial] : [attempts[lastAck]!.value]);
  for (const attempt of attempts.slice(lastAck + 1)) allowed.add(attempt.value);
  return allowed;
}

/** The acknowledged writes of a ledger, by `vu:seq`, computed once per ledger. */
const ackedKeys = new WeakMap<Ledger, Set<string>>();
function acknowledgedKeys(ledger: Ledger): Set<string> {
  let keys = ackedKeys.get(ledger);
  if (!keys) ackedKeys.set(ledger, (keys = new Set(ledger.acknowledged.map((e) => `${e.vu}:${e.seq}`))));
  return keys;
}

/** Attempts of one op on one thing, in the order the person made them, each marked acknowledged or not. */
function attemptsOf(ledger: Ledger, op: string, match: (e: LedgerEntry) => boolean) {
  const acked = acknowledgedKeys(ledger);
  return ledger.tried
    .filter((e) => e.op === op && match(e))
    .sort((a, b) => a.seq - b.seq)
    .map((e) => ({ entry: e, acknowledged: acked.has(`${e.vu}:${e.seq}`) }));
}

const occurrences = (haystack: string, needle: string) => haystack.split(needle).length - 1;

/**
 * Accounts for every acknowledged write through the product's API as its owner (the stores' own answer, once every
 * process is back), and recounts the read models other services keep from the events: identity's vielink colours
 * from link's, vellum's and action's follows from social's, and each person's unread total from their
 * conversations. A read model is given `catchUpMs` to agree (the backlogs draining); the time it took is kept.
 */
export async function checkWrites(options: CheckOptions): Promise<CheckResult> {
  const { baseUrl, people, ledger } = options;
  const log = options.log ?? (() => {});
  const result: CheckResult = { lost: [], appliedTwice: [], disagreements: [], recoveryMs: [] };
  const byId = new Map(people.map((p) => [p.id, p]));
  const get = async (who: Person, path: string) => {
    const res = await fetch(baseUrl + path, { headers: { cookie: who.cookie } });
    if (!res.ok) throw new Error(`GET ${path} as ${who.username}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<any>;
  };
  const acked = (op: string) => ledger.acknowledged.filter((e) => e.op === op);

  // Vellums: every acknowledged one is there, its title the last acknowledged save's or a later try's.
  for (const entry of acked('vellum')) {
    const owner = byId.get(entry.who)!;
    const res = await fetch(`${baseUrl}/api/vellum/${entry.id}`, { headers: { cookie: owner.cookie } });
    if (res.status !== 200) {
      result.lost.push(`vellum ${entry.id} of ${owner.username}: ${res.status}`);
      continue;
    }
    const { vellum } = (await res.json()) as { vellum: { title: string } | null };
    if (!vellum) {
      result.lost.push(`vellum ${entry.id} of ${owner.username}: not there for its owner`);
      continue;
    }
    const saves = attemptsOf(ledger, 'save', (e) => e.id === entry.id).map((a) => ({
      value: a.entry.title as string,
      acknowledged: a.acknowledged,
    }));
    const allowed = allowedFinal(entry.title as string, saves);
    if (!allowed.has(vellum.title))
      result.lost.push(
        `vellum ${entry.id}: title ${JSON.stringify(vellum.title)}, expected one of ${[...allowed]}`,
      );
  }
  const vellumsFound = acked('vellum').length;

  // Actions and links: each acknowledged one exactly once on its owner's list or page.
  for (const person of people) {
    const actions = JSON.stringify(await get(person, `/api/cirrus/${person.username}/actions`));
    for (const entry of acked('action').filter((e) => e.who === person.id)) {
      const n = occurrences(actions, JSON.stringify(entry.text));
      if (n === 0) result.lost.push(`action ${JSON.stringify(entry.text)} of ${person.username}`);
      if (n > 1)
        result.appliedTwice.push(`action ${JSON.stringify(entry.text)} of ${person.username}: ${n} times`);
    }
    const page = (await get(person, `/api/link/${person.username}`)) as {
      links: Array<{ _id: string; link_label: string }>;
      linkBackgroundColor: string;
    };
    for (const entry of acked('link').filter((e) => e.who === person.id)) {
      if (!page.links.some((l) => l._id === entry.id))
        result.lost.push(`link ${entry.label as string} of ${person.username}`);
    }
    const labels = page.links.map((l) => l.link_label);
    for (const label of new Set(labels)) {
      if (labels.filter((l) => l === label).length > 1)
        result.appliedTwice.push(`link ${label} of ${person.username} is on the page twice`);
    }
    // The page's colour: the last acknowledged or a later try.
    const colours = attemptsOf(ledger, 'colour', (e) => e.who === person.id).map((a) => ({
      value: a.entry.colour as string,
      acknowledged: a.acknowledged,
    }));
    if (colours.length) {
      const allowed = allowedFinal(page.linkBackgroundColor, colours);
      if (!allowed.has(page.linkBackgroundColor))
        result.lost.push(
          `colour of ${person.username}: ${page.linkBackgroundColor}, expected one of ${[...allowed]}`,
        );
    }
    // The display name: the last acknowledged or a later try.
    const names = attemptsOf(ledger, 'profile', (e) => e.who === person.id).map((a) => ({
      value: a.entry.displayName as string,
      acknowledged: a.acknowledged,
    }));
    if (names.length) {
      const { viewedCirrus } = (await get(person, `/api/cirrus/${person.username}`)) as {
        viewedCirrus: { displayName: string };
      };
      const allowed = allowedFinal(viewedCirrus.displayName, names);
      if (!allowed.has(viewedCirrus.displayName))
        result.lost.push(
          `display name of ${person.username}: ${viewedCirrus.displayName}, expected one of ${[...allowed]}`,
        );
    }
    // Clicks: at least every acknowledged one, at most every tried one.
    const clicks = (await get(person, `/api/link/${person.username}/clicks`)) as {
      links: Array<{ _id: string; total: number }>;
    };
    for (const link of clicks.links) {
      const ackedClicks = acked('click').filter((e) => e.link === link._id).length;
      const tried = ledger.tried.filter((e) => e.op === 'click' && e.link === link._id).length;
      if (link.total < ackedClicks)
        result.lost.push(`clicks of ${link._id}: ${link.total} < ${ackedClicks} acknowledged`);
      if (link.total > tried)
        result.appliedTwice.push(`clicks of ${link._id}: ${link.total} > ${tried} tried`);
    }
  }

  // Follows: each pair's final state the last acknowledged or a later try; each count equal to its list.
  for (const me of people) {
    for (const other of people) {
      if (other.id === me.id) continue;
      const attempts = ledger.tried
        .filter((e) => (e.op === 'follow' || e.op === 'unfollow') && e.who === me.id && e.other === other.id)
        .sort((a, b) => a.seq - b.seq);
      if (!attempts.length) continue;
      const ackedKeys = new Set(
        acked('follow')
          .concat(acked('unfollow'))
          .map((e) => `${e.vu}:${e.seq}`),
      );
      const allowed = allowedFinal(
        false,
        attempts.map((e) => ({ value: e.op === 'follow', acknowledged: ackedKeys.has(`${e.vu}:${e.seq}`) })),
      );
      const status = (await get(me, `/api/cirrus/${other.username}/follow`)) as { following: boolean };
      if (!allowed.has(status.following))
        result.lost.push(
          `${me.username} follows ${other.username}: ${status.following}, expected ${[...allowed]}`,
        );
    }
  }
  for (const person of people) {
    const status = (await get(person, `/api/cirrus/${person.username}/follow`)) as { followers: number };
    const list = (await get(person, `/api/cirrus/${person.username}/followers?limit=100`)) as {
      followers: unknown[];
    };
    if (status.followers !== list.followers.length)
      result.appliedTwice.push(
        `${person.username}'s follower count ${status.followers} but ${list.followers.length} followers`,
      );
  }

  // Messages: every acknowledged one in its conversation, exactly once.
  for (const person of people) {
    const texts: string[] = [];
    const ids = new Set<string>();
    let before: string | null = null;
    do {
      const query: string = `?limit=100${before ? `&before=${encodeURIComponent(before)}` : ''}`;
      const page = (await get(
        person,
        `/api/messenger/conversations/${person.conversation}/messages${query}`,
      )) as {
        messages: Array<{ id: string; text: string }>;
        nextCursor: string | null;
      };
      for (const m of page.messages) {
        ids.add(m.id);
        texts.push(m.text);
      }
      before = page.nextCursor;
    } while (before);
    for (const entry of acked('message').filter((e) => e.conversation === person.conversation)) {
      if (!ids.has(entry.id!)) result.lost.push(`message ${entry.id} in ${person.conversation}`);
      if (texts.filter((t) => t === entry.text).length > 1)
        result.appliedTwice.push(`message ${JSON.stringify(entry.text)} stored twice`);
    }
  }

  // The read models kept from events, given time to catch up.
  const catchUpMs = options.catchUpMs ?? 60_000;
  const recount = async (name: string, disagreements: () => Promise<string[]>) => {
    const started = Date.now();
    let found = await disagreements();
    while (found.length && Date.now() - started < catchUpMs) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      found = await disagreements();
    }
    const ms = Date.now() - started;
    result.recoveryMs.push(ms);
    log(
      `${name}: ${found.length ? `${found.length} disagreeing after ${ms} ms` : `agrees (after ${ms} ms)`}`,
    );
    result.disagreements.push(...found);
  };

  await recount('vielink colours in identity', async () => {
    const wrong: string[] = [];
    for (const person of people) {
      const page = (await get(person, `/api/link/${person.username}`)) as { linkBackgroundColor: string };
      const { viewedCirrus } = (await get(person, `/api/cirrus/${person.username}`)) as {
        viewedCirrus: { linkBackgroundColor: string };
      };
      if (viewedCirrus.linkBackgroundColor !== page.linkBackgroundColor)
        wrong.push(
          `${person.username}: identity ${viewedCirrus.linkBackgroundColor}, link ${page.linkBackgroundColor}`,
        );
    }
    return wrong;
  });

  const db = new Client({ connectionString: options.databaseUrl });
  await db.connect();
  try {
    const ids = people.map((p) => p.id);
    const pairs = async (sql: string) =>
      new Set((await db.query<{ pair: string }>(sql, [ids])).rows.map((r) => r.pair));
    await recount('follows in vellum and action (from social)', async () => {
      const social = await pairs(
        `SELECT follower_id || '>' || followee_id AS pair FROM social.follows WHERE follower_id = ANY($1)`,
      );
      const wrong: string[] = [];
      for (const [name, table] of [
        ['vellum', 'vellum.follows'],
        ['action', 'action.follows'],
      ] as const) {
        const copy = await pairs(
          `SELECT follower_id || '>' || followee_id AS pair FROM ${table} WHERE follower_id = ANY($1)`,
        );
        for (const pair of social) if (!copy.has(pair)) wrong.push(`${name} lacks follow ${pair}`);
        for (const pair of copy)
          if (!social.has(pair)) wrong.push(`${name} keeps a follow social has not: ${pair}`);
      }
      return wrong;
    });
    await recount('follower counts in social (from its follows)', async () => {
      const { rows } = await db.query<{
        username: string;
        followers: number;
        following: number;
        f: number;
        g: number;
      }>(
        `SELECT c.username, c.followers, c.following,
                (SELECT count(*)::int FROM social.follows WHERE followee_id = c.id) AS f,
                (SELECT count(*)::int FROM social.follows WHERE follower_id = c.id) AS g
           FROM social.cirri c WHERE c.id = ANY($1)`,
        [ids],
      );
      return rows
        .filter((r) => r.followers !== r.f || r.following !== r.g)
        .map(
          (r) =>
            `${r.username}: ${r.followers} followers, ${r.following} following; follows say ${r.f}, ${r.g}`,
        );
    });
    await recount('display names in social, vellum and action (from identity)', async () => {
      const names = async (table: string) =>
        new Map(
          (
            await db.query<{ id: string; display_name: string }>(
              `SELECT id, display_name FROM ${table} WHERE id = ANY($1)`,
              [ids],
            )
          ).rows.map((r) => [r.id, r.display_name]),
        );
      const source = await names('identity.cirri');
      const wrong: string[] = [];
      for (const table of ['social.cirri', 'vellum.authors', 'action.cirri']) {
        const copy = await names(table);
        for (const [id, name] of source)
          if (copy.get(id) !== name)
            wrong.push(
              `${table}: ${byId.get(id)?.username} is ${JSON.stringify(copy.get(id))}, identity says ${JSON.stringify(name)}`,
            );
      }
      return wrong;
    });
  } finally {
    await db.end();
  }

  await recount('unread counts', async () => {
    const wrong: string[] = [];
    for (const person of people) {
      const { unreadMessages } = (await get(person, '/api/unread-messages')) as { unreadMessages: number };
      const { conversations } = (await get(person, '/api/messenger/conversations?limit=100')) as {
        conversations: Array<{ unread: number }>;
      };
      const sum = conversations.reduce((total, c) => total + c.unread, 0);
      if (unreadMessages !== sum)
        wrong.push(`${person.username}: badge ${unreadMessages}, conversations ${sum}`);
    }
    return wrong;
  });

  log(
    `${vellumsFound} vellums, ${acked('save').length} saves, ${acked('action').length} actions, ` +
      `${acked('follow').length + acked('unfollow').length} follows, ${acked('link').length} links, ` +
      `${acked('colour').length} colours, ${acked('profile').length} renames, ${acked('click').length} clicks, ${acked('message').length} messages, ` +
      `${acked('read').length} read marks accounted for`,
  );
  return result;
}
