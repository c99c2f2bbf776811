import { z } from 'zod';
import { isSafeUrl, IMAGE_PROTOCOLS } from '../editor/urls';
import { HEX_COLOUR_PATTERN, isUuid, UUID_PATTERN } from '../text/patterns';
import { answerSchema, requestBody, textField } from './fields';

// Request schemas and answers of the link calls (spec sections 3, 5 and 7), shared by the link service and the links
// micro-frontend. The spec's texts are word for word; the others are ours, in the same voice.

/** Link label: 1 to 32 characters after trimming; link URL: 1 to 360 (spec sections 5 and 9). */
export const LINK_LABEL_MAX = 32;
export const LINK_URL_MAX = 360;
/** Default colours of a link page (spec section 9): link font #337ab7, link background #ffffff. */
export const LINK_DEFAULT_COLORS = {
  linkBackgroundColor: '#ffffff',
  linkItemFontColor: '#337ab7',
  linkItemBackgroundColor: '#ffffff',
} as const;
/** How many days of clicks the owner sees, today included. */
export const LINK_CLICK_DAYS = 30;
/** A page holds at most this many links (ours: a page stays one document, and a screen a person can scan). */
export const LINK_MAX_LINKS = 200;

export const linkMessages = {
  added: (label: string) => `Added Link for ${label}.`,
  edited: (label: string) => `Edited Link for ${label}.`,
  deleted: (label: string) => `Deleted Link for ${label}.`,
  confirmDelete: (label: string) => `Are you sure to delete the Link for ${label}?`,
  copied: 'Copied to clipboard.',

  labelRequired: 'Link label is required.',
  labelTooLong: `Link label must have at most ${LINK_LABEL_MAX} characters.`,
  urlRequired: 'Link URL is required.',
  urlTooLong: `Link URL must have at most ${LINK_URL_MAX} characters.`,
  urlUnsafe: 'Link URL must be a full web address starting with http:// or https://.',
  colorInvalid: 'Colour must be a CSS hex colour like #337ab7.',
  reorderRequired: 'linksToReorder must list each link as linkID and position.',
  reorderMismatch: 'Reorder every link of the page once, at positions 0 to one less than their number.',
  tooManyLinks: `A Vielink holds at most ${LINK_MAX_LINKS} links.`,
  signIn: 'Sign in to change your Vielink.',
  ownerOnly: 'Only the owner changes this Vielink.',
  ownerOnlyClicks: 'Only the owner sees these clicks.',
  pageNotFound: 'This Vielink does not exist.',
  linkNotFound: 'This Link does not exist.',
  busy: 'Your Vielink changed in another window at the same moment. Please try again.',
  tooManyClicks: 'Too many clicks from your address. Please wait a minute and try again.',
} as const;

/** Link ids are uuids; anything else names no link. */
export const isLinkId = isUuid;

const characters = (text: string) => [...text].length;

/** The label: trimmed, 1 to 32 characters (counted as the reader sees them), single line. */
export const linkLabelSchema = textField('Link label', linkMessages.labelRequired, { trim: true })
  .refine((text) => text.length > 0, { error: linkMessages.labelRequired, abort: true })
  .refine((text) => characters(text) <= LINK_LABEL_MAX, { error: linkMessages.labelTooLong, abort: true });

/**
 * The URL: trimmed, 1 to 360 characters, and an absolute http or https URL written plainly: `javascript:`, `data:`,
 * `vbscript:`, `mailto:`, protocol-relative (`//host`), relative, credentials and hidden characters are refused.
 */
export const linkUrlSchema = textField('Link URL', linkMessages.urlRequired, { trim: true })
  .refine((text) => text.length > 0, { error: linkMessages.urlRequired, abort: true })
  .refine((text) => characters(text) <= LINK_URL_MAX, { error: linkMessages.urlTooLong, abort: true })
  .refine((text) => isSafeUrl(text, IMAGE_PROTOCOLS), { error: linkMessages.urlUnsafe, abort: true });

/** True for a link URL the service would store (the frontend uses it before rendering an anchor too). */
export const isLinkUrl = (value: unknown): value is string => linkUrlSchema.safeParse(value).success;

/** POST /api/link/{username} and PUT /api/link/{id}. */
export const linkSchema = requestBody({ linkLabel: linkLabelSchema, linkURL: linkUrlSchema });

/** A CSS hex colour (#rgb, #rgba, #rrggbb, #rrggbbaa), kept lower-cased. */
export const cssHexColorSchema = textField('Colour', linkMessages.colorInvalid, { trim: true })
  .regex(HEX_COLOUR_PATTERN, linkMessages.colorInvalid)
  .transform((colour) => colour.toLowerCase());

