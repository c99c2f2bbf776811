import type { VellumContext } from '../context';
import { CREATORS_SIZE } from '../domain/listing';
import { vellumStore } from '../store/vellum-store';

/** The creators: authors with the most public vellums, then the most recently active. */
export function listCreators(ctx: VellumContext) {
  return vellumStore.creators(ctx.db, CREATORS_SIZE);
}
