import type { Caller } from '@vellum/platform';
import { timestampFromDate, VellumUpdatedSchema, type SaveVellumInput } from '@vellum/proto';
import type { VellumContext } from '../context';
import { ownedBy } from '../domain/access';
import { storedBody } from '../domain/document';
import { emit } from '../events/emit';
import { vellumStore, type VellumRecord } from '../store/vellum-store';

/** The owner saves a new title and, when given, a new body (`''` empties it); the vellum is no longer new. */
export async function saveVellum(
  ctx: VellumContext,
  caller: Caller,
  input: SaveVellumInput & { id: string },
): Promise<VellumRecord> {
  const at = ctx.clock();
  const saved = await ctx.unitOfWork(async (unit) => {
    const vellum = ownedBy(await vellumStore.lock(unit.tx, input.id), caller);
    const body = input.text === undefined ? undefined : storedBody(input.text);
    await vellumStore.save(unit.tx, input.id, { title: input.title, body, at });
    await emit(
      unit,
      vellum.id,
      VellumUpdatedSchema,
      {
        vellumId: vellum.id,
        ownerId: vellum.ownerId,
        title: input.title,
        isPublic: vellum.isPublic,
        editedAt: timestampFromDate(at),
      },
      at,
    );
    return vellumStore.byId(unit.tx, input.id);
  });
  return saved!;
}
