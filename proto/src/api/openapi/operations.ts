import { z } from 'zod';
import {
  actionChangeSchema,
  actionCreatedSchema,
  actionRequestSchema,
  actionRequestSentSchema,
  actionsResponseSchema,
  actionsSnippetSchema,
  actionViewSchema,
  requestedActionViewSchema,
  actionRequesterSchema,
  newActionSchema,
} from '../action';
import {
  adminAnswerSchema,
  adminCirrusSchema,
  adminListAnswerSchema,
  adminListQuerySchema,
  adminPageQuerySchema,
  adminSeriesAnswerSchema,
  adminSeriesQuerySchema,
  ADMIN_PAGE_DEFAULT,
  ADMIN_PAGE_MAX,
} from '../analytics';
import {
  changePasswordSchema,
  deleteAccountSchema,
  emailRequestSchema,
  passwordChangedSchema,
  profileSchema,
  resetPasswordSchema,
  resetTokenCheckSchema,
  signedCirrusSchema,
  signedUserSchema,
  signInSchema,
  sessionsAnswerSchema,
  sessionViewSchema,
  signUpSchema,
  statusSuccessSchema,
  verifyEmailSchema,
  viewedCirrusSchema,
} from '../identity';
import {
  backgroundColorSchema,
  colourAnswerSchemas,
  itemBackgroundColorSchema,
  itemFontColorSchema,
  linkChangedSchema,
  linkClicksViewSchema,
  linkPageViewSchema,
  linkSchema,
  linksAnswerSchema,
  linkViewSchema,
  reorderSchema,
} from '../link';
import {
  conversationAnswerSchema,
  conversationsPageSchema,
  conversationVellumResponseSchema,
  conversationViewSchema,
  markReadSchema,
  messagesPageSchema,
  messageSearchPageSchema,
  messageSearchQuerySchema,
  MESSAGE_SEARCH_PAGE_DEFAULT,
  messageViewSchema,
  MESSENGER_PAGE_DEFAULT,
  MESSENGER_PAGE_MAX,
  messengerPageQuerySchema,
  openConversationSchema,
  participantViewSchema,
  readAnswerSchema,
  savedConversationVellumSchema,
  sendMessageSchema,
  editMessageSchema,
  sentMessageSchema,
  unreadMessagesSchema,
} from '../messaging';
import {
  followersPageSchema,
  followingPageSchema,
  followStatusSchema,
  PEOPLE_PAGE_DEFAULT,
  PEOPLE_PAGE_MAX,
  peoplePageQuerySchema,
  SEARCH_LIMIT_DEFAULT,
  SEARCH_LIMIT_MAX,
  searchAnswerSchema,
  searchQuerySchema,
} from '../social';
import {
  creatorsResponseSchema,
  creatorViewSchema,
  deletedVellumResponseSchema,
  discoverResponseSchema,
  discoveryQuerySchema,
  FOLLOWED_VELLUMS_DEFAULT,
  FOLLOWED_VELLUMS_MAX,
  followedVellumsQuerySchema,
  newVellumSchema,
  saveVellumRequestSchema,
  saveVellumSchema,
  SCORE_LEVELS,
  savedVellumResponseSchema,
  scoreResponseSchema,
  vellumListItemSchema,
  vellumListResponseSchema,
  vellumSearchResponseSchema,
  vellumPageResponseSchema,
  vellumViewSchema,
  VELLUM_SEARCH_MAX,
  VELLUM_SEARCH_MIN,
  DISCOVERY_PAGE_DEFAULT,
  DISCOVERY_PAGE_MAX,
  versionListItemSchema,
  versionResponseSchema,
  versionsQuerySchema,
  versionsResponseSchema,
  versionViewSchema,
  VERSIONS_PAGE_DEFAULT,
  VERSIONS_PAGE_MAX,
} from '../vellum';
import {
  markNotificationsReadSchema,
  NOTIFICATION_KEEP_DAYS,
  notificationCountSchema,
  notificationPaths,
  notificationsPageSchema,
  notificationsQuerySchema,
  NOTIFICATIONS_PAGE_DEFAULT,
  NOTIFICATIONS_PAGE_MAX,
} from '../notifications';
import { pageCursorField } from '../paging';
import {
  PRESENCE_IDS_MAX,
  presenceAnswerSchema,
  presenceQuerySchema,
  presenceSettingsAnswerSchema,
  presenceSettingsSchema,
} from '../presence';
import { TEXT_SEARCH_MAX, textSnippetSchema } from '../search';
import type { ErrorShapeName } from './error-shapes';

// Every operation of the public API, one entry per method and path template: the source of the OpenAPI document
// (`buildOpenApiDocument`). Bodies and answers are the zod schemas the services and frontends use; nothing here
// restates them. The gateway's tests check this list against its route table both ways.

/** The service that answers a path (the gateway's route table), or the gateway itself. */
export type OperationOwner =
  'identity' | 'vellum' | 'action' | 'social' | 'link' | 'messaging' | 'analytics' | 'gateway';

/**
 * Who may call: `required` (signed in, or the route's 401), `optional` (a visitor too; the answer may depend on the
 * caller), `none` (the session is not looked at).
 */
export type OperationAuth = 'required' | 'optional' | 'none';

export interface PathParameter {
  description: string;
  /** A value the path takes, for the route table's check and the examples. */
  example: string;
  schema?: z.ZodType;
}

export type Answer =
  | { description: string; json: z.ZodType }
  | {
      description: string;
      contentType: 'text/markdown' | 'application/zip';
      headers?: Record<string, string>;
    }
  | { description: string; redirect: true };

/** An OpenAPI link from a creating call's answer to an operation that takes what it created. */
export interface OperationLink {
  operationId: string;
  /** The operation's path parameter, from the answer: a JSON pointer into the body (`/savedVellum/i`). */
  parameters: Record<string, string>;
  description: string;
}

export interface Operation {
  operationId: string;
  method: 'get' | 'post' | 'put' | 'delete';
  /** The path template, `{name}` for a path parameter (`/api/vellum/{id}`). */
  path: string;
  summary: string;
  description?: string;
  owner: OperationOwner;
  auth: OperationAuth;
  pathParameters?: Record<string, PathParameter>;
  /** Each query parameter's schema (an optional one accepts undefined) with its description. */
  query?: Record<string, { schema: z.ZodType; description: string }>;
  body?: z.ZodType;
  /** The answers by status: JSON with its schema, a file, or a redirect. */
  answers: Record<number, Answer>;
  /** The error shape the route declares (`errorShape(...)`), `error` when it declares none. */
  errorShape: ErrorShapeName;
  /** On a creating call: how to reach what its answer (`status`) created. */
  links?: { status: number; links: Record<string, OperationLink> };
}

