import argon2 from 'argon2';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
}

/** OWASP's argon2id baseline: 19 MiB of memory, 2 passes, 1 lane. */
export const ARGON2_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19 * 1024,
  timeCost: 2,
  parallelism: 1,
} as const;

export function createArgon2Hasher(options: Partial<typeof ARGON2_OPTIONS> = {}): PasswordHasher {
  const settings = { ...ARGON2_OPTIONS, ...options };
  // Verifying against this when no account matches keeps a wrong email as slow as a wrong password.
  const decoy = argon2.hash('decoy password that matches nothing', settings);
  return {
    hash: (password) => argon2.hash(password, settings),
    async verify(hash, password) {
      try {
        return await argon2.verify(hash || (await decoy), password);
      } catch {
        return false;
      }
    },
  };
}
