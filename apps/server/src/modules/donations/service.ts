import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { paths } from '@candeia/shared/routes';
import type { Page } from '@candeia/shared/schemas/admin';
import type {
  CheckoutDto,
  DonationDto,
  adminDonationsQuerySchema,
  donationSchema,
} from '@candeia/shared/schemas/billing';
import { emailSchema } from '@candeia/shared/schemas/common';
import { requireAdmin } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { DomainEvents } from '../../lib/domain-events.ts';
import { newToken, sha256 } from '../../lib/tokens.ts';
import type { Actor, Deps } from '../../types.ts';
import {
  CHECKOUT_TTL_MS,
  checkoutProviderName,
  insertCheckout,
  newCheckoutId,
  paymentProvider,
  successUrl,
  updateCheckout,
} from '../payments/index.ts';
import * as repo from './repository.ts';

const absolute = (deps: Deps, path: string) => `${deps.config.APP_URL.replace(/\/$/, '')}${path}`;

/**
 * POST /api/donations (public): a pending donation and a checkout (mode payment, BRL). It is
 * paid only when the provider's webhook says so. A signed-in donor is recorded with the
 * donation; the e-mail (for the receipt) is the one typed, else the account's. For the test
 * checkout, `payerToken` is what the route keeps in the browser's HttpOnly cookie.
 */
export async function startDonation(
  deps: Deps,
  actor: Actor,
  input: z.output<typeof donationSchema>,
  payer: { token: string | null },
  log?: FastifyBaseLogger,
): Promise<CheckoutDto & { payerToken: string | null }> {
  let email: string | null = actor.email;
  if (input.email !== undefined && input.email.trim() !== '') {
    const parsed = emailSchema.safeParse(input.email);
    if (!parsed.success)
      throw new AppError('VALIDATION_INVALID_FORMAT', {
        email: parsed.error.issues[0]?.message ?? 'validation:email.format',
      });
    email = parsed.data;
  }
  const now = deps.clock.now();
  const provider = paymentProvider(deps, checkoutProviderName(deps.config), log);
  // The test checkout's page is ours: only the browser holding this token may pay it (it may be
  // signed out, so the session cannot say who opened it). One token serves all of its donations.
  const payerToken = provider.name === 'local' ? (payer.token ?? newToken()) : null;
  const id = newCheckoutId();
  const donationId = randomUUID();
  await deps.db.transaction(async (tx) => {
    await repo.insertDonation(tx, {
      id: donationId,
      checkoutSessionId: id,
      userId: actor.userId,
      email,
      amountCents: input.amountCents,
      currency: 'BRL',
      status: 'pending',
      createdAt: now,
    });
    await insertCheckout(tx, {
      id,
      provider: provider.name,
      kind: 'donation',
      userId: actor.userId,
      donationId,
      amountCents: input.amountCents,
      currency: 'BRL',
      status: 'open',
      payerTokenHash: payerToken ? sha256(payerToken) : null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + CHECKOUT_TTL_MS),
    });
  });
  try {
    const res = await provider.createDonationCheckout({
      checkoutId: id,
      donationId,
      amountCents: input.amountCents,
      currency: 'BRL',
      email,
      userId: actor.userId,
      successUrl: absolute(deps, successUrl(id)),
      cancelUrl: absolute(deps, paths.donations({ checkout: 'canceled' })),
    });
    if (res.providerSessionId) await updateCheckout(deps.db, id, { providerSessionId: res.providerSessionId });
    return { url: res.url, sessionId: id, payerToken };
  } catch (err) {
    await updateCheckout(deps.db, id, { status: 'failed' });
    await repo.setFailed(deps.db, donationId);
    if (err instanceof AppError && err.code === 'PROVIDER_UNAVAILABLE') throw err;
    log?.error({ err: err instanceof AppError ? err.code : String(err) }, 'donation checkout failed');
    throw new AppError('DONATION_FAILED');
  }
}

export async function adminDonations(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
  q: z.output<typeof adminDonationsQuerySchema>,
): Promise<Page<DonationDto>> {
  requireAdmin(actor);
  const { rows, total } = await repo.donationsPage(deps.db, q.status, q.page, q.pageSize);
  return {
    items: rows.map((r) => ({
      id: r.id,
      amountCents: r.amountCents,
      currency: r.currency,
      status: r.status as DonationDto['status'],
      email: r.email,
      userId: r.userId,
      createdAt: r.createdAt.toISOString(),
      paidAt: r.paidAt?.toISOString() ?? null,
    })),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** Donations' reactions to payments (subscribed at app build): paid, or failed. */
export function subscribeDonations(domain: DomainEvents): void {
  domain.on('payment.succeeded', async (ctx, e) => {
    if (e.kind === 'donation') await repo.markPaid(ctx.db, e.donationId, e.now);
  });
  domain.on('payment.failed', async (ctx, e) => {
    if (e.kind === 'donation') await repo.markFailed(ctx.db, e.donationId);
  });
}
