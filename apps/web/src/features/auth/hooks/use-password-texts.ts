import { useTranslation } from 'react-i18next';
import type { NewPasswordTexts } from '../../../components/ui/new-password-fields.tsx';

/** The texts of the new-password fields and their rule checklist on the sign-in screens. */
export function usePasswordTexts(): NewPasswordTexts {
  const { t } = useTranslation('auth');
  return {
    show: t('password.show'),
    hide: t('password.hide'),
    rulesTitle: t('password.rulesTitle'),
    ruleMet: t('password.ruleMet'),
    ruleUnmet: t('password.ruleUnmet'),
    rules: {
      min: t('password.rules.min'),
      lower: t('password.rules.lower'),
      upper: t('password.rules.upper'),
      number: t('password.rules.number'),
      special: t('password.rules.special'),
    },
  };
}
