import { randomBytes, randomUUID } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { CREDIT_BALANCE_MAX, CREDIT_GRANT_MAX, DAY_MS, SUPPORTED_LOCALES, TRIAL_DAYS } from '@candeia/shared/constants';
import { translate } from '@candeia/shared/i18n/server';
import { TRIAL_CREDITS } from '@candeia/shared/schemas/billing';
import { createDatabase } from '../src/db/client.ts';
import { MIGRATIONS_DIR } from '../src/db/migrate.ts';
import { billingHousekeeping } from '../src/modules/billing/housekeeping.ts';
import { balance, commit, grant, refund, reserve, spend } from '../src/modules/credits/service.ts';
import { createTestApp } from './support/app.ts';
import { balanceOf, expectLedgerInvariant, planBySlug, state, subscribeLocally } from './support/billing.ts';
import { insertUser } from './support/factories.ts';

/** Decision 010: credit balances and ledger amounts are 64-bit, exact JS numbers up to CREDIT_BALANCE_MAX. */

const t = await createTestApp();
const db = t.database.db;
afterAll(async () => t.close());
afterEach(async () => expectLedgerInvariant(t));

const TWO_31 = 2 ** 31;

describe('migration 0004: the credit columns become bigint and every row is kept', () => {
  const base = inject('pgUrlTemplate');
  const name = `candeia_t_${process.ppid}_mig_${randomBytes(4).toString('hex')}`;
  const url = (() => {
    const u = new URL(base);
    u.pathname = `/${name}`;
    return u.toString();
  })();
  const folder = mkdtempSync(join(tmpdir(), 'candeia-migrations-'));

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    // The migrations as they were before 0004: the same files, the journal cut there.
    const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
      entries: Array<{ idx: number; tag: string }>;
    };
    mkdirSync(join(folder, 'meta'));
    const before = journal.entries.filter((e) => e.idx < 4);
    expect(before.map((e) => e.tag)).toContain('0003_chat');
    writeFileSync(join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: before }));
    for (const e of before) copyFileSync(join(MIGRATIONS_DIR, `${e.tag}.sql`), join(folder, `${e.tag}.sql`));
  });
  afterAll(async () => {
    rmSync(folder, { recursive: true, force: true });
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  });

  it('balances, ledger rows and reservations come through unchanged; the largest 32-bit values included', async () => {
    const old = createDatabase(url, 2);
    try {
      await migrate(old.db, { migrationsFolder: folder });
      const q = (text: string, params: unknown[] = []) => old.pool.query(text, params).then((r) => r.rows);
      const userId = randomUUID();
      await q(
        `INSERT INTO users (id, email, password_hash, first_name, last_name, referral_code)
         VALUES ($1, 'antes@example.com', 'x', 'Ana', 'Antes', 'REF-ANTES001')`,
        [userId],
      );
      const top = TWO_31 - 1;
      await q(`INSERT INTO credit_accounts (user_id, balance) VALUES ($1, $2)`, [userId, top - 500]);
      await q(
        `INSERT INTO credit_ledger (user_id, delta, balance_after, kind, idempotency_key, reference)
         VALUES ($1, $2, $2, 'admin_grant', 'k1', 'before'), ($1, -300, $3, 'reserve', 'k2', NULL),
                ($1, -200, $4, 'spend', 'k3', 'chat:x')`,
        [userId, top, top - 300, top - 500],
      );
      await q(
        `INSERT INTO credit_reservations (user_id, amount, actual_cost, status, idempotency_key)
         VALUES ($1, 300, NULL, 'held', 'r1')`,
        [userId],
      );
      const snapshot = async () =>
        JSON.stringify([
          await q('SELECT user_id, balance::text AS balance FROM credit_accounts ORDER BY user_id'),
          await q(
            'SELECT id::text, user_id, delta::text, balance_after::text, kind, idempotency_key, reference, created_at FROM credit_ledger ORDER BY id',
          ),
          await q(
            'SELECT id, user_id, amount::text, actual_cost::text, status, idempotency_key FROM credit_reservations',
          ),
        ]);
      const before = await snapshot();
      const types = () =>
        q(
          `SELECT table_name, column_name, data_type FROM information_schema.columns
           WHERE (table_name, column_name) IN (('credit_accounts', 'balance'), ('credit_ledger', 'delta'),
             ('credit_ledger', 'balance_after'), ('credit_reservations', 'amount'), ('credit_reservations', 'actual_cost'))
           ORDER BY table_name, column_name`,
        );
      expect((await types()).map((r) => r.data_type)).toEqual(Array(5).fill('integer'));

      await migrate(old.db, { migrationsFolder: MIGRATIONS_DIR });
      expect(await snapshot()).toBe(before);
      expect((await types()).map((r) => r.data_type)).toEqual(Array(5).fill('bigint'));
      // The same append-only ledger, now taking what 32 bits could not hold.
      await expect(q('DELETE FROM credit_ledger')).rejects.toThrow(/append-only/);
      await reserve(old.db, userId, 1, 'r2');
      await grant(old.db, userId, 3_000_000_000, 'admin_grant', 'after');
      expect(await balance(old.db, userId)).toBe(top - 501 + 3_000_000_000);
    } finally {
      await old.close();
    }
  });
});

