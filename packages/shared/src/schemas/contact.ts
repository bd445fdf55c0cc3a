import { z } from 'zod';
import { NAME_MAX } from '../constants.ts';
import { V, emailSchema, requiredText } from './common.ts';

export const contactSchema = z.strictObject({
  name: requiredText(NAME_MAX, V.nameRequired),
  email: emailSchema,
  message: z.string({ error: V.messageRequired }).trim().min(1, V.messageRequired).max(5000, V.tooLong),
});
export type ContactInput = z.input<typeof contactSchema>;

// ---------- The administration's inbox (decision 028) ----------

export const CONTACT_REPLY_MAX = 5000;
export const INBOX_FILTERS = ['all', 'open', 'handled'] as const;
export type InboxFilter = (typeof INBOX_FILTERS)[number];

export const inboxQuerySchema = z.strictObject({
  filter: z.enum(INBOX_FILTERS).default('all'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
});
export type InboxQuery = z.input<typeof inboxQuerySchema>;

export const inboxParamsSchema = z.strictObject({ id: z.uuid() });
export const inboxHandledSchema = z.strictObject({ handled: z.boolean() });
export const inboxReplySchema = z.strictObject({
  body: z.string({ error: V.messageRequired }).trim().min(1, V.messageRequired).max(CONTACT_REPLY_MAX, V.tooLong),
});
export type InboxReplyInput = z.input<typeof inboxReplySchema>;

export interface ContactReplyDto {
  id: string;
  body: string;
  /** Who answered (null once that administrator's account was erased). */
  adminEmail: string | null;
  createdAt: string;
}

export interface ContactMessageDto {
  id: string;
  name: string;
  email: string;
  message: string;
  locale: string;
  /** The sender was signed in as this member. */
  userId: string | null;
  createdAt: string;
  readAt: string | null;
  handledAt: string | null;
  replies: ContactReplyDto[];
}

/** GET /api/admin/inbox: a page of messages, newest first, and the unread count of the whole inbox. */
export interface InboxPageDto {
  items: ContactMessageDto[];
  total: number;
  page: number;
  pageSize: number;
  unread: number;
}
