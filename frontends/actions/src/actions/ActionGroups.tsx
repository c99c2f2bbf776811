import { ListGroup } from '@vellum/ui';
import {
  actionMessages,
  PRIORITIES,
  type ActionPriorityName,
  type ActionsResponse,
  type ActionView,
  type RequestedActionView,
} from '@vellum/proto/api';
import { filterActions } from './filterActions';
import { PriorityBadge } from './PriorityBadge';

export type OpenedAction = ActionView | RequestedActionView;

const groupOf: Record<ActionPriorityName, keyof ActionsResponse> = {
  High: 'actionsHigh',
  Medium: 'actionsMedium',
  Low: 'actionsLow',
};

export const requesterName = (action: RequestedActionView) =>
  action.cirrus_id.display_name || action.cirrus_id.username;

interface Props {
  actions: ActionsResponse;
  filter: string;
  onOpen(action: OpenedAction): void;
}

function Items({
  label,
  items,
  onOpen,
}: {
  label: string;
  items: OpenedAction[];
  onOpen(a: OpenedAction): void;
}) {
  return (
    <ListGroup as="ul" aria-label={label} className="mb-4">
      {items.map((action) => (
        <li key={action.i} className="list-group-item list-group-item-action p-0">
          <button
            type="button"
            className="btn w-100 text-start d-flex gap-2 border-0 rounded-0 px-3 py-2"
            onClick={() => onOpen(action)}
          >
            <span className="flex-grow-1 text-break">{action.text}</span>
            {'cirrus_id' in action ? (
              <span className="text-secondary small">from @{action.cirrus_id.username}</span>
            ) : null}
          </button>
        </li>
      ))}
    </ListGroup>
  );
}

/**
 * The owner's actions grouped by priority, then the requests others sent them under 'Outstanding Actions'
 * (whatever their priority). 'No Actions yet.' when there is nothing at all.
 */
export function ActionGroups({ actions, filter, onOpen }: Props) {
  const own = PRIORITIES.map((priority) => ({
    priority,
    items: filterActions(actions[groupOf[priority]] as ActionView[], filter),
  }));
  const requested = filterActions(actions.actionsRequested, filter);
  const total =
    actions.actionsHigh.length +
    actions.actionsMedium.length +
    actions.actionsLow.length +
    actions.actionsRequested.length;
  if (total === 0) return <p className="text-secondary">{actionMessages.noActions}</p>;
  const shown = own.reduce((n, group) => n + group.items.length, requested.length);
  if (shown === 0) return <p className="text-secondary">No Actions found.</p>;
  return (
    <>
      {own
        .filter((group) => group.items.length > 0)
        .map(({ priority, items }) => (
          <section key={priority} aria-labelledby={`actions-${priority}`}>
            <h2 id={`actions-${priority}`} className="h5">
              <PriorityBadge priority={priority} />
            </h2>
            <Items label={`${priority} priority`} items={items} onOpen={onOpen} />
          </section>
        ))}
      {requested.length > 0 ? (
        <section aria-labelledby="actions-outstanding">
          <h2 id="actions-outstanding" className="h5">
            {actionMessages.outstandingHeading}
          </h2>
          <Items label={actionMessages.outstandingHeading} items={requested} onOpen={onOpen} />
        </section>
      ) : null}
    </>
  );
}
