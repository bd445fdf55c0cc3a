import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@candeia/shared/routes';
import { Button } from '../../../components/ui/button.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useReferrals } from '../api/get-referrals.ts';
import { usePlansWithProgram } from '../hooks/use-plans-with-program.ts';

/**
 * The referral code as /profile shows it. It follows the same rule and the same answer as
 * /referral (GET /api/referrals): the code to copy only when the member may refer; otherwise
 * which plans include the programme, and a link to /referral, which says why.
 */
export function ReferralCodeSummary() {
  const { t } = useTranslation('billing');
  const toast = useToast();
  const referrals = useReferrals();
  const plans = usePlansWithProgram(referrals.data?.plansWithProgram);

  if (referrals.isPending) return <Spinner className="justify-start p-0!" />;
  if (referrals.error) return <p className="text-sm text-stone-700">{t('referral.profile.loadFailed')}</p>;
  const data = referrals.data;

  if (!data.eligible) {
    return (
      <p className="text-sm leading-6 text-stone-700">
        {data.reason === 'paid_trial'
          ? t('referral.profile.paidTrial')
          : plans
            ? t('referral.profile.unavailable', { plans })
            : t('referral.profile.unavailableNoPlans')}{' '}
        <Link to={paths.referral()} className="font-semibold text-brand-800 underline underline-offset-2">
          {t('referral.profile.details')}
        </Link>
      </p>
    );
  }

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(data.code);
      toast({ variant: 'success', title: t('referral.codeCopied') });
    } catch {
      toast({ variant: 'destructive', title: t('referral.copyFailed'), description: t('referral.copyFailedText') });
    }
  };

  return (
    <span className="flex items-center gap-2">
      <span className="font-mono text-sm tracking-wider text-stone-900">{data.code}</span>
      <Button
        size="sm"
        variant="ghost"
        className="min-h-8! px-2!"
        onClick={() => void copy()}
        aria-label={t('referral.profile.copyLabel')}
      >
        <Icon className="h-4 w-4">
          <rect x="9" y="9" width="11" height="11" rx="2" />
          <path d="M5 15V5a2 2 0 0 1 2-2h8" />
        </Icon>
      </Button>
    </span>
  );
}
