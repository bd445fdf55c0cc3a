import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { AlertsTab } from './alerts-tab.tsx';
import { useUnreadCount } from '../api/get-inbox.ts';
import { AvatarTab } from './avatar-tab.tsx';
import { BillingTab } from './billing-tab.tsx';
import { CounsellorsTab } from './counsellors-tab.tsx';
import { DashboardTab } from './dashboard-tab.tsx';
import { InboxTab } from './inbox-tab.tsx';
import { ModerationTab } from './moderation-tab.tsx';
import { OutboxTab } from './outbox-tab.tsx';
import { SecurityEventsTab } from './security-events-tab.tsx';
import { TextsTab } from './texts-tab.tsx';
import { UsersTab } from './users-tab.tsx';

const TABS = [
  'dashboard',
  'users',
  'inbox',
  'security',
  'outbox',
  'billing',
  'moderation',
  'counsellors',
  'avatar',
  'alerts',
  'texts',
] as const;
type Tab = (typeof TABS)[number];
const FIRST: Tab = 'dashboard';

/**
 * Administration (SPEC.md §2, admins only): the dashboard first, then the members (each with
 * their panel of acts), the contact inbox, security events, the mail outbox, billing, the
 * community's moderation, the counsellors, the avatar's usage, the site's alerts and the sacred texts.
 */
export default function AdminPage() {
  const { t } = useTranslation(['admin', 'admin-ops', 'errors']);
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = (TABS as readonly string[]).includes(requested ?? '') ? (requested as Tab) : FIRST;
  const unread = useUnreadCount().data ?? 0;
  useDocumentTitle(t('title'));

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="font-serif text-3xl font-semibold tracking-tight text-stone-900 sm:text-4xl">{t('title')}</h1>
      <p className="mt-2 text-stone-600">{t('lead')}</p>
      <Tabs
        className="mt-6"
        label={t('tabs.label')}
        value={tab}
        onValueChange={(id) => setParams(id === FIRST ? {} : { tab: id }, { replace: true })}
        items={[
          { id: 'dashboard', label: t('admin-ops:tabs.dashboard'), content: <DashboardTab /> },
          { id: 'users', label: t('tabs.users'), content: <UsersTab /> },
          {
            id: 'inbox',
            label: (
              <span className="inline-flex items-center gap-1.5">
                {t('admin-ops:tabs.inbox')}
                {unread > 0 ? (
                  <span className="rounded-full bg-brand-700 px-1.5 text-xs font-bold leading-5 text-white">
                    <span aria-hidden="true">{unread}</span>
                    <span className="sr-only">{t('admin-ops:inbox.unread', { count: unread })}</span>
                  </span>
                ) : null}
              </span>
            ),
            content: <InboxTab />,
          },
          { id: 'security', label: t('tabs.security'), content: <SecurityEventsTab /> },
          { id: 'outbox', label: t('tabs.outbox'), content: <OutboxTab /> },
          { id: 'billing', label: t('tabs.billing'), content: <BillingTab /> },
          { id: 'moderation', label: t('tabs.moderation'), content: <ModerationTab /> },
          { id: 'counsellors', label: t('tabs.counsellors'), content: <CounsellorsTab /> },
          { id: 'avatar', label: t('tabs.avatar'), content: <AvatarTab /> },
          { id: 'alerts', label: t('tabs.alerts'), content: <AlertsTab /> },
          { id: 'texts', label: t('admin-ops:tabs.texts'), content: <TextsTab /> },
        ]}
      />
    </div>
  );
}
