import { CREDIT_BALANCE_MAX } from '@candeia/shared/constants';
import type { LedgerEntryDto, LedgerKind } from '@candeia/shared/schemas/billing';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { CREDITS_LOW_MARK } from '@candeia/shared/schemas/notifications';
import { notify } from '../notifications/index.ts';
import * as repo from './repository.ts';
import { PG, pgCode } from '../../lib/pg-errors.ts';

/**
 * Credits (PRODUCT.md "Credits", ENGINEERING.md 8, SECURITY.md 17–20). Every balance change is
 * one SQL statement: `UPDATE credit_accounts … WHERE balance >= n RETURNING` feeding the INSERT
 * of its append-only ledger row, so both happen in one transaction and the row lock lasts one
 * round trip. Every change carries an idempotency key, unique per user: the same key sent again
 * (or concurrently) moves the balance once (a duplicate key undoes the whole statement) and
 * returns the first result.
 */

/** How long a reservation may stay held before the housekeeping job refunds it. */
export const RESERVATION_TTL_MS = 15 * 60_000;

class DuplicateKey extends Error {}

export function toLedgerDto(
  r: Pick<repo.LedgerRow, 'id' | 'delta' | 'balanceAfter' | 'kind' | 'reference' | 'createdAt'>,
): LedgerEntryDto {
  return {
    id: String(r.id),
    delta: r.delta,
    balanceAfter: r.balanceAfter,
    kind: r.kind,
    reference: r.reference,
    createdAt: r.createdAt.toISOString(),
  };
}

/** Every amount is a whole number no larger than a balance may be (decision 010). */
function assertAmount(n: number, what: string, min = 1) {
  if (!Number.isSafeInteger(n) || n < min || n > CREDIT_BALANCE_MAX) throw new Error(`invalid credit ${what}: ${n}`);
}

function isConnectionError(err: unknown): boolean {
  const text = `${(err as Error)?.message ?? ''} ${(err as { code?: string })?.code ?? ''} ${String((err as { cause?: unknown })?.cause ?? '')}`;
  return /ECONNREFUSED|Connection terminated|timeout exceeded when trying to connect|57P01|ETIMEDOUT/.test(text);
}

/** A unique violation: the idempotency key (or reservation key) was taken by another call. */
function isDuplicate(err: unknown): boolean {
  return pgCode(err) === PG.uniqueViolation;
}

/** Our own refusals pass through; a connection failure stays one (503); anything else is CREDITS_FAILED. */
function failure(err: unknown): never {
  if (err instanceof AppError || isConnectionError(err)) throw err;
  const wrapped = new AppError('CREDITS_FAILED');
  (wrapped as Error).cause = err;
  throw wrapped;
}

/**
 * Adds credits. Returns the ledger entry, and whether this call applied it (false: a replay).
 * A balance at CREDIT_BALANCE_MAX takes no more: the entry then records what was really added.
 */
export async function applyGrant(
  db: DbOrTx,
  userId: string,
  amount: number,
  kind: LedgerKind,
  key: string,
  reference: string | null = null,
  at: Date = new Date(),
): Promise<{ entry: LedgerEntryDto; applied: boolean }> {
  assertAmount(amount, 'grant');
  // No look-up first: a key already used makes the statement fail as a whole (nothing moves).
  try {
    const row = await repo.addWithLedger(db, { userId, amount, kind, key, reference, at });
    return { entry: toLedgerDto(row), applied: true };
  } catch (err) {
    if (!isDuplicate(err)) failure(err);
  }
  // Another call with the same key won: answer its entry.
  const winner = await repo.findLedgerByKey(db, userId, key);
  if (!winner) throw new AppError('CREDITS_FAILED');
  return { entry: toLedgerDto(winner), applied: false };
}

/** grant(db, userId, amount, kind, key, reference): adds credits, once per key. */
export async function grant(
  db: DbOrTx,
  userId: string,
  amount: number,
  kind: LedgerKind,
  key: string,
  reference: string | null = null,
  at: Date = new Date(),
): Promise<LedgerEntryDto> {
  return (await applyGrant(db, userId, amount, kind, key, reference, at)).entry;
}

