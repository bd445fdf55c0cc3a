import type { FastifyBaseLogger } from 'fastify';
import { SESSION_IDLE_MS } from '@candeia/shared/constants';
import {
  DELETE_REQUEST_LIMIT,
  EXPORT_REQUEST_LIMIT,
  type AccountExportDto,
  type AccountExportStateDto,
  type DeleteAccountInput,
  type DeviceSessionsDto,
  type SessionsRevokedDto,
} from '@candeia/shared/schemas/account';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { requireAccess } from '../../lib/access.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { limit } from '../../lib/rate-limit.ts';
import type { ObjectRead } from '../../lib/storage/index.ts';
import { cancelForClosedAccount } from '../billing/index.ts';
import { deleteFiles } from '../media/index.ts';
import { logSecurityEvent } from '../security/index.ts';
import type { Actor, Deps } from '../../types.ts';
import * as repo from './repository.ts';
import { deviceOf } from './user-agent.ts';

/** Who acts when a job does the work (no request, no address). */
const JOB_ACTOR = { ip: 'job', userAgent: null } as const;

// ---------- Sessions on other devices ----------

/** The member's live sessions, this one first, each with the device it was opened on. */
export async function listSessions(deps: Deps, actor: Actor): Promise<DeviceSessionsDto> {
  const { userId } = requireAccess(actor, 'account.self');
  const rows = await repo.liveSessions(deps.db, userId, deps.clock.now(), SESSION_IDLE_MS);
  const sessions = rows.map((r) => ({
    id: r.id,
    ...deviceOf(r.userAgent),
    createdAt: r.createdAt.toISOString(),
    lastActiveAt: r.lastSeenAt.toISOString(),
    current: r.id === actor.sessionId,
  }));
  sessions.sort((a, b) => Number(b.current) - Number(a.current));
  return { sessions };
}

/** Signs one of the member's sessions out; another member's (or an unknown) id is NOT_FOUND. */
export async function revokeSession(deps: Deps, actor: Actor, sessionId: string): Promise<SessionsRevokedDto> {
  const { userId, email } = requireAccess(actor, 'account.self');
  const revoked = await repo.revokeOwnSession(deps.db, userId, sessionId, deps.clock.now());
  if (revoked === 0 && !(await repo.ownsSession(deps.db, userId, sessionId))) throw new AppError('NOT_FOUND');
  if (revoked > 0)
    await logSecurityEvent(deps, actor, { type: 'sessions_revoked', success: true, userId, email, details: 'one' });
  return { revoked };
}

/** Signs out every other session of the member; this one stays. */
export async function revokeOtherSessions(deps: Deps, actor: Actor): Promise<SessionsRevokedDto> {
  const { userId, email } = requireAccess(actor, 'account.self');
  const revoked = await repo.revokeSessions(deps.db, userId, deps.clock.now(), actor.sessionId ?? undefined);
  await logSecurityEvent(deps, actor, {
    type: 'sessions_revoked',
    success: true,
    userId,
    email,
    details: `others:${revoked}`,
  });
  return { revoked };
}

// ---------- Data export ----------

function exportDto(row: repo.ExportRow, now: Date): AccountExportDto {
  const expired = row.status === 'expired' || (row.status === 'ready' && !!row.expiresAt && row.expiresAt <= now);
  return {
    id: row.id,
    status: expired ? 'expired' : (row.status as AccountExportDto['status']),
    createdAt: row.createdAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    sizeBytes: expired ? null : (row.sizeBytes ?? null),
  };
}

/** The member's latest export and where it stands. */
export async function exportState(deps: Deps, actor: Actor): Promise<AccountExportStateDto> {
  const { userId } = requireAccess(actor, 'account.self');
  const row = await repo.latestExport(deps.db, userId);
  return { export: row ? exportDto(row, deps.clock.now()) : null };
}

/**
 * Starts an export: one at a time per member (EXPORT_IN_PROGRESS while one is prepared), a few
 * an hour; the job builds the zip and mails the link.
 */
export async function requestExport(deps: Deps, actor: Actor): Promise<AccountExportDto> {
  const { userId, email } = requireAccess(actor, 'account.self');
  const now = deps.clock.now();
  const current = await repo.latestExport(deps.db, userId);
  if (current?.status === 'preparing') throw new AppError('EXPORT_IN_PROGRESS');
  await limit(deps.db, `account-export:${userId}`, EXPORT_REQUEST_LIMIT, now);
  const row = await deps.db.transaction(async (tx) => {
    const inserted = await repo.insertExport(tx, userId, now);
    if (!inserted) return null;
    await deps.jobs.enqueue('account-export', { exportId: inserted.id }, { tx, id: inserted.id });
    await logSecurityEvent({ ...deps, db: tx }, actor, {
      type: 'account_export_requested',
      success: true,
      userId,
      email,
    });
    return inserted;
  });
  if (!row) throw new AppError('EXPORT_IN_PROGRESS');
  return exportDto(row, now);
}

