import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { translate } from '@candeia/shared/i18n/server';
import type { AdminMemberDto } from '@candeia/shared/schemas/admin-members';
import { createSession } from './support/accounts.ts';
import { createTestApp, type TestRequestOptions } from './support/app.ts';
import {
  confirmReset,
  insertAccount,
  login,
  mailsTo,
  OTHER_PASSWORD,
  resetTokenFrom,
  type TestUser,
} from './support/factories.ts';

/**
 * The administration's acts on a member's account (decision 028), through the API on a real
 * database: each is for administrators only, leaves its line in the security log with who acted
 * and why, and does what the member then meets (a role they have, a sign-in refused or working
 * again, a mail in the outbox, an account erased by its job). The last administrator is never
 * removed, even by two administrators acting at the same moment.
 */

const t = await createTestApp({ ADMIN_EMAILS: 'fundadora@candeia.test' });
afterAll(async () => t.close());

const as = (u: TestUser | null, opts: TestRequestOptions) => t.request({ ...opts, cookie: u?.cookie ?? null });
const member = (u: TestUser, id: string) => as(u, { url: `/api/admin/users/${id}` });
const act = (u: TestUser, method: 'POST' | 'PUT' | 'DELETE', id: string, path: string, payload?: object) =>
  as(u, { method, url: `/api/admin/users/${id}/${path}`, ...(payload ? { payload } : {}), locale: 'en-US' });

let admin: TestUser;
/** Only `admin` is an administrator at the start of each test. */
beforeEach(async () => {
  admin ??= await insertAccount(t, { firstName: 'Ester', role: 'admin' });
  await t.query("UPDATE users SET role = 'user' WHERE role = 'admin' AND id <> $1", [admin.user.id]);
  await t.query('UPDATE users SET suspended_at = NULL WHERE id = $1', [admin.user.id]);
  // A fresh session: a test may have had this one ended (a suspension ends every session).
  admin.cookie = (await createSession(t.database.db, admin.user.id, { now: t.clock.now() })).cookie;
});

/** The security log's lines of one account, newest first. */
const eventsOf = (userId: string, type: string) =>
  t.query<{ details: string; email: string | null; ip: string }>(
    'SELECT details, email, ip FROM security_events WHERE user_id = $1 AND type = $2 ORDER BY id DESC',
    [userId, type],
  );

const ROUTES: [string, string, object | undefined][] = [
  ['GET', '', undefined],
  ['PUT', 'role', { role: 'counsellor', reason: '' }],
  ['POST', 'unlock', { reason: '' }],
  ['POST', 'verification-mail', undefined],
  ['POST', 'password-reset', undefined],
  ['PUT', 'suspension', { reason: 'spam' }],
  ['DELETE', 'suspension', undefined],
  ['POST', 'delete', { reason: '' }],
];

describe('who may act', () => {
  it('a member gets 403 and nothing changes, anonymous 401; an unknown id 404', async () => {
    const ana = await insertAccount(t, { firstName: 'Ana' });
    const bia = await insertAccount(t, { firstName: 'Bia', verified: false });
    const before = await t.query('SELECT * FROM users WHERE id = $1', [bia.user.id]);
    for (const [method, path, payload] of ROUTES) {
      const url = `/api/admin/users/${bia.user.id}${path ? `/${path}` : ''}`;
      const opts = { method: method as 'POST', url, ...(payload ? { payload } : {}) };
      expect((await as(ana, opts)).statusCode, `${method} ${path}`).toBe(403);
      expect((await as(null, opts)).statusCode, `${method} ${path}`).toBe(401);
    }
    expect(await t.query('SELECT * FROM users WHERE id = $1', [bia.user.id])).toEqual(before);
    expect(await mailsTo(t, bia.email)).toEqual([]);
    const unknown = await member(admin, '6c1f1d4e-0000-4000-8000-00000000abcd');
    expect(unknown.statusCode).toBe(404);
  });

  it('the panel shows the account, its subscription, sign-in state and latest events', async () => {
    const ana = await insertAccount(t, { firstName: 'Ana', lastName: 'Painel' });
    const res = await member(admin, ana.user.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminMemberDto>()).toMatchObject({
      id: ana.user.id,
      email: ana.email,
      firstName: 'Ana',
      lastName: 'Painel',
      role: 'user',
      emailVerified: true,
      lockedUntil: null,
      suspendedAt: null,
      deletedAt: null,
      subscriptionStatus: 'trialing',
      counsellor: null,
      liveSessions: 1,
      configuredAdmin: false,
    });
  });
});

