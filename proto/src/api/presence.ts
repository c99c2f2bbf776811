import { z } from 'zod';
import { UUID_PATTERN } from '../text/patterns';
import { answerSchema, requestBody } from './fields';

// Presence in the messenger (issue 29): whether the people one has a conversation with have a socket open now, or
// when they last had one; shared by the messaging service and the messenger micro-frontend.

/** People whose presence one call may ask for (a page of conversations at most). */
export const PRESENCE_IDS_MAX = 100;
/** Seconds between two of a replica's presence heartbeats for the people whose sockets it holds. */
export const PRESENCE_HEARTBEAT_S = 20;
/** Seconds a heartbeat keeps a person online: a replica that died stops beating, and its people go after this. */
export const PRESENCE_TTL_S = 60;
/** Seconds between two reads of the presence a page shows (the socket's `presence:changed` tells sooner). */
export const PRESENCE_REFRESH_S = 60;

export const presenceMessages = {
  idsRequired: 'Say whose presence to show.',
  idsInvalid: 'Each id is a cirrus id (a uuid).',
  tooManyIds: `Ask for at most ${PRESENCE_IDS_MAX} people at once.`,
  visibleRequired: 'Say whether to show when you are online (true or false).',
} as const;

/** GET /api/messenger/presence?ids=a,b,c: the cirrus ids, comma-separated (1 to PRESENCE_IDS_MAX, no repeats kept). */
export const presenceQuerySchema = z.object({
  ids: z
    .string({ error: presenceMessages.idsRequired })
    .transform((text) => text.split(',').map((id) => id.trim()))
    .pipe(
      z
        .array(z.string().regex(UUID_PATTERN, { error: presenceMessages.idsInvalid }), {
          error: presenceMessages.idsRequired,
        })
        .min(1, { error: presenceMessages.idsRequired })
        .max(PRESENCE_IDS_MAX, { error: presenceMessages.tooManyIds }),
    )
    .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]),
});

/** PUT /api/messenger/presence/settings: whether the others see when I am online (and I see theirs). */
export const presenceSettingsSchema = requestBody({
  visible: z.boolean({ error: presenceMessages.visibleRequired }),
});
export type PresenceSettingsInput = z.output<typeof presenceSettingsSchema>;

/** One person's presence: online (a socket open now, on any replica), else when they were last seen (null: never). */
export interface PresenceView {
  i: string;
  online: boolean;
  /** ISO time their last socket closed (or their last heartbeat); null when never seen. */
  lastSeen: string | null;
}

/**
 * GET /api/messenger/presence?ids=: the presence of those of `ids` I have a conversation with and who show theirs.
 * Empty, with `visible: false`, while I hide mine (then I see nobody's).
 */
export interface PresenceAnswer {
  visible: boolean;
  presence: PresenceView[];
}

/** GET and PUT /api/messenger/presence/settings. */
export interface PresenceSettings {
  visible: boolean;
}

/**
 * The realtime `presence:changed` event, to the tabs of the people who have a conversation with `i` and show their
 * own presence: `presence` is null when `i` stopped showing theirs.
 */
export interface PresenceEvent {
  i: string;
  presence: PresenceView | null;
}

export const PRESENCE_EVENT = 'presence:changed';

export const presenceViewSchema = answerSchema<PresenceView>()(
  z.object({ i: z.string(), online: z.boolean(), lastSeen: z.string().nullable() }),
);
export const presenceAnswerSchema = answerSchema<PresenceAnswer>()(
  z.object({ visible: z.boolean(), presence: z.array(presenceViewSchema) }),
);
export const presenceSettingsAnswerSchema = answerSchema<PresenceSettings>()(
  z.object({ visible: z.boolean() }),
);

export const presencePaths = {
  presence: (ids: readonly string[]) =>
    `/api/messenger/presence?ids=${ids.map(encodeURIComponent).join(',')}`,
  settings: '/api/messenger/presence/settings',
} as const;
