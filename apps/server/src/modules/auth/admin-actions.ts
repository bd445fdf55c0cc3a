import { VERIFICATION_MAIL_INTERVAL_MS } from '@candeia/shared/constants';
import type { DbOrTx } from '../../db/client.ts';
import type { Deps } from '../../types.ts';
import * as repo from './repository.ts';
import { mailResetLink } from './service.ts';
import { mailVerificationLink, newVerificationToken } from './verification.ts';

/**
 * What the administration asks of the sign-in (decision 028), through the same token and mail
 * flows the members' own requests use. The caller checks the administrator and logs the act.
 */

/**
 * Lifts a sign-in lockout: the account's consecutive failures and lock, and the address's failed
 * attempts of the rate window (the security log keeps them). True when something was cleared.
 */
export async function clearSignInLock(db: DbOrTx, userId: string, email: string, now: Date): Promise<boolean> {
  const user = await repo.findUserById(db, userId);
  if (!user) return false;
  const locked = (user.lockedUntil !== null && user.lockedUntil > now) || user.failedLogins > 0;
  await repo.clearFailures(db, userId);
  const attempts = await repo.clearFailedAttempts(db, email);
  return locked || (attempts.rowCount ?? 0) > 0;
}

/** A new password reset link to the member, at most one a minute (the member's own limit). */
export async function sendResetLink(deps: Deps, userId: string): Promise<'sent' | 'too_soon' | 'no_user'> {
  const user = await repo.findUserById(deps.db, userId);
  if (!user || user.deletedAt) return 'no_user';
  return mailResetLink(deps, user);
}

/**
 * A new e-mail verification link (the older ones stop working), at most one a minute; none for a
 * verified address.
 */
export async function sendVerificationLink(
  deps: Deps,
  userId: string,
): Promise<'sent' | 'too_soon' | 'verified' | 'no_user'> {
  const now = deps.clock.now();
  const outcome = await deps.db.transaction(async (tx) => {
    const user = await repo.findUserForUpdate(tx, userId);
    if (!user || user.deletedAt) return { result: 'no_user' as const };
    if (user.emailVerifiedAt) return { result: 'verified' as const };
    const recent = await repo.verificationMailsSince(
      tx,
      user.id,
      new Date(now.getTime() - VERIFICATION_MAIL_INTERVAL_MS),
    );
    if (recent.latest) return { result: 'too_soon' as const };
    return { result: 'sent' as const, user, token: await newVerificationToken(tx, user.id, now) };
  });
  if (outcome.result === 'sent') await mailVerificationLink(deps, outcome.user, outcome.token);
  return outcome.result;
}
