import { FREE_PLAN_NAME } from '@candeia/shared/constants';
import type { DbOrTx } from '../../db/client.ts';
import { insertMissingPlans } from './repository.ts';

/** The default catalogue (PRODUCT.md): SPEC.md §9 prices, admin-editable afterwards. */
export const DEFAULT_PLANS = [
  {
    slug: 'free',
    name: FREE_PLAN_NAME,
    description: 'A Bíblia e os livros sagrados, para sempre.',
    credits: 0,
    monthlyPriceCents: 0,
    features: { bible: true, chat: false, community: false, live: false, referral_program: false },
    stripePriceId: null,
  },
  {
    slug: 'platinum',
    name: 'Platinum',
    description: 'Chat espiritual, comunidade e livros sagrados.',
    credits: 100_000,
    monthlyPriceCents: 10_990,
    features: { bible: true, chat: true, community: true, live: false, referral_program: false },
    stripePriceId: null,
  },
  {
    slug: 'silver',
    name: 'Silver',
    description: 'Tudo do Platinum e o programa de indicação.',
    credits: 250_000,
    monthlyPriceCents: 15_990,
    features: { bible: true, chat: true, community: true, live: false, referral_program: true },
    stripePriceId: null,
  },
  {
    slug: 'gold',
    name: 'Gold',
    description: 'Tudo do Silver, consultas e sessão ao vivo com avatar.',
    credits: 300_000,
    monthlyPriceCents: 24_990,
    features: { bible: true, chat: true, community: true, live: true, referral_program: true },
    stripePriceId: null,
  },
  {
    slug: 'diamond',
    name: 'Diamond',
    description: 'Tudo, com o maior saldo de créditos.',
    credits: 1_000_000,
    monthlyPriceCents: 49_990,
    features: { bible: true, chat: true, community: true, live: true, referral_program: true },
    stripePriceId: null,
  },
] as const;

/** Inserts the default plans that are missing; never overwrites an admin's edits. */
export async function seedPlans(db: DbOrTx): Promise<void> {
  await insertMissingPlans(
    db,
    DEFAULT_PLANS.map((p) => ({ ...p, features: p.features })),
  );
}
