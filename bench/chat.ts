/**
 * bench/chat: the spiritual chat with the built-in guide, through the real app over loopback
 * HTTP (Server-Sent Events), on a scratch database with the KJV (and the Bíblia Livre when the
 * content mirror is there).
 *
 * - Sequential: MESSAGES messages in three languages, one at a time, each in a new conversation:
 *   time to the first piece of text (TTFT) and to the end of the answer, p50 / p95. Measured
 *   twice: as people see it (the guide writes in small pieces AI_STREAM_PACE_MS apart, the
 *   default 20 ms) and unpaced (0 ms: retrieval, composition, credits and the database alone).
 * - Concurrent: CONCURRENT users each send one message at the same moment (paced): every stream
 *   must end with `done` and no error; TTFT and total p50 / p95 under that load.
 * Afterwards, SECURITY.md 19: every balance = sum(ledger), and no credit hold is left.
 *
 * The database: BENCH_DATABASE_URL (a server's maintenance database, default
 * postgres://postgres@127.0.0.1:5432/postgres), in a scratch database dropped at the end.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { ChatEvent } from '@candeia/shared/schemas/chat';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { createDatabase, type Database } from '../apps/server/src/db/client.ts';
import { JobQueue } from '../apps/server/src/jobs/queue.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { seedPlans } from '../apps/server/src/modules/billing/seed.ts';
import { grant } from '../apps/server/src/modules/credits/service.ts';
import { importSource } from '../apps/server/src/modules/scripture/content/importer.ts';
import { DEFAULT_MIRROR, kjvSource, swordSource } from '../apps/server/src/modules/scripture/content/sources.ts';
import { printTable, writeResult, benchSignUp } from './lib.ts';

const MESSAGES = Number(process.env.BENCH_CHAT_MESSAGES ?? 30);
const CONCURRENT = 50;
/** The app's APP_URL: what its same-origin check expects in Origin. */
const ORIGIN = 'http://localhost:3000';

const PROMPTS: Array<[locale: string, text: string]> = [
  ['pt-BR', 'Estou muito ansioso com o meu trabalho e não consigo dormir'],
  ['pt-BR', 'Perdi minha mãe no mês passado e sinto uma saudade enorme'],
  ['pt-BR', 'Como posso perdoar alguém que me magoou tanto?'],
  ['pt-BR', 'Me sinto sozinho, ninguém me entende'],
  ['pt-BR', 'Quero agradecer por tudo de bom que aconteceu este ano'],
  ['en-US', 'I feel so anxious about the future and I cannot rest'],
  ['en-US', 'How do I find purpose in my life again?'],
  ['en-US', 'I am afraid of losing my job'],
  ['es-ES', 'Estoy muy cansado y quiero rendirme'],
  ['es-ES', 'Necesito esperanza, todo parece oscuro'],
];

interface Timing {
  ttft: number;
  total: number;
  ok: boolean;
  error?: string;
}

const pct = (values: number[], p: number) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length ? +s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!.toFixed(1) : 0;
};

/** One message through POST /api/chat/messages, read as a stream. */
async function ask(base: string, cookie: string, locale: string, content: string): Promise<Timing> {
  const t0 = performance.now();
  let ttft = 0;
  const res = await fetch(`${base}/api/chat/messages`, {
    method: 'POST',
    headers: {
      cookie,
      origin: ORIGIN,
      'sec-fetch-site': 'same-origin',
      'content-type': 'application/json',
      'x-locale': locale,
    },
    body: JSON.stringify({ content }),
  });
  if (res.status !== 200) return { ttft: 0, total: 0, ok: false, error: `${res.status} ${await res.text()}` };
  const decoder = new TextDecoder();
  let buffer = '';
  let done: Extract<ChatEvent, { type: 'done' }> | null = null;
  let error: string | undefined;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let cut;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const data = block.split('\n').find((l) => l.startsWith('data: '));
      if (!data) continue;
      const event = JSON.parse(data.slice(6)) as ChatEvent;
      if (event.type === 'delta' && !ttft) ttft = performance.now() - t0;
      if (event.type === 'error') error = event.code;
      if (event.type === 'done') done = event;
    }
  }
  const total = performance.now() - t0;
  const ok = !error && done?.message.status === 'done';
  return { ttft, total, ok, ...(ok ? {} : { error: error ?? `ended ${done?.message.status ?? 'without done'}` }) };
}