/**
 * spend(db, userId, amount, key, reference): takes credits, once per key. Refused with
 * INSUFFICIENT_CREDITS when the balance is below the amount (SPEC.md §4 "Credits use").
 */
export async function spend(
  db: DbOrTx,
  userId: string,
  amount: number,
  key: string,
  reference: string | null = null,
  at: Date = new Date(),
): Promise<LedgerEntryDto> {
  return spendAs(db, userId, amount, 'spend', key, reference, at);
}

/** spend under another ledger kind ('consultation': a booked session), once per key. */
export async function spendAs(
  db: DbOrTx,
  userId: string,
  amount: number,
  kind: Extract<LedgerKind, 'spend' | 'consultation'>,
  key: string,
  reference: string | null = null,
  at: Date = new Date(),
): Promise<LedgerEntryDto> {
  assertAmount(amount, 'spend');
  const row = await takeOncePerKey(
    () => repo.takeWithLedger(db, { userId, amount, kind, key, reference, at }),
    () => repo.findLedgerByKey(db, userId, key),
  );
  await tellIfLow(db, userId, Number(row.balanceAfter), amount, key, at);
  return toLedgerDto(row);
}

/**
 * Tells the member their balance went under the low mark (CREDITS_LOW_MARK), when this take
 * crossed it: once per take (its key), never again while it stays under.
 */
async function tellIfLow(db: DbOrTx, userId: string, after: number, taken: number, key: string, at: Date) {
  if (after >= CREDITS_LOW_MARK || after + taken < CREDITS_LOW_MARK) return;
  await notify(db, { userId, type: 'credits_low', data: { balance: after }, key: `credits-low:${key}` }, at);
}

/**
 * Takes credits once per key: `take` runs the single guarded statement (null when the balance is
 * short); when it is short or the key was used before (by an earlier or a concurrent call), the
 * key's existing result is the answer; else the balance was short.
 */
async function takeOncePerKey<T>(
  take: () => Promise<T | null | undefined>,
  existing: () => Promise<T | null | undefined>,
): Promise<T> {
  let duplicate = false;
  try {
    const row = await take();
    if (row) return row;
  } catch (err) {
    if (!isDuplicate(err)) failure(err);
    duplicate = true;
  }
  const winner = await existing();
  if (winner) return winner;
  throw new AppError(duplicate ? 'CREDITS_FAILED' : 'INSUFFICIENT_CREDITS');
}

/**
 * reserve(db, userId, amount, key): holds credits for work whose cost is known only at the end
 * (a chat answer). The held amount leaves the balance now (a 'reserve' ledger row); commit or
 * refund settles it. Once per key: the same key returns the same reservation id.
 */
export async function reserve(
  db: DbOrTx,
  userId: string,
  amount: number,
  key: string,
  reference: string | null = null,
  at: Date = new Date(),
): Promise<string> {
  assertAmount(amount, 'reservation');
  const held = await takeOncePerKey<{ id: string; balance: number | null }>(
    () => repo.holdWithLedger(db, { userId, amount, key, reference, at }),
    async () => {
      const id = (await repo.findReservationByKey(db, userId, key))?.id;
      return id ? { id, balance: null } : null;
    },
  );
  if (held.balance !== null) await tellIfLow(db, userId, held.balance, amount, key, at);
  return held.id;
}

export interface Settlement {
  reservationId: string;
  status: 'committed' | 'refunded';
  /** Credits finally taken. */
  charged: number;
  /** Credits given back to the balance. */
  refunded: number;
}

function settlementOf(r: repo.ReservationRow): Settlement {
  const charged = r.status === 'committed' ? (r.actualCost ?? r.amount) : 0;
  return {
    reservationId: r.id,
    status: r.status === 'committed' ? 'committed' : 'refunded',
    charged,
    refunded: r.amount - charged,
  };
}

