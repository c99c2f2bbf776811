import { ActionPriority, PRIORITIES, type ActionPriorityName } from '@vellum/proto';

/** The priority as the events carry it. */
export const eventPriority: Record<ActionPriorityName, ActionPriority> = {
  High: ActionPriority.HIGH,
  Medium: ActionPriority.MEDIUM,
  Low: ActionPriority.LOW,
};

/** The highest priority with at least one action, or null when there is none (PRIORITIES runs High to Low). */
export function highestPriority(counts: Record<ActionPriorityName, number>): ActionPriorityName | null {
  return PRIORITIES.find((priority) => counts[priority] > 0) ?? null;
}
