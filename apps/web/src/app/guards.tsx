import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { paths } from '@candeia/shared/routes';
import { FullPageSpinner } from '../components/ui/spinner.tsx';
import { useToast } from '../components/ui/toast.tsx';
import { useSubscription } from '../features/billing/api/get-subscription.ts';
import { useSession } from '../lib/queries/session.ts';
import {
  forgetReturnPath,
  noteSignedIn,
  rememberReturnPath,
  signedInDestination,
  forgetSignedIn,
  hadSession,
} from '../lib/return-path.ts';

/**
 * Anyone signed out who asks for a signed-in route goes to / (SPEC.md §2). On a visit made
 * signed out, the link asked for is remembered, so that signing in opens it (lib/return-path.ts).
 */
function SignedOutToLanding({ remember }: { remember: boolean }) {
  const { pathname, search, hash } = useLocation();
  const wanted = `${pathname}${search}${hash}`;
  // A session of this browser that expired while the tab was closed: the login page says so and
  // signing in opens the link (read once, on the first render).
  const [ended] = useState(() => remember && hadSession());
  useEffect(() => {
    if (remember) rememberReturnPath(wanted);
    if (ended) forgetSignedIn();
  }, [remember, wanted, ended]);
  return <Navigate to={ended ? paths.login({ expired: true }) : paths.landing()} replace />;
}

/**
 * A guard's part in the return link. Once a signed-in route opens signed in, a remembered link
 * has served its purpose. A session that ends on the screen (sign-out, expiry) is not a visit
 * made signed out: nothing is remembered, so whoever signs in next on this tab starts afresh.
 * Returns whether a redirect now should remember the link.
 */
function useReturnPath(signedIn: boolean): boolean {
  const [wasSignedIn, setWasSignedIn] = useState(signedIn);
  if (signedIn && !wasSignedIn) setWasSignedIn(true);
  useEffect(() => {
    if (signedIn) forgetReturnPath();
  }, [signedIn]);
  return !wasSignedIn;
}

/**
 * Signed-in routes: anyone signed out goes to / (SPEC.md §2), or to the login page with "Sua
 * sessão expirou" when this browser's session expired while the tab was closed.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  const remember = useReturnPath(!!session.data);
  const signedIn = !!session.data;
  useEffect(() => {
    if (signedIn) noteSignedIn();
  }, [signedIn]);
  if (session.isPending) return <FullPageSpinner />;
  if (!session.data) return <SignedOutToLanding remember={remember} />;
  return <>{children}</>;
}

/**
 * /login and /signup send a signed-in user on: to the in-app path in ?next=, else to the link
 * remembered when they were signed out, else to /start. The pages themselves go to the same
 * place after signing in, so whichever navigates first, both agree.
 */
export function PublicOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  const [params] = useSearchParams();
  if (session.isPending) return <FullPageSpinner />;
  if (session.data) return <Navigate to={signedInDestination(params)} replace />;
  return <>{children}</>;
}

/** /admin: only administrators; anyone else goes to /. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const session = useSession();
  const remember = useReturnPath(!!session.data);
  if (session.isPending) return <FullPageSpinner />;
  if (!session.data) return <SignedOutToLanding remember={remember} />;
  if (session.data.user.role !== 'admin') return <Navigate to={paths.landing()} replace />;
  return <>{children}</>;
}

/**
 * The access gate of SPEC.md §4: a spinner while checking; a missing or blocking status
 * shows the destructive notice 'Acesso Bloqueado' and goes to /subscription?expired=true;
 * if the check itself fails, the error is logged and nothing is blocked; admins skip it.
 */
export function RequireSubscription({ children }: { children: ReactNode }) {
  const session = useSession();
  const sub = useSubscription(!!session.data);
  const toast = useToast();
  const { t } = useTranslation('common');
  const location = useLocation();
  const notified = useRef(false);
  const blocked = !!sub.data && !sub.data.allowed;
  const remember = useReturnPath(!!session.data);

  useEffect(() => {
    if (sub.error) console.error('Subscription check failed', sub.error);
  }, [sub.error]);

  useEffect(() => {
    if (blocked && !notified.current) {
      notified.current = true;
      toast({ variant: 'destructive', title: t('gate.blockedTitle'), description: t('gate.blockedDescription') });
    }
  }, [blocked, toast, t]);

  if (session.isPending) return <FullPageSpinner />;
  if (!session.data) return <SignedOutToLanding remember={remember} />;
  if (session.data.user.role === 'admin') return <>{children}</>;
  if (sub.isPending) return <FullPageSpinner />;
  if (blocked)
    return <Navigate to={paths.subscription({ expired: true })} replace state={{ from: location.pathname }} />;
  return <>{children}</>;
}
