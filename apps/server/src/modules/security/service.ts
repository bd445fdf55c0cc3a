import type { SecurityEventType } from '@candeia/shared/security-events';
import type { DbOrTx } from '../../db/client.ts';
import type { Actor, Deps } from '../../types.ts';
import { insertSecurityEvent } from './repository.ts';

export type { SecurityEventType };

/** Writes one security event (SPEC.md §3) with UTC time and the real client IP. Never a secret. */
export async function logSecurityEvent(
  deps: Pick<Deps, 'clock'> & { db: DbOrTx },
  actor: Pick<Actor, 'ip' | 'userAgent'>,
  event: { type: SecurityEventType; success: boolean; userId?: string | null; email?: string | null; details?: string },
): Promise<void> {
  await insertSecurityEvent(deps.db, {
    type: event.type,
    success: event.success,
    userId: event.userId ?? null,
    email: event.email ?? null,
    details: event.details?.slice(0, 1000) ?? null,
    ip: actor.ip,
    userAgent: actor.userAgent?.slice(0, 500) ?? null,
    createdAt: deps.clock.now(),
  });
}
