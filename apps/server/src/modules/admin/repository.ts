import { and, count, desc, eq, gte, ilike, lte, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { mailOutbox, securityEvents, userSubscriptions, users } from '../../db/schema/index.ts';

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** One page of the security log, newest first, and how many events match. */
export async function securityEventsPage(
  db: DbOrTx,
  q: { type?: string; email?: string; from?: string; to?: string; page: number; pageSize: number },
) {
  const conds: SQL[] = [];
  if (q.type) conds.push(eq(securityEvents.type, q.type));
  if (q.email) conds.push(ilike(securityEvents.email, like(q.email.toLowerCase())));
  if (q.from) conds.push(gte(securityEvents.createdAt, new Date(q.from)));
  if (q.to) conds.push(lte(securityEvents.createdAt, new Date(q.to)));
  const where = conds.length ? and(...conds) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(securityEvents)
      .where(where)
      .orderBy(desc(securityEvents.createdAt), desc(securityEvents.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(securityEvents).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Deletes the security events of one e-mail (as stored: lower case), or all; returns how many. */
export async function deleteSecurityEvents(db: DbOrTx, email?: string): Promise<number> {
  const result = await db.delete(securityEvents).where(email ? eq(securityEvents.email, email) : undefined);
  return result.rowCount ?? 0;
}

/** One page of the users, newest first, with their subscription's status, and how many match. */
export async function usersPage(db: DbOrTx, q: { q?: string; page: number; pageSize: number }) {
  const where = q.q
    ? or(ilike(users.email, like(q.q)), ilike(users.firstName, like(q.q)), ilike(users.lastName, like(q.q)))
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        role: users.role,
        createdAt: users.createdAt,
        lockedUntil: users.lockedUntil,
        emailVerifiedAt: users.emailVerifiedAt,
        status: userSubscriptions.status,
      })
      .from(users)
      .leftJoin(userSubscriptions, eq(userSubscriptions.userId, users.id))
      .where(where)
      .orderBy(desc(users.createdAt))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/**
 * One page of the outbox, newest first, and the number of mails in each status. Only the admin
 * copy of each mail is read, never the live copy waiting for delivery (`pending_*`).
 */
export async function outboxPage(db: DbOrTx, q: { page: number; pageSize: number }) {
  const [rows, byStatus] = await Promise.all([
    db
      .select({
        id: mailOutbox.id,
        to: mailOutbox.to,
        subject: mailOutbox.subject,
        text: mailOutbox.text,
        kind: mailOutbox.kind,
        status: mailOutbox.status,
        attempts: mailOutbox.attempts,
        error: mailOutbox.error,
        createdAt: mailOutbox.createdAt,
        sentAt: mailOutbox.sentAt,
      })
      .from(mailOutbox)
      .orderBy(desc(mailOutbox.createdAt))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ status: mailOutbox.status, n: count() }).from(mailOutbox).groupBy(mailOutbox.status),
  ]);
  return { rows, byStatus };
}
