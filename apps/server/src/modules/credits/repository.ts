import { and, eq, lt, sql, type SQL } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { CREDIT_BALANCE_MAX } from '@candeia/shared/constants';
import type { DbOrTx } from '../../db/client.ts';
import { creditAccounts, creditLedger, creditReservations, users } from '../../db/schema/index.ts';

export type LedgerRow = typeof creditLedger.$inferSelect;
export type ReservationRow = typeof creditReservations.$inferSelect;

/**
 * Runs one statement atomically: alone it is its own transaction; inside a caller's
 * transaction it gets a savepoint, so a refused statement (a duplicate key) does not abort
 * the caller's work.
 */
async function atomic<T>(db: DbOrTx, run: (q: DbOrTx) => Promise<T>): Promise<T> {
  return db instanceof PgTransaction ? db.transaction((tx) => run(tx)) : run(db);
}

/** Raw rows carry bigint columns as strings (node-postgres); mapped rows carry numbers. */
type Int8 = string | number;

type RawLedger = {
  id: Int8;
  user_id: string;
  delta: Int8;
  balance_after: Int8;
  kind: string;
  idempotency_key: string;
  reference: string | null;
  created_at: Date | string;
};

function ledgerRow(r: RawLedger): LedgerRow {
  return {
    id: Number(r.id),
    userId: r.user_id,
    delta: Number(r.delta),
    balanceAfter: Number(r.balance_after),
    kind: r.kind,
    idempotencyKey: r.idempotency_key,
    reference: r.reference,
    createdAt: r.created_at instanceof Date ? r.created_at : new Date(r.created_at),
  };
}

const LEDGER_COLUMNS = sql.raw('user_id, delta, balance_after, kind, idempotency_key, reference, created_at');
/** The ceiling of a balance, as SQL (a constant, never user input). */
const BALANCE_MAX = sql.raw(`${CREDIT_BALANCE_MAX}::bigint`);

/**
 * Takes `amount` from the balance and writes its ledger row, in ONE statement:
 * `UPDATE credit_accounts … WHERE user_id = $1 AND balance >= n RETURNING` feeding the ledger
 * INSERT. No row when the balance is short (or there is no account). A key already used throws
 * a unique violation and the whole statement, balance change included, is undone.
 */
export async function takeWithLedger(
  db: DbOrTx,
  v: { userId: string; amount: number; kind: string; key: string; reference: string | null; at: Date },
): Promise<LedgerRow | null> {
  const statement = sql`
    WITH moved AS (
      UPDATE credit_accounts SET balance = balance - ${v.amount}, updated_at = ${v.at}
      WHERE user_id = ${v.userId} AND balance >= ${v.amount}
      RETURNING user_id, balance
    )
    INSERT INTO credit_ledger (${LEDGER_COLUMNS})
    SELECT user_id, ${-v.amount}::bigint, balance, ${v.kind}::text, ${v.key}::text, ${v.reference}::text, ${v.at}::timestamptz
    FROM moved
    RETURNING *`;
  const res = await atomic(db, (q) => q.execute<RawLedger>(statement));
  return res.rows[0] ? ledgerRow(res.rows[0]) : null;
}

/**
 * Adds `amount` and writes its ledger row, in ONE statement (after creating an empty account
 * when there is none). The balance never passes CREDIT_BALANCE_MAX: what would is capped, and
 * the ledger row says what was really added (0 at the ceiling), so balance = sum(ledger) holds.
 * The old balance is read under the row lock the UPDATE takes (as setBalance does).
 */
export async function addWithLedger(
  db: DbOrTx,
  v: { userId: string; amount: number; kind: string; key: string; reference: string | null; at: Date },
): Promise<LedgerRow> {
  const statement = sql`
    WITH old AS (
      SELECT user_id, balance FROM credit_accounts WHERE user_id = ${v.userId} FOR UPDATE
    ), moved AS (
      UPDATE credit_accounts AS a SET balance = LEAST(old.balance + ${v.amount}::bigint, ${BALANCE_MAX}), updated_at = ${v.at}
      FROM old WHERE a.user_id = old.user_id
      RETURNING a.user_id, a.balance, a.balance - old.balance AS added
    )
    INSERT INTO credit_ledger (${LEDGER_COLUMNS})
    SELECT user_id, added, balance, ${v.kind}::text, ${v.key}::text, ${v.reference}::text, ${v.at}::timestamptz
    FROM moved
    RETURNING *`;
  const res = await atomic(db, async (q) => {
    await q.insert(creditAccounts).values({ userId: v.userId, balance: 0, updatedAt: v.at }).onConflictDoNothing();
    return q.execute<RawLedger>(statement);
  });
  return ledgerRow(res.rows[0]!);
}