/** The components the document names: every body and answer schema an operation uses, and the views inside them. */
export const namedSchemas: ReadonlyArray<readonly [string, z.ZodType]> = [
  ['SignInRequest', signInSchema],
  ['SignUpRequest', signUpSchema],
  ['EmailRequest', emailRequestSchema],
  ['VerifyEmailRequest', verifyEmailSchema],
  ['ResetTokenCheckRequest', resetTokenCheckSchema],
  ['ResetPasswordRequest', resetPasswordSchema],
  ['ProfileRequest', profileSchema],
  ['DeleteAccountRequest', deleteAccountSchema],
  ['ChangePasswordRequest', changePasswordSchema],
  ['PasswordChanged', passwordChangedSchema],
  ['Session', sessionViewSchema],
  ['Sessions', sessionsAnswerSchema],
  ['SignedCirrus', signedCirrusSchema],
  ['SignedUser', signedUserSchema],
  ['ViewedCirrus', viewedCirrusSchema],
  ['StatusSuccess', statusSuccessSchema],
  ['NewVellumRequest', newVellumSchema],
  ['SaveVellumRequest', saveVellumRequestSchema],
  ['SaveConversationVellumRequest', saveVellumSchema],
  ['VellumListItem', vellumListItemSchema],
  ['VellumView', vellumViewSchema],
  ['VellumPage', vellumPageResponseSchema],
  ['SavedVellum', savedVellumResponseSchema],
  ['DeletedVellum', deletedVellumResponseSchema],
  ['Creator', creatorViewSchema],
  ['Creators', creatorsResponseSchema],
  ['VellumList', vellumListResponseSchema],
  ['DiscoverPage', discoverResponseSchema],
  ['TextSnippet', textSnippetSchema],
  ['VellumSearchPage', vellumSearchResponseSchema],
  ['Score', scoreResponseSchema],
  ['VersionListItem', versionListItemSchema],
  ['Versions', versionsResponseSchema],
  ['VersionView', versionViewSchema],
  ['Version', versionResponseSchema],
  ['FollowStatus', followStatusSchema],
  ['FollowersPage', followersPageSchema],
  ['FollowingPage', followingPageSchema],
  ['SearchAnswer', searchAnswerSchema],
  ['NewActionRequest', newActionSchema],
  ['ActionRequestRequest', actionRequestSchema],
  ['Action', actionViewSchema],
  ['ActionRequester', actionRequesterSchema],
  ['RequestedAction', requestedActionViewSchema],
  ['ActionCreated', actionCreatedSchema],
  ['ActionChange', actionChangeSchema],
  ['Actions', actionsResponseSchema],
  ['ActionsSnippet', actionsSnippetSchema],
  ['ActionRequestSent', actionRequestSentSchema],
  ['LinkRequest', linkSchema],
  ['ReorderRequest', reorderSchema],
  ['BackgroundColorRequest', backgroundColorSchema],
  ['ItemFontColorRequest', itemFontColorSchema],
  ['ItemBackgroundColorRequest', itemBackgroundColorSchema],
  ['BackgroundColorAnswer', colourAnswerSchemas['set-background-color']],
  ['ItemFontColorAnswer', colourAnswerSchemas['set-item-font-color']],
  ['ItemBackgroundColorAnswer', colourAnswerSchemas['set-item-background-color']],
  ['Link', linkViewSchema],
  ['LinkPage', linkPageViewSchema],
  ['LinkChanged', linkChangedSchema],
  ['Links', linksAnswerSchema],
  ['LinkClicks', linkClicksViewSchema],
  ['OpenConversationRequest', openConversationSchema],
  ['SendMessageRequest', sendMessageSchema],
  ['EditMessageRequest', editMessageSchema],
  ['MarkReadRequest', markReadSchema],
  ['Participant', participantViewSchema],
  ['Message', messageViewSchema],
  ['Conversation', conversationViewSchema],
  ['ConversationsPage', conversationsPageSchema],
  ['ConversationAnswer', conversationAnswerSchema],
  ['MessagesPage', messagesPageSchema],
  ['MessageSearchPage', messageSearchPageSchema],
  ['SentMessage', sentMessageSchema],
  ['PresenceAnswer', presenceAnswerSchema],
  ['PresenceSettings', presenceSettingsAnswerSchema],
  ['PresenceSettingsRequest', presenceSettingsSchema],
  ['ReadAnswer', readAnswerSchema],
  ['UnreadMessages', unreadMessagesSchema],
  ['ConversationVellum', conversationVellumResponseSchema],
  ['SavedConversationVellum', savedConversationVellumSchema],
  ['AdminCirrus', adminCirrusSchema],
  ['AdminAnswer', adminAnswerSchema],
  ['AdminListAnswer', adminListAnswerSchema],
  ['AdminSeriesAnswer', adminSeriesAnswerSchema],
];

const json = (description: string, schema: z.ZodType): Answer => ({ description, json: schema });

/** ?search= of the vellum lists: full-text search in titles and text (services/vellum/README.md). */
const searchParameter = {
  schema: z.string().min(VELLUM_SEARCH_MIN).max(VELLUM_SEARCH_MAX).optional(),
  description:
    `Words to look for (${VELLUM_SEARCH_MIN} to ${VELLUM_SEARCH_MAX} characters after trimming): stems in ` +
    'English and Russian, either alphabet, "phrases" in quotes, the last word as a prefix.',
};
const username: PathParameter = { description: "The cirrus's username.", example: 'ann.lee' };
const uuid = (what: string): PathParameter => ({
  description: `The ${what}'s id (a uuid).`,
  example: '0be7e0c4-0000-4000-8000-000000000000',
});
const vellumId = { id: uuid('vellum') };
const conversationId = { id: uuid('conversation') };
const conversationMessageId = { ...conversationId, messageId: uuid('message') };
const emptyObject = z.object({}).strict();
const signedCirrusAnswer = z.object({ signedCirrus: signedCirrusSchema });
const viewedCirrusAnswer = z.object({ viewedCirrus: viewedCirrusSchema });

/** `?limit=` of a list (proto's `pageLimitField`): absent, or a whole number from 1 to the list's max. */
const limitParameter = (schema: z.ZodType, defaultValue: number, max: number) => ({
  schema,
  description: `How many rows: a whole number from 1 to ${max} (default ${defaultValue}).`,
});
/** `?cursor=` of a list (proto's `pageCursorField`): the opaque `nextCursor` of its previous page. */
const cursorParameter = {
  schema: pageCursorField,
  description: "The previous page's nextCursor, as it was (opaque).",
};

