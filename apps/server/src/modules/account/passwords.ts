import { hash, verify } from '@node-rs/argon2';

// argon2id (algorithm 2) with OWASP's minimum settings: 19 MiB, 2 passes, 1 lane — about 10 ms here.
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password with argon2id. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** How many argon2 verifications this process has run (the login limits' test counts them: at most 5 per attack). */
export const passwordChecks = { n: 0 };

/** Checks a password against a stored argon2 hash; a malformed hash never matches. */
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  passwordChecks.n++;
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
