import {
  DAY_MS,
  VERIFICATION_MAILS_PER_DAY,
  VERIFICATION_MAIL_INTERVAL_MS,
  VERIFICATION_TOKEN_TTL_MS,
} from '@candeia/shared/constants';
import { paths } from '@candeia/shared/routes';
import type { ResendVerificationResult } from '@candeia/shared/schemas/auth';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { requireAccess } from '../../lib/access.ts';
import { newToken, sha256 } from '../../lib/tokens.ts';
import { lockSubscription } from '../billing/index.ts';
import { applySignupReferral, payReferrer } from '../referrals/index.ts';
import { logSecurityEvent } from '../security/index.ts';
import type { Actor, Deps } from '../../types.ts';
import { mailUser } from './mail.ts';
import * as repo from './repository.ts';

/**
 * A new verification link for a user (inside the caller's transaction): ≥ 128 random bits, only
 * its SHA-256 stored, 24 h, single use; the links sent before it stop working.
 */
export async function newVerificationToken(db: DbOrTx, userId: string, now: Date): Promise<string> {
  const token = newToken();
  await repo.voidVerificationTokens(db, userId, now);
  await repo.insertVerificationToken(db, {
    userId,
    tokenHash: sha256(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + VERIFICATION_TOKEN_TTL_MS),
  });
  return token;
}

/** Mails the verification link, in the user's language; the token never stays in the SMTP outbox copy. */
export async function mailVerificationLink(
  deps: Deps,
  user: Pick<repo.UserRow, 'email' | 'firstName' | 'locale'>,
  token: string,
): Promise<void> {
  await mailUser(
    deps,
    user,
    'email_verification',
    'verify',
    {
      link: `${deps.config.APP_URL.replace(/\/$/, '')}${paths.verifyEmail(token)}`,
      hours: VERIFICATION_TOKEN_TTL_MS / 3_600_000,
    },
    [token],
  );
}

/**
 * POST /api/auth/verify-email/resend: a new link for the signed-in user, at most one a minute and
 * VERIFICATION_MAILS_PER_DAY a day (the sign-up's included).
 */
export async function resendVerification(deps: Deps, actor: Actor): Promise<ResendVerificationResult> {
  const now = deps.clock.now();
  const outcome = await deps.db.transaction(async (tx) => {
    // One resend at a time per user: the limits below are read and written under this lock.
    const user = await repo.findUserForUpdate(tx, requireAccess(actor, 'account.self').userId);
    if (!user) throw new AppError('AUTH_REQUIRED');
    if (user.emailVerifiedAt) throw new AppError('EMAIL_ALREADY_VERIFIED');
    const recent = await repo.verificationMailsSince(tx, user.id, new Date(now.getTime() - DAY_MS));
    if (recent.latest && now.getTime() - recent.latest.getTime() < VERIFICATION_MAIL_INTERVAL_MS)
      return { user, refused: 'EMAIL_VERIFY_TOO_SOON' as const };
    if (recent.count >= VERIFICATION_MAILS_PER_DAY) return { user, refused: 'EMAIL_VERIFY_DAILY_LIMIT' as const };
    return { user, token: await newVerificationToken(tx, user.id, now) };
  });
  const { user, token } = outcome;
  if (token === undefined) {
    await logSecurityEvent(deps, actor, {
      type: 'email_verification_requested',
      success: false,
      userId: user.id,
      email: user.email,
      details: outcome.refused === 'EMAIL_VERIFY_TOO_SOON' ? 'throttled' : 'daily_limit',
    });
    throw new AppError(outcome.refused!);
  }
  await mailVerificationLink(deps, user, token);
  await logSecurityEvent(deps, actor, {
    type: 'email_verification_requested',
    success: true,
    userId: user.id,
    email: user.email,
  });
  return { ok: true, email: user.email };
}

/**
 * POST /api/auth/verify-email: spends a live link and verifies its address. In the same
 * transaction, what waited for a verified address: the administrator role when the address is in
 * ADMIN_EMAILS, the new member's referral reward, and the referrer's when the first payment came
 * first (else the payment pays it).
 */
export async function verifyEmail(deps: Deps, actor: Actor, token: string): Promise<{ ok: true; email: string }> {
  const now = deps.clock.now();
  const result = await deps.db.transaction(async (tx) => {
    const userId = await repo.consumeVerificationToken(tx, sha256(token), now);
    if (!userId) return null;
    // Lock order, as in the payment webhook: the subscription row, then the user's.
    await lockSubscription(tx, userId);
    const user = await repo.markVerified(tx, userId, now);
    if (!user) return { user: (await repo.findUserById(tx, userId))!, admin: false };
    await repo.voidVerificationTokens(tx, user.id, now);
    const admin = deps.config.ADMIN_EMAILS.includes(user.email) && user.role !== 'admin';
    if (admin) await repo.setRole(tx, user.id, 'admin');
    if (user.referredBy) {
      await applySignupReferral(tx, user.id, user.referredBy, now);
      if (user.firstPaymentAt) await payReferrer(tx, user.id, user.referredBy, now);
    }
    return { user, admin };
  });
  if (!result) {
    await logSecurityEvent(deps, actor, { type: 'email_verified', success: false, details: 'invalid_token' });
    throw new AppError('EMAIL_VERIFY_INVALID');
  }
  await logSecurityEvent(deps, actor, {
    type: 'email_verified',
    success: true,
    userId: result.user.id,
    email: result.user.email,
    ...(result.admin ? { details: 'admin_granted' } : {}),
  });
  return { ok: true, email: result.user.email };
}
