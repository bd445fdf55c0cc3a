import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { FullPageSpinner } from '../components/ui/spinner.tsx';
import { useToast } from '../components/ui/toast.tsx';
import { useSubscription } from '../features/billing/api/get-subscription.ts';
import { useSession } from '../lib/queries/session.ts';

/** Signed-in routes: anyone signed out goes to / (SPEC.md §2). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session.isPending) return <FullPageSpinner />;
  if (!session.data) return <Navigate to="/" replace />;
  return <>{children}</>;
}

/** /login and /signup send a signed-in user to /start, or back to the in-app path in ?next=. */
export function PublicOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  const next = useSearchParams()[0].get('next') ?? '';
  if (session.isPending) return <FullPageSpinner />;
  if (session.data) return <Navigate to={/^\/(?![/\\])/.test(next) ? next : '/start'} replace />;
  return <>{children}</>;
}

/** /admin: only administrators; anyone else goes to /. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session.isPending) return <FullPageSpinner />;
  if (session.data?.user.role !== 'admin') return <Navigate to="/" replace />;
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
  if (!session.data) return <Navigate to="/" replace />;
  if (session.data.user.role === 'admin') return <>{children}</>;
  if (sub.isPending) return <FullPageSpinner />;
  if (blocked) return <Navigate to="/subscription?expired=true" replace state={{ from: location.pathname }} />;
  return <>{children}</>;
}
