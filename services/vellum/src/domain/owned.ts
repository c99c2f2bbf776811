import { Forbidden, NotFound, type Caller, type Queryable } from '@vellum/platform';
import { vellumMessages } from '@vellum/proto';
import { vellumStore } from '../store/vellum-store';
import { accessOf } from './access';

/**
 * Locks the vellum for a change by its owner. Someone else's private vellum answers as a missing one (nothing of
 * it leaks); someone else's public one is refused as not theirs.
 */
export async function lockOwned(tx: Queryable, id: string, caller: Caller) {
  const vellum = await vellumStore.lock(tx, id);
  const access = vellum ? accessOf(vellum, caller) : 'none';
  if (!vellum || access === 'none') throw new NotFound(vellumMessages.notFound);
  if (access !== 'owner') throw new Forbidden(vellumMessages.ownerOnly);
  return vellum;
}
