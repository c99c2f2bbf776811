import type { Caller } from '@vellum/platform';
import { timestampFromDate, VellumDeletedSchema } from '@vellum/proto';
import type { VellumContext } from '../context';
import { ownedBy } from '../domain/access';
import { emit } from '../events/emit';
import { vellumStore } from '../store/vellum-store';

/** The owner deletes the vellum; its ratings go with it. */
export async function deleteVellum(ctx: VellumContext, caller: Caller, input: { id: string }): Promise<void> {
  const at = ctx.clock();
  await ctx.unitOfWork(async (unit) => {
    const vellum = ownedBy(await vellumStore.lock(unit.tx, input.id), caller);
    await vellumStore.remove(unit.tx, input.id);
    await emit(
      unit,
      vellum.id,
      VellumDeletedSchema,
      {
        vellumId: vellum.id,
        ownerId: vellum.ownerId,
        wasPublic: vellum.isPublic,
        deletedAt: timestampFromDate(at),
      },
      at,
    );
  });
}
