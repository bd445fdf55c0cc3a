import { useTranslation } from 'react-i18next';
import { useLogout } from '../../features/auth/api/logout.ts';
import { useSocialProviders } from '../../features/auth/api/social.ts';
import { ConnectedAccounts } from '../../features/auth/components/connected-accounts.tsx';
import { NotificationSettings } from '../../features/notifications/components/notification-settings.tsx';
import { PasswordForm } from '../../features/profile/components/password-form.tsx';
import SettingsPage, { type ExtraSettingsSection } from '../../features/settings/components/settings-page.tsx';

/**
 * /settings: the settings screen with the profile feature's password form in its account
 * section, the auth feature's connected accounts (only where a provider is configured) and the
 * notifications feature's choices (this device's notifications, each type's channels) as
 * sections of their own; once the account is deleted, the auth feature's sign-out forgets
 * everything cached here and goes to the landing.
 */
export default function SettingsRoute() {
  const { t } = useTranslation(['notification-channels', 'auth']);
  const { logout } = useLogout();
  const providers = useSocialProviders().data?.providers ?? [];
  const sections: ExtraSettingsSection[] = [];
  if (providers.length > 0)
    sections.push({
      id: 'connected',
      title: t('auth:social.connected.title'),
      lead: t('auth:social.connected.lead'),
      content: <ConnectedAccounts />,
    });
  sections.push({ id: 'notifications', title: t('title'), lead: t('lead'), content: <NotificationSettings /> });
  return <SettingsPage passwordForm={<PasswordForm />} sections={sections} onAccountDeleted={() => void logout()} />;
}
