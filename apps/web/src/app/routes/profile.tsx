import { VerifyEmailNotice } from '../../features/auth/components/verify-email-notice.tsx';
import ProfilePage from '../../features/profile/components/profile-page.tsx';

/** /profile: the profile screen, with the account feature's "confirm your e-mail" in its summary. */
export default function ProfileRoute() {
  return <ProfilePage emailNotice={<VerifyEmailNotice variant="panel" />} />;
}
