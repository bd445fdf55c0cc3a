import type { Actor } from '../types.ts';
import { AppError } from './app-error.ts';

/**
 * The one permission check every service starts with (decision 016). The auth hook already
 * refuses a route's caller without a session or without the admin role; services check again
 * here, so a service called from elsewhere (a job, a test, a future route) cannot skip it, and
 * the type they get back says a user is present (no `userId!`).
 */

export type Role = 'user' | 'counsellor' | 'admin';

/** Who is calling, as permissions see it. */
export type Principal =
  | { kind: 'anonymous' }
  | { kind: 'user'; userId: string; roles: readonly Role[] }
  | { kind: 'admin'; userId: string; roles: readonly Role[] };

const MEMBERS = ['user', 'counsellor', 'admin'] as const satisfies readonly Role[];

/** Permission → the roles that hold it. A counsellor is a member who also holds sessions. */
export const PERMISSIONS = {
  /** The member's own account: profile, locale, e-mail verification. */
  'account.self': MEMBERS,
  /** The member's own subscription, checkout and billing details. */
  'subscription.self': MEMBERS,
  /** The member's own referral code and rewards. */
  'referrals.self': MEMBERS,
  /** Favourites, notes and reading positions. */
  'scripture.personal': MEMBERS,
  /** Conversations with the guide. */
  'chat.use': MEMBERS,
  /** The community: posts, comments, reactions, prayers, follows. */
  'community.use': MEMBERS,
  /**
   * Consultations: counsellors, slots, bookings, reviews; a counsellor's own screen too (which
   * also needs an active counsellors row: an administrator can be a counsellor).
   */
  'consultation.book': MEMBERS,
  /** Messages: conversations with one's counsellors (and, when allowed, mutual followers). */
  'messages.use': MEMBERS,
  /** The avatar live session: the gallery, favourites, sessions and their transcripts. */
  'avatar.use': MEMBERS,
  /** The administration: plans, users, logs, grants, donations, the outbox. */
  'admin.manage': ['admin'],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

/** An actor a permission was granted to: a user is present. */
export type Authorized = Omit<Actor, 'userId' | 'role'> & { userId: string; role: Role };
/** The acting administrator. */
export type AdminActor = Authorized & { role: 'admin' };

/** A signed-in actor's roles (a session without a role is a plain member). */
function rolesOf(actor: Actor): Role[] {
  return [actor.role ?? 'user'];
}

export function principalOf(actor: Actor): Principal {
  if (!actor.userId) return { kind: 'anonymous' };
  const roles = rolesOf(actor);
  return roles.includes('admin')
    ? { kind: 'admin', userId: actor.userId, roles }
    : { kind: 'user', userId: actor.userId, roles };
}

/**
 * The actor, when it holds `permission` (and, for a resource with an owner, owns it or is an
 * admin): AUTH_REQUIRED without a user, AUTH_FORBIDDEN without the role, NOT_FOUND for another
 * member's resource (its existence is not told).
 */
export function requireAccess(actor: Actor, permission: Permission, resource?: { ownerId: string | null }): Authorized {
  const principal = principalOf(actor);
  if (principal.kind === 'anonymous') throw new AppError('AUTH_REQUIRED');
  const allowed: readonly Role[] = PERMISSIONS[permission];
  const role = principal.roles.find((r) => allowed.includes(r));
  if (!role) throw new AppError('AUTH_FORBIDDEN');
  if (resource && resource.ownerId !== principal.userId && principal.kind !== 'admin') throw new AppError('NOT_FOUND');
  return { ...actor, userId: principal.userId, role: actor.role ?? 'user' };
}

/** The acting administrator, or AUTH_FORBIDDEN. */
export function requireAdmin(actor: Actor): AdminActor {
  return requireAccess(actor, 'admin.manage') as AdminActor;
}
