import {
  LOCKOUT_MS,
  LOCKOUT_THRESHOLD,
  LOGIN_IP_RATE_LIMIT,
  LOGIN_RATE_LIMIT,
  LOGIN_RATE_WINDOW_MS,
  RESET_MAIL_INTERVAL_MS,
  RESET_TOKEN_TTL_MS,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
  type Locale,
} from '@candeia/shared/constants';
import { paths } from '@candeia/shared/routes';
import type { PublicUser, SignUpData } from '@candeia/shared/schemas/auth';
import type { z } from 'zod';
import type {
  changePasswordSchema,
  loginSchema,
  profileUpdateSchema,
  resetConfirmSchema,
} from '@candeia/shared/schemas/auth';
import { AppError } from '../../lib/app-error.ts';
import { requireAccess } from '../../lib/access.ts';
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from '../../lib/passwords.ts';
import { newReferralCode, newToken, sha256 } from '../../lib/tokens.ts';
import { startTrial, subscriptionStatus } from '../billing/index.ts';
import { referralIneligibility } from '../referrals/index.ts';
import { logSecurityEvent } from '../security/index.ts';
import type { Actor, Deps } from '../../types.ts';
import { mailUser } from './mail.ts';
import * as repo from './repository.ts';
import { mailVerificationLink, newVerificationToken } from './verification.ts';
import { PG, pgCode, pgConstraint } from '../../lib/pg-errors.ts';

export interface NewSession {
  token: string;
  sessionId: string;
  user: PublicUser;
}

export function toPublicUser(u: repo.UserRow): PublicUser {
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    phone: u.phone,
    address: u.address,
    city: u.city,
    state: u.state,
    country: u.country,
    zipCode: u.zipCode,
    birthDate: u.birthDate ?? '',
    gender: u.gender,
    locale: u.locale,
    role: u.role as PublicUser['role'],
    referralCode: u.referralCode,
    emailVerified: u.emailVerifiedAt !== null,
    createdAt: u.createdAt.toISOString(),
  };
}

function isUniqueViolation(err: unknown, constraint?: string): boolean {
  return pgCode(err) === PG.uniqueViolation && (!constraint || pgConstraint(err)?.includes(constraint) === true);
}

export async function createSession(
  deps: Deps,
  actor: Actor,
  userId: string,
): Promise<{ token: string; sessionId: string }> {
  const now = deps.clock.now();
  const token = newToken();
  const sessionId = await repo.insertSession(deps.db, {
    userId,
    tokenHash: sha256(token),
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
    ip: actor.ip,
    userAgent: actor.userAgent?.slice(0, 500) ?? null,
  });
  return { token, sessionId };
}

const emailTaken = () => new AppError('AUTH_EMAIL_TAKEN', { email: 'errors:AUTH_EMAIL_TAKEN' });

/**
 * Sign-up: the account, its 30-day trial, a session, and a mailed verification link. Everything
 * cheap is checked before the password is hashed. A referral code must belong to a member in the
 * referral program; its rewards wait for the verified address (verification.ts), and so does the
 * administrator role of an address in ADMIN_EMAILS.
 */
export async function signUp(deps: Deps, actor: Actor, input: SignUpData): Promise<NewSession> {
  const now = deps.clock.now();
  let referredBy: string | null = null;
  if (input.referralCode) {
    const referrer = await repo.findUserByReferralCode(deps.db, input.referralCode);
    if (!referrer) throw new AppError('REFERRAL_INVALID', { referralCode: 'errors:REFERRAL_INVALID' });
    if ((await referralIneligibility(deps, referrer)) !== null)
      throw new AppError('REFERRAL_CODE_INELIGIBLE', { referralCode: 'errors:REFERRAL_CODE_INELIGIBLE' });
    referredBy = referrer.id;
  }
  if (await repo.findUserByEmail(deps.db, input.email)) throw emailTaken();
  const passwordHash = await hashPassword(input.password);
  let user: repo.UserRow | undefined;
  let token = '';
  for (let attempt = 0; attempt < 3 && !user; attempt++) {
    try {
      user = await deps.db.transaction(async (tx) => {
        const row = await repo.insertUser(tx, {
          email: input.email,
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          phone: input.phone,
          address: input.address,
          city: input.city,
          state: input.state,
          country: input.country,
          zipCode: input.zipCode,
          birthDate: input.birthDate,
          gender: input.gender,
          locale: input.locale ?? actor.locale,
          role: 'user',
          referralCode: newReferralCode(),
          referredBy,
          createdAt: now,
          updatedAt: now,
        });
        await startTrial(tx, row.id, now);
        token = await newVerificationToken(tx, row.id, now);
        return row;
      });
    } catch (err) {
      if (isUniqueViolation(err, 'email')) throw emailTaken();
      if (!isUniqueViolation(err, 'referral_code')) throw err;
    }
  }
  if (!user) throw new AppError('SERVER_ERROR');
  await mailVerificationLink(deps, user, token);
  await logSecurityEvent(deps, actor, { type: 'signup', success: true, userId: user.id, email: user.email });
  const session = await createSession(deps, actor, user.id);
  return { ...session, user: toPublicUser(user) };
}

