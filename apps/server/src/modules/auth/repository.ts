import { and, count, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  emailVerificationTokens,
  loginAttempts,
  passwordResetTokens,
  profiles,
  sessions,
  users,
} from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;

/** The account with this address; a deleted one (decision 026) is no longer found by it. */
export function findUserByEmail(db: DbOrTx, email: string) {
  return db.query.users.findFirst({ where: and(eq(users.email, email), isNull(users.deletedAt)) });
}

export function findUserById(db: DbOrTx, id: string) {
  return db.query.users.findFirst({ where: eq(users.id, id) });
}

export function findUserByReferralCode(db: DbOrTx, code: string) {
  return db.query.users.findFirst({ where: eq(users.referralCode, code), columns: { id: true, role: true } });
}

/** The user's row, locked until the transaction ends. */
export async function findUserForUpdate(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

/** Sets `values` on the user's row; undefined when there is no such user. */
export async function updateUser(
  db: DbOrTx,
  id: string,
  values: Partial<typeof users.$inferInsert>,
): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  return row;
}

export function setUserLocale(db: DbOrTx, userId: string, locale: string, at: Date) {
  return db.update(users).set({ locale, updatedAt: at }).where(eq(users.id, userId));
}

export async function insertUser(db: DbOrTx, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  await db
    .insert(profiles)
    .values({ id: row!.id, username: row!.email.split('@')[0]!, email: row!.email })
    .onConflictDoNothing();
  return row!;
}

export async function countFailures(db: DbOrTx, column: 'identifier' | 'ip', value: string, since: Date) {
  const col = column === 'identifier' ? loginAttempts.identifier : loginAttempts.ip;
  const [row] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(and(eq(col, value), eq(loginAttempts.success, false), gt(loginAttempts.createdAt, since)));
  return row?.n ?? 0;
}

/**
 * Forgets the failed sign-ins of one identifier (after a successful password reset, whoever
 * proved they read its mail signs in at once); the security log keeps them.
 */
export function clearFailedAttempts(db: DbOrTx, identifier: string) {
  return db
    .delete(loginAttempts)
    .where(and(eq(loginAttempts.identifier, identifier), eq(loginAttempts.success, false)));
}

export function recordAttempt(db: DbOrTx, identifier: string, ip: string, success: boolean, at: Date) {
  return db.insert(loginAttempts).values({ identifier, ip, success, createdAt: at });
}

/** Adds one consecutive failure; returns the new count. */
export async function bumpFailures(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .update(users)
    .set({ failedLogins: sql`${users.failedLogins} + 1` })
    .where(eq(users.id, userId))
    .returning({ n: users.failedLogins });
  return row?.n ?? 0;
}

export function lockUser(db: DbOrTx, userId: string, until: Date) {
  return db.update(users).set({ lockedUntil: until }).where(eq(users.id, userId));
}

export function clearFailures(db: DbOrTx, userId: string) {
  return db.update(users).set({ failedLogins: 0, lockedUntil: null }).where(eq(users.id, userId));
}

export function setPasswordHash(db: DbOrTx, userId: string, hash: string, at: Date) {
  return db.update(users).set({ passwordHash: hash, updatedAt: at }).where(eq(users.id, userId));
}

export async function insertSession(db: DbOrTx, values: typeof sessions.$inferInsert) {
  const [row] = await db.insert(sessions).values(values).returning({ id: sessions.id });
  return row!.id;
}

export async function findSessionByHash(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      email: users.email,
      role: users.role,
      firstName: users.firstName,
    })
    .from(sessions)
    // A deleted or suspended account's sessions are no sessions (suspending also ends them).
    .innerJoin(users, and(eq(users.id, sessions.userId), isNull(users.deletedAt), isNull(users.suspendedAt)))
    .where(eq(sessions.tokenHash, tokenHash))
    .limit(1);
  return row;
}

export function touchSession(db: DbOrTx, id: string, at: Date) {
  return db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id));
}

export function revokeSession(db: DbOrTx, id: string, at: Date) {
  return db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
}

/** Revokes every live session of a user, except `keep` when given. */
export function revokeUserSessions(db: DbOrTx, userId: string, at: Date, keep?: string) {
  const where = keep
    ? and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.id, keep))
    : and(eq(sessions.userId, userId), isNull(sessions.revokedAt));
  return db.update(sessions).set({ revokedAt: at }).where(where);
}

export function latestResetToken(db: DbOrTx, userId: string) {
  return db.query.passwordResetTokens.findFirst({
    where: eq(passwordResetTokens.userId, userId),
    orderBy: (t, { desc }) => [desc(t.createdAt)],
  });
}

export function voidResetTokens(db: DbOrTx, userId: string, at: Date) {
  return db
    .update(passwordResetTokens)
    .set({ usedAt: at })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

export function insertResetToken(db: DbOrTx, values: typeof passwordResetTokens.$inferInsert) {
  return db.insert(passwordResetTokens).values(values);
}

/** Marks a live token used, once: the single winner gets the user id. */
export async function consumeResetToken(db: DbOrTx, tokenHash: string, at: Date) {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: at })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, at),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  return row?.userId ?? null;
}

/** The user a live (unused, unexpired) reset token belongs to, without spending it. */
export async function findLiveResetToken(db: DbOrTx, tokenHash: string, at: Date): Promise<string | null> {
  const [row] = await db
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, at),
      ),
    );
  return row?.userId ?? null;
}

// ---------- E-mail verification ----------

export function insertVerificationToken(db: DbOrTx, values: typeof emailVerificationTokens.$inferInsert) {
  return db.insert(emailVerificationTokens).values(values);
}

/** Voids every live verification link of a user (a new one was sent, or the address is verified). */
export function voidVerificationTokens(db: DbOrTx, userId: string, at: Date) {
  return db
    .update(emailVerificationTokens)
    .set({ usedAt: at })
    .where(and(eq(emailVerificationTokens.userId, userId), isNull(emailVerificationTokens.usedAt)));
}

/** Verification mails sent to a user since `since`, and when the newest went. */
export async function verificationMailsSince(db: DbOrTx, userId: string, since: Date) {
  const rows = await db
    .select({ createdAt: emailVerificationTokens.createdAt })
    .from(emailVerificationTokens)
    .where(and(eq(emailVerificationTokens.userId, userId), gt(emailVerificationTokens.createdAt, since)))
    .orderBy(desc(emailVerificationTokens.createdAt));
  return { count: rows.length, latest: rows[0]?.createdAt ?? null };
}

/** Marks a live verification token used, once: the single winner gets the user id. */
export async function consumeVerificationToken(db: DbOrTx, tokenHash: string, at: Date) {
  const [row] = await db
    .update(emailVerificationTokens)
    .set({ usedAt: at })
    .where(
      and(
        eq(emailVerificationTokens.tokenHash, tokenHash),
        isNull(emailVerificationTokens.usedAt),
        gt(emailVerificationTokens.expiresAt, at),
      ),
    )
    .returning({ userId: emailVerificationTokens.userId });
  return row?.userId ?? null;
}

/** Sets the verification time of a user not yet verified; undefined when already verified. */
export async function markVerified(db: DbOrTx, userId: string, at: Date): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ emailVerifiedAt: at, updatedAt: at })
    .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)))
    .returning();
  return row;
}

export function setRole(db: DbOrTx, userId: string, role: string) {
  return db.update(users).set({ role }).where(eq(users.id, userId));
}
