import type { Caller } from '@vellum/platform';
import { usernameSchema } from '@vellum/proto';
import type { IdentityContext } from '../context';
import { cirrusStore } from '../store/cirrus-store';

/** Whether sign-up may take `username`: a valid username nobody has (in any case); an invalid one is not. */
export async function checkUsername(
  ctx: IdentityContext,
  _visitor: Caller | undefined,
  input: { username: string },
): Promise<boolean> {
  const parsed = usernameSchema.safeParse(input.username);
  return parsed.success && !(await cirrusStore.byUsername(ctx.db, parsed.data));
}
