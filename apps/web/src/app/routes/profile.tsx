import { VerifyEmailNotice } from '../../features/auth/components/verify-email-notice.tsx';
import { ReferralCodeSummary } from '../../features/billing/components/referral-code-summary.tsx';
import ProfilePage from '../../features/profile/components/profile-page.tsx';

/**
 * /profile: the profile screen, with the account feature's "confirm your e-mail" and the billing
 * feature's referral code (the same rule and answer as /referral) in its summary.
 */
export default function ProfileRoute() {
  return <ProfilePage emailNotice={<VerifyEmailNotice variant="panel" />} referral={<ReferralCodeSummary />} />;
}