const adminPageQuery = {
  sort: { schema: adminPageQuerySchema.shape.sort, description: 'The column to sort by (default created).' },
  dir: { schema: adminPageQuerySchema.shape.dir, description: 'asc or desc (default desc).' },
  filter: {
    schema: adminPageQuerySchema.shape.filter,
    description: 'Text looked for in username, first and last name and email, in any case.',
  },
  limit: limitParameter(adminPageQuerySchema.shape.limit, ADMIN_PAGE_DEFAULT, ADMIN_PAGE_MAX),
};
const peopleQuery = {
  limit: limitParameter(peoplePageQuerySchema.shape.limit, PEOPLE_PAGE_DEFAULT, PEOPLE_PAGE_MAX),
  cursor: cursorParameter,
};
const messengerLimit = limitParameter(
  messengerPageQuerySchema.shape.limit,
  MESSENGER_PAGE_DEFAULT,
  MESSENGER_PAGE_MAX,
);

const vellumLinks = (pointer: string) => ({
  getVellum: { operationId: 'getVellum', parameters: { id: pointer }, description: 'Read the vellum.' },
  saveVellum: { operationId: 'saveVellum', parameters: { id: pointer }, description: 'Save the vellum.' },
  publishVellum: {
    operationId: 'publishVellum',
    parameters: { id: pointer },
    description: 'Make it public.',
  },
  deleteVellum: { operationId: 'deleteVellum', parameters: { id: pointer }, description: 'Delete it.' },
});
const actionLinks = (pointer: string) => ({
  completeAction: { operationId: 'completeAction', parameters: { id: pointer }, description: 'Complete it.' },
  abandonAction: { operationId: 'abandonAction', parameters: { id: pointer }, description: 'Abandon it.' },
});
const conversationLinks = {
  getConversation: {
    operationId: 'getConversation',
    parameters: { id: '/conversation/conversation' },
    description: 'Read the conversation.',
  },
  listMessages: {
    operationId: 'listMessages',
    parameters: { id: '/conversation/conversation' },
    description: 'Its messages.',
  },
  sendMessage: {
    operationId: 'sendMessage',
    parameters: { id: '/conversation/conversation' },
    description: 'Send a message in it.',
  },
};

