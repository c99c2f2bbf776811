import Badge from 'react-bootstrap/Badge';
import type { ActionPriorityName } from '@vellum/proto/api';
import { actionsBadgeVariant, paths } from '@vellum/ui/core';
import { HallSection } from './HallSection';
import { hallApi, hallKeys } from './hallApi';
import { hallTexts } from './hallTexts';
import { topActions } from './selectRows';
import { useSection } from './useSection';

function PriorityBadge({ priority }: { priority: ActionPriorityName }) {
  const variant = actionsBadgeVariant(priority);
  return (
    <Badge bg={variant} text={variant === 'light' ? 'dark' : undefined}>
      {priority}
    </Badge>
  );
}

/** My highest-priority open actions and the requests I received; the actions page has the rest. */
export function OpenActions({ username }: { username: string }) {
  const state = useSection(hallKeys.actions(username), () => hallApi.actions(username), topActions);
  return (
    <HallSection
      id="actions"
      texts={hallTexts.actions}
      more={paths.actions(username)}
      state={state}
      row={(a) => ({
        key: a.id,
        content: (
          <div className="d-flex align-items-start gap-2">
            <PriorityBadge priority={a.priority} />
            <div className="flex-grow-1 text-break" style={{ whiteSpace: 'pre-wrap' }}>
              {a.text}
              {a.requestedBy !== undefined ? (
                <span className="d-block small text-secondary">{hallTexts.requestedBy(a.requestedBy)}</span>
              ) : null}
            </div>
          </div>
        ),
      })}
    />
  );
}
