import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { dirname, join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { hash } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailOutbox } from '../src/db/schema/index.ts';
import { createTestApp, sessionCookie, sessionToken, type TestApp } from './support/app.ts';
import {
  confirmReset,
  insertUser,
  login,
  makeSignUp,
  OTHER_PASSWORD,
  requestResetToken,
  resetTokenFrom,
  verificationTokenFrom,
  type TestUser,
} from './support/factories.ts';

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Everything secret a flow produced: passwords, session tokens, reset tokens, hashes. */
class Secrets {
  readonly values = new Set<string>();
  add(...values: Array<string | null | undefined>) {
    for (const v of values) if (v) this.values.add(v);
  }
  async addHashes(t: TestApp) {
    for (const { password_hash } of await t.query<{ password_hash: string }>('SELECT password_hash FROM users')) {
      this.add(password_hash, password_hash.split('$').at(-1), password_hash.split('$').at(-2));
    }
  }
  /** The tokens of every mailed reset and verification link. */
  async addResetTokens(t: TestApp) {
    for (const { text, kind } of await t.query<{ text: string; kind: string }>(
      "SELECT text, kind FROM mail_outbox WHERE kind IN ('password_reset', 'email_verification')",
    )) {
      this.add(kind === 'password_reset' ? resetTokenFrom(text) : verificationTokenFrom(text));
    }
  }
  expectAbsentFrom(log: string) {
    expect(this.values.size).toBeGreaterThan(5);
    for (const v of this.values) expect(log.includes(v), `the log contains a secret: ${v.slice(0, 12)}…`).toBe(false);
    expect(log).not.toMatch(/\$argon2/);
  }
}

