import type { z } from 'zod';
import { DEFAULT_LOCALE, matchLocale, type Locale } from '@candeia/shared/constants';
import type { ContactMessageDto, contactSchema, InboxPageDto, inboxQuerySchema } from '@candeia/shared/schemas/contact';
import { translate } from '@candeia/shared/i18n/server';
import { requireAdmin } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Actor, Deps } from '../../types.ts';
import { logSecurityEvent } from '../security/index.ts';
import * as repo from './repository.ts';

/**
 * The footer's contact box (decision 028): each message is kept for the administration's inbox
 * and mailed to the support address (the outbox without SMTP), the sender as Reply-To.
 */
export async function receiveMessage(deps: Deps, actor: Actor, input: z.output<typeof contactSchema>) {
  const { name, email, message } = input;
  await repo.insertMessage(deps.db, {
    name,
    email,
    message,
    locale: actor.locale,
    userId: actor.userId,
    createdAt: deps.clock.now(),
  });
  const to = deps.config.ADMIN_EMAILS[0] ?? deps.config.CONTACT_EMAIL;
  await deps.mailer.send({
    to,
    replyTo: email,
    kind: 'contact',
    subject: translate(DEFAULT_LOCALE, 'mail:contact.subject', { name }),
    text: translate(DEFAULT_LOCALE, 'mail:contact.body', { name, email, message }),
  });
}

function toDto(row: repo.ContactMessageRow, replies: Awaited<ReturnType<typeof repo.repliesOf>>): ContactMessageDto {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    message: row.message,
    locale: row.locale,
    userId: row.userId,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
    handledAt: row.handledAt?.toISOString() ?? null,
    replies: replies
      .filter((r) => r.messageId === row.id)
      .map((r) => ({ id: r.id, body: r.body, adminEmail: r.adminEmail, createdAt: r.createdAt.toISOString() })),
  };
}

async function withReplies(deps: Deps, row: repo.ContactMessageRow): Promise<ContactMessageDto> {
  return toDto(row, await repo.repliesOf(deps.db, [row.id]));
}

/** The inbox, newest first, with the unread count of all of it. */
export async function listInbox(deps: Deps, actor: Actor, q: z.output<typeof inboxQuerySchema>): Promise<InboxPageDto> {
  requireAdmin(actor);
  const { rows, total, unread } = await repo.inboxPage(deps.db, q);
  const replies = await repo.repliesOf(
    deps.db,
    rows.map((r) => r.id),
  );
  return { items: rows.map((r) => toDto(r, replies)), total, page: q.page, pageSize: q.pageSize, unread };
}

/** Opening a message marks it read. */
export async function openMessage(deps: Deps, actor: Actor, id: string): Promise<ContactMessageDto> {
  requireAdmin(actor);
  const row = await repo.markRead(deps.db, id, deps.clock.now());
  if (!row) throw new AppError('NOT_FOUND');
  return withReplies(deps, row);
}

export async function setHandled(deps: Deps, actor: Actor, id: string, handled: boolean): Promise<ContactMessageDto> {
  requireAdmin(actor);
  const row = await repo.setHandled(deps.db, id, handled, deps.clock.now());
  if (!row) throw new AppError('NOT_FOUND');
  return withReplies(deps, row);
}

/** The original, quoted under a reply: each line after "> ". */
const quoted = (text: string) =>
  text
    .split('\n')
    .map((l) => `> ${l}`)
    .join('\n');

/**
 * Replies by e-mail, in the sender's language, Reply-To the support address: the mail is queued
 * (the outbox, or SMTP through the job), the reply kept with the message, the message marked
 * handled, and the act written to the security log.
 */
export async function reply(deps: Deps, actor: Actor, id: string, body: string): Promise<ContactMessageDto> {
  const admin = requireAdmin(actor);
  const message = await repo.findMessage(deps.db, id);
  if (!message) throw new AppError('NOT_FOUND');
  const locale: Locale = matchLocale(message.locale) ?? DEFAULT_LOCALE;
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(message.createdAt);
  const mailId = await deps.mailer.send({
    to: message.email,
    replyTo: deps.config.CONTACT_EMAIL,
    kind: 'contact_reply',
    locale,
    subject: translate(locale, 'mail:contactReply.subject'),
    text: translate(locale, 'mail:contactReply.body', {
      name: message.name,
      reply: body,
      date,
      message: quoted(message.message),
    }),
  });
  const now = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    await repo.insertReply(tx, { messageId: id, body, adminId: admin.userId, mailId, createdAt: now });
    const updated = await repo.setHandled(tx, id, true, now);
    await logSecurityEvent({ ...deps, db: tx }, admin, {
      type: 'admin_contact_replied',
      success: true,
      userId: message.userId,
      email: message.email,
      details: `by ${admin.email ?? '?'} (${admin.userId}): reply to contact message ${id}`,
    });
    return updated;
  });
  if (!row) throw new AppError('NOT_FOUND');
  return withReplies(deps, row);
}

/** Deletes a message and its replies (the mails already sent stay in the outbox). */
export async function removeMessage(deps: Deps, actor: Actor, id: string): Promise<void> {
  const admin = requireAdmin(actor);
  await deps.db.transaction(async (tx) => {
    const gone = await repo.deleteMessage(tx, id);
    if (!gone) throw new AppError('NOT_FOUND');
    await logSecurityEvent({ ...deps, db: tx }, admin, {
      type: 'admin_contact_deleted',
      success: true,
      userId: null,
      email: gone.email,
      details: `by ${admin.email ?? '?'} (${admin.userId}): contact message ${id} deleted`,
    });
  });
}