export const operations: Operation[] = [
  // ---- gateway
  {
    operationId: 'getOpenApiDocument',
    method: 'get',
    path: '/api/openapi.json',
    summary: 'This document: the public API as OpenAPI 3.1.',
    owner: 'gateway',
    auth: 'none',
    answers: { 200: json('The OpenAPI document.', z.record(z.string(), z.unknown())) },
    errorShape: 'error',
  },

  // ---- identity: session
  {
    operationId: 'signIn',
    method: 'post',
    path: '/api/signin',
    summary: 'Sign in with email and password; the answer sets the session cookie.',
    owner: 'identity',
    auth: 'none',
    body: signInSchema,
    answers: { 200: json('Signed in: the session cookie is set.', signedCirrusAnswer) },
    errorShape: 'messages',
  },
  {
    operationId: 'signOutByNavigation',
    method: 'get',
    path: '/api/signout',
    summary:
      "Sign out (the spec's call): only as a page navigation of the app's own site; clears the cookie.",
    description:
      'A GET marked cross-site or same-site (Sec-Fetch-Site) or that is not a navigation (Sec-Fetch-Mode) is refused ' +
      'with 403, so an image or another site cannot sign anyone out. The app signs out with POST.',
    owner: 'identity',
    auth: 'optional',
    answers: { 200: json('Signed out (or was not signed in).', emptyObject) },
    errorShape: 'error',
  },
  {
    operationId: 'signOut',
    method: 'post',
    path: '/api/signout',
    summary: 'Sign out: ends the session and clears the cookie.',
    owner: 'identity',
    auth: 'optional',
    answers: { 200: json('Signed out (or was not signed in).', emptyObject) },
    errorShape: 'error',
  },
  {
    operationId: 'getSignedCirrus',
    method: 'get',
    path: '/api/sc',
    summary: 'The signed-in cirrus, or null.',
    owner: 'identity',
    auth: 'optional',
    answers: { 200: json('The signed cirrus.', z.object({ signedCirrus: signedCirrusSchema.nullable() })) },
    errorShape: 'error',
  },
  {
    operationId: 'getUser',
    method: 'get',
    path: '/api/user',
    summary: 'The signed-in user (the older call), or null.',
    owner: 'identity',
    auth: 'optional',
    answers: { 200: json('The signed user.', z.object({ signed_cirrus: signedUserSchema.nullable() })) },
    errorShape: 'error',
  },
  {
    operationId: 'checkSession',
    method: 'get',
    path: '/check_session',
    summary: 'Whether the caller is signed in.',
    owner: 'identity',
    auth: 'optional',
    answers: { 200: json('The session state.', z.object({ authenticated: z.boolean() })) },
    errorShape: 'error',
  },

  // ---- identity: sign-up, verification, reset
  {
    operationId: 'signUp',
    method: 'post',
    path: '/api/cirrus/create',
    summary: 'Sign up; a verification link is mailed.',
    owner: 'identity',
    auth: 'optional',
    body: signUpSchema,
    answers: { 201: json('Signed up: verify the email to sign in.', statusSuccessSchema) },
    errorShape: 'statusErrorMessage',
  },
  {
    operationId: 'checkUsername',
    method: 'get',
    path: '/api/username/{handle}',
    summary: 'Whether a username is free to sign up with.',
    owner: 'identity',
    auth: 'optional',
    pathParameters: { handle: { description: 'The username to check.', example: 'ann.lee' } },
    answers: { 200: json('Its availability.', z.object({ available: z.boolean() })) },
    errorShape: 'error',
  },
  {
    operationId: 'sendVerificationEmail',
    method: 'put',
    path: '/api/verification/email',
    summary: 'Mail a new verification link to an address not verified yet.',
    owner: 'identity',
    auth: 'optional',
    body: emailRequestSchema,
    answers: { 200: json('Accepted (the same answer whether a mail goes out or not).', statusSuccessSchema) },
    errorShape: 'statusErrorMessage',
  },
  {
    operationId: 'verifyEmail',
    method: 'post',
    path: '/api/verification/email',
    summary: "Verify an email with its link's token.",
    owner: 'identity',
    auth: 'optional',
    body: verifyEmailSchema,
    answers: {
      200: json('Verified.', z.object({ status: z.literal('Success'), email: z.string() })),
    },
    errorShape: 'statusErrorMessage',
  },
  {
    operationId: 'sendPasswordReset',
    method: 'post',
    path: '/api/password-reset/send',
    summary: 'Mail a password reset link.',
    owner: 'identity',
    auth: 'optional',
    body: emailRequestSchema,
    answers: { 200: json('Accepted (the same answer whether a mail goes out or not).', statusSuccessSchema) },
    errorShape: 'statusErrorMessage',
  },
  {
    operationId: 'checkPasswordResetToken',
    method: 'post',
    path: '/api/password-reset/token',
    summary: 'Whether a reset link is still good (a malformed body is just a link not allowed).',
    owner: 'identity',
    auth: 'optional',
    body: resetTokenCheckSchema,
    answers: { 200: json('Whether the link may reset the password.', z.object({ allowed: z.boolean() })) },
    errorShape: 'statusErrorMessage',
  },
  {
    operationId: 'resetPassword',
    method: 'post',
    path: '/api/password-reset',
    summary: "Set a new password with a reset link's token.",
    owner: 'identity',
    auth: 'optional',
    body: resetPasswordSchema,
    answers: { 200: json('The password is set.', statusSuccessSchema) },
    errorShape: 'statusErrorMessage',
  },

  // ---- identity: profiles and accounts
  {
    operationId: 'getCirrus',
    method: 'get',
    path: '/api/cirrus/{username}',
    summary: "A cirrus's profile (its email only to itself).",
    owner: 'identity',
    auth: 'optional',
    pathParameters: { username },
    answers: { 200: json('The viewed cirrus.', viewedCirrusAnswer) },
    errorShape: 'error',
  },
  {
    operationId: 'editProfile',
    method: 'put',
    path: '/api/cirrus/{username}/profile',
    summary: 'Edit my profile: the whole new profile, each refused field with its message.',
    owner: 'identity',
    auth: 'required',
    pathParameters: { username },
    body: profileSchema,
    answers: { 200: json('The profile as saved.', viewedCirrusAnswer) },
    errorShape: 'fieldErrors',
  },
  {
    operationId: 'deleteAccount',
    method: 'post',
    path: '/api/cirrus/{username}/delete',
    summary: 'Delete my account, confirmed with the password; clears the session cookie.',
    owner: 'identity',
    auth: 'required',
    pathParameters: { username },
    body: deleteAccountSchema,
    answers: { 200: json('Deleted.', emptyObject) },
    errorShape: 'error',
  },

  // ---- identity: one's own sessions and password
  {
    operationId: 'listSessions',
    method: 'get',
    path: '/api/sessions',
    summary: "The caller's live sessions: device, when started and last used, which one is this one.",
    description:
      'Each session is named by its key (an HMAC of its id), never by the id itself. Sessions past the idle or the ' +
      'absolute time-out are not listed (they are ended).',
    owner: 'identity',
    auth: 'required',
    answers: { 200: json('The sessions, the current one first.', sessionsAnswerSchema) },
    errorShape: 'error',
  },
  {
    operationId: 'endSession',
    method: 'delete',
    path: '/api/sessions/{key}',
    summary: "End one of the caller's own sessions (its sockets close with it).",
    description: "A key that names no session of the caller's (another person's, an ended one) is 404.",
    owner: 'identity',
    auth: 'required',
    pathParameters: {
      key: {
        description: "The session's key, as GET /api/sessions lists it.",
        example: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      },
    },
    answers: { 200: json('Ended.', emptyObject) },
    errorShape: 'error',
  },
  {
    operationId: 'changePassword',
    method: 'post',
    path: '/api/password',
    summary: 'Change my password, confirmed with the current one; every other session of the account ends.',
    description:
      'A wrong current password is 400 and changes nothing. The session of the call stays signed in; every other ' +
      'one ends, with its sockets. Limited per client address like sign-in.',
    owner: 'identity',
    auth: 'required',
    body: changePasswordSchema,
    answers: { 200: json('Changed: how many other sessions ended.', passwordChangedSchema) },
    errorShape: 'error',
  },

  // ---- vellum
  {
    operationId: 'listAuthorVellums',
    method: 'get',
    path: '/api/cirrus/{username}/vellums',
    summary: "An author's vellums as the caller may see them, newest edited first.",
    owner: 'vellum',
    auth: 'optional',
    pathParameters: { username },
    query: {
      public: {
        schema: z.string().optional(),
        description: "'true': only the public ones, as everybody sees them.",
      },
      search: searchParameter,
      cursor: cursorParameter,
      limit: limitParameter(discoveryQuerySchema.shape.limit, DISCOVERY_PAGE_DEFAULT, DISCOVERY_PAGE_MAX),
    },
    answers: {
      200: json(
        'The vellums (no bodies); with ?search=, a page of the ones found, best first, each with its snippet.',
        vellumListResponseSchema.or(vellumSearchResponseSchema),
      ),
    },
    errorShape: 'error',
  },
  {
    operationId: 'discoverVellums',
    method: 'get',
    path: '/api/vellums',
    summary: 'Every public vellum, a page at a time, newest edited first.',
    owner: 'vellum',
    auth: 'none',
    query: {
      search: searchParameter,
      cursor: cursorParameter,
      limit: limitParameter(discoveryQuerySchema.shape.limit, DISCOVERY_PAGE_DEFAULT, DISCOVERY_PAGE_MAX),
    },
    answers: {
      200: json(
        'One page; with ?search=, of the public vellums found, best first, each with its snippet.',
        discoverResponseSchema.or(vellumSearchResponseSchema),
      ),
    },
    errorShape: 'error',
  },
  {
    operationId: 'listFollowedVellums',
    method: 'get',
    path: '/api/vellums/following',
    summary: 'The newest public vellums of the cirri I follow.',
    owner: 'vellum',
    auth: 'required',
    query: {
      limit: limitParameter(
        followedVellumsQuerySchema.shape.limit,
        FOLLOWED_VELLUMS_DEFAULT,
        FOLLOWED_VELLUMS_MAX,
      ),
    },
    answers: { 200: json('The vellums.', vellumListResponseSchema) },
    errorShape: 'error',
  },
  {
    operationId: 'listShowcaseVellums',
    method: 'get',
    path: '/api/get-showcase-vellums',
    summary: 'The showcase of public vellums.',
    owner: 'vellum',
    auth: 'none',
    answers: { 200: json('The vellums.', vellumListResponseSchema) },
    errorShape: 'error',
  },
  {
    operationId: 'listCreators',
    method: 'get',
    path: '/api/get-creators',
    summary: 'The cirri who publish vellums.',
    owner: 'vellum',
    auth: 'none',
    answers: { 200: json('The creators.', creatorsResponseSchema) },
    errorShape: 'error',
  },
  {
    operationId: 'getVellum',
    method: 'get',
    path: '/api/vellum/{id}',
    summary: "A vellum as its page shows it; a missing one and someone else's private one answer alike.",
    owner: 'vellum',
    auth: 'optional',
    pathParameters: vellumId,
    answers: { 200: json('The vellum, or null when the caller may not read it.', vellumPageResponseSchema) },
    errorShape: 'error',
  },
  {
    operationId: 'createVellum',
    method: 'post',
    path: '/api/vellum-new',
    summary: 'Create a vellum: a title and some content, or neither.',
    owner: 'vellum',
    auth: 'required',
    body: newVellumSchema,
    answers: { 201: json('Created.', savedVellumResponseSchema) },
    errorShape: 'error',
    links: { status: 201, links: vellumLinks('/savedVellum/i') },
  },
  {
    operationId: 'saveVellum',
    method: 'post',
    path: '/api/vellum/{id}',
    summary: 'Save my vellum.',
    description:
      'With `baseRevision` (the `revision` the edits started from), a vellum saved since is refused with 409 and ' +
      'left as it is, unless it already holds exactly this title and text (a repeated save). Without it, saved.',
    owner: 'vellum',
    auth: 'required',
    pathParameters: vellumId,
    body: saveVellumRequestSchema,
    answers: { 200: json('Saved.', savedVellumResponseSchema) },
    errorShape: 'error',
  },
  {
    operationId: 'publishVellum',
    method: 'put',
    path: '/api/vellum/publish/{id}',
    summary: 'Make my vellum public.',
    owner: 'vellum',
    auth: 'required',
    pathParameters: vellumId,
    answers: { 200: json('The vellum after the change.', savedVellumResponseSchema) },
    errorShape: 'error',
  },
  {
    operationId: 'makeVellumPrivate',
    method: 'put',
    path: '/api/vellum/private/{id}',
    summary: 'Make my vellum private.',
    owner: 'vellum',
    auth: 'required',
    pathParameters: vellumId,
    answers: { 200: json('The vellum after the change.', savedVellumResponseSchema) },
    errorShape: 'error',
  },
  {
    operationId: 'deleteVellum',
    method: 'delete',
    path: '/api/vellum/{id}',
    summary: 'Delete my vellum.',
    owner: 'vellum',
    auth: 'required',
    pathParameters: vellumId,
    answers: { 200: json('Deleted.', deletedVellumResponseSchema) },
    errorShape: 'error',
  },
  {
    operationId: 'getVellumScore',
    method: 'get',
    path: '/api/vellum/{id}/score',
    summary: "A vellum's score, for whoever may read it.",
    owner: 'vellum',
    auth: 'optional',
    pathParameters: vellumId,
    answers: { 200: json('The score.', scoreResponseSchema) },
    errorShape: 'error',
  },
  {
    operationId: 'rateVellum',
    method: 'put',
    path: '/api/vellum/{id}/score/{level}',
    summary: "Rate someone else's public vellum.",
    owner: 'vellum',
    auth: 'required',
    pathParameters: {
      ...vellumId,
      level: { description: 'bad, good or excellent.', example: 'good', schema: z.enum(SCORE_LEVELS) },
    },
    answers: { 200: json('The score after the rating.', scoreResponseSchema) },
    errorShape: 'error',
  },
  {
    operationId: 'exportVellumMarkdown',
    method: 'get',
    path: '/api/vellum/{id}/markdown',
    summary: 'One vellum as a Markdown file, for whoever may read it.',
    owner: 'vellum',
    auth: 'optional',
    pathParameters: vellumId,
    answers: {
      200: {
        description: 'The Markdown file (Content-Disposition: attachment).',
        contentType: 'text/markdown',
      },
    },
    errorShape: 'error',
  },
  {
    operationId: 'listVellumVersions',
    method: 'get',
    path: '/api/vellum/{id}/versions',
    summary: "My vellum's earlier versions, newest first, a page at a time.",
    description: 'The owner only: anyone else (a visitor too) gets 404, as for a vellum they cannot see.',
    owner: 'vellum',
    auth: 'optional',
    pathParameters: vellumId,
    query: {
      cursor: cursorParameter,
      limit: limitParameter(versionsQuerySchema.shape.limit, VERSIONS_PAGE_DEFAULT, VERSIONS_PAGE_MAX),
    },
    answers: { 200: json('One page of versions (no texts).', versionsResponseSchema) },
    errorShape: 'error',
  },
  {
    operationId: 'getVellumVersion',
    method: 'get',
    path: '/api/vellum/{id}/versions/{versionId}',
    summary: 'One earlier version of my vellum, with its text.',
    description: 'The owner only: anyone else (a visitor too) gets 404, as for a vellum they cannot see.',
    owner: 'vellum',
    auth: 'optional',
    pathParameters: { ...vellumId, versionId: uuid('version') },
    answers: { 200: json('The version.', versionResponseSchema) },
    errorShape: 'error',
  },
  {
    operationId: 'restoreVellumVersion',
    method: 'post',
    path: '/api/vellum/{id}/versions/{versionId}/restore',
    summary: 'Make an earlier version the current text of my vellum, through the save.',
    description:
      'The save checks it as any save; the text it replaces is kept as a version. A visitor 401, anyone else 404.',
    owner: 'vellum',
    auth: 'required',
    pathParameters: { ...vellumId, versionId: uuid('version') },
    answers: { 200: json('The vellum after the restore.', savedVellumResponseSchema) },
    errorShape: 'error',
  },
  {
    operationId: 'exportAllVellums',
    method: 'get',
    path: '/api/cirrus/{username}/vellums.zip',
    summary: 'All of my vellums as a zip of Markdown files, streamed; a failure cuts the download short.',
    owner: 'vellum',
    auth: 'required',
    pathParameters: { username },
    answers: {
      200: {
        description: 'The zip (Content-Disposition: attachment).',
        contentType: 'application/zip',
        headers: { 'X-Vellum-Count': 'How many files the zip holds.' },
      },
    },
    errorShape: 'error',
  },

  // ---- social
  {
    operationId: 'getFollowStatus',
    method: 'get',
    path: '/api/cirrus/{username}/follow',
    summary: 'Whether I follow a cirrus (false for a visitor), and its counts.',
    owner: 'social',
    auth: 'optional',
    pathParameters: { username },
    answers: { 200: json('The follow status.', followStatusSchema) },
    errorShape: 'error',
  },
  {
    operationId: 'follow',
    method: 'post',
    path: '/api/cirrus/{username}/follow',
    summary: 'Follow a cirrus (twice is harmless).',
    owner: 'social',
    auth: 'required',
    pathParameters: { username },
    answers: { 200: json('The follow status after.', followStatusSchema) },
    errorShape: 'error',
  },
  {
    operationId: 'unfollow',
    method: 'delete',
    path: '/api/cirrus/{username}/follow',
    summary: 'Unfollow a cirrus (twice is harmless).',
    owner: 'social',
    auth: 'required',
    pathParameters: { username },
    answers: { 200: json('The follow status after.', followStatusSchema) },
    errorShape: 'error',
  },
  {
    operationId: 'listFollowers',
    method: 'get',
    path: '/api/cirrus/{username}/followers',
    summary: "A cirrus's followers, newest first, a page at a time.",
    owner: 'social',
    auth: 'optional',
    pathParameters: { username },
    query: peopleQuery,
    answers: { 200: json('One page.', followersPageSchema) },
    errorShape: 'error',
  },
  {
    operationId: 'listFollowing',
    method: 'get',
    path: '/api/cirrus/{username}/following',
    summary: 'The cirri a cirrus follows, newest first, a page at a time.',
    owner: 'social',
    auth: 'optional',
    pathParameters: { username },
    query: peopleQuery,
    answers: { 200: json('One page.', followingPageSchema) },
    errorShape: 'error',
  },
  {
    operationId: 'searchCirri',
    method: 'get',
    path: '/api/search',
    summary: 'Search people by username and name (the typeahead).',
    owner: 'social',
    auth: 'required',
    query: {
      query: {
        schema: searchQuerySchema.shape.query,
        description: 'The text (trimmed; empty finds nobody).',
      },
      limit: limitParameter(searchQuerySchema.shape.limit, SEARCH_LIMIT_DEFAULT, SEARCH_LIMIT_MAX),
    },
    answers: { 200: json('The people found.', searchAnswerSchema) },
    errorShape: 'error',
  },

  // ---- action
  {
    operationId: 'listActions',
    method: 'get',
    path: '/api/cirrus/{username}/actions',
    summary: 'My open actions, by priority, and the requests others sent me.',
    owner: 'action',
    auth: 'required',
    pathParameters: { username },
    answers: { 200: json('The open actions.', actionsResponseSchema) },
    errorShape: 'error',
  },
  {
    operationId: 'getActionsSnippet',
    method: 'get',
    path: '/api/cirrus/{username}/actions-snippet',
    summary: "The top bar's summary of my open actions.",
    owner: 'action',
    auth: 'required',
    pathParameters: { username },
    answers: { 200: json('The summary.', actionsSnippetSchema) },
    errorShape: 'error',
  },
  {
    operationId: 'createAction',
    method: 'post',
    path: '/api/action',
    summary: 'Add an action to my list.',
    owner: 'action',
    auth: 'required',
    body: newActionSchema,
    answers: { 201: json('Created.', actionCreatedSchema) },
    errorShape: 'error',
    links: { status: 201, links: actionLinks('/action/i') },
  },
  {
    operationId: 'requestAction',
    method: 'post',
    path: '/api/action/request',
    summary: "Put an action on one of my followers' lists.",
    owner: 'action',
    auth: 'required',
    body: actionRequestSchema,
    answers: { 201: json('Sent: the action as it landed, and to whom.', actionRequestSentSchema) },
    errorShape: 'error',
  },
  {
    operationId: 'completeAction',
    method: 'put',
    path: '/api/action/{id}/complete',
    summary: 'Complete my action (a closed one answers its state).',
    owner: 'action',
    auth: 'required',
    pathParameters: { id: uuid('action') },
    answers: { 200: json('The action after.', actionChangeSchema) },
    errorShape: 'error',
  },
  {
    operationId: 'abandonAction',
    method: 'put',
    path: '/api/action/{id}/abandon',
    summary: 'Abandon my action (a closed one answers its state).',
    owner: 'action',
    auth: 'required',
    pathParameters: { id: uuid('action') },
    answers: { 200: json('The action after.', actionChangeSchema) },
    errorShape: 'error',
  },

  // ---- link
  {
    operationId: 'reorderLinks',
    method: 'put',
    path: '/api/link/position',
    summary: 'Reorder every link of my page.',
    owner: 'link',
    auth: 'required',
    body: reorderSchema,
    answers: { 200: json('The links in their new order.', linksAnswerSchema) },
    errorShape: 'errorMessage',
  },
  {
    operationId: 'setLinkBackgroundColor',
    method: 'post',
    path: '/api/link/set-background-color',
    summary: "Set my page's background colour.",
    owner: 'link',
    auth: 'required',
    body: backgroundColorSchema,
    answers: { 200: json('The colour as stored.', colourAnswerSchemas['set-background-color']) },
    errorShape: 'errorMessage',
  },
  {
    operationId: 'setLinkItemFontColor',
    method: 'post',
    path: '/api/link/set-item-font-color',
    summary: "Set my links' font colour.",
    owner: 'link',
    auth: 'required',
    body: itemFontColorSchema,
    answers: { 200: json('The colour as stored.', colourAnswerSchemas['set-item-font-color']) },
    errorShape: 'errorMessage',
  },
  {
    operationId: 'setLinkItemBackgroundColor',
    method: 'post',
    path: '/api/link/set-item-background-color',
    summary: "Set my links' background colour.",
    owner: 'link',
    auth: 'required',
    body: itemBackgroundColorSchema,
    answers: { 200: json('The colour as stored.', colourAnswerSchemas['set-item-background-color']) },
    errorShape: 'errorMessage',
  },
  {
    operationId: 'getLinkPage',
    method: 'get',
    path: '/api/link/{usernameOrId}',
    summary: "A cirrus's link page (Vielink).",
    owner: 'link',
    auth: 'none',
    pathParameters: { usernameOrId: { description: "The page owner's username.", example: 'ann.lee' } },
    answers: { 200: json('The page.', linkPageViewSchema) },
    errorShape: 'errorMessage',
  },
  {
    operationId: 'addLink',
    method: 'post',
    path: '/api/link/{usernameOrId}',
    summary: 'Add a link to my page.',
    owner: 'link',
    auth: 'required',
    pathParameters: { usernameOrId: { description: 'My username.', example: 'ann.lee' } },
    body: linkSchema,
    answers: { 201: json('The link, and the page after.', linkChangedSchema) },
    errorShape: 'errorMessage',
    links: {
      status: 201,
      links: {
        editLink: {
          operationId: 'editLink',
          parameters: { usernameOrId: '/link/_id' },
          description: 'Edit it.',
        },
        deleteLink: {
          operationId: 'deleteLink',
          parameters: { usernameOrId: '/link/_id' },
          description: 'Delete it.',
        },
        followLink: { operationId: 'followLink', parameters: { id: '/link/_id' }, description: 'Follow it.' },
      },
    },
  },
  {
    operationId: 'editLink',
    method: 'put',
    path: '/api/link/{usernameOrId}',
    summary: 'Edit a link of my page.',
    owner: 'link',
    auth: 'required',
    pathParameters: { usernameOrId: uuid('link') },
    body: linkSchema,
    answers: { 200: json('The link, and the page after.', linkChangedSchema) },
    errorShape: 'errorMessage',
  },
  {
    operationId: 'deleteLink',
    method: 'delete',
    path: '/api/link/{usernameOrId}',
    summary: 'Delete a link of my page.',
    owner: 'link',
    auth: 'required',
    pathParameters: { usernameOrId: uuid('link') },
    answers: { 200: json('The deleted link, and the page after.', linkChangedSchema) },
    errorShape: 'errorMessage',
  },
  {
    operationId: 'followLink',
    method: 'get',
    path: '/api/link/go/{id}',
    summary: "A visitor's click: counted, then redirected to the link's stored URL.",
    owner: 'link',
    auth: 'none',
    pathParameters: { id: uuid('link') },
    answers: {
      302: {
        description: "To the link's URL (Location), with Referrer-Policy: no-referrer.",
        redirect: true,
      },
    },
    errorShape: 'errorMessage',
  },
  {
    operationId: 'getLinkClicks',
    method: 'get',
    path: '/api/link/{usernameOrId}/clicks',
    summary: "My links' clicks of the last 30 days.",
    owner: 'link',
    auth: 'required',
    pathParameters: { usernameOrId: { description: 'My username.', example: 'ann.lee' } },
    answers: { 200: json('The clicks per link and day.', linkClicksViewSchema) },
    errorShape: 'errorMessage',
  },

  // ---- messaging
  {
    operationId: 'countUnreadMessages',
    method: 'get',
    path: '/api/unread-messages',
    summary: 'How many messages I have not read.',
    owner: 'messaging',
    auth: 'required',
    answers: { 200: json('The count.', unreadMessagesSchema) },
    errorShape: 'errorMessage',
  },
  {
    operationId: 'listConversations',
    method: 'get',
    path: '/api/messenger/conversations',
    summary: 'My conversations, newest first, a page at a time.',
    owner: 'messaging',
    auth: 'required',
    query: {
      cursor: cursorParameter,
      limit: messengerLimit,
    },
    answers: { 200: json('One page.', conversationsPageSchema) },
    errorShape: 'errorMessage',
  },
  {
    operationId: 'openConversation',
    method: 'post',
    path: '/api/messenger/conversations',
    summary: 'Open (or start) my conversation with a cirrus.',
    owner: 'messaging',
    auth: 'required',
    body: openConversationSchema,
    answers: {
      201: json('Started.', conversationAnswerSchema),
      200: json('It existed already.', conversationAnswerSchema),
    },
    errorShape: 'errorMessage',
    links: { status: 201, links: conversationLinks },
  },
  {
    operationId: 'getConversation',
    method: 'get',
    path: '/api/messenger/conversations/{id}',
    summary: 'One of my conversations.',
    owner: 'messaging',
    auth: 'required',
    pathParameters: conversationId,
    answers: { 200: json('The conversation.', conversationAnswerSchema) },
    errorShape: 'errorMessage',
  },
  {
    operationId: 'listMessages',
    method: 'get',
    path: '/api/messenger/conversations/{id}/messages',
    summary: "A conversation's messages, newest first, a page at a time.",
    owner: 'messaging',
    auth: 'required',
    pathParameters: conversationId,
    query: {
      before: cursorParameter,
      after: {
        schema: pageCursorField,
        description: "The page just newer than this: a page's newerCursor, as it was (opaque).",
      },
      around: {
        schema: messengerPageQuerySchema.shape.around,
        description:
          'A message id: the page around it (about half older, half newer), with nextCursor and newerCursor. ' +
          'One of before, after and around at most.',
      },
      limit: messengerLimit,
    },
    answers: { 200: json('One page.', messagesPageSchema) },
    errorShape: 'errorMessage',
  },
  {
    operationId: 'sendMessage',
    method: 'post',
    path: '/api/messenger/conversations/{id}/messages',
    summary: 'Send a message.',
    owner: 'messaging',
    auth: 'required',
    pathParameters: conversationId,
    body: sendMessageSchema,
    answers: { 201: json('Sent.', sentMessageSchema) },
    errorShape: 'errorMessage',
    links: {
      status: 201,
      links: {
        markRead: {
          operationId: 'markRead',
          parameters: { id: '/message/conversation' },
          description: 'Mark the conversation read (the body names the message: upTo = message.id).',
        },
      },
    },
  },
  {
    operationId: 'markRead',
    method: 'post',
    path: '/api/messenger/conversations/{id}/read',
    summary: 'Mark everything up to a message read.',
    owner: 'messaging',
    auth: 'required',
    pathParameters: conversationId,
    body: markReadSchema,
    answers: { 200: json('My unread counts after.', readAnswerSchema) },
    errorShape: 'errorMessage',
  },
  {
    operationId: 'editMessage',
    method: 'put',
    path: '/api/messenger/conversations/{id}/messages/{messageId}',
    summary:
      "Edit my message's text, within 15 minutes of sending it: both participants' tabs get `message:changed`.",
    owner: 'messaging',
    auth: 'required',
    pathParameters: conversationMessageId,
    body: editMessageSchema,
    answers: { 200: json('The message as edited.', sentMessageSchema) },
    errorShape: 'errorMessage',
  },
  {
    operationId: 'deleteMessage',
    method: 'delete',
    path: '/api/messenger/conversations/{id}/messages/{messageId}',
    summary:
      "Delete my message: its text is removed from the store; both participants' tabs get `message:changed`.",
    owner: 'messaging',
    auth: 'required',
    pathParameters: conversationMessageId,
    answers: { 200: json('The message as deleted (no text).', sentMessageSchema) },
    errorShape: 'errorMessage',
  },
  {
    operationId: 'signalTyping',
    method: 'post',
    path: '/api/messenger/conversations/{id}/typing',
    summary: "I am typing: the other participant's tabs are told (never stored), at most once a second.",
    owner: 'messaging',
    auth: 'required',
    pathParameters: conversationId,
    answers: { 200: json('Told.', emptyObject) },
    errorShape: 'errorMessage',
  },
  {
    operationId: 'searchMessages',
    method: 'get',
    path: '/api/messenger/conversations/{id}/search',
    summary: "Find a conversation's messages by their words, newest first, each with its snippet.",
    owner: 'messaging',
    auth: 'required',
    pathParameters: conversationId,
    query: {
      q: {
        schema: messageSearchQuerySchema.shape.q,
        description:
          `Words to look for (1 to ${TEXT_SEARCH_MAX} characters after trimming): stems in English and Russian, ` +
          'either alphabet, "phrases" in quotes, the last word as a prefix.',
      },
      before: cursorParameter,
      limit: limitParameter(
        messageSearchQuerySchema.shape.limit,
        MESSAGE_SEARCH_PAGE_DEFAULT,
        MESSENGER_PAGE_MAX,
      ),
    },
    answers: { 200: json('One page of the messages found.', messageSearchPageSchema) },
    errorShape: 'errorMessage',
  },
  {
    operationId: 'listNotifications',
    method: 'get',
    path: notificationPaths.list,
    summary:
      `My notifications (followed me, sent me an action request, rated my vellum, started a conversation with me), ` +
      `newest first, of the last ${NOTIFICATION_KEEP_DAYS} days, with my unread count.`,
    owner: 'messaging',
    auth: 'required',
    query: {
      before: cursorParameter,
      limit: limitParameter(
        notificationsQuerySchema.shape.limit,
        NOTIFICATIONS_PAGE_DEFAULT,
        NOTIFICATIONS_PAGE_MAX,
      ),
    },
    answers: { 200: json('One page.', notificationsPageSchema) },
    errorShape: 'errorMessage',
  },
  {
    operationId: 'countUnreadNotifications',
    method: 'get',
    path: notificationPaths.unread,
    summary: "How many of my notifications I have not seen (the bell's count).",
    owner: 'messaging',
    auth: 'required',
    answers: { 200: json('The count.', notificationCountSchema) },
    errorShape: 'errorMessage',
  },
  {
    operationId: 'markNotificationsRead',
    method: 'post',
    path: notificationPaths.read,
    summary:
      'Mark my notifications read up to and including the newest I saw (one that came meanwhile stays unread).',
    owner: 'messaging',
    auth: 'required',
    body: markNotificationsReadSchema,
    answers: { 200: json('My unread count after.', notificationCountSchema) },
    errorShape: 'errorMessage',
  },
  {
    operationId: 'clearNotifications',
    method: 'delete',
    path: notificationPaths.list,
    summary: 'Clear all my notifications.',
    owner: 'messaging',
    auth: 'required',
    answers: { 200: json('My unread count after (0).', notificationCountSchema) },
    errorShape: 'errorMessage',
  },
  {
    operationId: 'getPresence',
    method: 'get',
    path: '/api/messenger/presence',
    summary:
      'Online now, or last seen, for those of the people named I have a conversation with and who show it (none ' +
      'while I hide mine).',
    owner: 'messaging',
    auth: 'required',
    query: {
      ids: {
        schema: presenceQuerySchema.shape.ids,
        description: `Cirrus ids (uuids), comma-separated: 1 to ${PRESENCE_IDS_MAX}.`,
      },
    },
    answers: { 200: json('Their presence.', presenceAnswerSchema) },
    errorShape: 'errorMessage',
  },
  {
    operationId: 'getPresenceSettings',
    method: 'get',
    path: '/api/messenger/presence/settings',
    summary: 'Whether I show when I am online (and so see others do).',
    owner: 'messaging',
    auth: 'required',
    answers: { 200: json('My setting.', presenceSettingsAnswerSchema) },
    errorShape: 'errorMessage',
  },
  {
    operationId: 'changePresenceSettings',
    method: 'put',
    path: '/api/messenger/presence/settings',
    summary:
      'Show or hide when I am online; the people I have a conversation with get `presence:changed` at once.',
    owner: 'messaging',
    auth: 'required',
    body: presenceSettingsSchema,
    answers: { 200: json('My setting as changed.', presenceSettingsAnswerSchema) },
    errorShape: 'errorMessage',
  },
  {
    operationId: 'getConversationVellum',
    method: 'get',
    path: '/messenger/{conversation}/vellum/{username}',
    summary: "A participant's vellum of a conversation (an API call only: a page navigation gets the shell).",
    owner: 'messaging',
    auth: 'required',
    pathParameters: { conversation: uuid('conversation'), username },
    answers: { 200: json('The conversation vellum.', conversationVellumResponseSchema) },
    errorShape: 'errorMessage',
  },
  {
    operationId: 'saveConversationVellum',
    method: 'post',
    path: '/messenger/vellum/{id}',
    summary: 'Save my vellum of a conversation.',
    owner: 'messaging',
    auth: 'required',
    pathParameters: { id: uuid('conversation vellum') },
    body: saveVellumSchema,
    answers: { 200: json('Saved.', savedConversationVellumSchema) },
    errorShape: 'errorMessage',
  },

  // ---- analytics
  {
    operationId: 'getAdmin',
    method: 'get',
    path: '/api/admin',
    summary:
      "The admin page: the three lists' first pages (authorized: false and no rows to anyone but an admin).",
    owner: 'analytics',
    auth: 'optional',
    query: adminPageQuery,
    answers: { 200: json('The admin page.', adminAnswerSchema) },
    errorShape: 'error',
  },
  {
    operationId: 'listAdminCirri',
    method: 'get',
    path: '/api/admin/cirri',
    summary: 'One page of one admin list.',
    owner: 'analytics',
    auth: 'optional',
    query: {
      ...adminPageQuery,
      list: { schema: adminListQuerySchema.shape.list, description: 'all, confirmed or active.' },
      cursor: cursorParameter,
    },
    answers: { 200: json('One page.', adminListAnswerSchema) },
    errorShape: 'error',
  },
  {
    operationId: 'getAdminSeries',
    method: 'get',
    path: '/api/admin/series',
    summary: 'The daily counters of the last days, oldest first.',
    owner: 'analytics',
    auth: 'optional',
    query: {
      days: { schema: adminSeriesQuerySchema.shape.days, description: 'How many days (default 90).' },
    },
    answers: { 200: json('The series.', adminSeriesAnswerSchema) },
    errorShape: 'error',
  },
];
