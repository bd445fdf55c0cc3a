import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { DonationsTab } from './donations-tab.tsx';
import { GrantCredits } from './grant-credits.tsx';
import { PlansTab } from './plans-tab.tsx';
import { SubscriptionsTab, type GrantTarget } from './subscriptions-tab.tsx';

const SECTIONS = ['plans', 'subscriptions', 'donations', 'credits'] as const;
type Section = (typeof SECTIONS)[number];

/** Billing administration: plans, subscriptions, donations and credit grants, each its own tab. */
export function BillingTab() {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const requested = params.get('section');
  const section: Section = (SECTIONS as readonly string[]).includes(requested ?? '') ? (requested as Section) : 'plans';
  // A row of the subscriptions list opens the grant form with that user; each opening is a new form.
  const [target, setTarget] = useState<{ user: GrantTarget | null; n: number }>({ user: null, n: 0 });

  const go = (id: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set('tab', 'billing');
        if (id === 'plans') next.delete('section');
        else next.set('section', id);
        return next;
      },
      { replace: true },
    );

  return (
    <Tabs
      label={t('billing.sections.label')}
      value={section}
      onValueChange={go}
      items={[
        { id: 'plans', label: t('billing.sections.plans'), content: <PlansTab /> },
        {
          id: 'subscriptions',
          label: t('billing.sections.subscriptions'),
          content: (
            <SubscriptionsTab
              onGrant={(user) => {
                setTarget((s) => ({ user, n: s.n + 1 }));
                go('credits');
              }}
            />
          ),
        },
        { id: 'donations', label: t('billing.sections.donations'), content: <DonationsTab /> },
        {
          id: 'credits',
          label: t('billing.sections.credits'),
          content: <GrantCredits key={target.n} target={target.user} />,
        },
      ]}
    />
  );
}
