import { refuseDeleted, type Caller } from '@vellum/platform';
import {
  actionMessages,
  ActionAbandonedSchema,
  ActionCompletedSchema,
  timestampFromDate,
} from '@vellum/proto';
import type { ActionContext } from '../context';
import { ownAction } from '../domain/access';
import { emit } from '../events/emit';
import { actionStore, type ActionRecord } from '../store/action-store';
import { SCHEMA } from '../store/migrations';

/**
 * The owner completes or abandons one of their actions. Closing a closed action changes nothing and answers its
 * state as it is: a second click is harmless (abandoning a completed action leaves it completed). A caller whose
 * account was deleted is Not Found.
 */
export async function closeAction(
  ctx: ActionContext,
  caller: Caller,
  input: { id: string; state: 'completed' | 'abandoned' },
): Promise<ActionRecord> {
  const at = ctx.clock();
  return ctx.unitOfWork(async (unit) => {
    await refuseDeleted(unit.tx, SCHEMA, [caller.id], actionMessages.notFound);
    await actionStore.lockList(unit.tx, caller.id);
    const found = ownAction(await actionStore.lockOwned(unit.tx, input.id, caller.id));
    if (found.state !== 'open') return found;
    await actionStore.close(unit.tx, input.id, input.state, at);
    const outstandingActions = await actionStore.outstanding(unit.tx, caller.id);
    const closed = { ...found, state: input.state };
    const facts = { actionId: closed.id, ownerId: closed.ownerId, requesterId: closed.requesterId ?? '' };
    if (input.state === 'completed') {
      await emit(
        unit,
        closed.ownerId,
        ActionCompletedSchema,
        { ...facts, completedAt: timestampFromDate(at), outstandingActions },
        at,
      );
    } else {
      await emit(
        unit,
        closed.ownerId,
        ActionAbandonedSchema,
        { ...facts, abandonedAt: timestampFromDate(at), outstandingActions },
        at,
      );
    }
    return closed;
  });
}
