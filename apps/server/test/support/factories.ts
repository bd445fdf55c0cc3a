import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { SignUpInput } from '@candeia/shared/schemas/auth';
import type { TestApp } from './app.ts';
import { sessionCookie } from './app.ts';
import { users } from '../../src/db/schema/index.ts';
import { eq } from 'drizzle-orm';
import { createAccount, createSession, type AccountOptions } from './accounts.ts';

export const GOOD_PASSWORD = 'Luz@Caminho2026';
/** Another valid password (SPEC.md §5), for changes and resets. */
export const OTHER_PASSWORD = 'Nova@Senha2027';

let seq = 0;
/** A valid sign-up body with a unique e-mail. */
export function makeSignUp(overrides: Partial<SignUpInput> = {}): SignUpInput {
  seq += 1;
  return {
    email: `pessoa${seq}.${randomBytes(4).toString('hex')}@example.com`,
    password: GOOD_PASSWORD,
    confirmPassword: GOOD_PASSWORD,
    firstName: 'Maria',
    lastName: 'Oliveira',
    phone: '+55 21 98765-4321',
    address: 'Rua das Flores, 10',
    city: 'Rio de Janeiro',
    state: 'RJ',
    country: 'Brasil',
    zipCode: '20000-000',
    birthDate: '1988-04-02',
    gender: 'female',
    acceptTerms: true,
    referralCode: '',
    ...overrides,
  };
}

export interface TestUser {
  user: { id: string; email: string; referralCode: string; role: string };
  cookie: string;
  password: string;
  email: string;
}

/**
 * Signs a user up through the API; returns the user, the cookie and the password. `verified`
 * then follows the mailed link, as the person would.
 */
export async function insertUser(
  t: TestApp,
  overrides: Partial<SignUpInput> & { role?: 'admin' | 'user' | 'counsellor'; verified?: boolean } = {},
): Promise<TestUser> {
  const { role, verified, ...rest } = overrides;
  const body = makeSignUp(rest);
  const res = await t.request({ method: 'POST', url: '/api/auth/signup', payload: body, remoteAddress: uniqueIp() });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const user = res.json().user as TestUser['user'];
  if (role) {
    await t.database.db.update(users).set({ role }).where(eq(users.id, user.id));
    user.role = role;
  }
  if (verified) {
    const res = await verifyEmail(t, user.email);
    if (res.statusCode !== 200) throw new Error(`verification failed: ${res.statusCode} ${res.body}`);
  }
  return { user, cookie: sessionCookie(res)!, password: body.password as string, email: user.email };
}

/**
 * A signed-in user made by the server's own services (support/accounts.ts), without the sign-up
 * request: for tests about something else than signing up. Verified, on the trial, with a
 * session cookie; `credits` sets the balance through the ledger.
 */
export async function insertAccount(t: TestApp, opts: Omit<AccountOptions, 'now'> = {}): Promise<TestUser> {
  const now = t.clock.now();
  const account = await createAccount(t.database.db, { ...opts, now });
  const { cookie } = await createSession(t.database.db, account.id, { now });
  return {
    user: { id: account.id, email: account.email, referralCode: account.referralCode, role: account.role },
    cookie,
    password: account.password,
    email: account.email,
  };
}

let ipSeq = 0;
/**
 * A fresh client address for inject's remoteAddress, so the per-IP login limit of one test
 * never leaks into another test of the same file.
 */
export function uniqueIp(): string {
  ipSeq += 1;
  return `10.${(ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;
}

/** POST /api/auth/login from `ip` (a fresh address by default). */
export function login(
  t: TestApp,
  email: string,
  password: string,
  opts: { ip?: string; locale?: string; cookie?: string | null; headers?: Record<string, string | undefined> } = {},
): Promise<LightMyRequestResponse> {
  return t.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: opts.ip ?? uniqueIp(),
    locale: opts.locale,
    cookie: opts.cookie,
    headers: opts.headers,
  });
}

export interface MailRow {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  kind: string;
  status: string;
  attempts: number;
  error: string | null;
  pending_text: string | null;
  pending_html: string | null;
  created_at: Date;
  sent_at: Date | null;
}

/** The outbox messages to one address, oldest first. */
export function mailsTo(t: TestApp, to: string, kind?: string): Promise<MailRow[]> {
  return kind
    ? t.query<MailRow>('SELECT * FROM mail_outbox WHERE "to" = $1 AND kind = $2 ORDER BY created_at, id', [to, kind])
    : t.query<MailRow>('SELECT * FROM mail_outbox WHERE "to" = $1 ORDER BY created_at, id', [to]);
}

/** The reset token inside a mailed link. */
export function resetTokenFrom(text: string): string {
  const m = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(text);
  if (!m) throw new Error(`no reset link in: ${text}`);
  return m[1]!;
}

/** Asks for a reset and returns the token of the newest mail to that address. */
export async function requestResetToken(t: TestApp, email: string): Promise<string> {
  const res = await t.request({ method: 'POST', url: '/api/auth/password-reset/request', payload: { email } });
  if (res.statusCode !== 200) throw new Error(`reset request failed: ${res.statusCode} ${res.body}`);
  const mails = await mailsTo(t, email, 'password_reset');
  if (mails.length === 0) throw new Error('no reset mail');
  return resetTokenFrom(mails.at(-1)!.text);
}

/** The verification token inside a mailed link. */
export function verificationTokenFrom(text: string): string {
  const m = /\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(text);
  if (!m) throw new Error(`no verification link in: ${text}`);
  return m[1]!;
}

/** The token of the newest verification mail to an address (without SMTP: the outbox is the mailbox). */
export async function latestVerificationToken(t: TestApp, email: string): Promise<string> {
  const mails = await mailsTo(t, email, 'email_verification');
  if (mails.length === 0) throw new Error(`no verification mail to ${email}`);
  return verificationTokenFrom(mails.at(-1)!.text);
}

/** POST /api/auth/verify-email with a token (from a fresh address, so the per-IP limit stays out of the way). */
export function confirmEmail(t: TestApp, token: string, opts: { ip?: string; locale?: string } = {}) {
  return t.request({
    method: 'POST',
    url: '/api/auth/verify-email',
    payload: { token },
    remoteAddress: opts.ip ?? uniqueIp(),
    locale: opts.locale,
  });
}

/** Follows the newest verification link mailed to an address. */
export async function verifyEmail(t: TestApp, email: string) {
  return confirmEmail(t, await latestVerificationToken(t, email));
}

export function confirmReset(t: TestApp, token: string, password = OTHER_PASSWORD) {
  return t.request({
    method: 'POST',
    url: '/api/auth/password-reset/confirm',
    payload: { token, password, confirmPassword: password },
  });
}

export async function setSubscriptionStatus(t: TestApp, userId: string, status: string): Promise<void> {
  await t.query('UPDATE user_subscriptions SET status = $1 WHERE user_id = $2', [status, userId]);
}

export async function storedHash(t: TestApp, userId: string): Promise<string> {
  const [row] = await t.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [userId]);
  return row!.password_hash;
}
