/**
 * bench/credits: credit spends per second through the real credits service (one
 * `UPDATE … WHERE balance >= n RETURNING` plus its ledger row, in one transaction) with 100
 * concurrent clients on a pool of 20 connections, against real PostgreSQL:
 *   - one balance shared by every client (every spend waits for the row lock),
 *   - one balance per client (no contention),
 * each compared in the same run with its reference: the bare balance UPDATE alone (no
 * transaction, no ledger, no idempotency). Afterwards it checks the invariant of SECURITY.md 19:
 * every balance = sum(ledger). Uses DATABASE_URL's server (else 127.0.0.1:5432) in a scratch
 * database that it drops at the end.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase, type Database } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { users } from '../apps/server/src/db/schema/index.ts';
import { seedPlans } from '../apps/server/src/modules/billing/seed.ts';
import { balance, grant, spend } from '../apps/server/src/modules/credits/service.ts';
import { printTable, writeResult } from './lib.ts';

const CLIENTS = 100;
const POOL = 20;

interface Row {
  name: string;
  spendsPerSec: number;
  p50ms: number;
  p95ms: number;
  ops: number;
  refused: number;
  errors: number;
  ratioToReference?: number;
}

const pct = (sorted: number[], p: number) =>
  sorted.length ? +sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!.toFixed(2) : 0;

/** CLIENTS loops calling `op(client, i)` until the time is up; latency of every call. */
async function run(name: string, seconds: number, op: (client: number, i: number) => Promise<void>): Promise<Row> {
  const latencies: number[] = [];
  let refused = 0;
  let errors = 0;
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      for (let i = 0; performance.now() < deadline; i++) {
        const t0 = performance.now();
        try {
          await op(client, i);
          latencies.push(performance.now() - t0);
        } catch (err) {
          if ((err as { code?: string }).code === 'INSUFFICIENT_CREDITS') refused += 1;
          else {
            errors += 1;
            if (errors === 1) console.error(name, err);
          }
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    name,
    spendsPerSec: Math.round(latencies.length / elapsed),
    p50ms: pct(latencies, 50),
    p95ms: pct(latencies, 95),
    ops: latencies.length,
    refused,
    errors,
  };
}

async function makeUsers(database: Database, n: number): Promise<string[]> {
  const rows = await database.db
    .insert(users)
    .values(
      Array.from({ length: n }, (_, i) => ({
        email: `bench-${i}-${randomBytes(4).toString('hex')}@example.com`,
        passwordHash: 'not-a-login',
        firstName: 'Bench',
        lastName: String(i),
        referralCode: `REF-${randomBytes(4).toString('hex').toUpperCase()}`,
      })),
    )
    .returning({ id: users.id });
  return rows.map((r) => r.id);
}

export async function benchCredits(opts: { seconds?: number } = {}) {
  const seconds = opts.seconds ?? Number(process.env.BENCH_SECONDS ?? 10);
  const server = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const scratch = `candeia_bench_credits_${process.pid}`;
  const adminUrl = new URL(server);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${scratch}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${scratch}"`);
  const url = new URL(server);
  url.pathname = `/${scratch}`;
  const database = createDatabase(url.toString(), POOL);
  try {
    await runMigrations(database.db);
    await seedPlans(database.db);
    const db = database.db;
    const [shared, ...many] = await makeUsers(database, CLIENTS + 1);
    const START = 50_000_000;
    for (const id of [shared!, ...many]) await grant(db, id, START, 'admin_grant', 'bench-start');
    const run1 = randomBytes(3).toString('hex');

    const oneRef = await run('reference: bare UPDATE, one balance', seconds, async () => {
      await database.pool.query(
        'UPDATE credit_accounts SET balance = balance - 1 WHERE user_id = $1 AND balance >= 1',
        [shared],
      );
    });
    // The reference moved the balance without the ledger: put the ledger back in step.
    const drift = START - (await balance(db, shared!));
    if (drift > 0)
      await database.pool.query('UPDATE credit_accounts SET balance = balance + $2 WHERE user_id = $1', [
        shared,
        drift,
      ]);

    const one = await run('spend(1): one balance, 100 clients', seconds, (c, i) =>
      spend(db, shared!, 1, `b1-${run1}-${c}-${i}`, 'bench').then(() => undefined),
    );
    const manyRef = await run('reference: bare UPDATE, 100 balances', seconds, async (c) => {
      await database.pool.query(
        'UPDATE credit_accounts SET balance = balance - 1 WHERE user_id = $1 AND balance >= 1',
        [many[c]],
      );
    });
    for (const id of many) {
      const d = START - (await balance(db, id));
      if (d > 0)
        await database.pool.query('UPDATE credit_accounts SET balance = balance + $2 WHERE user_id = $1', [id, d]);
    }
    const spread = await run('spend(1): 100 balances, 100 clients', seconds, (c, i) =>
      spend(db, many[c]!, 1, `bn-${run1}-${i}`, 'bench').then(() => undefined),
    );
    one.ratioToReference = +(one.spendsPerSec / oneRef.spendsPerSec).toFixed(2);
    spread.ratioToReference = +(spread.spendsPerSec / manyRef.spendsPerSec).toFixed(2);
    oneRef.ratioToReference = 1;
    manyRef.ratioToReference = 1;
    const rows = [one, oneRef, spread, manyRef];

    // SECURITY.md 19 after load: every balance equals the sum of its ledger.
    const { rows: bad } = await database.pool.query(`
      SELECT a.user_id FROM credit_accounts a
      LEFT JOIN (SELECT user_id, sum(delta)::bigint AS total FROM credit_ledger GROUP BY user_id) l ON l.user_id = a.user_id
      WHERE a.balance <> coalesce(l.total, 0)`);
    const { rows: counts } = await database.pool.query<{ n: string }>(
      "SELECT count(*) AS n FROM credit_ledger WHERE kind = 'spend'",
    );
    const invariant = { accountsChecked: CLIENTS + 1, mismatched: bad.length, spendRows: Number(counts[0]!.n) };
    printTable(
      `Credit spends (${seconds} s each, ${CLIENTS} clients, pool of ${POOL}, PostgreSQL on loopback)`,
      rows.map((r) => ({ ...r })),
    );
    printTable('Invariant after load: balance = sum(ledger)', [
      { ...invariant, holds: String(bad.length === 0 && invariant.spendRows === one.ops + spread.ops) },
    ]);
    const file = writeResult('credits', { seconds, clients: CLIENTS, pool: POOL, rows, invariant });
    console.log(`written ${file}`);
    if (bad.length > 0) throw new Error(`balance != sum(ledger) for ${bad.length} accounts`);
    return { rows, invariant };
  } finally {
    await database.close();
    await admin.query(`DROP DATABASE IF EXISTS "${scratch}" WITH (FORCE)`);
    await admin.end();
  }
}
