import { useLogout } from '../../features/auth/api/logout.ts';
import { PasswordForm } from '../../features/profile/components/password-form.tsx';
import SettingsPage from '../../features/settings/components/settings-page.tsx';

/**
 * /settings: the settings screen with the profile feature's password form in its account
 * section; once the account is deleted, the auth feature's sign-out forgets everything cached
 * here and goes to the landing. Sections of other features (notification choices) are added
 * here through `sections`.
 */
export default function SettingsRoute() {
  const { logout } = useLogout();
  return <SettingsPage passwordForm={<PasswordForm />} onAccountDeleted={() => void logout()} />;
}