/**
 * Holds `amount` for a reservation: the balance UPDATE, the reservation row and the ledger row
 * in ONE statement; the reservation and the balance after. Null when the balance is short; a
 * reused key throws a unique violation.
 */
export async function holdWithLedger(
  db: DbOrTx,
  v: { userId: string; amount: number; key: string; reference: string | null; at: Date },
): Promise<{ id: string; balance: number } | null> {
  const statement = sql`
    WITH moved AS (
      UPDATE credit_accounts SET balance = balance - ${v.amount}, updated_at = ${v.at}
      WHERE user_id = ${v.userId} AND balance >= ${v.amount}
      RETURNING user_id, balance
    ), held AS (
      INSERT INTO credit_reservations (user_id, amount, status, idempotency_key, reference, created_at)
      SELECT user_id, ${v.amount}::bigint, 'held', ${v.key}::text, ${v.reference}::text, ${v.at}::timestamptz FROM moved
      RETURNING id
    ), led AS (
      INSERT INTO credit_ledger (${LEDGER_COLUMNS})
      SELECT moved.user_id, ${-v.amount}::bigint, moved.balance, 'reserve', 'reservation:' || held.id,
             coalesce(${v.reference}::text, 'reservation:' || held.id), ${v.at}::timestamptz
      FROM moved, held
      RETURNING id
    )
    SELECT held.id, moved.balance FROM held, moved`;
  const res = await atomic(db, (q) => q.execute<{ id: string; balance: Int8 }>(statement));
  const row = res.rows[0];
  return row ? { id: row.id, balance: Number(row.balance) } : null;
}

/**
 * Settles a held reservation once, in ONE statement: marks it committed (cost capped at the
 * held amount) or refunded, gives the difference back to the balance and writes that ledger
 * row. Null when it was not held (settled already, or unknown).
 */
export async function settleWithLedger(
  db: DbOrTx,
  v: { id: string; status: 'committed' | 'refunded'; cost: number; at: Date },
): Promise<ReservationRow | null> {
  const statement = sql`
    WITH won AS (
      UPDATE credit_reservations SET status = ${v.status}, actual_cost = LEAST(${v.cost}::bigint, amount), settled_at = ${v.at}
      WHERE id = ${v.id} AND status = 'held'
      RETURNING *
    ), moved AS (
      UPDATE credit_accounts a SET balance = a.balance + (won.amount - won.actual_cost), updated_at = ${v.at}
      FROM won WHERE a.user_id = won.user_id AND won.amount > won.actual_cost
      RETURNING a.balance, won.id, won.user_id, won.amount - won.actual_cost AS back, won.reference
    ), led AS (
      INSERT INTO credit_ledger (${LEDGER_COLUMNS})
      SELECT user_id, back, balance, 'reserve_refund', 'reservation-refund:' || id,
             coalesce(reference, 'reservation:' || id), ${v.at}::timestamptz
      FROM moved
      RETURNING id
    )
    SELECT * FROM won`;
  const res = await atomic(db, (q) =>
    q.execute<{
      id: string;
      user_id: string;
      amount: Int8;
      actual_cost: Int8 | null;
      status: string;
      idempotency_key: string;
      reference: string | null;
      created_at: Date;
      settled_at: Date | null;
    }>(statement),
  );
  const r = res.rows[0];
  if (!r) return null;
  return {
    id: r.id,
    userId: r.user_id,
    amount: Number(r.amount),
    actualCost: r.actual_cost === null ? null : Number(r.actual_cost),
    status: r.status,
    idempotencyKey: r.idempotency_key,
    reference: r.reference,
    createdAt: r.created_at,
    settledAt: r.settled_at,
  };
}

/** The id and e-mail of a user, when there is one. */
export function findUserEmail(db: DbOrTx, userId: string) {
  return db.query.users.findFirst({ where: eq(users.id, userId), columns: { id: true, email: true } });
}

export function ensureAccount(db: DbOrTx, userId: string) {
  return db.insert(creditAccounts).values({ userId, balance: 0 }).onConflictDoNothing();
}

/** Sets the balance to `value` in one statement; returns the balance before and after. */
export async function setBalance(
  db: DbOrTx,
  userId: string,
  value: number,
  at: Date,
): Promise<{ before: number; after: number } | null> {
  const res = await db.execute<{ before: Int8; after: Int8 }>(sql`
    UPDATE credit_accounts AS a SET balance = ${value}, updated_at = ${at}
    FROM (SELECT balance FROM credit_accounts WHERE user_id = ${userId} FOR UPDATE) AS old
    WHERE a.user_id = ${userId}
    RETURNING old.balance AS before, a.balance AS after`);
  const row = res.rows[0];
  return row ? { before: Number(row.before), after: Number(row.after) } : null;
}

