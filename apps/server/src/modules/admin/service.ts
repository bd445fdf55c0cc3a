import type { z } from 'zod';
import {
  OUTBOX_STATUSES,
  type AdminUserRow,
  type OutboxPage,
  type OutboxStatus,
  type Page,
  type SecurityEventRow,
  type securityEventsQuerySchema,
  type usersQuerySchema,
  type outboxQuerySchema,
} from '@candeia/shared/schemas/admin';
import { requireAdmin } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Actor, Deps } from '../../types.ts';
import { logSecurityEvent } from '../security/index.ts';
import * as repo from './repository.ts';

export async function listSecurityEvents(
  deps: Deps,
  actor: Actor,
  q: z.output<typeof securityEventsQuerySchema>,
): Promise<Page<SecurityEventRow>> {
  requireAdmin(actor);
  const { rows, total } = await repo.securityEventsPage(deps.db, q);
  return {
    items: rows.map((r) => ({
      id: String(r.id),
      type: r.type,
      success: r.success,
      userId: r.userId,
      email: r.email,
      details: r.details,
      ip: r.ip,
      userAgent: r.userAgent,
      createdAt: r.createdAt.toISOString(),
    })),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** Clears security events (all, or one e-mail's); only the acting admin's own id is accepted. */
export async function clearSecurityEvents(deps: Deps, actor: Actor, input: { adminUserId?: string; email?: string }) {
  const admin = requireAdmin(actor);
  if (!input.adminUserId) throw new AppError('ADMIN_USER_ID_REQUIRED');
  if (input.adminUserId !== admin.userId) throw new AppError('AUTH_FORBIDDEN');
  let removed: number;
  try {
    removed = await repo.deleteSecurityEvents(deps.db, input.email?.toLowerCase());
  } catch {
    throw new AppError('ADMIN_CLEAR_FAILED');
  }
  await logSecurityEvent(deps, actor, {
    type: 'admin_logs_cleared',
    success: true,
    userId: actor.userId,
    email: actor.email,
    details: input.email ? `cleared_email:${removed}:${input.email}` : `cleared_all:${removed}`,
  });
  return { removed };
}

export async function listUsers(
  deps: Deps,
  actor: Actor,
  q: z.output<typeof usersQuerySchema>,
): Promise<Page<AdminUserRow>> {
  requireAdmin(actor);
  const { rows, total } = await repo.usersPage(deps.db, q);
  return {
    items: rows.map((r) => ({
      id: r.id,
      email: r.email,
      firstName: r.firstName,
      lastName: r.lastName,
      role: r.role,
      createdAt: r.createdAt.toISOString(),
      lockedUntil: r.lockedUntil?.toISOString() ?? null,
      subscriptionStatus: r.status,
      emailVerified: r.emailVerifiedAt !== null,
    })),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/**
 * The outbox, newest first. Only the admin copy of each mail is read: with SMTP its secret links
 * are placeholders; the live copy waiting for delivery (`pending_*`) never leaves the server.
 */
export async function listOutbox(deps: Deps, actor: Actor, q: z.output<typeof outboxQuerySchema>): Promise<OutboxPage> {
  requireAdmin(actor);
  const { rows, byStatus } = await repo.outboxPage(deps.db, q);
  // A queued mail's job (same id) knows when it is next tried.
  const next = await deps.jobs.nextRuns(
    'mail-send',
    rows.filter((r) => r.status === 'queued').map((r) => r.id),
  );
  const counts = Object.fromEntries(OUTBOX_STATUSES.map((s) => [s, 0])) as Record<OutboxStatus, number>;
  for (const { status, n } of byStatus) counts[status as OutboxStatus] = n;
  return {
    items: rows.map((r) => ({
      id: r.id,
      to: r.to,
      subject: r.subject,
      text: r.text,
      kind: r.kind,
      status: r.status as OutboxStatus,
      attempts: r.attempts,
      error: r.error,
      createdAt: r.createdAt.toISOString(),
      sentAt: r.sentAt?.toISOString() ?? null,
      nextAttemptAt: next.get(r.id)?.toISOString() ?? null,
    })),
    total: Object.values(counts).reduce((a, b) => a + b, 0),
    page: q.page,
    pageSize: q.pageSize,
    delivery: deps.mailer.delivery,
    counts,
  };
}
