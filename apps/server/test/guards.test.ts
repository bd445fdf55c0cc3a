import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../src/runtime.ts';
import { concreteUrl, createTestApp, routeTable, sessionCookie, type RouteInfo } from './support/app.ts';
import { insertUser, login, makeSignUp, verifyEmail, type TestUser } from './support/factories.ts';
import { PUBLIC_ROUTES, routeKey as key } from './support/routes.ts';

const t = await createTestApp();
const routes = routeTable(t.app).filter((r) => r.url.startsWith('/api/'));
const protectedRoutes = routes.filter((r) => !PUBLIC_ROUTES.has(key(r)));
const adminRoutes = routes.filter((r) => r.url.startsWith('/api/admin/'));
const publicRoutes = routes.filter((r) => PUBLIC_ROUTES.has(key(r)));

let user: TestUser;
let admin: TestUser;
beforeAll(async () => {
  user = await insertUser(t);
  admin = await insertUser(t, { role: 'admin' });
});
afterAll(async () => t.close());

/** The route with a fresh id in every parameter; `encoded` percent-encodes the first letter of "api". */
function call(r: RouteInfo, opts: { cookie?: string | null; body?: boolean; encoded?: boolean } = {}) {
  let url = concreteUrl(r.url, randomUUID());
  if (opts.encoded) url = url.replace(/^\/api\//, '/%61pi/');
  return t.request({
    method: r.method as 'GET',
    url,
    cookie: opts.cookie,
    locale: 'en-US',
    ...(opts.body && r.method !== 'GET' ? { payload: {} } : {}),
  });
}

function expectCode(res: LightMyRequestResponse, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().error.code).toBe(code);
}

describe('SECURITY 11: the route table', () => {
  it('is read from the app and lists the known routes', () => {
    const keys = routes.map(key);
    expect(keys).toEqual(
      expect.arrayContaining([
        'GET /api/health',
        'POST /api/auth/signup',
        'GET /api/auth/session',
        'POST /api/auth/session/refresh',
        'POST /api/auth/password',
        'POST /api/auth/password-reset/request',
        'POST /api/auth/verify-email',
        'POST /api/auth/verify-email/resend',
        'GET /api/profile',
        'PUT /api/profile',
        'PUT /api/profile/locale',
        'GET /api/admin/users',
        'POST /api/admin/security-events/clear',
      ]),
    );
    expect(new Set(keys).size).toBe(keys.length);
    expect(adminRoutes.length).toBeGreaterThanOrEqual(4);
  });

  it('every listed public route exists (the list is not stale)', () => {
    for (const p of PUBLIC_ROUTES) expect(routes.map(key)).toContain(p);
  });
});

describe('SECURITY 11: every non-public /api route answers 401 without a session', () => {
  it.each(protectedRoutes.map((r) => [key(r), r] as const))('%s', async (_k, r) => {
    expectCode(await call(r), 401, 'AUTH_REQUIRED');
    // The guard runs before the body is read or validated.
    expectCode(await call(r, { body: true }), 401, 'AUTH_REQUIRED');
    // The router decodes percent-escapes: the guard must see the route, not the raw URL.
    expectCode(await call(r, { encoded: true }), 401, 'AUTH_REQUIRED');
    // A dead session is no session.
    expect((await call(r, { cookie: 'candeia_session=not-a-real-token' })).statusCode).toBe(401);
  });
});

describe('SECURITY 11: public routes do not ask for a session', () => {
  it.each(publicRoutes.map((r) => [key(r), r] as const))('%s', async (_k, r) => {
    const res = await call(r, { body: true });
    expect([401, 403]).not.toContain(res.statusCode);
  });
});

describe('SECURITY 11: every /api/admin route is admin-only', () => {
  it.each(adminRoutes.map((r) => [key(r), r] as const))(
    '%s: 401 signed out, 403 for a user (logged), 200/400 (404 for an unknown id) for an admin',
    async (_k, r) => {
      expectCode(await call(r), 401, 'AUTH_REQUIRED');
      expectCode(await call(r, { body: true }), 401, 'AUTH_REQUIRED');

      const before = await t.query('SELECT id FROM security_events WHERE type = $1 AND user_id = $2', [
        'admin_access_denied',
        user.user.id,
      ]);
      for (const opts of [{}, { body: true }, { encoded: true }]) {
        expectCode(await call(r, { cookie: user.cookie, ...opts }), 403, 'AUTH_FORBIDDEN');
      }
      const after = await t.query<{ details: string; email: string }>(
        'SELECT details, email FROM security_events WHERE type = $1 AND user_id = $2 ORDER BY id',
        ['admin_access_denied', user.user.id],
      );
      expect(after.length - before.length).toBe(3);
      expect(after.at(-1)).toEqual({ details: `${r.method} ${r.url}`, email: user.email });

      const res = await call(r, { cookie: admin.cookie, body: true });
      // A route with an id in its path answers 404 for the fresh id of this call (nothing has it).
      expect(r.url.includes(':') ? [200, 400, 404] : [200, 400]).toContain(res.statusCode);
    },
  );
});