describe('SECURITY 26: security events carry UTC time, who, what and the real IP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('for sign-up, login (failed, unknown, ok), reset, password change, logout, denied admin access and CSRF', async () => {
    const ip = '198.51.100.23';
    const ua = 'CandeiaTest/1.0 (logging)';
    const headers = { 'user-agent': ua };
    const expected: Array<{ type: string; success: boolean; user: 'u' | null; email: string | null; at: string }> = [];
    const at = () => t.clock.now().toISOString();
    const step = () => t.clock.advance(61_000);

    const body = makeSignUp();
    const email = body.email as string;
    const signup = await t.request({
      method: 'POST',
      url: '/api/auth/signup',
      payload: body,
      remoteAddress: ip,
      headers,
    });
    expect(signup.statusCode).toBe(201);
    const userId = signup.json().user.id as string;
    expected.push({ type: 'signup', success: true, user: 'u', email, at: at() });
    step();
    await login(t, email, 'Wrong@Password1', { ip, headers });
    expected.push({ type: 'login_failure', success: false, user: 'u', email, at: at() });
    step();
    await login(t, 'ninguem@example.com', 'Wrong@Password1', { ip, headers });
    expected.push({ type: 'login_failure', success: false, user: null, email: 'ninguem@example.com', at: at() });
    step();
    const logged = await login(t, email, body.password as string, { ip, headers });
    const cookie = sessionCookie(logged)!;
    expected.push({ type: 'login_success', success: true, user: 'u', email, at: at() });
    step();
    await t.request({
      method: 'POST',
      url: '/api/auth/password-reset/request',
      payload: { email },
      remoteAddress: ip,
      headers,
    });
    expected.push({ type: 'password_reset_requested', success: true, user: 'u', email, at: at() });
    step();
    const [mail] = await t.query<{ text: string }>('SELECT text FROM mail_outbox WHERE "to" = $1 AND kind = $2', [
      email,
      'password_reset',
    ]);
    await t.request({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      payload: { token: resetTokenFrom(mail!.text), password: OTHER_PASSWORD, confirmPassword: OTHER_PASSWORD },
      remoteAddress: ip,
      headers,
    });
    expected.push({ type: 'password_reset_completed', success: true, user: 'u', email, at: at() });
    step();
    const again = sessionCookie(await login(t, email, OTHER_PASSWORD, { ip, headers }))!;
    expected.push({ type: 'login_success', success: true, user: 'u', email, at: at() });
    step();
    await t.request({
      method: 'POST',
      url: '/api/auth/password',
      cookie: again,
      payload: { currentPassword: OTHER_PASSWORD, newPassword: 'Terceira@Senha3', confirmPassword: 'Terceira@Senha3' },
      remoteAddress: ip,
      headers,
    });
    expected.push({ type: 'password_changed', success: true, user: 'u', email, at: at() });
    step();
    await t.request({ url: '/api/admin/users', cookie: again, remoteAddress: ip, headers });
    expected.push({ type: 'admin_access_denied', success: false, user: 'u', email, at: at() });
    step();
    await t.request({
      method: 'POST',
      url: '/api/auth/logout',
      cookie: again,
      remoteAddress: ip,
      headers: { ...headers, origin: 'https://evil.example' },
    });
    expected.push({ type: 'csrf_rejected', success: false, user: null, email: null, at: at() });
    step();
    await t.request({ method: 'POST', url: '/api/auth/logout', cookie: again, remoteAddress: ip, headers });
    expected.push({ type: 'logout', success: true, user: 'u', email, at: at() });
    expect(cookie).toBeTruthy();

    const rows = await t.query<{
      type: string;
      success: boolean;
      user_id: string | null;
      email: string | null;
      ip: string;
      user_agent: string;
      created_at: Date;
    }>(
      'SELECT type, success, user_id, email, ip, user_agent, created_at FROM security_events WHERE ip = $1 ORDER BY id',
      [ip],
    );
    expect(
      rows.map((r) => ({
        type: r.type,
        success: r.success,
        user: r.user_id === null ? null : r.user_id === userId ? 'u' : r.user_id,
        email: r.email,
        at: r.created_at.toISOString(),
      })),
    ).toEqual(expected);
    for (const r of rows) {
      expect(r.ip).toBe(ip);
      expect(r.user_agent).toBe(ua);
    }
    // The column is timestamptz and the admin API shows UTC.
    const [col] = await t.query<{ data_type: string }>(
      "SELECT data_type FROM information_schema.columns WHERE table_name = 'security_events' AND column_name = 'created_at'",
    );
    expect(col!.data_type).toBe('timestamp with time zone');
    const admin = await insertUser(t, { role: 'admin' });
    const list = await t.request({
      url: `/api/admin/security-events?email=${encodeURIComponent(email)}&pageSize=200`,
      cookie: admin.cookie,
    });
    const items = list.json().items as Array<{ createdAt: string; ip: string; type: string }>;
    expect(items.length).toBeGreaterThanOrEqual(expected.filter((e) => e.email === email).length);
    for (const i of items) {
      expect(i.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(i.ip).toBe(ip);
    }
    // No secret in the security log either.
    const dump = (await t.query<{ j: string }>('SELECT row_to_json(e)::text AS j FROM security_events e'))
      .map((r) => r.j)
      .join('\n');
    const secrets = new Secrets();
    secrets.add(body.password as string, OTHER_PASSWORD, 'Terceira@Senha3', sessionToken(logged), again.split('=')[1]);
    await secrets.addHashes(t);
    await secrets.addResetTokens(t);
    secrets.expectAbsentFrom(dump);
  });
});

