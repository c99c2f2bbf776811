import type { Caller } from '@vellum/platform';
import { timestampFromDate, VellumMadePrivateSchema, VellumPublishedSchema } from '@vellum/proto';
import type { VellumContext } from '../context';
import { ownedBy } from '../domain/access';
import { emit } from '../events/emit';
import { vellumStore, type VellumRecord } from '../store/vellum-store';

/** The owner publishes the vellum or makes it private; asking for the state it already has changes nothing. */
export async function setVisibility(
  ctx: VellumContext,
  caller: Caller,
  input: { id: string; isPublic: boolean },
): Promise<VellumRecord> {
  const at = ctx.clock();
  const { saved, changed } = await ctx.unitOfWork(async (unit) => {
    const vellum = ownedBy(await vellumStore.lock(unit.tx, input.id), caller);
    // Asking for the state it already has changes nothing and tells nobody.
    const changed = vellum.isPublic !== input.isPublic;
    if (changed) {
      await vellumStore.setPublic(unit.tx, input.id, input.isPublic);
      const facts = { vellumId: vellum.id, ownerId: vellum.ownerId };
      if (input.isPublic) {
        await emit(
          unit,
          vellum.id,
          VellumPublishedSchema,
          { ...facts, title: vellum.title, publishedAt: timestampFromDate(at) },
          at,
        );
      } else {
        await emit(
          unit,
          vellum.id,
          VellumMadePrivateSchema,
          { ...facts, madePrivateAt: timestampFromDate(at) },
          at,
        );
      }
    }
    return { saved: await vellumStore.byId(unit.tx, input.id), changed };
  });
  // A request that changed nothing carried no event, so its unit did not clear this replica's public lists: they are
  // dropped all the same, as after every other write.
  if (!changed) ctx.clearPublicLists();
  return saved!;
}
