import { randomUUID } from 'node:crypto';
import { refuseDeleted, type Caller } from '@vellum/platform';
import { actionMessages, ActionCreatedSchema, timestampFromDate, type NewActionInput } from '@vellum/proto';
import type { ActionContext } from '../context';
import { eventPriority } from '../domain/priority';
import { emit } from '../events/emit';
import { actionStore, type ActionRecord } from '../store/action-store';
import { SCHEMA } from '../store/migrations';

/** The caller puts an action on their own list; a caller whose account was deleted is Not Found. */
export async function createAction(
  ctx: ActionContext,
  caller: Caller,
  input: NewActionInput,
): Promise<ActionRecord> {
  return ctx.unitOfWork(async (unit) => {
    await refuseDeleted(unit.tx, SCHEMA, [caller.id], actionMessages.notFound);
    await actionStore.lockList(unit.tx, caller.id);
    const created = await actionStore.insert(unit.tx, {
      id: randomUUID(),
      ownerId: caller.id,
      text: input.text,
      priority: input.priority,
      createdAt: ctx.clock(),
    });
    await emit(
      unit,
      created.ownerId,
      ActionCreatedSchema,
      {
        actionId: created.id,
        ownerId: created.ownerId,
        priority: eventPriority[created.priority],
        createdAt: timestampFromDate(created.createdAt),
        outstandingActions: await actionStore.outstanding(unit.tx, caller.id),
      },
      created.createdAt,
    );
    return created;
  });
}
