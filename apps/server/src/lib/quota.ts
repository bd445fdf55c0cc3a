import { sql } from 'drizzle-orm';
import type { ErrorCode } from '@candeia/shared/errors';
import type { Tx } from '../db/client.ts';
import { AppError } from './app-error.ts';

export interface Quota {
  /** What is counted: names the lock, e.g. 'notes'. */
  name: string;
  userId: string;
  limit: number;
  /** The refusal once the account holds `limit` items. */
  code: ErrorCode;
  /** How many the account holds now, counted inside the transaction. */
  count: () => Promise<number>;
}

/**
 * A per-account limit on stored items (constants.ts), race-safe: inside the caller's transaction
 * it takes an advisory lock on (kind, user), held until commit, then counts. Every creation of
 * that kind for that user counts and inserts under the same lock, one after the other, so
 * parallel requests cannot pass the limit; other users and other kinds are never held up.
 * Deleting needs no lock (it only makes room).
 */
export async function checkQuota(tx: Tx, q: Quota): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`candeia.quota.${q.name}`}), hashtext(${q.userId}))`);
  if ((await q.count()) >= q.limit) throw new AppError(q.code);
}
