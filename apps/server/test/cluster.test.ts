import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERIFY_EMAIL_IP_LIMIT } from '@candeia/shared/constants';
import { TEST_CARD_SUCCESS } from '@candeia/shared/schemas/billing';
import type { ChatEvent } from '@candeia/shared/schemas/chat';
import { createTestApp, type TestApp } from './support/app.ts';
import { CARD, planBySlug } from './support/billing.ts';
import { responseEvents } from './support/chat.ts';
import { latestVerificationToken, makeSignUp } from './support/factories.ts';
import { insertScriptureFixtures } from './support/scripture.ts';

/**
 * SLOW (about a minute): `npm run start:cluster` for real — scripts/cluster.mjs starts two server
 * processes (from the sources) on this test's database and nginx in front of them, and the test
 * talks to each process directly and through nginx (decision 015). Skipped, saying so, where
 * nginx is not installed (`apt-get install nginx`).
 */

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const nginx = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));
const hasNginx = !!nginx || spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).status === 0;
if (!hasNginx) console.warn('cluster.test.ts skipped: nginx is not installed (apt-get install nginx).');

/** A free port with the next `span - 1` free as well. */
async function freePorts(span: number): Promise<number> {
  const free = (port: number) =>
    new Promise<boolean>((ok) => {
      const s = createServer();
      s.once('error', () => ok(false));
      s.listen(port, '127.0.0.1', () => s.close(() => ok(true)));
    });
  for (;;) {
    const first = 20_000 + Math.floor(Math.random() * 30_000);
    let all = true;
    for (let p = first; p < first + span && all; p++) all = await free(p);
    if (all) return first;
  }
}

