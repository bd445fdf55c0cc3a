import { DAY_MS, SESSION_IDLE_MS } from '@candeia/shared/constants';
import type { Db } from '../../db/client.ts';
import * as repo from './repository.ts';

/** How long spent rows stay, for investigations, before they are deleted. */
export const RETENTION_MS = 30 * DAY_MS;

/**
 * Deletes what can no longer matter: login attempts past the retention, sessions that ended
 * (revoked, expired or idle) longer ago than that, and reset and verification tokens used or
 * expired as long. Social sign-ins go as soon as they expire (they hold a provider's word about
 * someone who may never have finished). Security events are kept: only an administrator clears them.
 */
export async function purgeExpired(
  db: Db,
  now: Date,
): Promise<{
  attempts: number;
  sessions: number;
  resetTokens: number;
  verificationTokens: number;
  socialSignIns: number;
}> {
  const cutoff = new Date(now.getTime() - RETENTION_MS);
  const attempts = await repo.deleteLoginAttemptsBefore(db, cutoff);
  const sessions = await repo.deleteEndedSessions(db, cutoff, new Date(cutoff.getTime() - SESSION_IDLE_MS));
  const resetTokens = await repo.deleteSpentResetTokens(db, cutoff);
  const verificationTokens = await repo.deleteSpentVerificationTokens(db, cutoff);
  const socialSignIns = await repo.deleteExpiredSocialSignIns(db, now);
  return { attempts, sessions, resetTokens, verificationTokens, socialSignIns };
}