async function settle(
  db: DbOrTx,
  reservationId: string,
  status: 'committed' | 'refunded',
  cost: number,
  at: Date,
): Promise<Settlement> {
  try {
    const won = await repo.settleWithLedger(db, { id: reservationId, status, cost, at });
    if (won) return settlementOf(won);
    // Settled already (by an earlier or concurrent call): report what happened then.
    const settled = await repo.findReservation(db, reservationId);
    if (!settled) throw new Error(`unknown reservation ${reservationId}`);
    if (settled.status === 'held') throw new Error(`reservation ${reservationId} still held`);
    return settlementOf(settled);
  } catch (err) {
    failure(err);
  }
}

/**
 * commit(db, reservationId, actualCost): takes the actual cost and refunds the difference. The
 * reservation is the most that can be taken: a cost above it is capped at the held amount.
 * Idempotent: a second commit (or a commit after a refund) changes nothing.
 */
export async function commit(db: DbOrTx, reservationId: string, actualCost: number, at: Date = new Date()) {
  assertAmount(actualCost, 'cost', 0);
  return settle(db, reservationId, 'committed', actualCost, at);
}

/** refund(db, reservationId): gives the whole held amount back (an AI failure or timeout). Idempotent. */
export async function refund(db: DbOrTx, reservationId: string, at: Date = new Date()) {
  return settle(db, reservationId, 'refunded', 0, at);
}

/** balance(db, userId): the current balance (0 without an account). */
export function balance(db: DbOrTx, userId: string): Promise<number> {
  return repo.readBalance(db, userId);
}

/**
 * Sets the balance to `value` (the free plan's credits, SPEC.md §4 "credits reset"), as one
 * ledger row with the difference. Once per key.
 */
export async function resetBalance(
  db: DbOrTx,
  userId: string,
  value: number,
  key: string,
  reference: string | null,
  at: Date,
): Promise<void> {
  assertAmount(value, 'reset value', 0);
  if (await repo.findLedgerByKey(db, userId, key)) return;
  try {
    await db.transaction(async (tx) => {
      await repo.ensureAccount(tx, userId);
      const moved = await repo.setBalance(tx, userId, value, at);
      if (!moved) throw new Error('credit account missing');
      if (moved.before === moved.after) return;
      const inserted = await repo.insertLedger(tx, {
        userId,
        delta: moved.after - moved.before,
        balanceAfter: moved.after,
        kind: 'plan_reset',
        idempotencyKey: key,
        reference,
        createdAt: at,
      });
      if (!inserted) throw new DuplicateKey();
    });
  } catch (err) {
    if (!(err instanceof DuplicateKey)) failure(err);
  }
}

/** Refunds reservations held longer than the TTL (a crashed answer); returns how many. */
export async function refundStaleReservations(db: DbOrTx, now: Date): Promise<number> {
  const stale = await repo.staleHeldReservations(db, new Date(now.getTime() - RESERVATION_TTL_MS));
  for (const r of stale) await refund(db, r.id, now);
  return stale.length;
}

const SETTLEMENTS = new Set(['held', 'committed', 'refunded']);

function toHistoryDto(r: repo.HistoryRow): LedgerEntryDto {
  if (!r.reservationId) return toLedgerDto(r);
  // A chat answer's reservation is named by its answer ('chat:<message id>', ChatService).
  const chat = r.reference?.startsWith('chat:') ?? false;
  return {
    id: String(r.id),
    delta: r.delta,
    balanceAfter: r.balanceAfter,
    kind: chat ? 'chat_answer' : 'reservation',
    reference: r.reference,
    createdAt: r.createdAt.toISOString(),
    ...(r.reservationStatus && SETTLEMENTS.has(r.reservationStatus)
      ? { settlement: r.reservationStatus as NonNullable<LedgerEntryDto['settlement']> }
      : {}),
  };
}

/**
 * GET /api/credits/ledger: the credit history. Every ledger row is a line, except a
 * reservation's hold and return, which are one line with what it finally took ("Resposta no
 * chat", its cost); the ledger keeps its rows.
 */
export async function ledgerPage(db: DbOrTx, userId: string, page: number, pageSize: number) {
  const { rows, total } = await repo.historyPage(db, userId, page, pageSize);
  return { items: rows.map(toHistoryDto), total, page, pageSize };
}
