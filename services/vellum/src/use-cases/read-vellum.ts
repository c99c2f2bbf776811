import type { Caller } from '@vellum/platform';
import type { VellumContext } from '../context';
import { accessOf, isVellumId, type Access } from '../domain/access';
import { vellumStore, type VellumRecord } from '../store/vellum-store';

/**
 * The vellum a caller may read (anyone a public one, the owner their own), with what they may do with it. A
 * missing vellum, an id that cannot name one and someone else's private one all answer `null` alike.
 */
export async function readVellum(
  ctx: VellumContext,
  caller: Caller | undefined,
  input: { id: string },
): Promise<{ vellum: VellumRecord; access: Exclude<Access, 'none'> } | null> {
  const vellum = isVellumId(input.id) ? await vellumStore.byId(ctx.db, input.id) : null;
  const access = vellum ? accessOf(vellum, caller) : 'none';
  return vellum && access !== 'none' ? { vellum, access } : null;
}
