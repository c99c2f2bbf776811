import { Badge, actionsBadgeVariant } from '@vellum/ui';
import type { ActionPriorityName } from '@vellum/proto/api';

/** A priority in the colours of the top bar's badge: High danger, Medium info, Low light. */
export function PriorityBadge({ priority }: { priority: ActionPriorityName }) {
  const variant = actionsBadgeVariant(priority);
  return (
    <Badge bg={variant} text={variant === 'danger' ? undefined : 'dark'}>
      {priority}
    </Badge>
  );
}