/** The three colour calls, each with its own payload name (spec section 7), echoed in the answer. */
export const linkColorCalls = {
  'set-background-color': { field: 'backgroundColor', colour: 'linkBackgroundColor' },
  'set-item-font-color': { field: 'linkItemFontColor', colour: 'linkItemFontColor' },
  'set-item-background-color': { field: 'linkItemBackgroundColor', colour: 'linkItemBackgroundColor' },
} as const;
export type LinkColorCall = keyof typeof linkColorCalls;
export type LinkColorName = keyof typeof LINK_DEFAULT_COLORS;
export type LinkColors = Record<LinkColorName, string>;

export const backgroundColorSchema = requestBody({ backgroundColor: cssHexColorSchema });
export const itemFontColorSchema = requestBody({ linkItemFontColor: cssHexColorSchema });
export const itemBackgroundColorSchema = requestBody({ linkItemBackgroundColor: cssHexColorSchema });

/** PUT /api/link/position: every link of the page with its new position (linkID and position). */
export const reorderSchema = requestBody({
  linksToReorder: z
    .array(
      z.object(
        {
          linkID: z
            .string({ error: linkMessages.reorderRequired })
            .regex(UUID_PATTERN, linkMessages.reorderRequired),
          position: z
            .number({ error: linkMessages.reorderRequired })
            .int(linkMessages.reorderRequired)
            .min(0, linkMessages.reorderRequired),
        },
        { error: linkMessages.reorderRequired },
      ),
      { error: linkMessages.reorderRequired },
    )
    .max(LINK_MAX_LINKS, linkMessages.reorderMismatch)
    .transform((links) => links.map((l) => ({ linkID: l.linkID.toLowerCase(), position: l.position }))),
});

export type LinkInput = z.output<typeof linkSchema>;
export type ReorderInput = z.output<typeof reorderSchema>;

/** A link (spec section 3). */
export interface LinkView {
  _id: string;
  link_label: string;
  link_url: string;
  position: number;
}

/** GET /api/link/{username}: the page's links by position, its colours and whose page it is. */
export interface LinkPageView extends LinkColors {
  links: LinkView[];
  username: string;
  displayName: string;
  image: string;
  /** Where a visitor's click goes to be counted: `/api/link/go/{_id}`. */
  redirectPath: string;
}

/** POST /api/link/{username}, PUT /api/link/{id}, DELETE /api/link/{id}: the link, and the page after the change. */
export interface LinkChanged {
  link: LinkView;
  links: LinkView[];
}

/** GET /api/link/{username}/clicks: per link, the clicks of each of the last 30 days (UTC), oldest first. */
export interface LinkClicksView {
  days: string[];
  links: Array<{ _id: string; link_label: string; clicks: number[]; total: number }>;
}

// The answers' schemas (the OpenAPI document, the API suites' checks), each checked against its type above.

export const linkViewSchema = answerSchema<LinkView>()(
  z.object({ _id: z.string(), link_label: z.string(), link_url: z.string(), position: z.number().int() }),
);
export const linkPageViewSchema = answerSchema<LinkPageView>()(
  z.object({
    links: z.array(linkViewSchema),
    username: z.string(),
    displayName: z.string(),
    image: z.string(),
    redirectPath: z.string(),
    linkBackgroundColor: z.string(),
    linkItemFontColor: z.string(),
    linkItemBackgroundColor: z.string(),
  }),
);
export const linkChangedSchema = answerSchema<LinkChanged>()(
  z.object({ link: linkViewSchema, links: z.array(linkViewSchema) }),
);
/** PUT /api/link/position: the page's links in their new order. */
export const linksAnswerSchema = z.object({ links: z.array(linkViewSchema) });
export const linkClicksViewSchema = answerSchema<LinkClicksView>()(
  z.object({
    days: z.array(z.string()),
    links: z.array(
      z.object({
        _id: z.string(),
        link_label: z.string(),
        clicks: z.array(z.number().int()),
        total: z.number().int(),
      }),
    ),
  }),
);
/** The colour calls echo the colour as stored, under the call's own payload name. */
export const colourAnswerSchemas = {
  'set-background-color': z.object({ backgroundColor: z.string() }),
  'set-item-font-color': z.object({ linkItemFontColor: z.string() }),
  'set-item-background-color': z.object({ linkItemBackgroundColor: z.string() }),
} as const satisfies Record<LinkColorCall, z.ZodType>;
