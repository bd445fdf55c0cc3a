import { and, isNotNull, lt, or } from 'drizzle-orm';
import { DAY_MS, SESSION_IDLE_MS } from '@candeia/shared/constants';
import type { Db } from '../../db/client.ts';
import { emailVerificationTokens, loginAttempts, passwordResetTokens, sessions } from '../../db/schema/index.ts';

/** How long spent rows stay, for investigations, before they are deleted. */
export const RETENTION_MS = 30 * DAY_MS;

/**
 * Deletes what can no longer matter: login attempts past the retention, sessions that ended
 * (revoked, expired or idle) longer ago than that, and reset and verification tokens used or
 * expired as long. Security events are kept: only an administrator clears them.
 */
export async function purgeExpired(
  db: Db,
  now: Date,
): Promise<{ attempts: number; sessions: number; resetTokens: number; verificationTokens: number }> {
  const cutoff = new Date(now.getTime() - RETENTION_MS);
  const attempts = await db.delete(loginAttempts).where(lt(loginAttempts.createdAt, cutoff));
  const ended = await db
    .delete(sessions)
    .where(
      or(
        and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, cutoff)),
        lt(sessions.expiresAt, cutoff),
        lt(sessions.lastSeenAt, new Date(cutoff.getTime() - SESSION_IDLE_MS)),
      ),
    );
  const tokens = await db
    .delete(passwordResetTokens)
    .where(
      or(
        lt(passwordResetTokens.expiresAt, cutoff),
        and(isNotNull(passwordResetTokens.usedAt), lt(passwordResetTokens.usedAt, cutoff)),
      ),
    );
  const links = await db
    .delete(emailVerificationTokens)
    .where(
      or(
        lt(emailVerificationTokens.expiresAt, cutoff),
        and(isNotNull(emailVerificationTokens.usedAt), lt(emailVerificationTokens.usedAt, cutoff)),
      ),
    );
  return {
    attempts: attempts.rowCount ?? 0,
    sessions: ended.rowCount ?? 0,
    resetTokens: tokens.rowCount ?? 0,
    verificationTokens: links.rowCount ?? 0,
  };
}
