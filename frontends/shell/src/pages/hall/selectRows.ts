import {
  PRIORITIES,
  type ActionPriorityName,
  type ActionsResponse,
  type ConversationsPage,
  type ConversationView,
  type VellumListItem,
  type VellumListResponse,
} from '@vellum/proto/api';
import { HALL_SECTION_SIZE } from './hallApi';

/** An open action as the Hall lists it: the owner's own, or one a follower requested (with who asked). */
export interface HallAction {
  id: string;
  text: string;
  priority: ActionPriorityName;
  requestedBy?: string;
}

const top = <T>(rows: T[]) => rows.slice(0, HALL_SECTION_SIZE);

/** The newest edited first, as the service sends them. */
export const topVellums = (answer: VellumListResponse): VellumListItem[] => top(answer.vellums ?? []);

/**
 * The highest-priority open actions, own and requested together: High, then Medium, then Low; within a priority,
 * the requests first (someone waits on them), each group in the service's order.
 */
export function topActions(answer: ActionsResponse): HallAction[] {
  const rank = (priority: ActionPriorityName) => PRIORITIES.indexOf(priority);
  const requested: HallAction[] = (answer.actionsRequested ?? []).map((a) => ({
    id: a.i,
    text: a.text,
    priority: a.priority,
    requestedBy: a.cirrus_id?.display_name || a.cirrus_id?.username || '',
  }));
  const own: HallAction[] = [
    ...(answer.actionsHigh ?? []),
    ...(answer.actionsMedium ?? []),
    ...(answer.actionsLow ?? []),
  ].map((a) => ({ id: a.i, text: a.text, priority: a.priority }));
  // Array sort is stable: requests stay before own actions of the same priority.
  return top([...requested, ...own].sort((a, b) => rank(a.priority) - rank(b.priority)));
}

/** The conversations with messages I have not read, newest first (the service's order). */
export const unreadConversations = (answer: ConversationsPage): ConversationView[] =>
  top((answer.conversations ?? []).filter((c) => c.unread > 0));
