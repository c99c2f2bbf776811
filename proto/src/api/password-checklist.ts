export interface PasswordChecklist {
  /** 8+ characters. The server's sign-up rule asks for more than 8 (see signUpPasswordSchema); the spec keeps both. */
  length: boolean;
  digit: boolean;
  uppercase: boolean;
  /** Anything that is not a letter, a digit or whitespace. */
  special: boolean;
}

/** The sign-up checklist: '8+ characters, a digit, an uppercase letter, a special character'. */
export function passwordChecklist(password: string): PasswordChecklist {
  return {
    length: password.length >= 8,
    digit: /\p{Nd}/u.test(password),
    uppercase: /\p{Lu}/u.test(password),
    special: /[^\p{L}\p{N}\s]/u.test(password),
  };
}
