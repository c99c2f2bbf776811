export type Priority = 'High' | 'Medium' | 'Low';

/** The actions badge colour follows the highest priority: High danger, Medium info, otherwise light. */
export function actionsBadgeVariant(highestPriority: string | null | undefined): 'danger' | 'info' | 'light' {
  if (highestPriority === 'High') return 'danger';
  if (highestPriority === 'Medium') return 'info';
  return 'light';
}
