import type { Caller } from '@vellum/platform';
import type { VellumContext } from '../context';
import { vellumStore, type VellumSummary } from '../store/vellum-store';

/**
 * The Hall's feed: the newest public vellums of the cirri the caller follows, newest edited first. Only public
 * ones, whoever asks: following someone shows nothing of theirs that a visitor could not read.
 */
export async function listFollowedVellums(
  ctx: VellumContext,
  caller: Caller,
  input: { limit: number },
): Promise<VellumSummary[]> {
  return vellumStore.followedPublic(ctx.db, caller.id, input.limit);
}