// Skipped only where nginx is not installed (.ci/run installs it): the cluster runs behind it.
describe.skipIf(!hasNginx)('the cluster: two server processes and nginx on one database (slow)', () => {
  let t: TestApp;
  let cluster: ChildProcess;
  let output = '';
  let balancer = '';
  const direct: string[] = [];
  let origin = '';

  beforeAll(async () => {
    t = await createTestApp();
    await insertScriptureFixtures(t);
    const port = await freePorts(1);
    const base = await freePorts(2);
    balancer = `http://127.0.0.1:${port}`;
    origin = `http://localhost:${port}`;
    direct.push(`http://127.0.0.1:${base}`, `http://127.0.0.1:${base + 1}`);
    cluster = spawn(process.execPath, [join(repoRoot, 'scripts/cluster.mjs')], {
      cwd: repoRoot,
      env: {
        ...process.env,
        CLUSTER_FROM_SOURCE: '1',
        PORT: String(port),
        CLUSTER_BASE_PORT: String(base),
        DATABASE_URL: t.databaseUrl,
        CONTENT_AUTO_IMPORT: 'false',
        SEED_DEMO: 'false',
        PAYMENTS_TEST_CHECKOUT: 'true',
        // Answers written over time, so one can be re-attached while it is written.
        AI_STREAM_PACE_MS: '25',
        LOG_LEVEL: 'warn',
        ...(nginx ? { NGINX: nginx } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    cluster.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    cluster.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    const deadline = Date.now() + 100_000;
    while (!/\[cluster\] Candeia is running on/.test(output)) {
      if (cluster.exitCode !== null || Date.now() > deadline) throw new Error(`the cluster did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }, 120_000);

  afterAll(async () => {
    if (cluster && cluster.exitCode === null) {
      const exited = new Promise((r) => cluster.once('exit', r));
      cluster.kill('SIGTERM');
      await exited;
    }
    await t?.close();
  }, 60_000);

  /** A browser's request to one address: same-origin headers, its cookie, a client address. */
  function call(
    url: string,
    opts: { method?: string; body?: unknown; cookie?: string; ip?: string; signal?: AbortSignal } = {},
  ) {
    const method = opts.method ?? (opts.body === undefined ? 'GET' : 'POST');
    return fetch(url, {
      method,
      headers: {
        ...(method === 'GET' ? {} : { origin, 'sec-fetch-site': 'same-origin' }),
        ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(opts.cookie ? { cookie: opts.cookie } : {}),
        ...(opts.ip ? { 'x-forwarded-for': opts.ip } : {}),
      },
      body: opts.body === undefined ? null : JSON.stringify(opts.body),
      signal: opts.signal ?? null,
    });
  }

  let ipSeq = 0;
  const clientIp = () => `198.51.100.${++ipSeq}`;

  async function signUp(): Promise<{ cookie: string; email: string }> {
    const body = makeSignUp();
    const res = await call(`${balancer}/api/auth/signup`, { body, ip: clientIp() });
    expect(res.status, await res.clone().text()).toBe(201);
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .find((c) => c.startsWith('candeia_session='));
    return { cookie: cookie!, email: body.email as string };
  }

  const events = responseEvents;

  /** Starts an answer at `where` and leaves it after its first pieces; returns the answer's id. */
  async function startAnswer(where: string, cookie: string): Promise<string> {
    const leave = new AbortController();
    let id = '';
    let written = '';
    try {
      const res = await call(`${where}/api/chat/messages`, {
        body: { content: 'Como encontrar sentido na vida?' },
        cookie,
        signal: leave.signal,
      });
      for await (const e of events(res)) {
        if (e.type === 'start') id = e.assistantMessage.id;
        if (e.type === 'delta') written += e.text;
        if (written.length > 30) leave.abort();
      }
    } catch (err) {
      expect((err as Error).name).toBe('AbortError');
    }
    expect(id).not.toBe('');
    return id;
  }

  /** Re-attaches at `where`: every delta until `done`, and how many came before it. */
  async function reattach(where: string, cookie: string, id: string) {
    const deltas: string[] = [];
    let done: Extract<ChatEvent, { type: 'done' }> | undefined;
    let firstAt = 0;
    let doneAt = 0;
    for await (const e of events(await call(`${where}/api/chat/messages/${id}/stream`, { cookie }))) {
      if (e.type === 'delta') deltas.push(e.text);
      if (e.type === 'delta' && !firstAt) firstAt = Date.now();
      if (e.type === 'done') {
        done = e;
        doneAt = Date.now();
      }
    }
    return { text: deltas.join(''), pieces: deltas.length, done: done!, spreadMs: doneAt - firstAt };
  }

  it('(a) an answer started on process 1 streams to a reload on process 2, and through nginx', async () => {
    const u = await signUp();
    const id = await startAnswer(direct[0]!, u.cookie);
    const onTwo = await reattach(direct[1]!, u.cookie, id);
    expect(onTwo.done.message.status).toBe('done');
    expect(onTwo.text).toBe(onTwo.done.message.content);
    // Followed as it was written: the saved text, then more pieces, not one block at the end.
    expect(onTwo.pieces).toBeGreaterThan(1);

    // Through the balancer, whichever process each request reaches.
    for (let i = 0; i < 2; i++) {
      const again = await startAnswer(balancer, u.cookie);
      const viaNginx = await reattach(balancer, u.cookie, again);
      expect(viaNginx.done.message.status).toBe('done');
      expect(viaNginx.text).toBe(viaNginx.done.message.content);
      expect(viaNginx.pieces).toBeGreaterThan(1);
      // Passed on as written, not held back until the answer ends.
      expect(viaNginx.spreadMs).toBeGreaterThan(200);
    }
  }, 60_000);

  it('(b) a test checkout paid on process 1 is seen complete on process 2', async () => {
    const u = await signUp();
    // A paid plan needs a verified address: the mailed link, followed on process 2.
    const token = await latestVerificationToken(t, u.email);
    expect((await call(`${direct[1]}/api/auth/verify-email`, { body: { token }, ip: clientIp() })).status).toBe(200);
    const plan = await planBySlug(t, 'silver');
    const opened = await call(`${direct[0]}/api/billing/checkout`, { body: { planId: plan.id }, cookie: u.cookie });
    expect(opened.status, await opened.clone().text()).toBe(200);
    const { sessionId } = (await opened.json()) as { sessionId: string };
    const paid = await call(`${direct[0]}/api/billing/local/pay`, {
      body: { sessionId, cardNumber: TEST_CARD_SUCCESS, ...CARD },
      cookie: u.cookie,
      ip: clientIp(),
    });
    expect(paid.status, await paid.clone().text()).toBe(200);
    const seen = await call(`${direct[1]}/api/billing/checkout-sessions/${sessionId}`);
    expect(seen.status).toBe(200);
    const status = (await seen.json()) as { status: string; subscription: { planName: string; status: string } };
    expect(status.status).toBe('complete');
    expect(status.subscription).toMatchObject({ planName: plan.name, status: 'active' });
    // The member's access, read on the other process: the paid plan, active, with its credits.
    const sub = await call(`${direct[1]}/api/subscription`, { cookie: u.cookie });
    expect(sub.status).toBe(200);
    expect(await sub.json()).toMatchObject({ planSlug: 'silver', status: 'active', isTrial: false, allowed: true });
  }, 30_000);

  it('(c) a per-IP rate limit holds across both processes, directly and through nginx', async () => {
    const verify = (where: string, ip: string) =>
      call(`${where}/api/auth/verify-email`, { body: { token: 'A'.repeat(43) }, ip });
    // Directly, alternating: the client address comes from X-Forwarded-For (TRUST_PROXY=127.0.0.1).
    const ip = clientIp();
    for (let i = 0; i < VERIFY_EMAIL_IP_LIMIT.max; i++) expect((await verify(direct[i % 2]!, ip)).status).toBe(400);
    for (const where of direct) {
      const refused = await verify(where, ip);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('RATE_LIMITED');
    }
    // Through nginx (round robin): the limit is the same, not one per process.
    const other = clientIp();
    for (let i = 0; i < VERIFY_EMAIL_IP_LIMIT.max; i++) expect((await verify(balancer, other)).status).toBe(400);
    expect((await verify(balancer, other)).status).toBe(429);
    expect((await verify(balancer, other)).status).toBe(429);
    expect((await verify(balancer, clientIp())).status).toBe(400);
  }, 30_000);

  it('stops everything on SIGTERM: nginx and both servers', async () => {
    const exited = new Promise<number | null>((r) => cluster.once('exit', (code) => r(code)));
    cluster.kill('SIGTERM');
    expect(await exited).toBe(0);
    for (const url of [balancer, ...direct])
      await expect(fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) })).rejects.toThrow();
    expect(output).toContain('[cluster] stopped.');
  }, 40_000);
});