/** Inserts a ledger row unless the (user, key) pair exists; null on a duplicate key. */
export async function insertLedger(db: DbOrTx, values: typeof creditLedger.$inferInsert): Promise<LedgerRow | null> {
  const [row] = await db.insert(creditLedger).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function findLedgerByKey(db: DbOrTx, userId: string, key: string): Promise<LedgerRow | null> {
  const [row] = await db
    .select()
    .from(creditLedger)
    .where(and(eq(creditLedger.userId, userId), eq(creditLedger.idempotencyKey, key)));
  return row ?? null;
}

export async function readBalance(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ balance: creditAccounts.balance })
    .from(creditAccounts)
    .where(eq(creditAccounts.userId, userId));
  return row?.balance ?? 0;
}

/** One line of the credit history: a ledger row, or a reservation's rows taken together. */
export interface HistoryRow {
  /** The id of the group's last ledger row. */
  id: number;
  delta: number;
  balanceAfter: number;
  kind: string;
  reference: string | null;
  createdAt: Date;
  /** The reservation the rows belong to (its hold and the return of what was not used). */
  reservationId: string | null;
  reservationStatus: string | null;
}

/**
 * Which history line a ledger row belongs to: a reservation's hold ('reservation:<id>') and its
 * return ('reservation-refund:<id>') share the reservation's id; any other row is a line alone.
 */
const HISTORY_GROUP = sql.raw(`coalesce(
  CASE WHEN kind = 'reserve' AND idempotency_key LIKE 'reservation:%' THEN substr(idempotency_key, 13)
       WHEN kind = 'reserve_refund' AND idempotency_key LIKE 'reservation-refund:%' THEN substr(idempotency_key, 20)
  END, 'row:' || id::text)`);

/**
 * The credit history, newest first: the ledger with each reservation's rows (the hold and the
 * return) as one line whose amount is what the reservation finally took. The ledger itself is
 * unchanged; lines are ordered by their last row, and show the balance after it.
 */
export async function historyPage(db: DbOrTx, userId: string, page: number, pageSize: number) {
  const [res, totalRes] = await Promise.all([
    db.execute<{
      id: Int8;
      delta: Int8;
      balance_after: Int8;
      kind: string;
      reference: string | null;
      created_at: Date | string;
      grp: string;
      reservation_status: string | null;
    }>(sql`
      WITH grouped AS (
        SELECT ${HISTORY_GROUP} AS grp,
               max(id) AS id,
               sum(delta) AS delta,
               (array_agg(balance_after ORDER BY id DESC))[1] AS balance_after,
               (array_agg(kind ORDER BY id))[1] AS kind,
               (array_agg(reference ORDER BY id))[1] AS reference,
               max(created_at) AS created_at
        FROM credit_ledger
        WHERE user_id = ${userId}
        GROUP BY 1
      )
      SELECT g.*, r.status AS reservation_status
      FROM grouped g
      LEFT JOIN credit_reservations r ON r.user_id = ${userId} AND r.id::text = g.grp
      ORDER BY g.id DESC
      LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`),
    db.execute<{ n: Int8 }>(sql`
      SELECT count(DISTINCT ${HISTORY_GROUP}) AS n FROM credit_ledger WHERE user_id = ${userId}`),
  ]);
  const rows: HistoryRow[] = res.rows.map((r) => ({
    id: Number(r.id),
    delta: Number(r.delta),
    balanceAfter: Number(r.balance_after),
    kind: r.kind,
    reference: r.reference,
    createdAt: r.created_at instanceof Date ? r.created_at : new Date(r.created_at),
    reservationId: r.grp.startsWith('row:') ? null : r.grp,
    reservationStatus: r.reservation_status,
  }));
  return { rows, total: Number(totalRes.rows[0]?.n ?? 0) };
}

export async function findReservationByKey(db: DbOrTx, userId: string, key: string): Promise<ReservationRow | null> {
  const [row] = await db
    .select()
    .from(creditReservations)
    .where(and(eq(creditReservations.userId, userId), eq(creditReservations.idempotencyKey, key)));
  return row ?? null;
}

export async function findReservation(db: DbOrTx, id: string): Promise<ReservationRow | null> {
  const where: SQL = eq(creditReservations.id, id);
  const [row] = await db.select().from(creditReservations).where(where);
  return row ?? null;
}

export function staleHeldReservations(db: DbOrTx, before: Date, limit = 100) {
  return db
    .select({ id: creditReservations.id })
    .from(creditReservations)
    .where(and(eq(creditReservations.status, 'held'), lt(creditReservations.createdAt, before)))
    .limit(limit);
}