describe('balances above 2^31 are exact everywhere', () => {
  it('grant, spend, reserve and commit, and the balance, ledger and subscription APIs', async () => {
    const u = await insertUser(t);
    const id = u.user.id;
    await grant(db, id, 3_000_000_000, 'admin_grant', 'big-1', 'big');
    await grant(db, id, 4_000_000_000, 'admin_grant', 'big-2', 'big');
    let expected = TRIAL_CREDITS + 7_000_000_000;
    expect(expected).toBeGreaterThan(3 * TWO_31);
    expect(await balance(db, id)).toBe(expected);

    await spend(db, id, 2_500_000_001, 'spend-big', 'chat:big');
    expected -= 2_500_000_001;
    const r = await reserve(db, id, TWO_31 + 7, 'hold-big', 'chat:hold');
    expect(await balance(db, id)).toBe(expected - (TWO_31 + 7));
    expect(await commit(db, r, TWO_31)).toMatchObject({ charged: TWO_31, refunded: 7 });
    expected -= TWO_31;
    const r2 = await reserve(db, id, 2_000_000_000, 'hold-big-2');
    await refund(db, r2);
    expect(await balance(db, id)).toBe(expected);
    expect(expected).toBeGreaterThan(TWO_31);

    const api = await t.request({ url: '/api/credits', cookie: u.cookie });
    expect(api.json()).toEqual({ balance: expected });
    expect((await state(t, u)).creditsRemaining).toBe(expected);
    const ledger = (await t.request({ url: '/api/credits/ledger', cookie: u.cookie })).json();
    // The history shows each reservation as one line: what it took (the refunded one nothing).
    expect(ledger.items[0]).toMatchObject({ kind: 'reservation', delta: 0, balanceAfter: expected });
    expect(ledger.items[1]).toMatchObject({ kind: 'chat_answer', delta: -TWO_31, settlement: 'committed' });
    expect(ledger.items.map((i: { delta: number }) => i.delta)).toEqual(
      expect.arrayContaining([3_000_000_000, 4_000_000_000, -2_500_000_001, -TWO_31, 0]),
    );
    expect(await balanceOf(t, id)).toBe(expected);
  });

  it('up to the ceiling itself, 10^15: still exact, and the database refuses one more', async () => {
    const u = await insertUser(t);
    await grant(db, u.user.id, CREDIT_BALANCE_MAX - TRIAL_CREDITS, 'admin_grant', 'to-the-top');
    expect(await balance(db, u.user.id)).toBe(CREDIT_BALANCE_MAX);
    expect((await t.request({ url: '/api/credits', cookie: u.cookie })).json()).toEqual({
      balance: CREDIT_BALANCE_MAX,
    });
    await expect(
      t.query('UPDATE credit_accounts SET balance = balance + 1 WHERE user_id = $1', [u.user.id]),
    ).rejects.toThrow(/credit_accounts_balance_max/);
    // A grant at the ceiling adds nothing, and says so in its ledger row (once per key, as ever).
    const entry = await grant(db, u.user.id, 500, 'admin_grant', 'over-the-top');
    expect(entry).toMatchObject({ delta: 0, balanceAfter: CREDIT_BALANCE_MAX });
    expect(await grant(db, u.user.id, 500, 'admin_grant', 'over-the-top')).toEqual(entry);
    expect(await balance(db, u.user.id)).toBe(CREDIT_BALANCE_MAX);
    expect(CREDIT_BALANCE_MAX * 2).toBeLessThan(Number.MAX_SAFE_INTEGER);
  });
});

