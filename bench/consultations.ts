/**
 * bench/consultations: the consultation API on a real server process and PostgreSQL.
 *   - free slots for 60 days (GET …/counsellors/:id/slots?days=60, in a member's zone other than
 *     the counsellor's), for counsellors with a full week and a third of their time booked:
 *     one request at a time, then 20 at once; latency p50/p95/p99;
 *   - bookings racing for popular slots: rounds of 50 members asking at the same instant for
 *     the same 5 slots (10 each); exactly one booking per slot must win, every other attempt gets
 *     409 SLOT_TAKEN, and afterwards no counsellor has two overlapping bookings and exactly the
 *     winners were charged.
 * The database: BENCH_DATABASE_URL (a server's maintenance database, default
 * postgres://postgres@127.0.0.1:5432/postgres), in a scratch database dropped at the end.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createDatabase } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { hashPassword } from '../apps/server/src/lib/passwords.ts';
import { seedPlans } from '../apps/server/src/modules/billing/seed.ts';
import { printTable, startApiServer, stopProcess, writeResult } from './lib.ts';

const PORT = Number(process.env.BENCH_PORT ?? 3297);
const COUNSELLORS = 20;
const MEMBERS = 60;
const ROUNDS = Number(process.env.BENCH_CONSULTATION_ROUNDS ?? 10);
const PASSWORD = 'Bench@Candeia2026';
const SLOT_SAMPLES = 200;

const pct = (sorted: number[], p: number) =>
  sorted.length ? +sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!.toFixed(1) : 0;

interface Member {
  id: string;
  cookie: string;
  ip: string;
}

export async function benchConsultations() {
  const server = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const scratch = `candeia_bench_consult_${process.pid}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${scratch}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${scratch}"`);
  const dbUrl = new URL(server);
  dbUrl.pathname = `/${scratch}`;
  const tmp = mkdtempSync(join(tmpdir(), 'candeia-bench-consult-'));
  let child: Awaited<ReturnType<typeof startApiServer>> | null = null;
  try {
    const database = createDatabase(dbUrl.toString(), 5);
    await runMigrations(database.db);
    await seedPlans(database.db);
    const q = (text: string, params: unknown[] = []) => database.pool.query(text, params);
    const hash = await hashPassword(PASSWORD);
    const gold = (await q("SELECT id FROM subscription_plans WHERE slug = 'gold'")).rows[0].id as string;

    // Counsellors: every day 08:00–12:00 and 13:00–20:00 in São Paulo, 50-minute sessions.
    const day = [
      { start: '08:00', end: '12:00' },
      { start: '13:00', end: '20:00' },
    ];
    const availability = { weekly: Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((d) => [d, day])), overrides: [] };
    const counsellorIds: string[] = [];
    for (let i = 0; i < COUNSELLORS; i++) {
      const { rows } = await q(
        `INSERT INTO users (email, password_hash, first_name, last_name, referral_code, role, email_verified_at)
         VALUES ($1, $2, 'Conselheira', $3, $4, 'counsellor', now()) RETURNING id`,
        [`conselheira${i}@bench.candeia.app`, hash, String(i), `REF-${randomBytes(4).toString('hex').toUpperCase()}`],
      );
      counsellorIds.push(rows[0].id);
      await q(
        `INSERT INTO counsellors (user_id, display_name, languages, specialties, session_minutes, price_credits, time_zone,
           buffer_minutes, min_notice_minutes, horizon_days, availability)
         VALUES ($1, $2, '{pt-BR,es-ES}', '{grief,family}', 50, 100, 'America/Sao_Paulo', 10, 60, 90, $3)`,
        [rows[0].id, `Conselheira ${i}`, JSON.stringify(availability)],
      );
    }
    const members: Array<{ id: string; n: number }> = [];
    for (let n = 0; n < MEMBERS; n++) {
      const { rows } = await q(
        `INSERT INTO users (email, password_hash, first_name, last_name, referral_code, email_verified_at)
         VALUES ($1, $2, 'Membro', $3, $4, now()) RETURNING id`,
        [`membro${n}@bench.candeia.app`, hash, String(n), `REF-${randomBytes(4).toString('hex').toUpperCase()}`],
      );
      const id = rows[0].id as string;
      members.push({ id, n });
      await q(
        `INSERT INTO user_subscriptions (user_id, plan_id, status, is_trial, expires_at) VALUES ($1, $2, 'active', false, now() + interval '30 days')`,
        [id, gold],
      );
      await q('INSERT INTO credit_accounts (user_id, balance) VALUES ($1, 1000000)', [id]);
      await q(
        `INSERT INTO credit_ledger (user_id, delta, balance_after, kind, idempotency_key) VALUES ($1, 1000000, 1000000, 'admin_grant', 'bench')`,
        [id],
      );
    }
    // A third of every counsellor's next 60 days already booked (every third hour slot).
    await q(
      `INSERT INTO consultations (counsellor_id, member_id, starts_at, ends_at, blocked_until, price_credits, cancel_cutoff_hours)
       SELECT c.user_id, $1, s, s + interval '50 minutes', s + interval '60 minutes', 100, 24
         FROM counsellors c,
              generate_series(date_trunc('day', now()) + interval '2 days 11 hours', date_trunc('day', now()) + interval '60 days', interval '3 hours') s
        WHERE extract(hour from s at time zone 'America/Sao_Paulo') between 8 and 19
          AND extract(hour from s at time zone 'America/Sao_Paulo') <> 12`,
      [members[0]!.id],
    );
    const booked = Number((await q('SELECT count(*) FROM consultations')).rows[0].count);
    await database.close();

    const base = `http://127.0.0.1:${PORT}`;
    // Each member "through a proxy" from their own address: the per-IP limits are not measured.
    child = await startApiServer({ port: PORT, dbUrl: dbUrl.toString(), tmp, env: { TRUST_PROXY: '127.0.0.1' } });

    const signedIn: Member[] = [];
    const queue = [...members];
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let m = queue.shift(); m; m = queue.shift()) {
          const ip = `10.30.${m.n >> 8}.${m.n & 255}`;
          const res = await fetch(`${base}/api/auth/login`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              origin: base,
              'sec-fetch-site': 'same-origin',
              'x-forwarded-for': ip,
            },
            body: JSON.stringify({ email: `membro${m.n}@bench.candeia.app`, password: PASSWORD }),
          });
          if (res.status !== 200) throw new Error(`login ${m.n}: ${res.status} ${await res.text()}`);
          const cookie = res.headers
            .getSetCookie()
            .map((c) => c.split(';')[0])
            .join('; ');
          signedIn.push({ id: m.id, cookie, ip });
        }
      }),
    );

    // --- free slots for 60 days
    const slotsUrl = (i: number) =>
      `${base}/api/consultations/counsellors/${counsellorIds[i % COUNSELLORS]}/slots?days=60&tz=Europe%2FMadrid`;
    const get = async (i: number) => {
      const m = signedIn[i % signedIn.length]!;
      const t0 = performance.now();
      const res = await fetch(slotsUrl(i), { headers: { cookie: m.cookie, 'x-forwarded-for': m.ip } });
      const body = (await res.json()) as { days: Array<{ slots: unknown[] }> };
      if (res.status !== 200) throw new Error(`slots: ${res.status}`);
      return { ms: performance.now() - t0, slots: body.days.reduce((n, d) => n + d.slots.length, 0) };
    };
    for (let i = 0; i < 20; i++) await get(i); // warm-up
    const sequential: number[] = [];
    let slotsPerAnswer = 0;
    for (let i = 0; i < SLOT_SAMPLES; i++) {
      const r = await get(i);
      sequential.push(r.ms);
      slotsPerAnswer = r.slots;
    }
    const concurrent: number[] = [];
    let next = 0;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        for (let i = next++; i < SLOT_SAMPLES * 2; i = next++) concurrent.push((await get(i)).ms);
      }),
    );
    const concurrentRps = Math.round((SLOT_SAMPLES * 2) / ((performance.now() - t0) / 1000));
    sequential.sort((a, b) => a - b);
    concurrent.sort((a, b) => a - b);

    // --- 50 members racing for 5 popular slots, ROUNDS times
    let attempts = 0;
    let won = 0;
    let taken = 0;
    let other = 0;
    const raceMs: number[] = [];
    let otherSample = '';
    for (let round = 0; round < ROUNDS; round++) {
      const counsellor = counsellorIds[round % COUNSELLORS]!;
      const m0 = signedIn[0]!;
      const res = await fetch(
        `${base}/api/consultations/counsellors/${counsellor}/slots?days=14&tz=America%2FSao_Paulo`,
        {
          headers: { cookie: m0.cookie, 'x-forwarded-for': m0.ip },
        },
      );
      const free = ((await res.json()) as { days: Array<{ slots: Array<{ startsAt: string }> }> }).days
        .flatMap((d) => d.slots)
        .slice(round * 5, round * 5 + 5);
      if (free.length < 5) throw new Error('not enough free slots');
      const racers = signedIn.slice(0, 50);
      const results = await Promise.all(
        racers.map(async (m, i) => {
          const t = performance.now();
          const r = await fetch(`${base}/api/consultations/bookings`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              cookie: m.cookie,
              origin: base,
              'sec-fetch-site': 'same-origin',
              'x-forwarded-for': m.ip,
            },
            body: JSON.stringify({ counsellorId: counsellor, startsAt: free[i % 5]!.startsAt }),
          });
          raceMs.push(performance.now() - t);
          if (r.status !== 201 && r.status !== 409 && !otherSample) otherSample = `${r.status} ${await r.text()}`;
          else await r.body?.cancel();
          return r.status;
        }),
      );
      attempts += results.length;
      won += results.filter((s) => s === 201).length;
      taken += results.filter((s) => s === 409).length;
      other += results.filter((s) => s !== 201 && s !== 409).length;
    }
    raceMs.sort((a, b) => a - b);

    const check = createDatabase(dbUrl.toString(), 2);
    const overlaps = Number(
      (
        await check.pool.query(
          `SELECT count(*) FROM consultations a JOIN consultations b
             ON a.counsellor_id = b.counsellor_id AND a.id < b.id
            AND a.status <> 'cancelled' AND b.status <> 'cancelled'
            AND tstzrange(a.starts_at, a.blocked_until) && tstzrange(b.starts_at, b.blocked_until)`,
        )
      ).rows[0].count,
    );
    const charged = Number(
      (await check.pool.query("SELECT count(*) FROM credit_ledger WHERE kind = 'consultation'")).rows[0].count,
    );
    const ledgerOk = Number(
      (
        await check.pool.query(
          `SELECT count(*) FROM credit_accounts a
            WHERE a.balance <> (SELECT coalesce(sum(delta), 0) FROM credit_ledger l WHERE l.user_id = a.user_id)`,
        )
      ).rows[0].count,
    );
    await check.close();

    const rows = [
      {
        measure: 'free slots, 60 days, one at a time',
        p50ms: pct(sequential, 50),
        p95ms: pct(sequential, 95),
        p99ms: pct(sequential, 99),
        note: `${slotsPerAnswer} slots per answer`,
      },
      {
        measure: 'free slots, 60 days, 20 at once',
        p50ms: pct(concurrent, 50),
        p95ms: pct(concurrent, 95),
        p99ms: pct(concurrent, 99),
        note: `${concurrentRps} req/s`,
      },
      {
        measure: `booking races (${ROUNDS} × 50 for 5 slots)`,
        p50ms: pct(raceMs, 50),
        p95ms: pct(raceMs, 95),
        p99ms: pct(raceMs, 99),
        note: `${won} booked, ${taken} SLOT_TAKEN, ${other} other`,
      },
    ];
    printTable(`bench/consultations: ${COUNSELLORS} counsellors, ${booked} sessions booked beforehand`, rows);
    const verdict = {
      attempts,
      won,
      expectedWins: ROUNDS * 5,
      taken,
      other,
      doubleBookings: overlaps,
      charged,
      ledgerMismatches: ledgerOk,
    };
    console.log(verdict);
    if (otherSample) console.log('another answer:', otherSample);
    if (overlaps !== 0 || won !== ROUNDS * 5 || charged !== won || ledgerOk !== 0)
      throw new Error('consultations: a booking invariant failed');
    writeResult('consultations', { rows, verdict, booked });
    return { rows, verdict };
  } finally {
    if (child) await stopProcess(child);
    rmSync(tmp, { recursive: true, force: true });
    await admin.query(`DROP DATABASE IF EXISTS "${scratch}" WITH (FORCE)`);
    await admin.end();
  }
}
