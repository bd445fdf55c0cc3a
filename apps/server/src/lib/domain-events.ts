import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../db/client.ts';

/**
 * Domain events inside one process: a module says what happened, the modules that care react,
 * and neither imports the other. Not the cross-process bus (events/bus.ts, LISTEN/NOTIFY):
 * these are delivered synchronously and awaited, in the emitter's transaction, so a reaction
 * that fails rolls the whole change back (the payment webhook is then retried).
 *
 * Handlers subscribe when the app is built (app.ts), in the order the modules are listed there.
 */

/** What a handler is given with the event: the transaction it runs in, and the request's log. */
export interface DomainContext {
  db: DbOrTx;
  log?: FastifyBaseLogger;
}

/** A provider subscription as the payment provider last described it (Stripe's event, or ours). */
export interface SubscriptionFacts {
  subscriptionId: string;
  /** The provider's own status word (Stripe's: active, trialing, past_due, canceled, …). */
  providerStatus: string;
  deleted: boolean;
  createdAt: Date;
  /** When the provider's event happened. */
  at: Date;
  metaUserId: string | null;
  metaPlanId: string | null;
  customerId: string | null;
  priceId: string | null;
  periodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

/** An invoice of a provider subscription, paid or failed. */
export interface InvoiceFacts {
  invoiceId: string;
  subscriptionId: string;
  at: Date;
  metaUserId: string | null;
  metaPlanId: string | null;
  customerId: string | null;
  priceId: string | null;
  /** Stripe's billing_reason; undefined when the provider did not say. */
  billingReason: string | undefined;
  amountPaidCents: number;
  periodEnd: Date | null;
  /** The provider will try to charge again (past_due rather than payment_failed). */
  retrying: boolean;
}

export type PaymentSucceeded =
  /** A donation's checkout was paid. */
  | { kind: 'donation'; checkoutId: string; donationId: string; now: Date }
  /** A plan's checkout was paid: the customer the provider used for the member. */
  | { kind: 'subscription'; checkoutId: string; userId: string; customerId: string; now: Date }
  /** An invoice of a subscription was paid (the first one, or a renewal). */
  | ({ kind: 'invoice'; now: Date } & InvoiceFacts);

export type PaymentFailed =
  | { kind: 'donation'; checkoutId: string; donationId: string; now: Date }
  | ({ kind: 'invoice'; now: Date } & InvoiceFacts);

/** Every domain event, by name, with its payload. */
export interface DomainEventMap {
  'payment.succeeded': PaymentSucceeded;
  'payment.failed': PaymentFailed;
  /** A provider subscription was created, changed or deleted. */
  'payment.subscription_changed': SubscriptionFacts & { now: Date };
  /** A member's subscription payment was applied to the account (billing, after payment.succeeded). */
  'subscription.paid': { userId: string; amountPaidCents: number; now: Date };
}

export type DomainEventName = keyof DomainEventMap;
export type DomainHandler<K extends DomainEventName> = (ctx: DomainContext, event: DomainEventMap[K]) => Promise<void>;

export class DomainEvents {
  private readonly handlers = new Map<DomainEventName, DomainHandler<DomainEventName>[]>();

  /** Adds a reaction; returns a function that removes it. */
  on<K extends DomainEventName>(name: K, handler: DomainHandler<K>): () => void {
    const list = this.handlers.get(name) ?? [];
    list.push(handler as DomainHandler<DomainEventName>);
    this.handlers.set(name, list);
    return () => {
      const i = list.indexOf(handler as DomainHandler<DomainEventName>);
      if (i >= 0) list.splice(i, 1);
    };
  }

  /** Runs every reaction in turn, awaited, in the caller's transaction (ctx.db); the first failure throws. */
  async emit<K extends DomainEventName>(ctx: DomainContext, name: K, event: DomainEventMap[K]): Promise<void> {
    for (const handler of [...(this.handlers.get(name) ?? [])]) await handler(ctx, event);
  }

  /** How many reactions an event has (for the start-up check and tests). */
  count(name: DomainEventName): number {
    return this.handlers.get(name)?.length ?? 0;
  }
}
