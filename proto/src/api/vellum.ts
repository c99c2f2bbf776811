import { z } from 'zod';
import { answerSchema, requestBody, textField } from './fields';
import { pageCursorField, pageLimitField } from './paging';
import {
  TEXT_SEARCH_MAX,
  searchMessages,
  snippetMarksSchema,
  textSnippetSchema,
  type TextSnippet,
} from './search';
import { documentHasContent } from '../editor/plain-text';
import { validateVellumDocument, type VellumDocument } from '../editor/validate';
import { VELLUM_TITLE_MAX } from '../editor/limits';

/** Text search in a vellum list runs from this many characters (spec sections 5 and 9). */
export const VELLUM_SEARCH_MIN = 2;
/**
 * A text search ranks at most this many of its matches, the most recently edited (ours): ranking reads every
 * match's words, so a word found in a large share of 200,000 vellums would cost more than a page's budget.
 */
export const VELLUM_SEARCH_RANKED = 1_000;
/** Longest text search (ours): every text search's. */
export const VELLUM_SEARCH_MAX = TEXT_SEARCH_MAX;
/** Discovery pages (GET /api/vellums?cursor=&limit=): rows per page by default and at most. */
export const DISCOVERY_PAGE_DEFAULT = 50;
export const DISCOVERY_PAGE_MAX = 100;
/** GET /api/vellums/following?limit=: the newest public vellums of the cirri I follow, by default and at most. */
export const FOLLOWED_VELLUMS_DEFAULT = 20;
export const FOLLOWED_VELLUMS_MAX = 50;
/** A vellum's history (GET /api/vellum/{id}/versions?cursor=&limit=): versions per page by default and at most. */
export const VERSIONS_PAGE_DEFAULT = 20;
export const VERSIONS_PAGE_MAX = 100;
/**
 * Saves by the owner less than this many minutes after the previous one coalesce: the text they replace was an
 * intermediate state of a burst of saves and is not kept (the burst's newest text is).
 */
export const VERSION_COALESCE_MINUTES = 5;
/** Every version of this many days is kept; older ones are thinned to one a day (the day's newest). */
export const VERSION_KEEP_ALL_DAYS = 30;

/** The spec's texts about vellums (section 8), word for word, and ours in the same voice. */
export const vellumMessages = {
  createFailed: 'Give your new Vellum a title and some content.',
  saveFailed: 'Error updating the Vellum.',
  titleRequired: 'Vellum should have at least a title',
  deleteFailed: 'Error deleting the Vellum.',
  unsavedChanges: 'You have unsaved changes? Do you want to discard your edits?',
  deleteConfirm: 'Delete this Vellum?',
  makePublicConfirm: 'If you make this Vellum public, everyone will be able to view it. Make it public?',
  makePrivateConfirm:
    'If you make this Vellum private, no one will be able to view it but you. Make it private?',
  scoreQuestion: 'How do you rate this Vellum?',
  noVellums: 'No Vellums yet.',
  noVellumsFound: 'No Vellums found.',
  noPublicVellums: 'No public Vellums in the entire world.',

  titleTooLong: `The title can have at most ${VELLUM_TITLE_MAX} characters.`,
  needsTitleAndContent: 'A new Vellum needs a title and some content, or neither.',
  notFound: 'This Vellum does not exist.',
  signInToWrite: 'Sign in to write Vellums.',
  signInToRate: 'Sign in to rate this Vellum.',
  ownerOnly: 'Only the owner of this Vellum can do that.',
  signInToExport: 'Sign in to export your Vellums.',
  exportOwnerOnly: 'Only the owner can export all of these Vellums.',
  exportMarkdown: 'Export Markdown',
  exportAll: 'Export all (zip)',
  importMarkdown: 'Import Markdown',
  exportFailed: 'The Vellums could not be exported.',
  importFailed: 'The Markdown file could not be imported.',
  cannotRateOwn: 'You cannot rate your own Vellum.',
  ratePublicOnly: 'Only public Vellums can be rated.',
  searchTooShort: 'Search for at least 2 characters.',
  searchTooLong: searchMessages.tooLong,
  badScoreLevel: 'A Vellum is rated bad, good or excellent.',
  signInToFollowVellums: 'Sign in to see the Vellums of the Cirri you follow.',
  history: 'History',
  noVersions: 'No earlier versions yet.',
  versionNotFound: 'This version does not exist.',
  versionNotRestorable: 'This version no longer passes the document rules and cannot be restored',
  restoreConfirm: 'Restore this version? The current text is kept as a version too.',
  restoreFailed: 'The version could not be restored.',
  historyFailed: 'The history could not be loaded.',
  changedElsewhere: 'This Vellum was changed elsewhere since you opened it.',
  badRevision: 'The revision of a Vellum is a whole number from 1.',
} as const;

