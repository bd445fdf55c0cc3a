import Stripe from 'stripe';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import type { Actor, Deps } from '../../types.ts';
import { logSecurityEvent } from '../security/index.ts';
import { applyEvent } from './events.ts';
import { recordWebhookEvent } from './repository.ts';
import type { StripeEventLike } from './stripe-objects.ts';

/** Stripe's default: a signature older than 5 minutes is refused (replay protection). */
export const WEBHOOK_TOLERANCE_S = 300;

export interface WebhookResult {
  received: true;
  duplicate: boolean;
}

function isEvent(v: unknown): v is StripeEventLike {
  const e = v as StripeEventLike;
  return (
    !!e &&
    typeof e.id === 'string' &&
    e.id.length > 0 &&
    e.id.length <= 255 &&
    typeof e.type === 'string' &&
    Number.isSafeInteger(e.created) &&
    !!e.data &&
    typeof e.data.object === 'object' &&
    e.data.object !== null
  );
}

/**
 * The one entry for payment events, Stripe's and the local provider's alike (SECURITY.md 21):
 * the signature is checked on the raw body with a 300 s tolerance (by the injected clock); then,
 * in ONE transaction, the event id is recorded (insert … on conflict do nothing) and its effect
 * applied. A repeat delivery finds the id and changes nothing. Any failure rolls both back and
 * answers 5xx, so the sender retries.
 */
export async function handleWebhook(
  deps: Deps,
  actor: Pick<Actor, 'ip' | 'userAgent'>,
  rawBody: Buffer | string,
  signature: string | undefined,
  log?: FastifyBaseLogger,
): Promise<WebhookResult> {
  let event: unknown;
  try {
    if (!signature) throw new Error('missing Stripe-Signature header');
    event = Stripe.webhooks.constructEvent(
      rawBody,
      signature,
      deps.config.STRIPE_WEBHOOK_SECRET,
      WEBHOOK_TOLERANCE_S,
      undefined,
      deps.clock.now().getTime(),
    );
    if (!isEvent(event)) throw new Error('not an event');
  } catch (err) {
    try {
      await logSecurityEvent(deps, actor, {
        type: 'webhook_rejected',
        success: false,
        details: String((err as Error).message ?? err).slice(0, 200),
      });
    } catch {
      // The refusal stands even when it cannot be recorded.
    }
    throw new AppError('WEBHOOK_INVALID');
  }
  const ev = event;
  const now = deps.clock.now();
  const duplicate = await deps.db.transaction(async (tx) => {
    const fresh = await recordWebhookEvent(tx, {
      id: ev.id,
      type: ev.type,
      eventCreatedAt: new Date(ev.created * 1000),
      receivedAt: now,
    });
    if (!fresh) return true;
    await applyEvent({ ...deps, db: tx }, ev, log);
    return false;
  });
  log?.info({ event: ev.id, type: ev.type, duplicate }, 'payment event');
  return { received: true, duplicate };
}
