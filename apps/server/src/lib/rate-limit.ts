import { lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { rateLimits } from '../db/schema/index.ts';
import { AppError } from './app-error.ts';

/** At most `max` hits in each window of `windowMs`. */
export interface RateRule {
  max: number;
  windowMs: number;
}

export interface RateCount {
  allowed: boolean;
  /** Hits in the current window, this one included. */
  count: number;
  /** How long until the window ends. */
  retryAfterMs: number;
}

/**
 * Counts one hit on `key` in the table all server processes share (decision 015): a fixed window
 * that starts at the first hit, counted with one atomic upsert, so two processes (or two requests)
 * never both take the last place. `now` is the app's clock.
 */
export async function countHit(db: DbOrTx, key: string, rule: RateRule, now: Date): Promise<RateCount> {
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt: new Date(now.getTime() + rule.windowMs) })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.resetAt} <= ${now} THEN 1 ELSE LEAST(${rateLimits.count} + 1, 2147483647) END`,
        resetAt: sql`CASE WHEN ${rateLimits.resetAt} <= ${now} THEN excluded.reset_at ELSE ${rateLimits.resetAt} END`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
  const count = row!.count;
  return { allowed: count <= rule.max, count, retryAfterMs: Math.max(0, row!.resetAt.getTime() - now.getTime()) };
}

/** Counts a hit and refuses it past the limit: a 429 RATE_LIMITED with Retry-After. */
export async function limit(db: DbOrTx, key: string, rule: RateRule, now: Date): Promise<void> {
  const r = await countHit(db, key, rule, now);
  if (!r.allowed) throw new AppError('RATE_LIMITED', undefined, Math.max(1, Math.ceil(r.retryAfterMs / 1000)));
}

/** Deletes the counters whose window has ended. */
export async function sweepRateLimits(db: DbOrTx, now: Date): Promise<number> {
  const res = await db.delete(rateLimits).where(lte(rateLimits.resetAt, now));
  return res.rowCount ?? 0;
}