describe('the role', () => {
  it('member → counsellor → admin → member: the member has each role at once; each change is logged with who and why', async () => {
    const ana = await insertAccount(t, { firstName: 'Ana' });
    const role = async () => (await as(ana, { url: '/api/profile' })).json<{ role: string }>().role;

    let res = await act(admin, 'PUT', ana.user.id, 'role', { role: 'counsellor', reason: 'Especialista em luto' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminMemberDto>()).toMatchObject({ role: 'counsellor', counsellor: { active: true } });
    expect(await role()).toBe('counsellor');
    // The counsellor's own screen answers now (an active profile).
    expect((await as(ana, { url: '/api/consultations/me' })).statusCode).toBe(200);

    res = await act(admin, 'PUT', ana.user.id, 'role', { role: 'admin', reason: '' });
    expect(res.json<AdminMemberDto>().role).toBe('admin');
    expect(await role()).toBe('admin');
    expect((await as(ana, { url: '/api/admin/users' })).statusCode).toBe(200);

    res = await act(admin, 'PUT', ana.user.id, 'role', { role: 'user', reason: 'Fim do período' });
    expect(res.json<AdminMemberDto>()).toMatchObject({ role: 'user', counsellor: { active: false } });
    expect((await as(ana, { url: '/api/consultations/me' })).statusCode).toBe(403);
    expect(await role()).toBe('user');
    expect((await as(ana, { url: '/api/admin/users' })).statusCode).toBe(403);

    const lines = await eventsOf(ana.user.id, 'admin_role_changed');
    expect(lines.map((l) => l.details)).toEqual([
      `by ${admin.email} (${admin.user.id}): admin → user; reason: Fim do período`,
      `by ${admin.email} (${admin.user.id}): counsellor → admin`,
      `by ${admin.email} (${admin.user.id}): user → counsellor; reason: Especialista em luto`,
    ]);
    expect(lines.every((l) => l.email === ana.email)).toBe(true);
  });

  it('an unknown role or an over-long reason is refused with a translated message', async () => {
    const ana = await insertAccount(t);
    const bad = await act(admin, 'PUT', ana.user.id, 'role', { role: 'superuser', reason: '' });
    expect(bad.statusCode).toBe(400);
    const long = await act(admin, 'PUT', ana.user.id, 'role', { role: 'admin', reason: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields.reason).toBe(translate('en-US', 'validation:moderation.reasonTooLong'));
    expect((await member(admin, ana.user.id)).json<AdminMemberDto>().role).toBe('user');
  });

  it('the last administrator cannot step down; with another one, they can', async () => {
    const alone = await act(admin, 'PUT', admin.user.id, 'role', { role: 'user', reason: '' });
    expect(alone.statusCode).toBe(409);
    expect(alone.json().error).toEqual({
      code: 'ADMIN_LAST_ADMIN',
      message: translate('en-US', 'errors:ADMIN_LAST_ADMIN'),
    });
    const other = await insertAccount(t, { role: 'admin' });
    const down = await act(other, 'PUT', other.user.id, 'role', { role: 'user', reason: '' });
    expect(down.statusCode, down.body).toBe(200);
    expect(await t.query("SELECT id FROM users WHERE role = 'admin'")).toEqual([{ id: admin.user.id }]);
  });

  it('a suspended administrator does not count: the only active one still cannot step down', async () => {
    const other = await insertAccount(t, { role: 'admin' });
    expect((await act(admin, 'PUT', other.user.id, 'suspension', { reason: 'Conta comprometida' })).statusCode).toBe(
      200,
    );
    expect((await act(admin, 'PUT', admin.user.id, 'role', { role: 'user', reason: '' })).statusCode).toBe(409);
  });

  it('two administrators demoting each other at the same moment: exactly one succeeds, one administrator remains', async () => {
    for (let round = 0; round < 6; round++) {
      const x = await insertAccount(t, { role: 'admin' });
      const y = await insertAccount(t, { role: 'admin' });
      await t.query("UPDATE users SET role = 'user' WHERE role = 'admin' AND id NOT IN ($1, $2)", [
        x.user.id,
        y.user.id,
      ]);
      const [a, b] = await Promise.all([
        act(x, 'PUT', y.user.id, 'role', { role: 'user', reason: '' }),
        act(y, 'PUT', x.user.id, 'role', { role: 'user', reason: '' }),
      ]);
      const codes = [a.statusCode, b.statusCode].sort();
      // The loser is no administrator any more (403), or saw the other as the last one (409).
      expect(codes[0], `${a.body} ${b.body}`).toBe(200);
      expect([403, 409]).toContain(codes[1]);
      expect(await t.query("SELECT count(*)::int AS n FROM users WHERE role = 'admin'")).toEqual([{ n: 1 }]);
    }
    // And one administrator demoting the other while stepping down: one of the two is refused.
    const x = await insertAccount(t, { role: 'admin' });
    const y = await insertAccount(t, { role: 'admin' });
    await t.query("UPDATE users SET role = 'user' WHERE role = 'admin' AND id NOT IN ($1, $2)", [x.user.id, y.user.id]);
    const both = await Promise.all([
      act(x, 'PUT', y.user.id, 'role', { role: 'user', reason: '' }),
      act(x, 'PUT', x.user.id, 'role', { role: 'counsellor', reason: '' }),
    ]);
    expect(both.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(await t.query("SELECT count(*)::int AS n FROM users WHERE role = 'admin'")).toEqual([{ n: 1 }]);
    await t.query("UPDATE users SET role = 'admin' WHERE id = $1", [admin.user.id]);
  });

  it('an address in ADMIN_EMAILS keeps the role (it would come back at the next start)', async () => {
    await insertAccount(t, { role: 'admin' });
    const founder = await insertAccount(t, { email: 'fundadora@candeia.test', role: 'admin' });
    const res = await act(admin, 'PUT', founder.user.id, 'role', { role: 'user', reason: '' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('ADMIN_CONFIGURED_ADMIN');
    expect((await member(admin, founder.user.id)).json<AdminMemberDto>()).toMatchObject({
      role: 'admin',
      configuredAdmin: true,
    });
  });
});

describe('the sign-in', () => {
  it('a locked-out member signs in again once unlocked; the unlock is logged', async () => {
    const ana = await insertAccount(t);
    // Ten failures over two windows: the account is locked and the address rate-limited.
    for (let i = 0; i < 5; i++) await login(t, ana.email, 'Errada@2026');
    t.clock.advance(16 * 60_000);
    for (let i = 0; i < 5; i++) await login(t, ana.email, 'Errada@2026');
    expect((await login(t, ana.email, ana.password)).statusCode).toBe(429);
    const locked = (await member(admin, ana.user.id)).json<AdminMemberDto>();
    expect(locked.lockedUntil).not.toBeNull();
    expect(locked.failedLogins).toBe(10);

    const res = await act(admin, 'POST', ana.user.id, 'unlock', { reason: 'Pediu por telefone' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminMemberDto>()).toMatchObject({ lockedUntil: null, failedLogins: 0 });
    expect((await login(t, ana.email, ana.password)).statusCode).toBe(200);
    expect((await eventsOf(ana.user.id, 'admin_lockout_cleared')).map((l) => l.details)).toEqual([
      `by ${admin.email} (${admin.user.id}): unlocked; reason: Pediu por telefone`,
    ]);
  });

  it('a new verification link: in the outbox, once a minute, none for a verified address', async () => {
    const ana = await insertAccount(t, { verified: false });
    const send = () => act(admin, 'POST', ana.user.id, 'verification-mail');
    const first = await send();
    expect(first.statusCode, first.body).toBe(200);
    const mails = await mailsTo(t, ana.email, 'email_verification');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('http://localhost:3000/verify-email?token=');
    const again = await send();
    expect(again.statusCode).toBe(429);
    expect(again.json().error.code).toBe('EMAIL_VERIFY_TOO_SOON');
    t.clock.advance(61_000);
    expect((await send()).statusCode).toBe(200);
    expect(await mailsTo(t, ana.email, 'email_verification')).toHaveLength(2);
    expect(await eventsOf(ana.user.id, 'admin_verification_sent')).toHaveLength(2);

    const bia = await insertAccount(t);
    const verified = await act(admin, 'POST', bia.user.id, 'verification-mail');
    expect(verified.statusCode).toBe(409);
    expect(verified.json().error.code).toBe('EMAIL_ALREADY_VERIFIED');
  });

  it('a password reset link: in the outbox, it works, and not twice in a minute', async () => {
    const ana = await insertAccount(t);
    const res = await act(admin, 'POST', ana.user.id, 'password-reset');
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await mailsTo(t, ana.email, 'password_reset');
    expect((await confirmReset(t, resetTokenFrom(mail!.text))).statusCode).toBe(200);
    expect((await login(t, ana.email, OTHER_PASSWORD)).statusCode).toBe(200);
    const again = await act(admin, 'POST', ana.user.id, 'password-reset');
    expect(again.statusCode).toBe(429);
    expect(again.json().error).toEqual({
      code: 'RESET_MAIL_TOO_SOON',
      message: translate('en-US', 'errors:RESET_MAIL_TOO_SOON'),
    });
    expect((await eventsOf(ana.user.id, 'admin_password_reset_sent')).map((l) => l.details)).toEqual([
      `by ${admin.email} (${admin.user.id}): reset link mailed`,
    ]);
  });
});

describe('the account suspension (not the community’s)', () => {
  it('ends every session at once; sign-in is refused with its translated message, a wrong password answers as ever; lifted, all works', async () => {
    const ana = await insertAccount(t);
    const other = (await login(t, ana.email, ana.password)).cookies.find((c) => c.name === 'candeia_session')!;
    const missing = await act(admin, 'PUT', ana.user.id, 'suspension', { reason: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields.reason).toBe(translate('en-US', 'validation:required'));

    const res = await act(admin, 'PUT', ana.user.id, 'suspension', { reason: 'Mensagens abusivas' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminMemberDto>()).toMatchObject({ suspensionReason: 'Mensagens abusivas', liveSessions: 0 });
    for (const cookie of [ana.cookie, `candeia_session=${other.value}`])
      expect((await t.request({ url: '/api/profile', cookie })).statusCode).toBe(401);

    for (const locale of ['pt-BR', 'en-US', 'es-ES']) {
      const refused = await login(t, ana.email, ana.password, { locale });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toEqual({
        code: 'ACCOUNT_SUSPENDED',
        message: translate(locale as 'pt-BR', 'errors:ACCOUNT_SUSPENDED'),
      });
    }
    const wrong = await login(t, ana.email, 'Errada@2026', { locale: 'en-US' });
    const unknown = await login(t, 'ninguem.mesmo@example.com', 'Errada@2026', { locale: 'en-US' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    // The community's suspension is another thing: untouched.
    expect(await t.query('SELECT suspended_at FROM community_members WHERE user_id = $1', [ana.user.id])).toEqual([]);

    const lifted = await act(admin, 'DELETE', ana.user.id, 'suspension');
    expect(lifted.json<AdminMemberDto>()).toMatchObject({ suspendedAt: null, suspensionReason: null });
    expect((await login(t, ana.email, ana.password)).statusCode).toBe(200);
    expect((await eventsOf(ana.user.id, 'admin_account_suspended')).map((l) => l.details)).toEqual([
      `by ${admin.email} (${admin.user.id}): suspended, sessions ended; reason: Mensagens abusivas`,
    ]);
    expect(await eventsOf(ana.user.id, 'admin_account_unsuspended')).toHaveLength(1);
    expect(await eventsOf(ana.user.id, 'login_suspended')).toHaveLength(3);
  });

  it('never one’s own account; never the last active administrator', async () => {
    const self = await act(admin, 'PUT', admin.user.id, 'suspension', { reason: 'teste' });
    expect(self.statusCode).toBe(409);
    expect(self.json().error.code).toBe('ADMIN_SELF_SUSPEND');
    // Two administrators suspending each other at once: one is left able to sign in.
    const x = await insertAccount(t, { role: 'admin' });
    await t.query("UPDATE users SET role = 'user' WHERE role = 'admin' AND id NOT IN ($1, $2)", [
      x.user.id,
      admin.user.id,
    ]);
    const both = await Promise.all([
      act(x, 'PUT', admin.user.id, 'suspension', { reason: 'a' }),
      act(admin, 'PUT', x.user.id, 'suspension', { reason: 'b' }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 403]);
    expect(await t.query("SELECT count(*)::int AS n FROM users WHERE role = 'admin' AND suspended_at IS NULL")).toEqual(
      [{ n: 1 }],
    );
    await t.query('UPDATE users SET suspended_at = NULL WHERE id IN ($1, $2)', [x.user.id, admin.user.id]);
  });
});

describe('deleting an account', () => {
  it('closes it at once and the erasure job runs, as the member’s own deletion does; logged with the reason', async () => {
    const ana = await insertAccount(t, { firstName: 'Apagada' });
    const res = await act(admin, 'POST', ana.user.id, 'delete', { reason: 'Pedido por e-mail' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminMemberDto>().deletedAt).not.toBeNull();
    expect((await t.request({ url: '/api/profile', cookie: ana.cookie })).statusCode).toBe(401);
    await t.jobs.settle('account-erase', 30_000);
    expect(
      await t.query("SELECT state FROM pgboss.job WHERE name = 'account-erase' AND data->>'userId' = $1", [
        ana.user.id,
      ]),
    ).toEqual([{ state: 'completed' }]);
    expect(await t.query('SELECT email, first_name, password_hash FROM users WHERE id = $1', [ana.user.id])).toEqual([
      { email: `deleted-${ana.user.id}@deleted.invalid`, first_name: '', password_hash: '' },
    ]);
    const [line] = await eventsOf(ana.user.id, 'admin_account_deleted');
    expect(line!.details).toBe(
      `by ${admin.email} (${admin.user.id}): account closed, erasure queued; reason: Pedido por e-mail`,
    );
    // Closed: nothing more to do with it.
    const again = await act(admin, 'POST', ana.user.id, 'unlock', { reason: '' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('ADMIN_ACCOUNT_CLOSED');
  });

  it('a counsellor’s account is refused, as for the member', async () => {
    const c = await insertAccount(t, { firstName: 'Cecília' });
    await act(admin, 'PUT', c.user.id, 'role', { role: 'counsellor', reason: '' });
    const res = await act(admin, 'POST', c.user.id, 'delete', { reason: '' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('ADMIN_DELETE_COUNSELLOR');
    expect((await member(admin, c.user.id)).json<AdminMemberDto>().deletedAt).toBeNull();
  });

  it('the last administrator cannot delete their own account, here or in the settings', async () => {
    const res = await act(admin, 'POST', admin.user.id, 'delete', { reason: '' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('ADMIN_LAST_ADMIN');
    const own = await as(admin, {
      method: 'POST',
      url: '/api/account/delete',
      payload: { password: admin.password },
    });
    expect(own.statusCode).toBe(409);
    expect(own.json().error.code).toBe('ADMIN_LAST_ADMIN');
    expect((await as(admin, { url: '/api/profile' })).statusCode).toBe(200);
  });
});
