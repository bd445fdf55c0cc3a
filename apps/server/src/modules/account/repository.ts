import { and, desc, eq, gt, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accountExports, counsellors, media, sessions, users } from '../../db/schema/index.ts';
import type { UserReference } from './references.ts';

// ---------- Sessions ----------

/** The member's sessions still alive at `now` (not ended, within both limits). */
export function liveSessions(db: DbOrTx, userId: string, now: Date, idleMs: number) {
  return db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, new Date(now.getTime() - idleMs)),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id));
}

/** Ends one of the member's own sessions; 0 when none of theirs has that id (or it already ended). */
export async function revokeOwnSession(db: DbOrTx, userId: string, sessionId: string, now: Date): Promise<number> {
  const res = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  return res.rowCount ?? 0;
}

/** Ends every session of the member but `keep` (all of them without it). */
export async function revokeSessions(db: DbOrTx, userId: string, now: Date, keep?: string): Promise<number> {
  const res = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keep ? ne(sessions.id, keep) : undefined));
  return res.rowCount ?? 0;
}

/** Whether the session exists and is the member's, whatever its state. */
export async function ownsSession(db: DbOrTx, userId: string, sessionId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)));
  return !!row;
}

// ---------- The member ----------

export function findMember(db: DbOrTx, userId: string) {
  return db.query.users.findFirst({ where: and(eq(users.id, userId), isNull(users.deletedAt)) });
}

export function findAnyUser(db: DbOrTx, userId: string) {
  return db.query.users.findFirst({ where: eq(users.id, userId) });
}

export async function hasCounsellorProfile(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: counsellors.userId }).from(counsellors).where(eq(counsellors.userId, userId));
  return !!row;
}

export async function isAdmin(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  return row?.role === 'admin';
}

/** Locks the administrators who can act (not deleted, not suspended), in id order; their ids. */
export async function lockActiveAdmins(tx: DbOrTx): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.deletedAt), isNull(users.suspendedAt)))
    .orderBy(users.id)
    .for('update');
  return rows.map((r) => r.id);
}

/**
 * The member closes the account: it is marked deleted and its address freed at once (the same
 * e-mail can sign up again), so nothing can sign in with it while the job erases the rest. What
 * is kept by address only (sign-in attempts, mails, the security log's address) goes now, since
 * the address is not kept. False when the account was already deleted.
 */
export async function markDeleted(db: DbOrTx, userId: string, email: string, now: Date): Promise<boolean> {
  const [row] = await db
    .update(users)
    .set({ deletedAt: now, email: tombstoneEmail(userId), updatedAt: now })
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .returning({ id: users.id });
  if (!row) return false;
  await db.execute(sql`DELETE FROM login_attempts WHERE identifier = ${email}`);
  // Mails to the address, and those that carried its words to the support address (Reply-To).
  await db.execute(sql`DELETE FROM mail_outbox WHERE "to" = ${email} OR reply_to = ${email}`);
  // Contact messages sent from the address or the account, and the replies to them (decision 028).
  await db.execute(sql`DELETE FROM contact_messages WHERE email = ${email} OR user_id = ${userId}`);
  await db.execute(
    sql`UPDATE security_events SET email = NULL, ip = 'erased', user_agent = NULL WHERE email = ${email} OR user_id = ${userId}`,
  );
  return true;
}

/**
 * The address a deleted account keeps (the column is unique and required): made of its id under
 * the reserved `.invalid` domain (RFC 2606), which no real address and no sign-up can have.
 */
export const tombstoneEmail = (userId: string) => `deleted-${userId}@deleted.invalid`;

// ---------- Exports ----------

export type ExportRow = typeof accountExports.$inferSelect;

