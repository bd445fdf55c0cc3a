import { useTranslation } from 'react-i18next';
import type { ReferralOverviewDto } from '@candeia/shared/schemas/billing';
import { usePlanText } from './use-plan-text.ts';

/** The plans that include the referral programme, as a list in the reader's language ("Prata, Ouro e Diamante"). */
export function usePlansWithProgram(plans: ReferralOverviewDto['plansWithProgram'] | undefined): string {
  const { i18n } = useTranslation('billing');
  const text = usePlanText();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const names = (plans ?? []).map((p) => text.planName(p.slug, p.name));
  return names.length ? new Intl.ListFormat(locale, { type: 'conjunction' }).format(names) : '';
}