describe('SECURITY 11: admin is a server-side role', () => {
  it('ADMIN_EMAILS grants admin to a verified address (any case), at verification and at start-up', async () => {
    const a = await createTestApp({ ADMIN_EMAILS: 'chefe@example.com, existente@example.com' });
    try {
      const boss = await insertUser(a, { email: 'Chefe@Example.com' });
      expect(boss.user.role).toBe('user');
      expect((await a.request({ url: '/api/admin/users', cookie: boss.cookie })).statusCode).toBe(403);
      expect((await verifyEmail(a, boss.email)).statusCode).toBe(200);
      expect((await a.request({ url: '/api/admin/users', cookie: boss.cookie })).statusCode).toBe(200);
      const plain = await insertUser(a, { verified: true });
      expect(plain.user.role).toBe('user');
      expect((await a.request({ url: '/api/admin/users', cookie: plain.cookie })).statusCode).toBe(403);

      // A verified user who existed before being listed becomes admin when the server starts.
      const b = await createTestApp();
      try {
        const existing = await insertUser(b, { email: 'existente@example.com', verified: true });
        expect(existing.user.role).toBe('user');
        await prepareDatabase(b.database, a.config, false);
        expect((await b.request({ url: '/api/admin/users', cookie: existing.cookie })).statusCode).toBe(200);
      } finally {
        await b.close();
      }
    } finally {
      await a.close();
    }
  });

  it('the role is read on every request: a demoted admin is refused at once', async () => {
    const a = await insertUser(t, { role: 'admin' });
    expect((await t.request({ url: '/api/admin/users', cookie: a.cookie })).statusCode).toBe(200);
    await t.query("UPDATE users SET role = 'user' WHERE id = $1", [a.user.id]);
    expect((await t.request({ url: '/api/admin/users', cookie: a.cookie })).statusCode).toBe(403);
  });

  it('nobody becomes admin through the API', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { ...makeSignUp(), role: 'admin' },
    });
    expect(res.statusCode).toBe(400);
    const u = await insertUser(t);
    const put = await t.request({
      method: 'PUT',
      url: '/api/profile/locale',
      cookie: u.cookie,
      payload: { locale: 'pt-BR', role: 'admin' },
    });
    expect(put.statusCode).toBe(400);
    expect((await t.request({ url: '/api/admin/users', cookie: u.cookie })).statusCode).toBe(403);
  });
});

describe('SPEC §6/§7: only an admin user id may clear security logs', () => {
  const clear = (cookie: string, payload: object) =>
    t.request({ method: 'POST', url: '/api/admin/security-events/clear', cookie, payload, locale: 'en-US' });
  const count = async (where = 'true', params: unknown[] = []) =>
    Number((await t.query<{ n: string }>(`SELECT count(*) AS n FROM security_events WHERE ${where}`, params))[0]!.n);

  it('"Admin user ID required" without adminUserId', async () => {
    const before = await count();
    const res = await clear(admin.cookie, {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'ADMIN_USER_ID_REQUIRED', message: 'Admin user ID required' } });
    const pt = await t.request({
      method: 'POST',
      url: '/api/admin/security-events/clear',
      cookie: admin.cookie,
      payload: {},
      locale: 'pt-BR',
    });
    expect(pt.json().error.message).toBe('ID do administrador obrigatório');
    expect(await count()).toBe(before);
  });

  it("403 with another user's id, even another admin's", async () => {
    const other = await insertUser(t, { role: 'admin' });
    const before = await count();
    for (const id of [user.user.id, other.user.id, randomUUID()]) {
      const res = await clear(admin.cookie, { adminUserId: id });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('AUTH_FORBIDDEN');
    }
    expect(await count()).toBe(before);
    // A normal user with their own id is refused by the guard.
    expect((await clear(user.cookie, { adminUserId: user.user.id })).statusCode).toBe(403);
  });

  it("clears one e-mail's events, then all, with the admin's own id; records admin_logs_cleared", async () => {
    // Make sure there is something to clear for a known e-mail.
    await login(t, user.email, 'Wrong@Password1');
    await login(t, 'alguem@example.com', 'Wrong@Password1');
    const mine = await count('email = $1', [user.email]);
    expect(mine).toBeGreaterThan(0);
    const others = await count('email IS DISTINCT FROM $1', [user.email]);

    const one = await clear(admin.cookie, { adminUserId: admin.user.id, email: user.email.toUpperCase() });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({ removed: mine });
    expect(await count('email = $1', [user.email])).toBe(0);
    expect(await count('email IS DISTINCT FROM $1 AND type <> $2', [user.email, 'admin_logs_cleared'])).toBe(others);

    const all = await clear(admin.cookie, { adminUserId: admin.user.id });
    expect(all.statusCode).toBe(200);
    const left = await t.query<{ type: string; user_id: string; email: string; success: boolean }>(
      'SELECT type, user_id, email, success FROM security_events ORDER BY id',
    );
    expect(left).toEqual([{ type: 'admin_logs_cleared', user_id: admin.user.id, email: admin.email, success: true }]);

    const list = await t.request({ url: '/api/admin/security-events', cookie: admin.cookie });
    expect(list.json().items.map((e: { type: string }) => e.type)).toEqual(['admin_logs_cleared']);
  });

  it('a signed-in admin session from login works the same', async () => {
    const res = await login(t, admin.email, admin.password);
    const cookie = sessionCookie(res)!;
    expect((await clear(cookie, {})).statusCode).toBe(400);
  });
});
