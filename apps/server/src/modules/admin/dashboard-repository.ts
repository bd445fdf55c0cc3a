import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/**
 * The dashboard's SQL (decision 028): every series is the days of the range from
 * `generate_series`, each joined with the rows whose moment falls on it in the reader's zone, so
 * a day with nothing is a 0, never a gap.
 */

export interface Range {
  /** yyyy-mm-dd, first and last day in `tz`. */
  first: string;
  last: string;
  /** The first day's midnight and the day after the last's, as moments. */
  start: Date;
  end: Date;
  tz: string;
}

/** The range of `days` days ending today (at `now`) in `tz`. Throws PostgreSQL's 22023 for an unknown zone. */
export async function rangeOf(db: DbOrTx, now: Date, days: number, tz: string): Promise<Range> {
  const res = await db.execute(sql`
    WITH d AS (SELECT (${now}::timestamptz AT TIME ZONE ${tz})::date AS today)
    SELECT (today - ${days - 1}::int)::text AS first, today::text AS last,
           ((today - ${days - 1}::int)::timestamp AT TIME ZONE ${tz}) AS start,
           ((today + 1)::timestamp AT TIME ZONE ${tz}) AS "end"
    FROM d`);
  const row = res.rows[0] as { first: string; last: string; start: Date | string; end: Date | string };
  return { first: row.first, last: row.last, start: new Date(row.start), end: new Date(row.end), tz };
}

/** The days of the range, in order. */
export async function daysOf(db: DbOrTx, r: Range): Promise<string[]> {
  const res = await db.execute(
    sql`SELECT d::date::text AS day FROM generate_series(${r.first}::date, ${r.last}::date, interval '1 day') d ORDER BY 1`,
  );
  return (res.rows as { day: string }[]).map((x) => x.day);
}

/**
 * Per day of the range: the sum of `v` over the rows of `inner` (columns `at` timestamptz, `v`
 * numeric, `k` text: a key to split by, or '' for one series). `inner` limits itself to the range.
 */
async function daily(db: DbOrTx, r: Range, inner: SQL): Promise<{ day: string; k: string; n: number }[]> {
  const res = await db.execute(sql`
    WITH days AS (SELECT d::date AS day FROM generate_series(${r.first}::date, ${r.last}::date, interval '1 day') d),
    x AS (${inner})
    SELECT days.day::text AS day, coalesce(x.k, '') AS k, coalesce(sum(x.v), 0)::bigint AS n
    FROM days LEFT JOIN x ON (x.at AT TIME ZONE ${r.tz})::date = days.day
    GROUP BY days.day, x.k ORDER BY days.day, k`);
  return (res.rows as { day: string; k: string; n: string | number }[]).map((x) => ({ ...x, n: Number(x.n) }));
}

/** One series (no key): its values in day order. */
async function one(db: DbOrTx, r: Range, inner: SQL): Promise<number[]> {
  return (await daily(db, r, inner)).map((x) => x.n);
}

const within = (col: SQL, r: Range) => sql`${col} >= ${r.start} AND ${col} < ${r.end}`;

/** Accounts created (deleted ones included: they joined that day). */
export const newMembers = (db: DbOrTx, r: Range) =>
  one(db, r, sql`SELECT created_at AS at, 1 AS v, '' AS k FROM users WHERE ${within(sql`created_at`, r)}`);

/** Trials granted: the ledger's 'trial' rows (kept when an account is deleted). */
export const trialsStarted = (db: DbOrTx, r: Range) =>
  one(
    db,
    r,
    sql`SELECT created_at AS at, 1 AS v, '' AS k FROM credit_ledger WHERE kind = 'trial' AND ${within(sql`created_at`, r)}`,
  );

/** First payments: every member starts on the trial, so a first payment is a conversion. */
export const trialsConverted = (db: DbOrTx, r: Range) =>
  one(
    db,
    r,
    sql`SELECT first_payment_at AS at, 1 AS v, '' AS k FROM users
        WHERE first_payment_at IS NOT NULL AND ${within(sql`first_payment_at`, r)}`,
  );

/** Credits spent, net of what was given back: answers (held, then settled), spends, consultations. */
export const creditsSpent = (db: DbOrTx, r: Range) =>
  one(
    db,
    r,
    sql`SELECT created_at AS at, -delta AS v, '' AS k FROM credit_ledger
        WHERE kind IN ('spend', 'reserve', 'reserve_refund', 'consultation', 'consultation_refund')
          AND ${within(sql`created_at`, r)}`,
  );

/** The guide's answers written (an answer of a conversation since deleted is no longer counted). */
export const chatAnswers = (db: DbOrTx, r: Range) =>
  one(
    db,
    r,
    sql`SELECT created_at AS at, 1 AS v, '' AS k FROM chat_messages
        WHERE role = 'assistant' AND kind = 'answer' AND status IN ('done', 'stopped') AND ${within(sql`created_at`, r)}`,
  );

/** Community posts written (held, hidden and removed ones included). */
export const posts = (db: DbOrTx, r: Range) =>
  one(db, r, sql`SELECT created_at AS at, 1 AS v, '' AS k FROM community_posts WHERE ${within(sql`created_at`, r)}`);

/** Money in, per currency: plan checkouts completed and donations paid, in minor units. */
export async function revenue(db: DbOrTx, r: Range) {
  const [subs, gifts] = await Promise.all([
    daily(
      db,
      r,
      sql`SELECT completed_at AS at, amount_cents AS v, currency AS k FROM checkout_sessions
          WHERE kind = 'subscription' AND status = 'complete' AND completed_at IS NOT NULL
            AND ${within(sql`completed_at`, r)}`,
    ),
    daily(
      db,
      r,
      sql`SELECT paid_at AS at, amount_cents AS v, currency AS k FROM donations
          WHERE status = 'paid' AND paid_at IS NOT NULL AND ${within(sql`paid_at`, r)}`,
    ),
  ]);
  return { subs, gifts };
}

/**
 * Paid subscriptions active at the end of each day, per plan: created before the day ended and
 * not ended by then (never-paid 'incomplete' ones left out).
 */
export async function activeByPlan(db: DbOrTx, r: Range) {
  const res = await db.execute(sql`
    WITH days AS (SELECT d::date AS day FROM generate_series(${r.first}::date, ${r.last}::date, interval '1 day') d)
    SELECT days.day::text AS day, p.id AS "planId", p.name, p.monthly_price_cents AS price, count(ps.id)::int AS n
    FROM days CROSS JOIN subscription_plans p
    LEFT JOIN provider_subscriptions ps ON ps.plan_id = p.id
      AND ps.status NOT IN ('incomplete', 'incomplete_expired')
      AND ps.created_at < ((days.day + 1)::timestamp AT TIME ZONE ${r.tz})
      AND (ps.ended_at IS NULL OR ps.ended_at >= ((days.day + 1)::timestamp AT TIME ZONE ${r.tz}))
    GROUP BY days.day, p.id, p.name, p.monthly_price_cents
    ORDER BY p.monthly_price_cents, p.name, days.day`);
  return res.rows as { day: string; planId: string; name: string; price: number; n: number }[];
}
