import { z } from 'zod';
import { answerSchema, textField } from './fields';
import { pageCursorField, pageLimitField } from './paging';

// Query schemas and answers of the social calls: follow and unfollow, the followers and following lists, the
// people search. The spec gives none of these texts; they are ours, in the spec's voice.

/** Longest search text; longer input is refused rather than cut, so a result never matches half a query. */
export const SEARCH_QUERY_MAX = 64;
/** How many people one search answers with (the typeahead shows them all). */
export const SEARCH_LIMIT_DEFAULT = 10;
export const SEARCH_LIMIT_MAX = 25;
/** One page of a followers or following list. */
export const PEOPLE_PAGE_DEFAULT = 100;
export const PEOPLE_PAGE_MAX = 500;

export const socialMessages = {
  cirrusNotFound: 'This Cirrus does not exist.',
  followYourself: 'You cannot follow yourself.',
  unfollowYourself: 'You cannot unfollow yourself.',
  signInToFollow: 'Sign in to follow a Cirrus.',
  signInToSearch: 'Sign in to search for Cirri.',
  searchTooLong: `Search for at most ${SEARCH_QUERY_MAX} characters.`,
} as const;

/**
 * GET /api/search?query=text[&limit=n]: the text is trimmed; an empty one finds nobody; a control character is
 * refused (services refuse it in any query string first; this says it in the field's words elsewhere).
 */
export const searchQuerySchema = z.object({
  query: textField('The search', 'Type something to search for.', { trim: true })
    .max(SEARCH_QUERY_MAX, socialMessages.searchTooLong)
    .optional()
    .transform((value) => value ?? ''),
  limit: pageLimitField(SEARCH_LIMIT_DEFAULT, SEARCH_LIMIT_MAX),
});
export type SearchQuery = z.output<typeof searchQuerySchema>;

/** GET /api/cirrus/{username}/followers|following[?limit=n&cursor=c]: newest first, `cursor` from the last page. */
export const peoplePageQuerySchema = z.object({
  limit: pageLimitField(PEOPLE_PAGE_DEFAULT, PEOPLE_PAGE_MAX),
  cursor: pageCursorField,
});
export type PeoplePageQuery = z.output<typeof peoplePageQuerySchema>;

/** A follower (spec section 3: `_doc` with `i` and `username`, then `image` and `display_name`). */
export interface FollowerEntry {
  _doc: { i: string; username: string };
  image: string;
  display_name: string;
}

/** A cirrus being followed (spec section 3). */
export interface FollowingEntry {
  i: string;
  username: string;
  image: string;
  display_name: string;
}

/** Search result (spec section 3). */
export interface SearchResult {
  username: string;
  display_name: string;
}

/**
 * GET, POST and DELETE /api/cirrus/{username}/follow: whether the caller follows the cirrus (false for a visitor),
 * and the cirrus's two counts.
 */
export interface FollowStatus {
  following: boolean;
  followers: number;
  followingCount: number;
}

// The answers' schemas (the OpenAPI document, the API suites' checks), each checked against its type above.

export const followerEntrySchema = answerSchema<FollowerEntry>()(
  z.object({
    _doc: z.object({ i: z.string(), username: z.string() }),
    image: z.string(),
    display_name: z.string(),
  }),
);
export const followingEntrySchema = answerSchema<FollowingEntry>()(
  z.object({ i: z.string(), username: z.string(), image: z.string(), display_name: z.string() }),
);
export const searchResultSchema = answerSchema<SearchResult>()(
  z.object({ username: z.string(), display_name: z.string() }),
);
export const followStatusSchema = answerSchema<FollowStatus>()(
  z.object({ following: z.boolean(), followers: z.number().int(), followingCount: z.number().int() }),
);
/** GET /api/cirrus/{username}/followers. */
export const followersPageSchema = z.object({
  followers: z.array(followerEntrySchema),
  nextCursor: z.string().nullable(),
});
/** GET /api/cirrus/{username}/following (the list is `followings`). */
export const followingPageSchema = z.object({
  followings: z.array(followingEntrySchema),
  nextCursor: z.string().nullable(),
});
/** GET /api/search. */
export const searchAnswerSchema = z.object({ results: z.array(searchResultSchema) });
