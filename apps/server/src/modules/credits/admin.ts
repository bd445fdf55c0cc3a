import type { z } from 'zod';
import type { GrantCreditsDto, grantCreditsSchema } from '@candeia/shared/schemas/billing';
import { requireAdmin } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Actor, Deps } from '../../types.ts';
import { logSecurityEvent } from '../security/index.ts';
import { findUserEmail } from './repository.ts';
import { applyGrant, balance } from './service.ts';

/**
 * POST /api/admin/credits/grant: an administrator adds credits to a user. Idempotent by the
 * form's key (a double submit grants once, and answers the first entry). Logged as a
 * security event when applied.
 */
export async function grantCreditsAsAdmin(
  deps: Deps,
  actor: Actor,
  input: z.output<typeof grantCreditsSchema>,
): Promise<GrantCreditsDto> {
  requireAdmin(actor);
  const target = await findUserEmail(deps.db, input.userId);
  if (!target) throw new AppError('NOT_FOUND');
  const reason = input.reason?.trim() || null;
  const { entry, applied } = await applyGrant(
    deps.db,
    target.id,
    input.amount,
    'admin_grant',
    `admin:${input.idempotencyKey}`,
    reason,
    deps.clock.now(),
  );
  if (applied) {
    await logSecurityEvent(deps, actor, {
      type: 'admin_credits_granted',
      success: true,
      userId: actor.userId,
      email: actor.email,
      details: `+${input.amount} to ${target.email}${reason ? `: ${reason}` : ''}`,
    });
  }
  return { entry, balance: await balance(deps.db, target.id) };
}
