import { useTranslation } from 'react-i18next';
import type { PlanDto } from '@candeia/shared/schemas/subscription';
import { isKnownStatus } from '../../../lib/subscription-status.ts';

const KNOWN_PLANS = ['free', 'platinum', 'silver', 'gold', 'diamond'];

/** Plan names, descriptions and statuses in the reader's language (the seeded plans are translated). */
export function usePlanText() {
  const { t } = useTranslation('billing');
  const planName = (slug: string | null, name: string | null) =>
    slug && KNOWN_PLANS.includes(slug) ? t(`plans.${slug}.name`) : (name ?? t('current.noPlan'));
  return {
    planName,
    /** A plan known only by its stored name (a checkout session): translated when the catalogue has it. */
    planNameFromName: (name: string, plans: PlanDto[] | undefined) => {
      const plan = plans?.find((p) => p.name === name);
      return plan ? planName(plan.slug, plan.name) : name;
    },
    planDescription: (p: PlanDto) =>
      p.slug && KNOWN_PLANS.includes(p.slug) ? t(`plans.${p.slug}.description`) : (p.description ?? ''),
    status: (status: string | null) =>
      status === null ? t('status.none') : isKnownStatus(status) ? t(`status.${status}`) : status,
  };
}