describe('SECURITY 26: no secrets or tokens in the application log', () => {
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    t = await createTestApp({ LOG_LEVEL: 'trace' }, { loggerInstance: pino({ level: 'trace' }, stream) });
  });
  afterAll(async () => t.close());

  it('through every auth flow, including database failures in the middle of them', async () => {
    const secrets = new Secrets();
    const u = await insertUser(t);
    secrets.add(u.password, u.cookie.split('=')[1]);
    const wrong = await login(t, u.email, 'Wrong@Password1');
    expect(wrong.statusCode).toBe(401);
    const ok = await login(t, u.email, u.password);
    secrets.add(sessionToken(ok));
    const cookie = sessionCookie(ok)!;
    await t.request({ url: '/api/auth/session', cookie });
    await t.request({ method: 'POST', url: '/api/auth/session/refresh', cookie });
    const token = await requestResetToken(t, u.email);
    secrets.add(token);
    expect((await confirmReset(t, token, OTHER_PASSWORD)).statusCode).toBe(200);
    const after = await login(t, u.email, OTHER_PASSWORD);
    const cookie2 = sessionCookie(after)!;
    secrets.add(OTHER_PASSWORD, sessionToken(after));
    const change = await t.request({
      method: 'POST',
      url: '/api/auth/password',
      cookie: cookie2,
      payload: { currentPassword: OTHER_PASSWORD, newPassword: 'Terceira@Senha3', confirmPassword: 'Terceira@Senha3' },
    });
    expect(change.statusCode).toBe(200);
    secrets.add('Terceira@Senha3');
    await t.request({ method: 'POST', url: '/api/auth/logout', cookie: cookie2 });

    // A user whose row cannot be written any more: sign-up, rehash at login and password
    // change all fail in the database, with the new hash among the query's parameters.
    const stuck: TestUser = await insertUser(t, {
      firstName: 'Travado',
      password: 'Travado@Senha1',
      confirmPassword: 'Travado@Senha1',
    });
    secrets.add('Travado@Senha1', stuck.cookie.split('=')[1], 'Nunca@Senha2');
    const weak = await hash('Travado@Senha1', { memoryCost: 4096, timeCost: 1, parallelism: 1, algorithm: 2 });
    await t.query('UPDATE users SET password_hash = $1 WHERE id = $2', [weak, stuck.user.id]);
    secrets.add(weak);
    await t.query("ALTER TABLE users ADD CONSTRAINT test_stuck CHECK (first_name <> 'Travado') NOT VALID");
    try {
      const signup = await t.request({
        method: 'POST',
        url: '/api/auth/signup',
        payload: makeSignUp({ firstName: 'Travado' }),
      });
      expect(signup.statusCode).toBe(500);
      const rehash = await login(t, stuck.email, 'Travado@Senha1');
      expect(rehash.statusCode).toBe(500);
      expect(rehash.json().error.code).toBe('AUTH_FAILED');
      const changeFail = await t.request({
        method: 'POST',
        url: '/api/auth/password',
        cookie: stuck.cookie,
        payload: { currentPassword: 'Travado@Senha1', newPassword: 'Nunca@Senha2', confirmPassword: 'Nunca@Senha2' },
      });
      expect(changeFail.statusCode).toBe(500);
    } finally {
      await t.query('ALTER TABLE users DROP CONSTRAINT test_stuck');
    }
    await secrets.addHashes(t);
    await secrets.addResetTokens(t);

    const log = lines.join('');
    // The log is real: it has the requests and the three failures, with their request ids.
    expect(log).toContain('incoming request');
    expect(log.match(/"msg":"(request failed|login failed unexpectedly)"/g)?.length).toBe(3);
    expect(log).toContain('violates check constraint');
    secrets.expectAbsentFrom(log);
  });
});

