import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { AvatarTab } from './avatar-tab.tsx';
import { BillingTab } from './billing-tab.tsx';
import { CounsellorsTab } from './counsellors-tab.tsx';
import { ModerationTab } from './moderation-tab.tsx';
import { OutboxTab } from './outbox-tab.tsx';
import { SecurityEventsTab } from './security-events-tab.tsx';
import { UsersTab } from './users-tab.tsx';

const TABS = ['security', 'users', 'outbox', 'billing', 'moderation', 'counsellors', 'avatar'] as const;
type Tab = (typeof TABS)[number];

/** Administration (SPEC.md §2, admins only): security events, users, the mail outbox, billing, the community's moderation, the counsellors, and the avatar's usage. */
export default function AdminPage() {
  const { t } = useTranslation(['admin', 'errors']);
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = (TABS as readonly string[]).includes(requested ?? '') ? (requested as Tab) : 'security';
  useDocumentTitle(t('title'));

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="font-serif text-3xl font-semibold tracking-tight text-stone-900 sm:text-4xl">{t('title')}</h1>
      <p className="mt-2 text-stone-600">{t('lead')}</p>
      <Tabs
        className="mt-6"
        label={t('tabs.label')}
        value={tab}
        onValueChange={(id) => setParams(id === 'security' ? {} : { tab: id }, { replace: true })}
        items={[
          { id: 'security', label: t('tabs.security'), content: <SecurityEventsTab /> },
          { id: 'users', label: t('tabs.users'), content: <UsersTab /> },
          { id: 'outbox', label: t('tabs.outbox'), content: <OutboxTab /> },
          { id: 'billing', label: t('tabs.billing'), content: <BillingTab /> },
          { id: 'moderation', label: t('tabs.moderation'), content: <ModerationTab /> },
          { id: 'counsellors', label: t('tabs.counsellors'), content: <CounsellorsTab /> },
          { id: 'avatar', label: t('tabs.avatar'), content: <AvatarTab /> },
        ]}
      />
    </div>
  );
}