describe('an administrator grant has an upper bound', () => {
  const grantAs = (cookie: string, payload: object, locale = 'pt-BR') =>
    t.request({ method: 'POST', url: '/api/admin/credits/grant', cookie, payload, locale });

  it(`${CREDIT_GRANT_MAX.toLocaleString('en-US')} is accepted; one more is refused with a translated message naming the bound`, async () => {
    const admin = await insertUser(t, { role: 'admin' });
    const u = await insertUser(t);
    const ok = await grantAs(admin.cookie, {
      userId: u.user.id,
      amount: CREDIT_GRANT_MAX,
      idempotencyKey: randomUUID(),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().balance).toBe(TRIAL_CREDITS + CREDIT_GRANT_MAX);
    const bound = { 'pt-BR': '100.000.000', 'en-US': '100,000,000', 'es-ES': '100.000.000' } as const;
    for (const locale of SUPPORTED_LOCALES) {
      const res = await grantAs(
        admin.cookie,
        { userId: u.user.id, amount: CREDIT_GRANT_MAX + 1, idempotencyKey: randomUUID() },
        locale,
      );
      expect(res.statusCode).toBe(400);
      const message = res.json().error.fields.amount as string;
      expect(message).toBe(translate(locale, 'validation:credits.amount'));
      expect(message).toContain(bound[locale]);
      expect(bound[locale]).toBe(new Intl.NumberFormat(locale).format(CREDIT_GRANT_MAX));
    }
    expect(await balanceOf(t, u.user.id)).toBe(TRIAL_CREDITS + CREDIT_GRANT_MAX);
  });
});

describe('a plan renewal can never fail on overflow', () => {
  it('a balance a few credits under the ceiling still renews: the period starts, the grant is capped', async () => {
    const u = await insertUser(t);
    await subscribeLocally(t, u, 'diamond');
    const diamond = await planBySlug(t, 'diamond');
    const now = await balance(db, u.user.id);
    const gap = 123;
    await grant(db, u.user.id, CREDIT_BALANCE_MAX - now - gap, 'admin_grant', 'near-the-top');
    expect(await balance(db, u.user.id)).toBe(CREDIT_BALANCE_MAX - gap);

    // Bought on the first day of the trial: the first renewal is a month after its 30 days.
    t.clock.advance((TRIAL_DAYS + 31) * DAY_MS + 60_000);
    await billingHousekeeping(t.app.deps);
    const periods = await t.query<{ delta: number; balance_after: number }>(
      "SELECT delta, balance_after FROM credit_ledger WHERE user_id = $1 AND kind = 'plan_period' ORDER BY id",
      [u.user.id],
    );
    expect(periods).toEqual([
      { delta: diamond.credits, balance_after: expect.any(Number) },
      { delta: gap, balance_after: CREDIT_BALANCE_MAX },
    ]);
    const [local] = await t.query<{ period_index: number; status: string }>(
      'SELECT period_index, status FROM local_provider_subscriptions WHERE user_id = $1',
      [u.user.id],
    );
    expect(local).toEqual({ period_index: 1, status: 'active' });
    expect(await t.query('SELECT id FROM local_provider_events WHERE delivered_at IS NULL')).toEqual([]);

    // And the month after, at the ceiling itself: renews again, adding nothing.
    t.clock.advance(31 * DAY_MS);
    await billingHousekeeping(t.app.deps);
    expect(await balance(db, u.user.id)).toBe(CREDIT_BALANCE_MAX);
    const [again] = await t.query('SELECT period_index, status FROM local_provider_subscriptions WHERE user_id = $1', [
      u.user.id,
    ]);
    expect(again).toEqual({ period_index: 2, status: 'active' });
  });
});