export const SCORE_LEVELS = ['bad', 'good', 'excellent'] as const;
export type ScoreLevel = (typeof SCORE_LEVELS)[number];

/**
 * A title: trimmed, single-line (no control characters), at most 92 characters; may be empty (the create-empty
 * variant).
 */
export const vellumTitleSchema = textField('Title', vellumMessages.titleRequired, { trim: true }).max(
  VELLUM_TITLE_MAX,
  vellumMessages.titleTooLong,
);

/**
 * The `text` field: the TipTap document as a JSON string (as the spec sends it) or as the object itself.
 * '' and null mean an empty vellum (null out). Everything else must pass `validateVellumDocument`.
 */
export const vellumTextSchema = z.unknown().transform((value, ctx): VellumDocument | null => {
  if (value === undefined || value === null || value === '') return null;
  const result = validateVellumDocument(value);
  if (result.ok) return result.doc;
  ctx.addIssue({ code: 'custom', message: result.message });
  return z.NEVER;
});

/** GET /api/vellums[?limit=n&cursor=c]: discovery, a page at a time; `cursor` is the previous page's `nextCursor`. */
export const discoveryQuerySchema = z.object({
  limit: pageLimitField(DISCOVERY_PAGE_DEFAULT, DISCOVERY_PAGE_MAX),
  cursor: pageCursorField,
});

/** GET /api/vellum/{id}/versions[?limit=n&cursor=c]: the owner's versions of a vellum, newest first. */
export const versionsQuerySchema = z.object({
  limit: pageLimitField(VERSIONS_PAGE_DEFAULT, VERSIONS_PAGE_MAX),
  cursor: pageCursorField,
});

/** GET /api/vellums/following[?limit=n]: the newest public vellums of the cirri I follow. */
export const followedVellumsQuerySchema = z.object({
  limit: pageLimitField(FOLLOWED_VELLUMS_DEFAULT, FOLLOWED_VELLUMS_MAX),
});

/**
 * POST /api/vellum-new: a title and some content, or neither (the side panel's New Vellum creates an empty one).
 */
export const newVellumSchema = requestBody({
  title: vellumTitleSchema.optional().default(''),
  text: vellumTextSchema,
}).refine((v) => (v.title === '') === (v.text === null || !documentHasContent(v.text)), {
  error: vellumMessages.needsTitleAndContent,
});

/** POST /api/vellum/{id}: a title is required; `text` left out keeps the stored body, '' or null empties it. */
export const saveVellumSchema = requestBody({
  title: vellumTitleSchema.min(1, vellumMessages.titleRequired),
  text: vellumTextSchema.optional(),
});

/**
 * POST /api/vellum/{id} as the vellum service reads it: a save, and optionally the `revision` of the vellum the
 * edits started from (the one its page loaded). When given, the save is refused (409 `changedElsewhere`) if the
 * vellum was saved since; left out, the save goes through as the spec's call does.
 */
