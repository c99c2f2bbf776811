import { randomUUID } from 'node:crypto';
import { refuseDeleted, type Caller } from '@vellum/platform';
import { timestampFromDate, vellumMessages, VellumCreatedSchema, type NewVellumInput } from '@vellum/proto';
import type { VellumContext } from '../context';
import { storedBody } from '../domain/document';
import { authors } from '../events/authors';
import { emit } from '../events/emit';
import { SCHEMA } from '../store/migrations';
import { vellumStore, type VellumRecord } from '../store/vellum-store';

/**
 * A new private vellum of the caller's; its author is recorded from the caller if identity has not told yet. A caller
 * whose account was deleted (its assertion still valid) is Not Found and writes nothing.
 */
export async function createVellum(
  ctx: VellumContext,
  caller: Caller,
  input: NewVellumInput,
): Promise<VellumRecord> {
  const body = storedBody(input.text);
  const id = randomUUID();
  const at = ctx.clock();
  const saved = await ctx.unitOfWork(async (unit) => {
    await refuseDeleted(unit.tx, SCHEMA, [caller.id], vellumMessages.notFound);
    await authors.remember(unit.tx, caller);
    await vellumStore.insert(unit.tx, {
      id,
      ownerId: caller.id,
      title: input.title,
      body: body.json,
      bodyText: body.text,
      at,
    });
    await emit(
      unit,
      id,
      VellumCreatedSchema,
      {
        vellumId: id,
        ownerId: caller.id,
        title: input.title,
        isPublic: false,
        createdAt: timestampFromDate(at),
      },
      at,
    );
    return vellumStore.byId(unit.tx, id);
  });
  return saved!;
}
