import { Forbidden, NotFound, Unauthenticated, type Caller } from '@vellum/platform';
import { actionMessages, isActionId } from '@vellum/proto';

/** The signed-in caller; a visitor is refused. */
export function signedIn(caller: Caller | undefined): Caller {
  if (!caller) throw new Unauthenticated(actionMessages.signIn);
  return caller;
}

/** The caller, when the list of `username` is theirs: only the owner sees their actions. */
export function listOwner(caller: Caller | undefined, username: string): Caller {
  const owner = signedIn(caller);
  if (owner.username.toLowerCase() !== username.toLowerCase()) throw new Forbidden(actionMessages.ownerOnly);
  return owner;
}

/** An action id from the path; anything that cannot be one is a missing action. */
export function actionIdOf(value: string): string {
  if (!isActionId(value)) throw new NotFound(actionMessages.notFound);
  return value.toLowerCase();
}