export const saveVellumRequestSchema = requestBody({
  ...saveVellumSchema.shape,
  baseRevision: z
    .number({ error: vellumMessages.badRevision })
    .int(vellumMessages.badRevision)
    .min(1, vellumMessages.badRevision)
    .optional(),
});

export type NewVellumInput = z.infer<typeof newVellumSchema>;
export type SaveVellumInput = z.infer<typeof saveVellumSchema>;
export type SaveVellumRequest = z.infer<typeof saveVellumRequestSchema>;

// Responses (spec section 3). Dates are ISO 8601 strings.

export interface VellumAuthorView {
  i: string;
  username: string;
  display_name: string;
}

/** A row of a list: no body. */
export interface VellumListItem {
  i: string;
  title: string;
  last_edited: string;
  is_new: boolean;
  is_public: boolean;
  cirrus_i: string;
  owned_by_cirrus: VellumAuthorView;
}

/** A whole vellum: `text` is the document as a JSON string ('' for an empty vellum). */
export interface VellumView extends VellumListItem {
  text: string;
  created_at: string;
  /** 1 when created, one more with every save: what a save sends back as `baseRevision`. */
  revision: number;
}

/** GET /api/vellum/{id}; a missing vellum and someone else's private one answer alike. */
export interface VellumPageResponse {
  vellum: VellumView | null;
  viewAuthorized: boolean;
  isOwner: boolean;
}

/**
 * POST /api/vellum-new (201), POST /api/vellum/{id}, PUT /api/vellum/publish/{id} and /private/{id}: the vellum as
 * stored after the change.
 */
export interface SavedVellumResponse {
  savedVellum: VellumView;
}

/** DELETE /api/vellum/{id}. */
export interface DeletedVellumResponse {
  status: 'Success';
}

/** GET /api/get-creators. */
export interface CreatorsResponse {
  creators: CreatorView[];
}

export interface VellumListResponse {
  vellums: VellumListItem[];
}

/** GET /api/vellums: newest-edited first; pass `nextCursor` as `?cursor=` for the next page (null: no more). */
export interface DiscoverResponse extends VellumListResponse {
  nextCursor: string | null;
}

/** A row of a text search's results: a list row, its snippet and the found words of its title. */
export interface VellumSearchHit extends VellumListItem {
  /** A short passage of the vellum's text around the found words. */
  snippet: TextSnippet;
  /** The found words of `title`, as ranges of it (as a snippet's marks); empty when the words are in the text only. */
  titleMarks: TextSnippet['marks'];
}

/** A text search: best match first; pass `nextCursor` as `?cursor=` for the next page (null: no more). */
export interface VellumSearchResponse {
  vellums: VellumSearchHit[];
  nextCursor: string | null;
  /**
   * True when the search matched more vellums than are ranked (VELLUM_SEARCH_RANKED): the results are the best of
   * its most recently edited matches, and another word narrows it.
   */
  capped: boolean;
}

export interface ScoreResponse {
  /** The average mapped onto a level; null while ratings are still required. */
  score: ScoreLevel | null;
  /** Bootstrap variant for the badge: danger (bad), primary (good), success (excellent), secondary (none yet). */
  scoreStyle: 'danger' | 'primary' | 'success' | 'secondary';
  /** Votes still needed before a score shows (0 once it shows). */
  ratingsRequired: number;
  /** How many people rated it. */
  ratings: number;
  /** The caller's own rating, if any. */
  myRating: ScoreLevel | null;
}

/** A kept version of a vellum: the title and text it had, from when it was saved until it was replaced. */
export interface VersionListItem {
  i: string;
  title: string;
  /** When this text was saved (ISO 8601). */
  saved_at: string;
  /** The document's size in bytes (its JSON text, UTF-8). */
  size: number;
}

/** GET /api/vellum/{id}/versions: newest first; pass `nextCursor` as `?cursor=` for the next page (null: no more). */
export interface VersionsResponse {
  versions: VersionListItem[];
  nextCursor: string | null;
}

