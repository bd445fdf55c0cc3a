import { randomBytes } from 'node:crypto';
import { SESSION_ABSOLUTE_MS, SESSION_COOKIE } from '@candeia/shared/constants';
import type { DbOrTx } from '../../src/db/client.ts';
import { hashPassword } from '../../src/lib/passwords.ts';
import { newReferralCode, newToken, sha256 } from '../../src/lib/tokens.ts';
import * as authRepo from '../../src/modules/auth/repository.ts';
import { updateSubscription } from '../../src/modules/billing/repository.ts';
import { startTrial } from '../../src/modules/billing/service.ts';
import { balance, grant, resetBalance } from '../../src/modules/credits/service.ts';

/**
 * Accounts for tests, made by the server's own code: the password hashed by lib/passwords (its
 * argon2id parameters), the user and profile rows by the auth repository, the trial by the billing
 * service (with its ledger-recorded trial credits), sessions as the auth service stores them (the
 * SHA-256 of a random token) and every credit change through the credits service. Used by the
 * server tests and by the browser tests' fixtures (e2e/support/fixtures.ts), which pass the
 * database of the server under test. No vitest or Playwright import: both runners load it.
 */

/** A valid password (SPEC.md §5) for the accounts made here. */
export const ACCOUNT_PASSWORD = 'Caminho@Luz2026';

export interface AccountOptions {
  email?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  role?: 'user' | 'admin' | 'counsellor';
  locale?: string;
  /** False: the address is not verified yet (verified by default). */
  verified?: boolean;
  /**
   * The subscription: the sign-up trial (default), the trial's row with another status (as the
   * provider or the housekeeping would leave it), or null for none.
   */
  status?: string | null;
  /**
   * The balance to end with, set through the credits service as one ledger row; by default the
   * trial's credits, as sign-up grants them (none without a subscription).
   */
  credits?: number;
  now?: Date;
}

export interface Account {
  id: string;
  email: string;
  firstName: string;
  password: string;
  referralCode: string;
  role: string;
}

let seq = 0;

/** Creates a user the way sign-up does (without the HTTP round trip, the mail and the security event). */
export async function createAccount(db: DbOrTx, opts: AccountOptions = {}): Promise<Account> {
  seq += 1;
  const now = opts.now ?? new Date();
  const email = opts.email ?? `conta${seq}.${randomBytes(5).toString('hex')}@example.com`;
  const password = opts.password ?? ACCOUNT_PASSWORD;
  const firstName = opts.firstName ?? 'Clara';
  const row = await authRepo.insertUser(db, {
    email,
    passwordHash: await hashPassword(password),
    firstName,
    lastName: opts.lastName ?? 'Teste',
    phone: '+55 11 90000-0000',
    country: 'Brasil',
    birthDate: '1990-01-01',
    gender: 'female',
    locale: opts.locale ?? 'pt-BR',
    role: opts.role ?? 'user',
    referralCode: newReferralCode(),
    emailVerifiedAt: opts.verified === false ? null : now,
    createdAt: now,
    updatedAt: now,
  });
  if (opts.status !== null) {
    await startTrial(db, row.id, now);
    const status = opts.status ?? 'trialing';
    if (status !== 'trialing') await updateSubscription(db, row.id, { status, isTrial: false, updatedAt: now });
  }
  if (opts.credits !== undefined) await setCredits(db, row.id, opts.credits, now);
  return { id: row.id, email, firstName, password, referralCode: row.referralCode, role: row.role };
}

export interface AccountSession {
  token: string;
  sessionId: string;
  /** The Cookie header value that carries the session. */
  cookie: string;
}

/** A live session as sign-in stores it: only the SHA-256 of the token is kept. */
export async function createSession(
  db: DbOrTx,
  userId: string,
  opts: { now?: Date; ip?: string } = {},
): Promise<AccountSession> {
  const now = opts.now ?? new Date();
  const token = newToken();
  const sessionId = await authRepo.insertSession(db, {
    userId,
    tokenHash: sha256(token),
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
    ip: opts.ip ?? '127.0.0.1',
    userAgent: null,
  });
  return { token, sessionId, cookie: `${SESSION_COOKIE}=${token}` };
}

/** Sets the balance to exactly `amount` through the credits service (one ledger row); returns it. */
export async function setCredits(db: DbOrTx, userId: string, amount: number, now = new Date()): Promise<number> {
  await resetBalance(db, userId, amount, `test-setup:${randomBytes(8).toString('hex')}`, null, now);
  return balance(db, userId);
}

/** Adds credits as an administrator's grant does (credits service, fresh key); returns the balance. */
export async function grantCredits(db: DbOrTx, userId: string, amount: number, now = new Date()): Promise<number> {
  await grant(db, userId, amount, 'admin_grant', `test-grant:${randomBytes(8).toString('hex')}`, 'test', now);
  return balance(db, userId);
}