export async function login(deps: Deps, actor: Actor, input: z.output<typeof loginSchema>): Promise<NewSession> {
  const now = deps.clock.now();
  const since = new Date(now.getTime() - LOGIN_RATE_WINDOW_MS);
  const email = input.email;
  const [byId, byIp] = await Promise.all([
    repo.countFailures(deps.db, 'identifier', email, since),
    repo.countFailures(deps.db, 'ip', actor.ip, since),
  ]);
  if (byId >= LOGIN_RATE_LIMIT || byIp >= LOGIN_IP_RATE_LIMIT) {
    await logSecurityEvent(deps, actor, {
      type: 'login_rate_limited',
      success: false,
      email,
      details: byId >= LOGIN_RATE_LIMIT ? 'identifier' : 'ip',
    });
    throw new AppError('AUTH_RATE_LIMITED');
  }

  const user = await repo.findUserByEmail(deps.db, email);
  // An account made through a provider has no password (an empty hash): it is checked against the
  // dummy, so it fails like a wrong password, in the same time (and never succeeds).
  const ok =
    (await verifyPassword(user?.passwordHash || (await dummyPasswordHash()), input.password)) && !!user?.passwordHash;
  const locked = !!user?.lockedUntil && user.lockedUntil > now;

  if (!user || !ok || locked) {
    await repo.recordAttempt(deps.db, email, actor.ip, false, now);
    if (user && locked) {
      await logSecurityEvent(deps, actor, { type: 'login_locked', success: false, userId: user.id, email });
    } else if (user) {
      const failures = await repo.bumpFailures(deps.db, user.id);
      await logSecurityEvent(deps, actor, {
        type: 'login_failure',
        success: false,
        userId: user.id,
        email,
        details: 'wrong_password',
      });
      if (failures >= LOCKOUT_THRESHOLD) await lockAccount(deps, actor, user, now);
    } else {
      await logSecurityEvent(deps, actor, { type: 'login_failure', success: false, email, details: 'unknown_user' });
    }
    // Unknown user, wrong password and locked account answer the same (SECURITY.md 4).
    throw new AppError('AUTH_INVALID_CREDENTIALS');
  }

  return admitUser(deps, actor, user, {
    beforeSession: async () => {
      if (needsRehash(user.passwordHash))
        await repo.setPasswordHash(deps.db, user.id, await hashPassword(input.password), now);
    },
  });
}

/**
 * How every sign-in ends once the member proved who they are, by password or through a provider
 * (decision 032): a suspended account or a failed payment is refused with its own message, the
 * failed sign-ins are forgotten, the session presented before dies and a new one begins.
 */
export async function admitUser(
  deps: Deps,
  actor: Actor,
  user: repo.UserRow,
  opts: { beforeSession?: () => Promise<void>; details?: string } = {},
): Promise<NewSession> {
  const now = deps.clock.now();
  const email = user.email;
  const details = opts.details ? { details: opts.details } : {};
  // A suspended account is told so, but only to whoever knows its password (decision 028).
  if (user.suspendedAt) {
    await repo.recordAttempt(deps.db, email, actor.ip, true, now);
    await logSecurityEvent(deps, actor, {
      type: 'login_suspended',
      success: false,
      userId: user.id,
      email,
      ...details,
    });
    throw new AppError('ACCOUNT_SUSPENDED');
  }

  if ((await subscriptionStatus(deps.db, user.id)) === 'payment_failed') {
    await repo.recordAttempt(deps.db, email, actor.ip, true, now);
    await logSecurityEvent(deps, actor, {
      type: 'login_blocked_payment',
      success: false,
      userId: user.id,
      email,
      ...details,
    });
    throw new AppError('AUTH_PAYMENT_FAILED');
  }

  await opts.beforeSession?.();
  if (user.failedLogins > 0 || user.lockedUntil) await repo.clearFailures(deps.db, user.id);
  // A new session at login: the one presented before login dies (SECURITY.md 9).
  if (actor.sessionId) await repo.revokeSession(deps.db, actor.sessionId, now);
  await repo.recordAttempt(deps.db, email, actor.ip, true, now);
  await logSecurityEvent(deps, actor, { type: 'login_success', success: true, userId: user.id, email, ...details });
  const session = await createSession(deps, actor, user.id);
  return { ...session, user: toPublicUser(user) };
}

