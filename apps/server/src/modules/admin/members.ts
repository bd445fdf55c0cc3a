import { SESSION_IDLE_MS } from '@candeia/shared/constants';
import type { AdminMemberDto, MemberRole } from '@candeia/shared/schemas/admin-members';
import type { SecurityEventType } from '@candeia/shared/security-events';
import type { DbOrTx } from '../../db/client.ts';
import { requireAdmin, type AdminActor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Actor, Deps } from '../../types.ts';
import { closeAccount } from '../account/index.ts';
import { clearSignInLock, sendResetLink, sendVerificationLink } from '../auth/index.ts';
import { activateCounsellor, deactivateCounsellor } from '../consultations/index.ts';
import { logSecurityEvent } from '../security/index.ts';
import * as repo from './members-repository.ts';

/**
 * The administration's acts on a member's account (decision 028). Each is written to the
 * security log as the member's event (their id and address) with the acting administrator and the
 * reason in its details. Acts that can take the administrator role from someone (a demotion, a
 * suspension, a deletion) lock every active administrator's row first and refuse to leave none.
 */

/** What the log says of who acted and why: `by admin@x (id): <what>; reason: …`. */
function details(admin: AdminActor, what: string, reason?: string): string {
  return `by ${admin.email ?? '?'} (${admin.userId}): ${what}${reason ? `; reason: ${reason}` : ''}`;
}

async function log(
  deps: Deps,
  db: DbOrTx,
  admin: AdminActor,
  type: SecurityEventType,
  target: { id: string; email: string },
  what: string,
  reason?: string,
) {
  await logSecurityEvent({ ...deps, db }, admin, {
    type,
    success: true,
    userId: target.id,
    email: target.email,
    details: details(admin, what, reason),
  });
}

