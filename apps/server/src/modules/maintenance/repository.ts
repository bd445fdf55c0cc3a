import { and, isNotNull, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  emailVerificationTokens,
  loginAttempts,
  passwordResetTokens,
  sessions,
  socialSignIns,
} from '../../db/schema/index.ts';

/** Deletes the login attempts made before `cutoff`; returns how many. */
export async function deleteLoginAttemptsBefore(db: DbOrTx, cutoff: Date): Promise<number> {
  const res = await db.delete(loginAttempts).where(lt(loginAttempts.createdAt, cutoff));
  return res.rowCount ?? 0;
}

/**
 * Deletes the sessions revoked or expired before `cutoff`, or last seen before `idleCutoff`;
 * returns how many.
 */
export async function deleteEndedSessions(db: DbOrTx, cutoff: Date, idleCutoff: Date): Promise<number> {
  const res = await db
    .delete(sessions)
    .where(
      or(
        and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, cutoff)),
        lt(sessions.expiresAt, cutoff),
        lt(sessions.lastSeenAt, idleCutoff),
      ),
    );
  return res.rowCount ?? 0;
}

/** Deletes the reset tokens expired or used before `cutoff`; returns how many. */
export async function deleteSpentResetTokens(db: DbOrTx, cutoff: Date): Promise<number> {
  const res = await db
    .delete(passwordResetTokens)
    .where(
      or(
        lt(passwordResetTokens.expiresAt, cutoff),
        and(isNotNull(passwordResetTokens.usedAt), lt(passwordResetTokens.usedAt, cutoff)),
      ),
    );
  return res.rowCount ?? 0;
}

/** Deletes the e-mail verification tokens expired or used before `cutoff`; returns how many. */
export async function deleteSpentVerificationTokens(db: DbOrTx, cutoff: Date): Promise<number> {
  const res = await db
    .delete(emailVerificationTokens)
    .where(
      or(
        lt(emailVerificationTokens.expiresAt, cutoff),
        and(isNotNull(emailVerificationTokens.usedAt), lt(emailVerificationTokens.usedAt, cutoff)),
      ),
    );
  return res.rowCount ?? 0;
}

/**
 * Deletes the social sign-ins past their expiry, spent or not: what a provider told us about
 * someone who never finished (their address and name) is kept no longer than the step's life.
 */
export async function deleteExpiredSocialSignIns(db: DbOrTx, now: Date): Promise<number> {
  const res = await db.delete(socialSignIns).where(lt(socialSignIns.expiresAt, now));
  return res.rowCount ?? 0;
}
