import { ACTORS, type Actor, type Variant, type World } from '../world';

/** The expected status of one operation for each actor. */
export type Grid = Readonly<Record<Actor, number>>;

/**
 * A grid written short: `anonymous` is the visitor, the unverified account and the deleted account's old session
 * (none of them has a live session); `others` is every signed-in person who is not the owner (stranger, follower,
 * participant, admin); `all` is everyone. A named actor wins over a group, a group over `all`.
 */
export type GridSpec = Partial<Record<Actor | 'anonymous' | 'others' | 'all', number>>;

const ANONYMOUS: readonly Actor[] = ['visitor', 'unverified', 'deleted'];
const OTHERS: readonly Actor[] = ['stranger', 'follower', 'participant', 'admin'];

export function grid(spec: GridSpec): Grid {
  const out = {} as Record<Actor, number>;
  for (const actor of ACTORS) {
    const status =
      spec[actor] ??
      (ANONYMOUS.includes(actor) ? spec.anonymous : undefined) ??
      (OTHERS.includes(actor) ? spec.others : undefined) ??
      spec.all;
    if (status === undefined) throw new Error(`no expected status for ${actor} in ${JSON.stringify(spec)}`);
    out[actor] = status;
  }
  return out;
}

/** One operation's row: the rule in words, and the expected status for every id variant × actor. */
export interface Row {
  /** The access rule, as the spec and the product's decisions say it: what a reviewer checks the grid against. */
  rule: string;
  /** Expected status per id variant (`none` for an operation that takes no id) and actor. */
  expect: Partial<Record<Variant, GridSpec>>;
  /** The path's parameters for a variant; by default the operation's only parameter takes the variant's value. */
  path?: (w: World, v: Variant) => Record<string, string>;
  /** A query string (without `?`). */
  query?: string;
  /** The request's body: valid, so that a refusal is about who asks, never about the shape. */
  body?: (w: World, actor: Actor, v: Variant) => unknown;
  headers?: Record<string, string>;
  /** Changes something (default: every method but GET). */
  writes?: boolean;
  /**
   * Why a signed-in person who is not the owner may succeed and change what the owner sees (a rating, a follow, a
   * message): their own act. Without it, a non-owner's write must leave the owner's world as it was.
   */
  callersOwn?: string;
  /**
   * A successful call ends what later cells use (a follow, a vellum, an account, the caller's session): it runs
   * after the others, `1` before `2` before `3`.
   */
  late?: 1 | 2 | 3;
  /** Puts back what a successful call changed (a visibility), so the next cells find the world as built. */
  restore?: (w: World, v: Variant) => Promise<unknown>;
}

/** Every row of a service, by the operation's `operationId`. */
export type Table = Readonly<Record<string, Row>>;