export async function insertExport(db: DbOrTx, userId: string, now: Date): Promise<ExportRow | null> {
  const [row] = await db
    .insert(accountExports)
    .values({ userId, status: 'preparing', createdAt: now })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export function latestExport(db: DbOrTx, userId: string) {
  return db.query.accountExports.findFirst({
    where: eq(accountExports.userId, userId),
    orderBy: [desc(accountExports.createdAt), desc(accountExports.id)],
  });
}

export function findExport(db: DbOrTx, id: string) {
  return db.query.accountExports.findFirst({ where: eq(accountExports.id, id) });
}

export async function exportReady(
  db: DbOrTx,
  id: string,
  values: { storageKey: string; sizeBytes: number; readyAt: Date; expiresAt: Date },
): Promise<boolean> {
  const res = await db
    .update(accountExports)
    .set({ status: 'ready', ...values })
    .where(and(eq(accountExports.id, id), eq(accountExports.status, 'preparing')));
  return (res.rowCount ?? 0) > 0;
}

export async function exportFailed(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(accountExports)
    .set({ status: 'failed' })
    .where(and(eq(accountExports.id, id), eq(accountExports.status, 'preparing')));
}

/** Ready exports past their expiry: marked expired, their files' keys returned (to be deleted). */
export async function expireExports(db: DbOrTx, now: Date, max = 200): Promise<string[]> {
  const due = await db
    .select({ id: accountExports.id, key: accountExports.storageKey })
    .from(accountExports)
    .where(and(eq(accountExports.status, 'ready'), lte(accountExports.expiresAt, now)))
    .limit(max);
  if (due.length === 0) return [];
  await db
    .update(accountExports)
    .set({ status: 'expired', storageKey: null })
    .where(
      and(
        inArray(
          accountExports.id,
          due.map((d) => d.id),
        ),
        eq(accountExports.status, 'ready'),
      ),
    );
  return due.flatMap((r) => (r.key ? [r.key] : []));
}

export async function exportKeysOf(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ key: accountExports.storageKey })
    .from(accountExports)
    .where(eq(accountExports.userId, userId));
  return rows.flatMap((r) => (r.key ? [r.key] : []));
}

// ---------- What the export holds ----------

/** The rows of one referencing column that name the member, minus the redacted columns. */
export async function rowsReferencing(db: DbOrTx, ref: UserReference, userId: string, redact: readonly string[]) {
  const res = await db.execute(
    sql`SELECT * FROM ${sql.identifier(ref.table)} WHERE ${sql.identifier(ref.column)} = ${userId}`,
  );
  return (res.rows as Record<string, unknown>[]).map((row) => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(row)) if (!redact.includes(k)) out[k] = v;
    return out;
  });
}

/**
 * The contact messages of the member (decision 028): sent while signed in, or from the account's
 * address; each with the replies the administration mailed back (without who wrote them).
 */
export async function contactMessagesOf(db: DbOrTx, userId: string) {
  const res = await db.execute(
    sql`SELECT m.id, m.name, m.email, m.message, m.locale, m.user_id, m.created_at, m.read_at, m.handled_at,
          COALESCE((SELECT json_agg(json_build_object('id', r.id, 'body', r.body, 'created_at', r.created_at)
                    ORDER BY r.created_at) FROM contact_replies r WHERE r.message_id = m.id), '[]'::json) AS replies
        FROM contact_messages m
        WHERE m.user_id = ${userId} OR m.email = (SELECT email FROM users WHERE id = ${userId})
        ORDER BY m.created_at, m.id`,
  );
  return res.rows as Record<string, unknown>[];
}

/** The member's own `users` row, as the database holds it (minus the redacted columns). */
export async function userRow(db: DbOrTx, userId: string, redact: readonly string[]) {
  const res = await db.execute(sql`SELECT * FROM users WHERE id = ${userId}`);
  const row = res.rows[0] as Record<string, unknown> | undefined;
  if (!row) return null;
  return Object.fromEntries(Object.entries(row).filter(([k]) => !redact.includes(k)));
}

/** The member's media that have files (ready). */
export function readyMediaOf(db: DbOrTx, userId: string) {
  return db
    .select({ id: media.id, kind: media.kind, createdAt: media.createdAt })
    .from(media)
    .where(and(eq(media.ownerId, userId), eq(media.status, 'ready')))
    .orderBy(media.createdAt, media.id);
}

export function allMediaOf(db: DbOrTx, userId: string) {
  return db.select().from(media).where(eq(media.ownerId, userId));
}

// ---------- Erasure ----------

/**
 * Removes or anonymises every row that names the member (references.ts says which), in one
 * transaction: the caller passes one. The counters of other members' posts lose what the member
 * added to them. The `users` row stays as a tombstone with nothing personal, so the ledger's rows
 * (kept for accounting) still name an account and the balance still equals their sum.
 */
