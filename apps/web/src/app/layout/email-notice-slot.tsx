import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { ROUTES } from '@candeia/shared/routes';
import { accountOf, useSessionUser } from '../../lib/queries/session.ts';

const VerifyEmailNotice = lazy(() =>
  import('../../features/auth/components/verify-email-notice.tsx').then((m) => ({ default: m.VerifyEmailNotice })),
);

/**
 * The "confirme seu e-mail" bar at the top of each screen, inside the screen's own loading
 * boundary (app/router.tsx): the bar and the screen appear together, so the screen never moves
 * down when the bar's code and texts arrive after it. Wanted only later (an address changed while
 * the screen is on view), it loads in a boundary of its own: the screen on view stays as it is.
 * Not on the verification page and the profile, which say it themselves.
 */
export function EmailNoticeSlot() {
  const { pathname } = useLocation();
  const user = accountOf(useSessionUser().user);
  const wanted = !!user && !user.emailVerified && pathname !== ROUTES.verifyEmail && pathname !== ROUTES.profile;
  const [withScreen] = useState(wanted);
  if (!wanted) return null;
  if (withScreen) return <VerifyEmailNotice waitForTexts />;
  return (
    <Suspense fallback={null}>
      <VerifyEmailNotice />
    </Suspense>
  );
}
