import type { UseFormRegisterReturn } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { REFERRAL_REWARD_CREDITS, REFERRAL_REWARD_DAYS } from '@candeia/shared/constants';
import { paths } from '@candeia/shared/routes';
import { FormSection } from '../../../components/ui/card.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';

/** The sign-up's optional referral code, with what it gives (both sign-ups: e-mail and provider). */
export function ReferralCodeSection({ registration, error }: { registration: UseFormRegisterReturn; error?: string }) {
  const { t } = useTranslation('auth');
  return (
    <FormSection
      title={t('signup.sections.referral')}
      description={t('signup.referralHint', { days: REFERRAL_REWARD_DAYS, credits: REFERRAL_REWARD_CREDITS })}
    >
      <Field label={t('fields.referralCode')} optionalText={t('form.optional')} error={error}>
        {(a) => (
          <Input
            {...a}
            placeholder="REF-XXXXXXXX"
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            className="font-mono uppercase tracking-wider"
            {...registration}
          />
        )}
      </Field>
    </FormSection>
  );
}

/** "Li e aceito os Termos de Uso e a Política de Privacidade", each opening in a new tab. */
export function AcceptTermsCheckbox({ registration, error }: { registration: UseFormRegisterReturn; error?: string }) {
  const { t } = useTranslation('auth');
  const link = 'font-semibold text-brand-800 underline underline-offset-2';
  return (
    <Checkbox
      {...registration}
      error={error}
      aria-required
      label={
        <Trans
          t={t}
          i18nKey="signup.acceptTerms"
          components={{
            terms: <Link to={paths.terms()} target="_blank" className={link} />,
            privacy: <Link to={paths.privacy()} target="_blank" className={link} />,
          }}
        />
      }
    />
  );
}