export async function eraseUserRows(tx: DbOrTx, userId: string, now: Date): Promise<void> {
  const x = (q: ReturnType<typeof sql>) => tx.execute(q);
  // Community: what the member added to others' posts comes off their counters first.
  await x(sql`UPDATE community_posts p SET comment_count = GREATEST(p.comment_count - c.n, 0)
    FROM (SELECT post_id, count(*)::int AS n FROM community_comments
          WHERE author_id = ${userId} AND status = 'published' GROUP BY post_id) c
    WHERE p.id = c.post_id AND p.author_id <> ${userId}`);
  await x(sql`UPDATE community_posts p SET reaction_count = GREATEST(p.reaction_count - 1, 0)
    FROM community_reactions r WHERE r.post_id = p.id AND r.user_id = ${userId} AND p.author_id <> ${userId}`);
  await x(sql`UPDATE community_posts p SET prayer_count = GREATEST(p.prayer_count - 1, 0)
    FROM community_prayers r WHERE r.post_id = p.id AND r.user_id = ${userId} AND p.author_id <> ${userId}`);
  await x(sql`DELETE FROM community_reports WHERE reporter_id = ${userId}`);
  await x(sql`DELETE FROM community_comments WHERE author_id = ${userId}`);
  await x(sql`DELETE FROM community_reactions WHERE user_id = ${userId}`);
  await x(sql`DELETE FROM community_prayers WHERE user_id = ${userId}`);
  await x(sql`DELETE FROM community_posts WHERE author_id = ${userId}`);
  await x(sql`DELETE FROM community_follows WHERE follower_id = ${userId} OR followee_id = ${userId}`);
  await x(sql`DELETE FROM community_blocks WHERE blocker_id = ${userId} OR blocked_id = ${userId}`);
  await x(sql`DELETE FROM community_mutes WHERE user_id = ${userId} OR muted_id = ${userId}`);
  await x(sql`DELETE FROM community_members WHERE user_id = ${userId}`);
  await x(sql`UPDATE community_moderation_log SET target_user_id = NULL, reason = '' WHERE target_user_id = ${userId}`);
  await x(sql`UPDATE community_moderation_log SET admin_id = NULL WHERE admin_id = ${userId}`);
  // The guide, the avatar, the reader.
  await x(sql`DELETE FROM chat_messages WHERE user_id = ${userId}`);
  await x(sql`DELETE FROM chat_conversations WHERE user_id = ${userId}`);
  await x(sql`DELETE FROM avatar_messages WHERE user_id = ${userId}`);
  await x(sql`DELETE FROM avatar_sessions WHERE user_id = ${userId}`);
  await x(sql`DELETE FROM avatar_favorites WHERE user_id = ${userId}`);
  await x(sql`DELETE FROM avatar_allowances WHERE user_id = ${userId}`);
  await x(sql`DELETE FROM scripture_notes WHERE user_id = ${userId}`);
  await x(sql`DELETE FROM scripture_favourites WHERE user_id = ${userId}`);
  await x(sql`DELETE FROM reading_positions WHERE user_id = ${userId}`);
  // Consultations: the bookings stay for the counsellor's and the ledger's sake, with nothing of
  // the member's; those still to come are cancelled (the slot frees for others).
  await x(sql`DELETE FROM consultation_room_events WHERE from_user = ${userId}`);
  await x(sql`UPDATE consultations SET status = 'cancelled', cancelled_at = ${now}, cancelled_by = 'member',
    version = version + 1, updated_at = ${now}
    WHERE member_id = ${userId} AND status = 'booked' AND starts_at > ${now}`);
  await x(sql`UPDATE consultations SET private_notes = '', shared_notes = '', review = NULL,
    cancel_reason = NULL, member_time_zone = 'UTC', updated_at = ${now} WHERE member_id = ${userId}`);
  // Notifications: the member's own, those of their acts, and their name in a counsellor's.
  await x(sql`DELETE FROM notifications WHERE user_id = ${userId} OR actor_id = ${userId}`);
  await x(sql`UPDATE notifications SET data = data - 'other' WHERE type = 'consultation'
    AND data->>'consultationId' IN (SELECT id::text FROM consultations WHERE member_id = ${userId})`);
  // Alerts: the member's dismissals; an administrator's alerts stay, no longer naming them.
  await x(sql`DELETE FROM alert_dismissals WHERE user_id = ${userId}`);
  await x(sql`UPDATE site_alerts SET created_by = NULL WHERE created_by = ${userId}`);
  // What was still to be pushed or mailed to them or about them, their choices and their devices.
  await x(sql`DELETE FROM notification_deliveries WHERE user_id = ${userId} OR actor_id = ${userId}`);
  await x(sql`UPDATE notification_deliveries SET data = data - 'other' WHERE type = 'consultation'
    AND data->>'consultationId' IN (SELECT id::text FROM consultations WHERE member_id = ${userId})`);
  await x(sql`DELETE FROM notification_preferences WHERE user_id = ${userId}`);
  await x(sql`DELETE FROM push_subscriptions WHERE user_id = ${userId}`);
  // Messages: the member's own go (their reports with them); the conversations stay for the
  // other side, their newest message now the other's (none left: out of both lists).
  await x(sql`DELETE FROM message_reports WHERE reporter_id = ${userId}`);
  await x(sql`UPDATE message_reports SET resolved_by = NULL WHERE resolved_by = ${userId}`);
  await x(sql`DELETE FROM messages WHERE sender_id = ${userId}`);
  await x(sql`UPDATE message_conversations c SET
      last_message_seq = COALESCE(l.seq, 0), last_message_at = l.created_at
    FROM message_conversations c2
    LEFT JOIN LATERAL (SELECT m.seq, m.created_at FROM messages m WHERE m.conversation_id = c2.id
                       ORDER BY m.seq DESC LIMIT 1) l ON true
    WHERE c.id = c2.id AND (c2.user_a = ${userId} OR c2.user_b = ${userId})`);
  // Media rows (their files are deleted by the caller), exports, tokens, sessions, profile.
  await x(sql`DELETE FROM media WHERE owner_id = ${userId} OR profile_of = ${userId}`);
  await x(sql`DELETE FROM account_exports WHERE user_id = ${userId}`);
  await x(sql`DELETE FROM email_verification_tokens WHERE user_id = ${userId}`);
  await x(sql`DELETE FROM password_reset_tokens WHERE user_id = ${userId}`);
  await x(sql`DELETE FROM sessions WHERE user_id = ${userId}`);
  await x(sql`DELETE FROM social_sign_ins WHERE user_id = ${userId}`);
  await x(sql`DELETE FROM user_identities WHERE user_id = ${userId}`);
  await x(sql`DELETE FROM profiles WHERE id = ${userId}`);
  // Payments: the donation stays (accounting) without the payer's address.
  await x(sql`UPDATE donations SET email = NULL WHERE user_id = ${userId}`);
  // The security log keeps what happened to the account, not who was behind it.
  await x(sql`UPDATE security_events SET email = NULL, ip = 'erased', user_agent = NULL WHERE user_id = ${userId}`);
  await x(sql`DELETE FROM mail_outbox WHERE "to" = ${tombstoneEmail(userId)}`);
  // Contact messages: the member's own go (those from the address went at closing); an
  // administrator's replies stay with the message they answer, without who wrote them.
  await x(sql`DELETE FROM contact_messages WHERE user_id = ${userId}`);
  await x(sql`UPDATE contact_replies SET admin_id = NULL WHERE admin_id = ${userId}`);
  // The tombstone: the row the ledger names, nothing personal left.
  await tx
    .update(users)
    .set({
      email: tombstoneEmail(userId),
      passwordHash: '',
      firstName: '',
      lastName: '',
      phone: '',
      address: '',
      city: '',
      state: '',
      country: '',
      zipCode: '',
      birthDate: null,
      gender: 'prefer_not_to_say',
      referralCode: sql`'DEL-' || substr(md5(${userId}::text), 1, 12)`,
      emailVerifiedAt: null,
      failedLogins: 0,
      lockedUntil: null,
      suspendedAt: null,
      suspensionReason: null,
      deletedAt: sql`COALESCE(${users.deletedAt}, ${now})`,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
}