/** The member panel: the account, its subscription and sign-in state, and its latest security events. */
export async function memberDetail(deps: Deps, actor: Actor, userId: string) {
  requireAdmin(actor);
  const row = await repo.findMember(deps.db, userId);
  if (!row) throw new AppError('NOT_FOUND');
  const now = deps.clock.now();
  const [facts, counsellor] = await Promise.all([
    repo.memberFacts(deps.db, userId, now, SESSION_IDLE_MS),
    repo.counsellorOf(deps.db, userId),
  ]);
  const dto: AdminMemberDto = {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role as MemberRole,
    locale: row.locale,
    createdAt: row.createdAt.toISOString(),
    emailVerified: row.emailVerifiedAt !== null,
    lockedUntil: row.lockedUntil && row.lockedUntil > now ? row.lockedUntil.toISOString() : null,
    failedLogins: row.failedLogins,
    suspendedAt: row.suspendedAt?.toISOString() ?? null,
    suspensionReason: row.suspensionReason,
    deletedAt: row.deletedAt?.toISOString() ?? null,
    subscriptionStatus: facts.status,
    planName: facts.planName,
    counsellor,
    liveSessions: facts.liveSessions,
    lastSignInAt: facts.lastSignInAt?.toISOString() ?? null,
    configuredAdmin: deps.config.ADMIN_EMAILS.includes(row.email),
    events: facts.events.map((r) => ({
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
  };
  return dto;
}

/**
 * In one transaction: the active administrators locked, the acting one still among them, the
 * member locked and not deleted. `fn` runs with both; the transaction commits when it returns.
 */
async function withMemberLocked<T>(
  deps: Deps,
  admin: AdminActor,
  userId: string,
  fn: (tx: DbOrTx, member: repo.MemberRow, admins: string[]) => Promise<T>,
): Promise<T> {
  return deps.db.transaction(async (tx) => {
    const admins = await repo.lockActiveAdmins(tx);
    // Demoted or suspended by another administrator a moment ago: no longer one.
    if (!admins.includes(admin.userId)) throw new AppError('AUTH_FORBIDDEN');
    const member = await repo.lockMember(tx, userId);
    if (!member) throw new AppError('NOT_FOUND');
    if (member.deletedAt) throw new AppError('ADMIN_ACCOUNT_CLOSED');
    return fn(tx, member, admins);
  });
}

/** Refuses an act that would leave no active administrator. */
function keepAnAdmin(admins: string[], leaving: string) {
  if (admins.includes(leaving) && admins.filter((id) => id !== leaving).length === 0)
    throw new AppError('ADMIN_LAST_ADMIN');
}

/**
 * Changes the role. Counsellor: the counsellor profile is made (or made active again), as the
 * counsellors tab does; member: an active profile is turned off. An administrator may step down
 * when another remains; an address in ADMIN_EMAILS keeps the role (it would come back at start).
 */
export async function changeRole(
  deps: Deps,
  actor: Actor,
  userId: string,
  input: { role: MemberRole; reason: string },
) {
  const admin = requireAdmin(actor);
  const now = deps.clock.now();
  await withMemberLocked(deps, admin, userId, async (tx, member, admins) => {
    const from = member.role;
    if (from === input.role) return;
    if (from === 'admin' && deps.config.ADMIN_EMAILS.includes(member.email))
      throw new AppError('ADMIN_CONFIGURED_ADMIN');
    if (from === 'admin') keepAnAdmin(admins, member.id);
    if (input.role === 'counsellor')
      await activateCounsellor(tx, member.id, `${member.firstName} ${member.lastName}`.trim(), now);
    if (input.role === 'user') await deactivateCounsellor(tx, member.id, now);
    await repo.setRole(tx, member.id, input.role, now);
    await log(deps, tx, admin, 'admin_role_changed', member, `${from} → ${input.role}`, input.reason);
  });
  return memberDetail(deps, actor, userId);
}

/** Lifts a sign-in lockout (the account's lock and the address's failed attempts). */
export async function unlockSignIn(deps: Deps, actor: Actor, userId: string, input: { reason: string }) {
  const admin = requireAdmin(actor);
  const now = deps.clock.now();
  await withMemberLocked(deps, admin, userId, async (tx, member) => {
    const cleared = await clearSignInLock(tx, member.id, member.email, now);
    await log(
      deps,
      tx,
      admin,
      'admin_lockout_cleared',
      member,
      cleared ? 'unlocked' : 'nothing to clear',
      input.reason,
    );
  });
  return memberDetail(deps, actor, userId);
}

/** Mails the member a new verification link (EMAIL_ALREADY_VERIFIED, EMAIL_VERIFY_TOO_SOON). */
export async function resendVerification(deps: Deps, actor: Actor, userId: string) {
  const admin = requireAdmin(actor);
  const member = await repo.findMember(deps.db, userId);
  if (!member) throw new AppError('NOT_FOUND');
  if (member.deletedAt) throw new AppError('ADMIN_ACCOUNT_CLOSED');
  const result = await sendVerificationLink(deps, userId);
  if (result === 'no_user') throw new AppError('ADMIN_ACCOUNT_CLOSED');
  if (result === 'verified') throw new AppError('EMAIL_ALREADY_VERIFIED');
  if (result === 'too_soon') throw new AppError('EMAIL_VERIFY_TOO_SOON');
  await log(deps, deps.db, admin, 'admin_verification_sent', member, 'verification link mailed');
  return memberDetail(deps, actor, userId);
}

/** Mails the member a password reset link (RESET_MAIL_TOO_SOON within a minute of the last). */
export async function sendPasswordReset(deps: Deps, actor: Actor, userId: string) {
  const admin = requireAdmin(actor);
  const member = await repo.findMember(deps.db, userId);
  if (!member) throw new AppError('NOT_FOUND');
  if (member.deletedAt) throw new AppError('ADMIN_ACCOUNT_CLOSED');
  const result = await sendResetLink(deps, userId);
  if (result === 'no_user') throw new AppError('ADMIN_ACCOUNT_CLOSED');
  if (result === 'too_soon') throw new AppError('RESET_MAIL_TOO_SOON');
  await log(deps, deps.db, admin, 'admin_password_reset_sent', member, 'reset link mailed');
  return memberDetail(deps, actor, userId);
}

/**
 * Suspends the whole account: sign-in refused with its own message (ACCOUNT_SUSPENDED), every
 * session ended now. Not the community's suspension. Never one's own; never the last administrator.
 */
export async function suspendAccount(deps: Deps, actor: Actor, userId: string, input: { reason: string }) {
  const admin = requireAdmin(actor);
  if (userId === admin.userId) throw new AppError('ADMIN_SELF_SUSPEND');
  const now = deps.clock.now();
  await withMemberLocked(deps, admin, userId, async (tx, member, admins) => {
    keepAnAdmin(admins, member.id);
    await repo.suspend(tx, member.id, input.reason, now);
    await log(deps, tx, admin, 'admin_account_suspended', member, 'suspended, sessions ended', input.reason);
  });
  return memberDetail(deps, actor, userId);
}

/** Lifts the account's suspension (nothing happens, and nothing is logged, if there was none). */
export async function liftSuspension(deps: Deps, actor: Actor, userId: string) {
  const admin = requireAdmin(actor);
  const now = deps.clock.now();
  await withMemberLocked(deps, admin, userId, async (tx, member) => {
    if (await repo.unsuspend(tx, member.id, now))
      await log(deps, tx, admin, 'admin_account_unsuspended', member, 'suspension lifted');
  });
  return memberDetail(deps, actor, userId);
}

/**
 * Deletes the account the way the member's own deletion does (decision 026: closed now, erased by
 * the `account-erase` job). A counsellor's is refused, as for the member; closing refuses to leave
 * no administrator (an administrator may delete their own account when another remains).
 */
export async function deleteMember(deps: Deps, actor: Actor, userId: string, input: { reason: string }) {
  const admin = requireAdmin(actor);
  const member = await repo.findMember(deps.db, userId);
  if (!member) throw new AppError('NOT_FOUND');
  if (member.deletedAt) throw new AppError('ADMIN_ACCOUNT_CLOSED');
  if (await repo.counsellorOf(deps.db, userId)) throw new AppError('ADMIN_DELETE_COUNSELLOR');
  const closed = await closeAccount(deps, admin, member.id, member.email, async (tx) => {
    await log(deps, tx, admin, 'admin_account_deleted', member, 'account closed, erasure queued', input.reason);
  });
  if (!closed) throw new AppError('ADMIN_ACCOUNT_CLOSED');
  return memberDetail(deps, actor, userId);
}
