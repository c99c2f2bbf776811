import { Forbidden, Invalid, NotFound, type Caller } from '@vellum/platform';
import { actionMessages, isActionId } from '@vellum/proto';

/** The caller, when the list of `username` is theirs: only the owner sees their actions. */
export function listOwner(caller: Caller, username: string): Caller {
  if (caller.username.toLowerCase() !== username.toLowerCase()) throw new Forbidden(actionMessages.ownerOnly);
  return caller;
}

/** An action id from the path; anything that cannot be one is a missing action. */
export function actionIdOf(value: string): string {
  if (!isActionId(value)) throw new NotFound(actionMessages.notFound);
  return value.toLowerCase();
}

/** The owner's action; someone else's answers as a missing one (nothing of it leaks). */
export function ownAction<A>(action: A | null): A {
  if (!action) throw new NotFound(actionMessages.notFound);
  return action;
}

/** A request goes to someone else: nobody sends one to themselves. */
export function requestRecipientId(sender: Caller, forCirrusI: string): string {
  if (forCirrusI === sender.id) throw new Invalid(actionMessages.notYourself);
  return forCirrusI;
}

/** Whether someone follows the sender is social's word; anyone else, known or not, gets the same answer. */
export function followerOf<C>(recipient: C | null, follows: boolean): C {
  if (!recipient || !follows) throw new Forbidden(actionMessages.followersOnly);
  return recipient;
}
