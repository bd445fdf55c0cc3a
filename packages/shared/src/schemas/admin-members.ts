import { z } from 'zod';
import { MODERATION_REASON_MAX, MV } from './moderation.ts';
import type { SecurityEventRow } from './admin.ts';

/**
 * What an administrator does to a member's account (decision 028): the role, the sign-in
 * lockout, the mails of the sign-in (verification, password reset), a suspension of the whole
 * account, and its deletion. Every action names its reason where one makes sense; all of them go
 * to the security log with who did it.
 */

/** The roles an account can have: `user` is a member. */
export const MEMBER_ROLES = ['user', 'counsellor', 'admin'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

export const memberParamsSchema = z.strictObject({ userId: z.uuid() });

const reason = z.string().trim().max(MODERATION_REASON_MAX, MV.reasonTooLong).default('');
export const MEMBER_REASON_MAX = MODERATION_REASON_MAX;

export const changeRoleSchema = z.strictObject({ role: z.enum(MEMBER_ROLES), reason });
export type ChangeRoleInput = z.input<typeof changeRoleSchema>;

/** A suspension of the whole account (not the community's): the reason is required. */
export const suspendAccountSchema = z.strictObject({
  reason: z
    .string({ error: 'validation:required' })
    .trim()
    .min(1, 'validation:required')
    .max(MODERATION_REASON_MAX, MV.reasonTooLong),
});
export type SuspendAccountInput = z.input<typeof suspendAccountSchema>;

/** An action that takes only an optional reason (unlock, lift, delete). */
export const memberActionSchema = z.strictObject({ reason });
export type MemberActionInput = z.input<typeof memberActionSchema>;

/** GET /api/admin/users/:userId: one member as the administration sees them. */
export interface AdminMemberDto {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: MemberRole;
  locale: string;
  createdAt: string;
  emailVerified: boolean;
  /** Until when sign-in is locked after failed attempts (null: not locked now). */
  lockedUntil: string | null;
  failedLogins: number;
  /** The account's suspension by an administrator (not the community's). */
  suspendedAt: string | null;
  suspensionReason: string | null;
  /** Closed (decision 026): nothing can be done to it any more. */
  deletedAt: string | null;
  subscriptionStatus: string | null;
  planName: string | null;
  /** The member has a counsellor profile, and whether it is active. */
  counsellor: { active: boolean } | null;
  /** Sessions signed in now. */
  liveSessions: number;
  lastSignInAt: string | null;
  /** The address is in ADMIN_EMAILS: the role comes back at every start, so it cannot be changed here. */
  configuredAdmin: boolean;
  /** The latest security events of the account (the administration's acts included). */
  events: SecurityEventRow[];
}

/** What each action answers: the member as they are now. */
export type MemberActionResult = AdminMemberDto;
