import { hash, verify } from '@node-rs/argon2';

/** argon2id parameters (SECURITY.md 2): m = 19456 KiB, t = 2, p = 1. */
export const ARGON2_PARAMS = {
  algorithm: 2 /* Algorithm.Argon2id */,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * How many hashes this process has computed: argon2id is deliberately expensive, so the routes
 * that hash check everything cheap first. Tests read it to prove a refused request cost no hash.
 */
export const hashingStats = { hashes: 0 };

export function hashPassword(password: string): Promise<string> {
  hashingStats.hashes += 1;
  return hash(password, ARGON2_PARAMS);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** True when a stored hash was made with weaker parameters than the current ones. */
export function needsRehash(stored: string): boolean {
  const m = /^\$argon2(id|i|d)\$v=\d+\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(stored);
  if (!m) return true;
  const [, variant, mem, time, par] = m;
  return (
    variant !== 'id' ||
    Number(mem) < ARGON2_PARAMS.memoryCost ||
    Number(time) < ARGON2_PARAMS.timeCost ||
    Number(par) !== ARGON2_PARAMS.parallelism
  );
}

/** A fixed hash to verify against when the user is unknown, so timing does not tell. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('Candeia-dummy-password-1!');
  return dummyHash;
}
