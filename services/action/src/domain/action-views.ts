import type {
  ActionChange,
  ActionPriorityName,
  ActionsResponse,
  ActionsSnippet,
  ActionView,
  RequestedActionView,
} from '@vellum/proto';
import type { ActionRecord, OpenAction } from '../store/action-store';
import type { KnownCirrus } from '../store/people-store';
import { highestPriority } from './priority';

/** An action as spec section 3 names its fields. */
export const actionView = (a: ActionRecord): ActionView => ({
  i: a.id,
  text: a.text,
  priority: a.priority,
  created_at: a.createdAt.toISOString(),
});

export const changeView = (a: ActionRecord): ActionChange => ({
  action: { ...actionView(a), state: a.state },
});

/** The recipient sees who asked: id, username and display name (the name falls back to the username). */
export const requesterView = (c: KnownCirrus) => ({
  i: c.id,
  username: c.username,
  display_name: c.displayName,
});

const requestedView = (a: OpenAction): RequestedActionView => ({
  ...actionView(a),
  cirrus_id: requesterView(a.requester!),
});

/**
 * The owner's open actions: their own grouped by priority, the requests others sent them apart (whatever their
 * priority), and how many of those are outstanding.
 */
export function actionsResponse(open: OpenAction[]): ActionsResponse {
  const own = (priority: ActionPriorityName) =>
    open.filter((a) => !a.requester && a.priority === priority).map(actionView);
  const requested = open.filter((a) => a.requester).map(requestedView);
  return {
    actionsHigh: own('High'),
    actionsMedium: own('Medium'),
    actionsLow: own('Low'),
    actionsRequested: requested,
    outstandingActions: requested.length,
  };
}

/** The top bar's badge: every open action, own and requested, and the highest priority among them. */
export function snippetView(counts: Record<ActionPriorityName, number>): ActionsSnippet {
  return {
    highestPriority: highestPriority(counts),
    totalActions: counts.High + counts.Medium + counts.Low,
  };
}
