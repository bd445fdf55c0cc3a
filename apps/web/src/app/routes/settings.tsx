import { useTranslation } from 'react-i18next';
import { useLogout } from '../../features/auth/api/logout.ts';
import { NotificationSettings } from '../../features/notifications/components/notification-settings.tsx';
import { PasswordForm } from '../../features/profile/components/password-form.tsx';
import SettingsPage from '../../features/settings/components/settings-page.tsx';

/**
 * /settings: the settings screen with the profile feature's password form in its account
 * section and the notifications feature's choices (this device's notifications, each type's
 * channels) as a section of their own; once the account is deleted, the auth feature's sign-out
 * forgets everything cached here and goes to the landing.
 */
export default function SettingsRoute() {
  const { t } = useTranslation('notification-channels');
  const { logout } = useLogout();
  return (
    <SettingsPage
      passwordForm={<PasswordForm />}
      sections={[{ id: 'notifications', title: t('title'), lead: t('lead'), content: <NotificationSettings /> }]}
      onAccountDeleted={() => void logout()}
    />
  );
}
