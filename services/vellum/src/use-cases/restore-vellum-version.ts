import { Invalid, type Caller } from '@vellum/platform';
import { saveVellumSchema, vellumMessages, type SaveVellumInput } from '@vellum/proto';
import type { VellumContext } from '../context';
import type { VersionRecord } from '../store/version-store';
import type { VellumRecord } from '../store/vellum-store';
import { readVellumVersion } from './read-vellum-version';
import { saveVellum } from './save-vellum';

/**
 * The version as a save's input (the save's own schema: title and document), or why it cannot be saved as it is: a
 * version kept before the document's rules changed may no longer pass.
 */
export function versionAsSave(
  version: Pick<VersionRecord, 'title' | 'body'>,
): { input: SaveVellumInput; problem: null } | { input: null; problem: string } {
  const parsed = saveVellumSchema.safeParse({ title: version.title, text: version.body });
  return parsed.success
    ? { input: parsed.data, problem: null }
    : { input: null, problem: `${vellumMessages.versionNotRestorable}: ${parsed.error.issues[0]!.message}` };
}

/**
 * The owner makes a version the current text through the save: the same schema check, the same event, and the text
 * it replaces kept as a version whatever its age (a restore is never an intermediate state of typing).
 */
export async function restoreVellumVersion(
  ctx: VellumContext,
  caller: Caller,
  input: { id: string; versionId: string },
): Promise<VellumRecord> {
  const version = await readVellumVersion(ctx, caller, input);
  const save = versionAsSave(version);
  if (!save.input) throw new Invalid(save.problem);
  return saveVellum(ctx, caller, { ...save.input, id: input.id, keepReplaced: true });
}
