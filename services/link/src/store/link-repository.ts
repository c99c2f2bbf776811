import type { CirrusWord, PendingEvents, UnitOfWork } from '@vellum/platform';
import type { LinkColors } from '@vellum/proto';

/** A link as the page stores it. */
export interface StoredLink {
  id: string;
  label: string;
  url: string;
  /** 0, 1, 2, ... without gaps, unique on the page. */
  position: number;
}

/** One cirrus's vielink page: who it is (from identity's events), its colours and links, and its version. */
export interface StoredPage {
  ownerId: string;
  username: string;
  displayName: string;
  image: string;
  colors: LinkColors;
  /** By position. */
  links: StoredLink[];
  /** Grows by one per change of links or colours: the optimistic check of `replace`. */
  version: number;
  /**
   * Whether identity said the cirrus's email is verified (`CirrusVerified`, or the owner's own signed-in call: only
   * verified cirri sign in); null for a page stored before this service learnt verification (`visiblePage`).
   */
  verified: boolean | null;
}

/** Clicks on one link on one UTC day (`YYYY-MM-DD`). */
export interface ClickCount {
  linkId: string;
  day: string;
  count: number;
}

/**
 * The link service's store: one page per owner, changed only as a whole, each change one atomic write with its
 * events (`LinkWrites`, in a unit of work), and click counts per link and day. On Postgres a page is one row, changed in a transaction. On MongoDB
 * (FerretDB applies an update as a read and a write, and has no multi-document transactions) a change INSERTS the
 * page's next version as a document of its own, with its events; the cirrus (`cirri`), the newest version's number
 * (`page_heads`) and each link's owner (`link_owners`) are documents beside it (`mongoLinkRepository` says why).
 * Two adapters keep this contract (`test/support/repository.contract.ts`): MongoDB (distributed) and Postgres
 * through the platform's Db port (embedded on PGlite).
 */
export interface LinkRepository {
  /** The page of the cirrus with this username, in any case. */
  byUsername(username: string): Promise<StoredPage | null>;
  byOwner(ownerId: string): Promise<StoredPage | null>;
  /** The page that holds the link. */
  byLink(linkId: string): Promise<StoredPage | null>;
  /**
   * The owner's page; when no event told of them yet, an empty one with the default colours is created from what the
   * caller's assertion says (identity's events fill in the names when they arrive), verified (they signed in). Null,
   * creating nothing, when the owner was deleted (its tombstone; its assertion may still be valid) or its page was
   * removed meanwhile.
   */
  ensure(owner: { id: string; username: string }): Promise<StoredPage | null>;
  /**
   * Applies identity's word on a cirrus once per event id (the inbox); true when applied now. False, writing nothing,
   * for a deleted cirrus (its tombstone): a late or replayed event brings no page back.
   */
  applyCirrus(eventId: string, cirrus: CirrusWord): Promise<boolean>;
  /**
   * Forgets which of identity's events were applied, so that a replay applies each again, in order (the cirri's
   * names live on the pages, which are the owners' own data: nothing is emptied, the last event wins again).
   */
  forgetAppliedCirri(): Promise<void>;
  /**
   * A deleted cirrus (`CirrusDeleted`): its tombstone is recorded first (kept for good, a replay included: a later
   * event or write about it changes nothing), then its page, every version of it and its clicks are removed, the page
   * first so nothing of it is served from that moment. Removing what is already gone changes nothing: a redelivered
   * event is harmless (Postgres also records `eventId` in its inbox, as `applyCirrus` does).
   */
  removeCirrus(eventId: string, cirrusId: string): Promise<void>;
  /** The owner's click counts from `sinceDay` on. */
  clicks(ownerId: string, sinceDay: string): Promise<ClickCount[]>;
}

/**
 * The writes of the link service's use cases, made inside a unit of work (`LinkUnit`): each takes the events the
 * unit published and stores them with its change in ONE atomic write, or, writing nothing, drops them.
 */
export interface LinkWrites {
  /**
   * Stores `next` (its links, colours and version) when the page is still at `expectedVersion`. False, writing
   * nothing, when someone changed the page first or its owner was deleted (a write under way when the deletion came
   * is removed: `ensure` then answers null).
   */
  replace(next: StoredPage, expectedVersion: number, at: Date): Promise<boolean>;
  /** Counts one click on the link on `day`. False, counting nothing, when the owner was deleted. */
  countClick(click: { ownerId: string; linkId: string; day: string }, at: Date): Promise<boolean>;
}

/** What a use case's unit of work holds: the page writes. */
export interface LinkUnit {
  pages: LinkWrites;
}

/** One adapter of the store: its reads and projection writes, and the writes a unit of work binds. */
export interface LinkStore {
  pages: LinkRepository;
  unitOfWork: UnitOfWork<LinkUnit>;
}

/** An adapter's writes over the events a unit published (`PendingEvents`). */
export type LinkWritesOf = (pending: PendingEvents) => LinkWrites;
