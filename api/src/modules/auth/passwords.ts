// argon2id through @node-rs/argon2 (its default algorithm and parameters: 19 MiB, 2 passes).
import { randomUUID } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

// Checking a password against a real hash takes ~200 ms; answering "no such user" at once would tell
// an attacker which usernames exist. Unknown users (and accounts without a password) are therefore
// checked against this hash of a random string, made once per process.
let dummyHash: Promise<string> | undefined;

/** True only when `passwordHash` exists and matches; always spends one argon2 verification. */
export async function verifyPassword(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  dummyHash ??= hash(randomUUID());
  const target = passwordHash ?? (await dummyHash);
  try {
    const ok = await verify(target, password);
    return ok && passwordHash != null;
  } catch {
    // A malformed stored hash is a failed sign-in, not a server error.
    return false;
  }
}