/** A ready export's zip, for its own member only (another's id is NOT_FOUND, as is an expired one). */
export async function openExport(
  deps: Deps,
  actor: Actor,
  exportId: string,
): Promise<{ file: ObjectRead; filename: string }> {
  const { userId } = requireAccess(actor, 'account.self');
  const row = await repo.findExport(deps.db, exportId);
  if (!row || row.userId !== userId) throw new AppError('NOT_FOUND');
  const now = deps.clock.now();
  if (row.status !== 'ready' || !row.storageKey || !row.expiresAt || row.expiresAt <= now)
    throw new AppError('NOT_FOUND');
  const file = await deps.storage.get(row.storageKey);
  if (!file) throw new AppError('NOT_FOUND');
  return { file, filename: `candeia-data-${row.createdAt.toISOString().slice(0, 10)}.zip` };
}

/** Exports past their 7 days: marked expired, their files deleted. */
export async function sweepExports(deps: Deps): Promise<number> {
  const keys = await repo.expireExports(deps.db, deps.clock.now());
  await Promise.all(keys.map((k) => deps.storage.delete(k)));
  return keys.length;
}

// ---------- Account deletion ----------

/**
 * Closes an account now and queues the erasure of its data: the account is marked deleted, its
 * address freed (the same e-mail can sign up again), every session ended, in one transaction with
 * the job. The member's own request (`deleteOwnAccount`) and an administrator's go through here.
 */
export async function closeAccount(
  deps: Deps,
  actor: Pick<Actor, 'ip' | 'userAgent'>,
  userId: string,
  email: string,
  alsoInTransaction?: (tx: DbOrTx) => Promise<void>,
): Promise<boolean> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    // The last administrator who can sign in is not closed (decision 028): the active
    // administrators' rows are locked first, so two closures or demotions at once see each other.
    if (await repo.isAdmin(tx, userId)) {
      const admins = await repo.lockActiveAdmins(tx);
      if (admins.includes(userId) && admins.length === 1) throw new AppError('ADMIN_LAST_ADMIN');
    }
    if (!(await repo.markDeleted(tx, userId, email, now))) return false;
    await repo.revokeSessions(tx, userId, now);
    await deps.jobs.enqueue('account-erase', { userId }, { tx });
    await logSecurityEvent({ ...deps, db: tx }, actor, { type: 'account_deletion_requested', success: true, userId });
    await alsoInTransaction?.(tx);
    return true;
  });
}

/** The member deletes their account, confirmed by their password (a wrong one is a field error). */
export async function deleteOwnAccount(deps: Deps, actor: Actor, input: DeleteAccountInput): Promise<void> {
  const { userId } = requireAccess(actor, 'account.self');
  const now = deps.clock.now();
  await limit(deps.db, `account-delete:${userId}`, DELETE_REQUEST_LIMIT, now);
  const user = await repo.findMember(deps.db, userId);
  if (!user) throw new AppError('AUTH_REQUIRED');
  // An account made through a provider has no password yet: say so, rather than "incorrect".
  if (user.passwordHash === '') {
    throw new AppError('ACCOUNT_NO_PASSWORD', { password: 'errors:ACCOUNT_NO_PASSWORD' });
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    await logSecurityEvent(deps, actor, {
      type: 'account_deletion_requested',
      success: false,
      userId,
      email: user.email,
      details: 'wrong_password',
    });
    throw new AppError('AUTH_WRONG_PASSWORD', { password: 'errors:AUTH_WRONG_PASSWORD' });
  }
  if (await repo.hasCounsellorProfile(deps.db, userId)) throw new AppError('ACCOUNT_DELETE_COUNSELLOR');
  await closeAccount(deps, actor, userId, user.email);
}

/**
 * The erasure job (decision 026): the subscription cancelled at the provider, then in one
 * transaction every row that names the member removed or anonymised (references.ts), the users
 * row left as a tombstone for the ledger; files deleted after the commit. Safe to run again.
 */
export async function eraseAccount(deps: Deps, userId: string, log?: FastifyBaseLogger): Promise<void> {
  const user = await repo.findAnyUser(deps.db, userId);
  if (!user?.deletedAt) return;
  await cancelForClosedAccount(deps, userId, log);
  const media = await repo.allMediaOf(deps.db, userId);
  const exportKeys = await repo.exportKeysOf(deps.db, userId);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await repo.eraseUserRows(tx, userId, now);
    await logSecurityEvent({ ...deps, db: tx }, JOB_ACTOR, { type: 'account_deleted', success: true, userId });
  });
  await Promise.all([...media.map((m) => deleteFiles(deps, m)), ...exportKeys.map((k) => deps.storage.delete(k))]);
}
