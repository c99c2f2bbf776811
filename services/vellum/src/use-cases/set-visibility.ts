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
  const saved = await ctx.db.transaction(async (tx) => {
    const vellum = ownedBy(await vellumStore.lock(tx, input.id), caller);
    // Asking for the state it already has changes nothing and tells nobody.
    if (vellum.isPublic !== input.isPublic) {
      await vellumStore.setPublic(tx, input.id, input.isPublic);
      const facts = { vellumId: vellum.id, ownerId: vellum.ownerId };
      if (input.isPublic) {
        await emit(
          tx,
          vellum.id,
          VellumPublishedSchema,
          { ...facts, title: vellum.title, publishedAt: timestampFromDate(at) },
          at,
        );
      } else {
        await emit(
          tx,
          vellum.id,
          VellumMadePrivateSchema,
          { ...facts, madePrivateAt: timestampFromDate(at) },
          at,
        );
      }
    }
    return vellumStore.byId(tx, input.id);
  });
  ctx.wakeOutbox();
  return saved!;
}