/**
 * GET /api/vellum/{id}/versions/{versionId}: the version with its text; `problem` says why a version kept before a
 * change of the document's rules can no longer be restored (null when it can).
 */
export interface VersionView extends VersionListItem {
  text: string;
  problem: string | null;
}

export interface VersionResponse {
  version: VersionView;
}

export interface CreatorView {
  i: string;
  username: string;
  display_name: string;
  publicVellums: number;
  lastEdited: string;
}

// The answers' schemas (the OpenAPI document, the API suites' checks), each checked against its type above.

export const vellumAuthorViewSchema = answerSchema<VellumAuthorView>()(
  z.object({ i: z.string(), username: z.string(), display_name: z.string() }),
);
export const vellumListItemSchema = answerSchema<VellumListItem>()(
  z.object({
    i: z.string(),
    title: z.string(),
    last_edited: z.string(),
    is_new: z.boolean(),
    is_public: z.boolean(),
    cirrus_i: z.string(),
    owned_by_cirrus: vellumAuthorViewSchema,
  }),
);
export const vellumViewSchema = answerSchema<VellumView>()(
  vellumListItemSchema.extend({
    text: z.string(),
    created_at: z.string(),
    revision: z.number().int().min(1),
  }),
);
export const vellumPageResponseSchema = answerSchema<VellumPageResponse>()(
  z.object({ vellum: vellumViewSchema.nullable(), viewAuthorized: z.boolean(), isOwner: z.boolean() }),
);
export const savedVellumResponseSchema = answerSchema<SavedVellumResponse>()(
  z.object({ savedVellum: vellumViewSchema }),
);
export const deletedVellumResponseSchema = answerSchema<DeletedVellumResponse>()(
  z.object({ status: z.literal('Success') }),
);
export const creatorViewSchema = answerSchema<CreatorView>()(
  z.object({
    i: z.string(),
    username: z.string(),
    display_name: z.string(),
    publicVellums: z.number().int(),
    lastEdited: z.string(),
  }),
);
export const creatorsResponseSchema = answerSchema<CreatorsResponse>()(
  z.object({ creators: z.array(creatorViewSchema) }),
);
export const vellumListResponseSchema = answerSchema<VellumListResponse>()(
  z.object({ vellums: z.array(vellumListItemSchema) }),
);
export const discoverResponseSchema = answerSchema<DiscoverResponse>()(
  z.object({ vellums: z.array(vellumListItemSchema), nextCursor: z.string().nullable() }),
);
export const vellumSearchResponseSchema = answerSchema<VellumSearchResponse>()(
  z.object({
    vellums: z.array(
      vellumListItemSchema.extend({ snippet: textSnippetSchema, titleMarks: snippetMarksSchema }),
    ),
    nextCursor: z.string().nullable(),
    capped: z.boolean(),
  }),
);
export const scoreResponseSchema = answerSchema<ScoreResponse>()(
  z.object({
    score: z.enum(SCORE_LEVELS).nullable(),
    scoreStyle: z.enum(['danger', 'primary', 'success', 'secondary']),
    ratingsRequired: z.number().int(),
    ratings: z.number().int(),
    myRating: z.enum(SCORE_LEVELS).nullable(),
  }),
);
export const versionListItemSchema = answerSchema<VersionListItem>()(
  z.object({ i: z.string(), title: z.string(), saved_at: z.string(), size: z.number().int() }),
);
export const versionsResponseSchema = answerSchema<VersionsResponse>()(
  z.object({ versions: z.array(versionListItemSchema), nextCursor: z.string().nullable() }),
);
export const versionViewSchema = answerSchema<VersionView>()(
  versionListItemSchema.extend({ text: z.string(), problem: z.string().nullable() }),
);
export const versionResponseSchema = answerSchema<VersionResponse>()(
  z.object({ version: versionViewSchema }),
);
