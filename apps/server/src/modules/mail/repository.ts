import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';

export type MailRow = typeof mailOutbox.$inferSelect;

/** Writes one mail to the outbox; returns its id. */
export async function insertMail(db: DbOrTx, values: typeof mailOutbox.$inferInsert): Promise<string> {
  const [row] = await db.insert(mailOutbox).values(values).returning({ id: mailOutbox.id });
  return row!.id;
}

/** Marks a queued (or interrupted) mail as being sent, one attempt more; undefined when it is neither. */
export async function startAttempt(db: DbOrTx, mailId: string): Promise<MailRow | undefined> {
  const [row] = await db
    .update(mailOutbox)
    .set({ status: 'sending', attempts: sql`${mailOutbox.attempts} + 1` })
    .where(and(eq(mailOutbox.id, mailId), inArray(mailOutbox.status, ['queued', 'sending'])))
    .returning();
  return row;
}

/** The attempt of a mail being sent failed: `status` is 'queued' again, or 'failed' after the last. */
export async function failAttempt(
  db: DbOrTx,
  mailId: string,
  status: 'queued' | 'failed',
  error: string,
): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status, error })
    .where(and(eq(mailOutbox.id, mailId), eq(mailOutbox.status, 'sending')));
}

/** The mail was sent: the live copy is dropped. */
export async function markSent(db: DbOrTx, mailId: string, at: Date): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: 'sent', sentAt: at, error: null, pendingText: null, pendingHtml: null })
    .where(eq(mailOutbox.id, mailId));
}

/**
 * A queued or interrupted mail is given up: 'failed', with `lostAttempt` as its error when it was
 * being sent (or had no error yet).
 */
export async function giveUpMail(db: DbOrTx, mailId: string, lostAttempt: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({
      status: 'failed',
      error: sql`case when ${mailOutbox.status} = 'sending' then ${lostAttempt}
          else coalesce(${mailOutbox.error}, ${lostAttempt}) end`,
    })
    .where(and(eq(mailOutbox.id, mailId), inArray(mailOutbox.status, ['queued', 'sending'])));
}

/** The ids of the mail queued or being sent. */
export function pendingMailIds(db: DbOrTx) {
  return db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(inArray(mailOutbox.status, ['queued', 'sending']));
}
