import { z } from 'zod';
import { CONTROL_CHARACTERS } from '../text/control-characters';
import { isUuid, UUID_PATTERN } from '../text/patterns';
import { answerSchema, requestBody, textField } from './fields';
import { validationMessages } from './messages';

// Request schemas and answers of the action calls (spec sections 3, 5 and 7), shared by the action service and the
// actions micro-frontend. The spec's texts are word for word; the others are ours, in the same voice.

/** Action text: 1 to 180 characters after trimming (spec sections 5 and 9). */
export const ACTION_TEXT_MAX = 180;
export const PRIORITIES = ['High', 'Medium', 'Low'] as const;
export type ActionPriorityName = (typeof PRIORITIES)[number];
export const DEFAULT_PRIORITY: ActionPriorityName = 'Medium';

export const actionMessages = {
  noActions: 'No Actions yet.',
  outstandingHeading: 'Outstanding Actions',
  requestSent: (name: string) => `An Action request has been sent to ${name}.`,
  textTooLong: `Action must have at most ${ACTION_TEXT_MAX} characters.`,

  textRequired: 'Action is required.',
  textOnlyTabs: 'Action cannot be only tabs.',
  textControl: validationMessages.controlCharacters('Action'),
  priorityInvalid: 'Priority must be High, Medium or Low.',
  forCirrusRequired: 'Choose the follower the Action request is for.',
  signIn: 'Sign in to keep Actions.',
  ownerOnly: 'Only the owner sees these Actions.',
  notFound: 'This Action does not exist.',
  followersOnly: 'Action requests can be sent only to your followers.',
  notYourself: 'You cannot send an Action request to yourself.',
} as const;

export const isActionId = isUuid;

/**
 * The text: no control characters but tabs and line feeds (textField's check, first), never only tabs, trimmed,
 * 1 to 180 characters (counted as the reader sees them, not UTF-16 units). It is not trimmed before the control
 * check, since 'only tabs' is judged on the text as typed.
 */
export const actionTextSchema = textField('Action', actionMessages.textRequired, {
  keepControls: CONTROL_CHARACTERS.tabsAndLineFeeds,
})
  .refine((text) => !/^\t+$/.test(text), { error: actionMessages.textOnlyTabs, abort: true })
  .trim()
  .min(1, { error: actionMessages.textRequired, abort: true })
  .refine((text) => [...text].length <= ACTION_TEXT_MAX, { error: actionMessages.textTooLong, abort: true });

/** High, Medium or Low; missing (or null, or empty) means Medium. */
export const prioritySchema = z.preprocess(
  (value) => (value === undefined || value === null || value === '' ? DEFAULT_PRIORITY : value),
  z.enum(PRIORITIES, { error: actionMessages.priorityInvalid }),
);

/** POST /api/action. */
export const newActionSchema = requestBody({ text: actionTextSchema, priority: prioritySchema });

/** POST /api/action/request: `forCirrusI` is the id of one of the sender's followers. */
export const actionRequestSchema = requestBody({
  forCirrusI: textField('forCirrusI', actionMessages.forCirrusRequired, { trim: true })
    .min(1, { error: actionMessages.forCirrusRequired, abort: true })
    .regex(UUID_PATTERN, actionMessages.forCirrusRequired)
    .transform((id) => id.toLowerCase()),
  text: actionTextSchema,
  priority: prioritySchema,
});

export type NewActionInput = z.output<typeof newActionSchema>;
export type ActionRequestInput = z.output<typeof actionRequestSchema>;

/** An action (spec section 3). */
export interface ActionView {
  i: string;
  text: string;
  priority: ActionPriorityName;
  created_at: string;
}

/** Who requested an action, as its recipient sees them. */
export interface ActionRequester {
  i: string;
  username: string;
  display_name: string;
}

/** An action someone requested of the owner: it carries `cirrus_id.username` of the requester (spec section 3). */
export interface RequestedActionView extends ActionView {
  cirrus_id: ActionRequester;
}

export type ActionState = 'open' | 'completed' | 'abandoned';

/** PUT /api/action/{id}/complete and /abandon. */
export interface ActionChange {
  action: ActionView & { state: ActionState };
}

/** GET /api/cirrus/{username}/actions: the owner's open actions. */
export interface ActionsResponse {
  actionsHigh: ActionView[];
  actionsMedium: ActionView[];
  actionsLow: ActionView[];
  actionsRequested: RequestedActionView[];
  /** Open action requests the owner has received (the length of actionsRequested). */
  outstandingActions: number;
}

/** GET /api/cirrus/{username}/actions-snippet: every open action, own and requested. */
export interface ActionsSnippet {
  highestPriority: ActionPriorityName | null;
  totalActions: number;
}

/** POST /api/action/request: the action as it landed on the follower's list, and who that follower is. */
export interface ActionRequestSent {
  action: ActionView;
  sentTo: ActionRequester;
}

// The answers' schemas (the OpenAPI document, the API suites' checks), each checked against its type above.

export const actionViewSchema = answerSchema<ActionView>()(
  z.object({ i: z.string(), text: z.string(), priority: z.enum(PRIORITIES), created_at: z.string() }),
);
export const actionRequesterSchema = answerSchema<ActionRequester>()(
  z.object({ i: z.string(), username: z.string(), display_name: z.string() }),
);
export const requestedActionViewSchema = answerSchema<RequestedActionView>()(
  actionViewSchema.extend({ cirrus_id: actionRequesterSchema }),
);
export const actionChangeSchema = answerSchema<ActionChange>()(
  z.object({ action: actionViewSchema.extend({ state: z.enum(['open', 'completed', 'abandoned']) }) }),
);
export const actionCreatedSchema = answerSchema<{ action: ActionView }>()(
  z.object({ action: actionViewSchema }),
);
export const actionsResponseSchema = answerSchema<ActionsResponse>()(
  z.object({
    actionsHigh: z.array(actionViewSchema),
    actionsMedium: z.array(actionViewSchema),
    actionsLow: z.array(actionViewSchema),
    actionsRequested: z.array(requestedActionViewSchema),
    outstandingActions: z.number().int(),
  }),
);
export const actionsSnippetSchema = answerSchema<ActionsSnippet>()(
  z.object({ highestPriority: z.enum(PRIORITIES).nullable(), totalActions: z.number().int() }),
);
export const actionRequestSentSchema = answerSchema<ActionRequestSent>()(
  z.object({ action: actionViewSchema, sentTo: actionRequesterSchema }),
);
