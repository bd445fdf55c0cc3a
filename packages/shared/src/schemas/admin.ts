import { z } from 'zod';

export const securityEventsQuerySchema = z.strictObject({
  type: z.string().max(64).optional(),
  email: z.string().max(254).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type SecurityEventsQuery = z.input<typeof securityEventsQuerySchema>;

export const clearSecurityEventsSchema = z.strictObject({
  /** The acting admin's user id (SPEC.md §7: admin_clear_security_logs). Checked against the session. */
  adminUserId: z.string().max(64).optional(),
  /** Clear only the events of this e-mail; all when absent. */
  email: z.string().max(254).optional(),
});

export const usersQuerySchema = z.strictObject({
  q: z.string().max(254).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});

export const outboxQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});

export interface SecurityEventRow {
  id: string;
  type: string;
  success: boolean;
  userId: string | null;
  email: string | null;
  details: string | null;
  ip: string;
  userAgent: string | null;
  createdAt: string;
}

export interface AdminUserRow {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: string;
  createdAt: string;
  lockedUntil: string | null;
  subscriptionStatus: string | null;
  emailVerified: boolean;
}

/**
 * Where a mail stands: 'outbox' (no SMTP: kept here, this is the mailbox), 'queued' (waiting for
 * its first or next attempt), 'sending', 'sent', 'failed' (gave up after the last attempt).
 */
export type OutboxStatus = 'outbox' | 'queued' | 'sending' | 'sent' | 'failed';
export const OUTBOX_STATUSES: readonly OutboxStatus[] = ['outbox', 'queued', 'sending', 'sent', 'failed'];

export interface OutboxRow {
  id: string;
  to: string;
  subject: string;
  /** With SMTP, secret links (reset, verification) are replaced by a placeholder: never a live token. */
  text: string;
  kind: string;
  status: OutboxStatus;
  attempts: number;
  /** The last delivery error, if any. */
  error: string | null;
  createdAt: string;
  sentAt: string | null;
  /** A queued mail: when its next attempt is due (after a failure, its retry's time). */
  nextAttemptAt: string | null;
}

/** GET /api/admin/outbox: a page of mails and how mail leaves the app ('smtp' when SMTP_URL is set). */
export interface OutboxPage extends Page<OutboxRow> {
  delivery: 'smtp' | 'outbox';
  /** How many mails of the whole outbox are in each state. */
  counts: Record<OutboxStatus, number>;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}