async function signUp(base: string, n: number, locale: string): Promise<{ cookie: string; id: string }> {
  const { id, cookie } = await benchSignUp(base, {
    email: `bench.chat.${n}.${randomBytes(3).toString('hex')}@example.com`,
    lastName: 'Chat',
    headers: {
      origin: ORIGIN,
      'x-locale': locale,
      // Each sign-up from its own address: the per-IP limits are not what this measures.
      'x-forwarded-for': `10.9.${n >> 8}.${n & 255}`,
    },
  });
  return { cookie, id };
}

async function withApp<T>(
  database: Database,
  url: string,
  paceMs: number,
  run: (base: string) => Promise<T>,
): Promise<T> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    APP_URL: 'http://localhost:3000',
    AI_STREAM_PACE_MS: String(paceMs),
    TRUST_PROXY: '127.0.0.1',
  } as NodeJS.ProcessEnv);
  // The job queue the app enqueues through (no SMTP here, so no mail job; no workers needed).
  const jobs = new JobQueue({ url, max: 2, schedule: false, supervise: false });
  await jobs.start();
  const app = await buildApp({ config, db: database.db, jobs, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  try {
    return await run(`http://127.0.0.1:${port}`);
  } finally {
    await app.close();
    await jobs.stop(1000);
  }
}

function summary(name: string, timings: Timing[]) {
  const ok = timings.filter((x) => x.ok);
  return {
    name,
    answers: timings.length,
    errors: timings.length - ok.length,
    ttftP50ms: pct(
      ok.map((x) => x.ttft),
      50,
    ),
    ttftP95ms: pct(
      ok.map((x) => x.ttft),
      95,
    ),
    totalP50ms: pct(
      ok.map((x) => x.total),
      50,
    ),
    totalP95ms: pct(
      ok.map((x) => x.total),
      95,
    ),
  };
}

export async function benchChat() {
  const server = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `candeia_bench_chat_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  const database = createDatabase(url.toString(), 40);
  try {
    await runMigrations(database.db);
    await seedPlans(database.db);
    await importSource(database.db, kjvSource());
    const blivre = join(process.env.CONTENT_MIRROR ?? DEFAULT_MIRROR, 'sword/mods.d/porblivre.conf');
    if (existsSync(blivre)) await importSource(database.db, swordSource(blivre));
    await database.pool.query('ANALYZE');

    const rows = [];
    for (const pace of [20, 0]) {
      const timings = await withApp(database, url.toString(), pace, async (base) => {
        const out: Timing[] = [];
        for (let i = 0; i < MESSAGES; i++) {
          const [locale, text] = PROMPTS[i % PROMPTS.length]!;
          const user = await signUp(base, pace * 1000 + i, locale);
          out.push(await ask(base, user.cookie, locale, text));
        }
        return out;
      });
      rows.push(summary(`sequential, ${pace} ms pace`, timings));
    }

    const concurrent = await withApp(database, url.toString(), 20, async (base) => {
      const users = [];
      for (let i = 0; i < CONCURRENT; i++) users.push(await signUp(base, 50_000 + i, PROMPTS[i % PROMPTS.length]![0]));
      for (const u of users) await grant(database.db, u.id, 5000, 'admin_grant', `bench:${u.id}`);
      return Promise.all(
        users.map((u, i) => ask(base, u.cookie, PROMPTS[i % PROMPTS.length]![0], PROMPTS[i % PROMPTS.length]![1])),
      );
    });
    rows.push(summary(`${CONCURRENT} concurrent streams, 20 ms pace`, concurrent));
    const failures = concurrent.filter((x) => !x.ok).map((x) => x.error);

    const { rows: invariant } = await database.pool.query(`
      SELECT count(*)::int AS broken FROM credit_accounts a
      LEFT JOIN (SELECT user_id, sum(delta) AS total FROM credit_ledger GROUP BY user_id) l ON l.user_id = a.user_id
      WHERE a.balance <> coalesce(l.total, 0)`);
    const { rows: held } = await database.pool.query(
      `SELECT count(*)::int AS held FROM credit_reservations WHERE status = 'held'`,
    );
    printTable('bench/chat: built-in guide, real app over loopback (SSE)', rows);
    console.log(
      `balance = sum(ledger) broken for ${invariant[0].broken} accounts; holds left: ${held[0].held}` +
        (failures.length ? `; failures: ${failures.slice(0, 3).join(' | ')}` : ''),
    );
    const file = writeResult('chat', {
      rows,
      invariantBroken: invariant[0].broken,
      holdsLeft: held[0].held,
      failures,
    });
    console.log(`wrote ${file}`);
    if (failures.length || invariant[0].broken || held[0].held) process.exitCode = 1;
    return rows;
  } finally {
    await database.close();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
}