async function lockAccount(deps: Deps, actor: Actor, user: repo.UserRow, now: Date) {
  await repo.lockUser(deps.db, user.id, new Date(now.getTime() + LOCKOUT_MS));
  await logSecurityEvent(deps, actor, {
    type: 'account_locked',
    success: false,
    userId: user.id,
    email: user.email,
    details: 'consecutive_failures',
  });
  await mailUser(deps, user, 'account_locked', 'locked', {
    minutes: LOCKOUT_MS / 60_000,
    link: `${deps.config.APP_URL}${paths.resetPassword()}`,
  });
}

export interface SessionLookup {
  session: NonNullable<Awaited<ReturnType<typeof repo.findSessionByHash>>> | null;
  expired: boolean;
}

type SessionRow = NonNullable<SessionLookup['session']>;

/** How long a session's copy is kept in this process at most (decision 034). */
const SESSION_COPY_TTL_MS = 60_000;

/** This process's copies of live sessions, by token hash, tagged with the member's id. */
const sessionCopies = (deps: Pick<Deps, 'caches'>) =>
  deps.caches.cache<SessionRow>('sessions', 'auth.sessions', { ttlMs: SESSION_COPY_TTL_MS, maxEntries: 50_000 });

/**
 * Resolves a cookie token; enforces idle (30 min) and absolute (12 h) limits on the server, at
 * every call, on the session's copy too. The copy is kept only while it is live.
 */
export async function resolveSession(
  deps: Deps,
  token: string,
  actor: Pick<Actor, 'ip' | 'userAgent'>,
): Promise<SessionLookup> {
  const hash = sha256(token);
  const copies = sessionCopies(deps);
  const usable = deps.caches.usable();
  const generation = copies.generation;
  const copy = usable ? copies.get(hash) : undefined;
  const now = deps.clock.now();
  const ended = (r: SessionRow) => ({
    idle: now.getTime() - r.lastSeenAt.getTime() > SESSION_IDLE_MS,
    absolute: now >= r.expiresAt,
  });
  let row = copy;
  if (copy) {
    const end = ended(copy);
    // A session ends on what the database holds: another process may have seen it more lately.
    if (end.idle || end.absolute) {
      copies.delete(hash);
      row = undefined;
    }
  }
  row ??= await repo.findSessionByHash(deps.db, hash);
  if (!row || row.revokedAt) return { session: null, expired: !!row };
  const { idle, absolute } = ended(row);
  if (idle || absolute) {
    await repo.revokeSession(deps.db, row.id, now);
    await logSecurityEvent(deps, actor, {
      type: 'session_expired',
      success: true,
      userId: row.userId,
      email: row.email,
      details: absolute ? 'absolute' : 'idle',
    });
    return { session: null, expired: true };
  }
  if (row !== copy && usable) copies.set(hash, row, generation, row.userId);
  return { session: row, expired: false };
}

export function idleDeadline(lastSeenAt: Date): Date {
  return new Date(lastSeenAt.getTime() + SESSION_IDLE_MS);
}

/**
 * Marks the session as seen now, writing at most every 10 s: that keeps the idle limit exact to
 * 10 s without a write per request. The row given (this process's copy, when it is one) then holds
 * the new time too.
 */
export async function touch(deps: Deps, session: { id: string; lastSeenAt: Date }): Promise<Date> {
  const now = deps.clock.now();
  if (now.getTime() - session.lastSeenAt.getTime() >= 10_000) {
    await repo.touchSession(deps.db, session.id, now);
    session.lastSeenAt = now;
  }
  return session.lastSeenAt;
}

export async function logout(deps: Deps, actor: Actor): Promise<void> {
  if (!actor.sessionId) return;
  await repo.revokeSession(deps.db, actor.sessionId, deps.clock.now());
  await logSecurityEvent(deps, actor, { type: 'logout', success: true, userId: actor.userId, email: actor.email });
}

const RESET_REQUEST_OK = { ok: true } as const;

/** Always answers the same; mails a single-use link to a known address at most once a minute. */
export async function requestPasswordReset(deps: Deps, actor: Actor, email: string) {
  const user = await repo.findUserByEmail(deps.db, email);
  if (!user) {
    await logSecurityEvent(deps, actor, {
      type: 'password_reset_requested',
      success: false,
      email,
      details: 'unknown_user',
    });
    return RESET_REQUEST_OK;
  }
  if ((await mailResetLink(deps, user)) === 'too_soon') {
    await logSecurityEvent(deps, actor, {
      type: 'password_reset_requested',
      success: false,
      userId: user.id,
      email,
      details: 'throttled',
    });
    return RESET_REQUEST_OK;
  }
  await logSecurityEvent(deps, actor, { type: 'password_reset_requested', success: true, userId: user.id, email });
  return RESET_REQUEST_OK;
}