describe('SECURITY 26: the production logger (server.ts, LOG_LEVEL=trace) writes no secret', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  // A server left running by a failed or timed-out test must not outlive the run.
  let spawned: ReturnType<typeof spawn> | null = null;
  afterAll(async () => {
    if (spawned && spawned.exitCode === null && spawned.signalCode === null) spawned.kill('SIGKILL');
    await t.close();
  });

  // A cold tsx start of the whole server: slow on a busy two-core machine with another test file
  // running beside it.
  it('a real server process, driven over HTTP, then stopped with SIGTERM', { timeout: 90_000 }, async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: serverDir,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'development',
        DATABASE_URL: t.databaseUrl,
        HOST: '127.0.0.1',
        PORT: '0',
        LOG_LEVEL: 'trace',
        APP_URL: 'http://localhost:3000',
        SEED_DEMO: 'false',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    spawned = child;
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const exited = once(child, 'exit');
    try {
      const base = await new Promise<string>((resolve, reject) => {
        const onData = () => {
          // It prints http://localhost:PORT; it listens on 127.0.0.1 (HOST above).
          const m = /Candeia is running on http:\/\/[\w.-]+:(\d+)/.exec(output);
          if (m) resolve(`http://127.0.0.1:${m[1]}`);
        };
        child.stdout.on('data', onData);
        child.once('exit', (code) => reject(new Error(`server exited (${code}): ${output}`)));
      });
      // The browser's Origin is APP_URL's, whatever address the server listens on.
      const headers = {
        origin: 'http://localhost:3000',
        'content-type': 'application/json',
        'user-agent': 'CandeiaTest/1.0',
      };
      const post = (path: string, body: unknown, cookie?: string) =>
        fetch(`${base}${path}`, {
          method: 'POST',
          headers: { ...headers, ...(cookie ? { cookie } : {}) },
          body: JSON.stringify(body),
        });
      const cookieOf = (res: Response) =>
        res.headers
          .getSetCookie()
          .find((c) => c.startsWith('candeia_session='))!
          .split(';')[0]!;
      const secrets = new Secrets();

      const body = makeSignUp();
      const email = body.email as string;
      const signup = await post('/api/auth/signup', body);
      expect(signup.status).toBe(201);
      const c1 = cookieOf(signup);
      secrets.add(body.password as string, c1.split('=')[1]);
      expect((await post('/api/auth/login', { email, password: 'Wrong@Password1' })).status).toBe(401);
      const ok = await post('/api/auth/login', { email, password: body.password }, c1);
      expect(ok.status).toBe(200);
      const c2 = cookieOf(ok);
      secrets.add(c2.split('=')[1]);
      expect((await fetch(`${base}/api/auth/session`, { headers: { cookie: c2 } })).status).toBe(200);
      expect((await post('/api/auth/password-reset/request', { email })).status).toBe(200);
      const mails = await t.database.db
        .select()
        .from(mailOutbox)
        .where(sql`${mailOutbox.to} = ${email}`);
      const mail = mails.find((m) => m.kind === 'password_reset');
      const token = resetTokenFrom(mail!.text);
      // The verification link of the sign-up, followed as the page does (a POST with the token).
      const verification = verificationTokenFrom(mails.find((m) => m.kind === 'email_verification')!.text);
      secrets.add(verification);
      await fetch(`${base}/verify-email?token=${verification}`);
      expect((await post('/api/auth/verify-email', { token: verification })).status).toBe(200);
      secrets.add(token);
      // The user opens the mailed link on our server: the token is in that URL.
      await fetch(`${base}/reset-password?token=${token}`);
      expect(
        (
          await post('/api/auth/password-reset/confirm', {
            token,
            password: OTHER_PASSWORD,
            confirmPassword: OTHER_PASSWORD,
          })
        ).status,
      ).toBe(200);
      const again = await post('/api/auth/login', { email, password: OTHER_PASSWORD });
      const c3 = cookieOf(again);
      secrets.add(OTHER_PASSWORD, c3.split('=')[1]);
      const change = await post(
        '/api/auth/password',
        { currentPassword: OTHER_PASSWORD, newPassword: 'Terceira@Senha3', confirmPassword: 'Terceira@Senha3' },
        c3,
      );
      expect(change.status).toBe(200);
      secrets.add('Terceira@Senha3');
      expect((await post('/api/auth/logout', {}, c3)).status).toBe(200);
      // And a failure in the database with a hash among the parameters.
      await t.query("ALTER TABLE users ADD CONSTRAINT test_stuck CHECK (first_name <> 'Travado') NOT VALID");
      const failing = makeSignUp({
        firstName: 'Travado',
        password: 'Travado@Senha1',
        confirmPassword: 'Travado@Senha1',
      });
      secrets.add('Travado@Senha1');
      expect((await post('/api/auth/signup', failing)).status).toBe(500);
      await t.query('ALTER TABLE users DROP CONSTRAINT test_stuck');

      // SECURITY 27 on the real process: SIGTERM while sign-ups are in flight. Each one finishes
      // (201, with its user, profile and trial written together), then the process exits 0.
      // SIGTERM goes once the server has received all 16 (its trace log says so): a request that
      // has not reached the server yet is rightly refused once shutdown starts.
      const signupsReceived = () =>
        output
          .split('\n')
          .filter((l) => l.includes('"msg":"incoming request"') && l.includes('"url":"/api/auth/signup"')).length;
      const baseline = signupsReceived();
      const bodies = Array.from({ length: 16 }, () => makeSignUp());
      const pending = bodies.map((b) => post('/api/auth/signup', b));
      await vi.waitFor(() => expect(signupsReceived()).toBe(baseline + bodies.length), {
        timeout: 20_000,
        interval: 10,
      });
      child.kill('SIGTERM');
      const done = await Promise.all(
        pending.map((p) =>
          p.then(
            (r) => r,
            (e: unknown) => e,
          ),
        ),
      );
      const statuses = done.map((r) => (r instanceof Response ? r.status : String(r)));
      expect(statuses).toEqual(bodies.map(() => 201));
      for (const r of done as Response[]) secrets.add(cookieOf(r).split('=')[1]);
      const [code] = await exited;
      expect(code).toBe(0);
      const emails = bodies.map((b) => b.email as string);
      const written = await t.query<{ n: string }>(
        `SELECT count(*) AS n FROM users u JOIN profiles p ON p.id = u.id JOIN user_subscriptions s ON s.user_id = u.id
         WHERE u.email = ANY($1) AND s.status = 'trialing'`,
        [emails],
      );
      expect(Number(written[0]!.n)).toBe(bodies.length);
      await expect(fetch(`${base}/api/health`)).rejects.toThrow();
      await secrets.addHashes(t);
      expect(output).toContain('"msg":"incoming request"');
      expect(output).toContain('/reset-password');
      expect(output).toContain('"msg":"request failed"');
      secrets.expectAbsentFrom(output);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});

describe('SECURITY 27: graceful shutdown', () => {
  it('an in-flight request finishes with 200 and writes its rows; new requests are refused', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let entered!: () => void;
    const inHandler = new Promise<void>((r) => (entered = r));
    const g = await createTestApp(
      {},
      {
        beforeReady: (app) => {
          app.post('/api/test/slow', { config: { access: 'public' } }, async () => {
            entered();
            await gate;
            await app.deps.db.transaction(async (tx) => {
              for (const part of ['first', 'second']) {
                await tx
                  .insert(mailOutbox)
                  .values({ to: 'slow@example.com', subject: part, text: part, kind: 'test', createdAt: new Date() });
              }
            });
            return { ok: true };
          });
        },
      },
    );
    try {
      await g.app.listen({ port: 0, host: '127.0.0.1' });
      const address = g.app.server.address();
      const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const health = () =>
        fetch(`${base}/api/health`).then(
          (r) => r.status,
          () => 'refused' as const,
        );
      expect(await health()).toBe(200);

      const inflight = fetch(`${base}/api/test/slow`, {
        method: 'POST',
        headers: { origin: g.config.APP_URL, 'content-type': 'application/json' },
        body: '{}',
      });
      await inHandler;
      const closing = g.app.close();
      // While closing, a new request is not served.
      expect(['refused', 503]).toContain(await health());
      release();
      const res = await inflight;
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ ok: true });
      await closing;
      const rows = await g.query<{ subject: string }>(
        'SELECT subject FROM mail_outbox WHERE "to" = $1 ORDER BY subject',
        ['slow@example.com'],
      );
      expect(rows.map((r) => r.subject)).toEqual(['first', 'second']);
      expect(await health()).toBe('refused');
    } finally {
      release();
      await g.close();
    }
  });
});
