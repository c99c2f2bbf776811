import { z } from 'zod';
import { answerSchema, textField, wholeNumberField } from './fields';
import { pageCursorField, pageLimitField } from './paging';

// Queries and answers of the analytics calls behind the admin page (spec: GET /api/admin), shared by the analytics
// service and the shell's /admin page.

/** The three lists of the admin page. Active: signed in within the last ACTIVE_DAYS days; confirmed: verified. */
export const ADMIN_LISTS = ['all', 'confirmed', 'active'] as const;
export type AdminList = (typeof ADMIN_LISTS)[number];
export const ACTIVE_DAYS = 30;

/** The columns of a row (spec section 4), each one a sort key. */
export const ADMIN_COLUMNS = [
  'email',
  'i',
  'username',
  'first_name',
  'last_name',
  'last_session',
  'vellums',
  'actions',
  'created',
] as const;
export type AdminColumn = (typeof ADMIN_COLUMNS)[number];

export const ADMIN_PAGE_DEFAULT = 50;
export const ADMIN_PAGE_MAX = 200;
export const ADMIN_FILTER_MAX = 100;
export const SERIES_DAYS_DEFAULT = 90;
export const SERIES_DAYS_MAX = 366;

export const adminMessages = {
  list: `The list is one of ${ADMIN_LISTS.join(', ')}.`,
  sort: `The sort is one of ${ADMIN_COLUMNS.join(', ')}.`,
  dir: 'The direction is asc or desc.',
  filterTooLong: `Filter with at most ${ADMIN_FILTER_MAX} characters.`,
  days: `The days must be a whole number from 1 to ${SERIES_DAYS_MAX}.`,
} as const;

/** The query parameters of every list (`GET /api/admin` applies them to all three first pages). */
export const adminPageQuerySchema = z.object({
  sort: z.enum(ADMIN_COLUMNS, { error: adminMessages.sort }).default('created'),
  dir: z.enum(['asc', 'desc'], { error: adminMessages.dir }).default('desc'),
  /** Text looked for in username, first and last name and email, in any case; empty finds everyone. */
  filter: textField('The filter', '', { trim: true })
    .pipe(z.string().max(ADMIN_FILTER_MAX, adminMessages.filterTooLong))
    .optional()
    .transform((value) => value ?? ''),
  limit: pageLimitField(ADMIN_PAGE_DEFAULT, ADMIN_PAGE_MAX),
});
export type AdminPageQuery = z.output<typeof adminPageQuerySchema>;

/** GET /api/admin/cirri?list=…: one page of one list; `cursor` is the previous page's `nextCursor`. */
export const adminListQuerySchema = adminPageQuerySchema.extend({
  list: z.enum(ADMIN_LISTS, { error: adminMessages.list }),
  cursor: pageCursorField,
});
export type AdminListQuery = z.output<typeof adminListQuerySchema>;

/** GET /api/admin/series?days=n: the last n days (today included), oldest first. */
export const adminSeriesQuerySchema = z.object({
  days: wholeNumberField(adminMessages.days, SERIES_DAYS_DEFAULT, SERIES_DAYS_MAX),
});

/** A row of the admin tables (spec: the admin analytics user row). Times are ISO 8601; never signed in: null. */
export interface AdminCirrus {
  email: string;
  i: string;
  username: string;
  first_name: string;
  last_name: string;
  last_session: string | null;
  vellums: number;
  actions: number;
  created: string;
}

/** One page of a list: its rows, how many cirri the whole list (with the filter) holds, and the next page's cursor. */
export interface AdminListPage {
  rows: AdminCirrus[];
  count: number;
  nextCursor: string | null;
}

/**
 * GET /api/admin: the spec's answer (`authorized` and the three lists' first pages), with each list's count and next
 * cursor beside them. Anyone but an admin: `{ authorized: false }` with empty lists.
 */
export interface AdminAnswer {
  authorized: boolean;
  allCirri: AdminCirrus[];
  confirmedCirri: AdminCirrus[];
  activeCirri: AdminCirrus[];
  counts: Record<AdminList, number>;
  nextCursors: Record<AdminList, string | null>;
}

/** What anyone but an admin is answered by GET /api/admin. */
export const UNAUTHORIZED_ADMIN_ANSWER: AdminAnswer = {
  authorized: false,
  allCirri: [],
  confirmedCirri: [],
  activeCirri: [],
  counts: { all: 0, confirmed: 0, active: 0 },
  nextCursors: { all: null, confirmed: null, active: null },
};

/** GET /api/admin/cirri: one page of one list. */
export interface AdminListAnswer extends AdminListPage {
  authorized: boolean;
}

/** The daily counters of the charts; `linkClicks` counts link's `LinkClicked` (one per followed link). */
export const SERIES_METRICS = [
  'signUps',
  'verified',
  'activeCirri',
  'vellumsCreated',
  'vellumsPublished',
  'actionsCreated',
  'actionsCompleted',
  'messagesSent',
  'follows',
  'linkPagesChanged',
  'linkClicks',
] as const;
export type SeriesMetric = (typeof SERIES_METRICS)[number];

/** One day (UTC, `YYYY-MM-DD`) of the series. */
export type SeriesDay = { day: string } & Record<SeriesMetric, number>;

export interface AdminSeriesAnswer {
  authorized: boolean;
  days: SeriesDay[];
}

// The answers' schemas (the OpenAPI document, the API suites' checks), each checked against its type above.

export const adminCirrusSchema = answerSchema<AdminCirrus>()(
  z.object({
    email: z.string(),
    i: z.string(),
    username: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    last_session: z.string().nullable(),
    vellums: z.number().int(),
    actions: z.number().int(),
    created: z.string(),
  }),
);
const perList = <S extends z.ZodType>(value: S) => z.object({ all: value, confirmed: value, active: value });
export const adminAnswerSchema = answerSchema<AdminAnswer>()(
  z.object({
    authorized: z.boolean(),
    allCirri: z.array(adminCirrusSchema),
    confirmedCirri: z.array(adminCirrusSchema),
    activeCirri: z.array(adminCirrusSchema),
    counts: perList(z.number().int()),
    nextCursors: perList(z.string().nullable()),
  }),
);
export const adminListAnswerSchema = answerSchema<AdminListAnswer>()(
  z.object({
    authorized: z.boolean(),
    rows: z.array(adminCirrusSchema),
    count: z.number().int(),
    nextCursor: z.string().nullable(),
  }),
);
const seriesDaySchema = answerSchema<SeriesDay>()(
  z.object({
    day: z.string(),
    ...(Object.fromEntries(SERIES_METRICS.map((metric) => [metric, z.number().int()])) as Record<
      SeriesMetric,
      z.ZodNumber
    >),
  }),
);
export const adminSeriesAnswerSchema = answerSchema<AdminSeriesAnswer>()(
  z.object({ authorized: z.boolean(), days: z.array(seriesDaySchema) }),
);
