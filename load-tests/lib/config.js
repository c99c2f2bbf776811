// What every scenario reads: the product's address, the run's profile and the seed written by seed/seed.mjs.
import { SharedArray } from 'k6/data';
import exec from 'k6/execution';

export { BASE_URL } from './base-url.js';

/** `smoke`: a few VUs for a few seconds, every request must succeed; `load`: the journeys' VUs and p99 targets. */
export const PROFILE = __ENV.PROFILE === 'smoke' ? 'smoke' : 'load';

const SEED_FILE = __ENV.SEED_FILE;
if (!SEED_FILE)
  throw new Error('SEED_FILE is not set: run node load-tests/seed/seed.mjs first (or npm run load)');

// One copy of the seed for all VUs (SharedArray); each element is parsed when read, so they stay small.
const seedOf = (name, pick) => new SharedArray(name, () => pick(JSON.parse(open(SEED_FILE))));

/** The seeded people: { id, username, email, password }. */
export const users = seedOf('users', (seed) => seed.users);
/** The seeded public vellums: { id, owner (username), word (in its title) }. */
export const vellums = seedOf('vellums', (seed) => seed.vellums);
/** The seeded links: { id, owner (username), url (stored; the redirect's only answer) }. */
export const links = seedOf('links', (seed) => seed.links);

/** This VU's person: a different one for every VU while there are as many people as VUs (the runner seeds so). */
export const myIndex = () => (exec.vu.idInTest - 1) % users.length;
export const me = () => users[myIndex()];

export const pick = (list) => list[Math.floor(Math.random() * list.length)];