/**
 * Mails a new single-use reset link (the older ones stop working), at most one a minute per
 * account: the member's own request and the administration's both go through here.
 */
export async function mailResetLink(deps: Deps, user: repo.UserRow): Promise<'sent' | 'too_soon'> {
  const now = deps.clock.now();
  const last = await repo.latestResetToken(deps.db, user.id);
  if (last && now.getTime() - last.createdAt.getTime() < RESET_MAIL_INTERVAL_MS) return 'too_soon';
  const token = newToken();
  await deps.db.transaction(async (tx) => {
    await repo.voidResetTokens(tx, user.id, now);
    await repo.insertResetToken(tx, {
      userId: user.id,
      tokenHash: sha256(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
    });
  });
  // Queued, never sent inline: a known address answers as fast as an unknown one.
  await mailUser(
    deps,
    user,
    'password_reset',
    'reset',
    { link: `${deps.config.APP_URL}${paths.resetPassword(token)}` },
    [token],
  );
  return 'sent';
}

/**
 * Sets the new password with a live reset link. The token is checked before the password is
 * hashed (a bad link costs no hash), then spent once in the transaction that changes the password,
 * unlocks the account, ends every session and forgets the address's failed sign-ins.
 */
export async function confirmPasswordReset(deps: Deps, actor: Actor, input: z.output<typeof resetConfirmSchema>) {
  const now = deps.clock.now();
  const tokenHash = sha256(input.token);
  const invalid = async () => {
    await logSecurityEvent(deps, actor, { type: 'password_reset_completed', success: false, details: 'invalid_token' });
    return new AppError('AUTH_RESET_INVALID');
  };
  if (!(await repo.findLiveResetToken(deps.db, tokenHash, now))) throw await invalid();
  const hash = await hashPassword(input.password);
  const user = await deps.db.transaction(async (tx) => {
    const id = await repo.consumeResetToken(tx, tokenHash, now);
    if (!id) return null;
    await repo.setPasswordHash(tx, id, hash, now);
    await repo.clearFailures(tx, id);
    await repo.revokeUserSessions(tx, id, now);
    const row = await repo.findUserById(tx, id);
    // The login limit of this address starts over: 5 failures, a reset, and the new password works at once.
    if (row) await repo.clearFailedAttempts(tx, row.email);
    return row ?? null;
  });
  if (!user) throw await invalid();
  await logSecurityEvent(deps, actor, {
    type: 'password_reset_completed',
    success: true,
    userId: user.id,
    email: user.email,
  });
  return { ok: true };
}

export async function changePassword(deps: Deps, actor: Actor, input: z.output<typeof changePasswordSchema>) {
  const user = await repo.findUserById(deps.db, requireAccess(actor, 'account.self').userId);
  if (!user) throw new AppError('AUTH_REQUIRED');
  // An account made through a provider has no password yet: it makes one by a reset link.
  if (user.passwordHash === '') {
    throw new AppError('ACCOUNT_NO_PASSWORD', { currentPassword: 'errors:ACCOUNT_NO_PASSWORD' });
  }
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    await logSecurityEvent(deps, actor, {
      type: 'password_changed',
      success: false,
      userId: user.id,
      email: user.email,
      details: 'wrong_current_password',
    });
    throw new AppError('AUTH_WRONG_PASSWORD', { currentPassword: 'errors:AUTH_WRONG_PASSWORD' });
  }
  const now = deps.clock.now();
  const hash = await hashPassword(input.newPassword);
  await deps.db.transaction(async (tx) => {
    await repo.setPasswordHash(tx, user.id, hash, now);
    // A password change ends every other session (SECURITY.md 10).
    await repo.revokeUserSessions(tx, user.id, now, actor.sessionId ?? undefined);
  });
  await logSecurityEvent(deps, actor, { type: 'password_changed', success: true, userId: user.id, email: user.email });
  return { ok: true };
}

export async function getProfile(deps: Deps, actor: Actor): Promise<PublicUser> {
  const user = await repo.findUserById(deps.db, requireAccess(actor, 'account.self').userId);
  if (!user) throw new AppError('AUTH_REQUIRED');
  return toPublicUser(user);
}

export async function updateProfile(
  deps: Deps,
  actor: Actor,
  input: z.output<typeof profileUpdateSchema>,
): Promise<PublicUser> {
  const userId = requireAccess(actor, 'account.self').userId;
  const row = await repo.updateUser(deps.db, userId, { ...input, updatedAt: deps.clock.now() });
  if (!row) throw new AppError('AUTH_REQUIRED');
  return toPublicUser(row);
}

export async function setLocale(deps: Deps, actor: Actor, locale: Locale): Promise<void> {
  await repo.setUserLocale(deps.db, requireAccess(actor, 'account.self').userId, locale, deps.clock.now());
}
