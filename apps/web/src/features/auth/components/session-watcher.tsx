import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MINUTE_MS, SESSION_CHECK_INTERVAL_MS, SESSION_WARNING_MS } from '@candeia/shared/constants';
import { paths } from '@candeia/shared/routes';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError, SESSION_EXPIRED_EVENT, isSigningOut, setSigningOut } from '../../../lib/api.ts';
import { getSession, sessionKey, useSession, type Session } from '../../../lib/queries/session.ts';
import { refreshSession } from '../api/refresh-session.ts';

/** The watcher's only clock; tests move it with fake timers. */
export function now(): number {
  return Date.now();
}

/** Milliseconds left before the session ends (idle or absolute limit, whichever comes first). */
export function remainingMs(info: Pick<Session, 'idleExpiresAt' | 'absoluteExpiresAt'>, at: number): number {
  return Math.min(Date.parse(info.idleExpiresAt), Date.parse(info.absoluteExpiresAt)) - at;
}

const ACTIVITY_EVENTS = ['click', 'keydown', 'scroll'] as const;

/**
 * The client side of the 30-minute inactivity rule (SPEC.md §4): activity (click, keydown,
 * scroll) is noted; every 60 s the session is refreshed if there was activity, else only
 * checked; at 5 minutes left a warning is logged and shown; on expiry the session and the
 * cache are cleared and the user goes to /login?expired=1. The server enforces the limit.
 */
export function SessionWatcher() {
  const { t } = useTranslation('auth', { useSuspense: false });
  const qc = useQueryClient();
  const navigate = useNavigate();
  const session = useSession();
  const signedIn = !!session.data;

  const lastActivity = useRef(0);
  const lastCheck = useRef(0);
  const expiring = useRef(false);
  const warned = useRef(false);
  const [warningMinutes, setWarningMinutes] = useState<number | null>(null);
  const [continuing, setContinuing] = useState(false);

  const expire = () => {
    if (expiring.current || isSigningOut()) return;
    expiring.current = true;
    setWarningMinutes(null);
    void qc.cancelQueries();
    qc.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionKey[0] });
    qc.getMutationCache().clear();
    qc.setQueryData(sessionKey, null);
    // Observers hear of the null session first (the query cache notifies in a 0 ms
    // timeout); only then does the route change, so /login shows instead of bouncing.
    setTimeout(() => navigate(paths.login({ expired: true }), { replace: true }), 0);
  };

  const evaluate = (info: Session) => {
    const left = remainingMs(info, now());
    if (left <= 0) return expire();
    if (left <= SESSION_WARNING_MS) {
      const minutes = Math.max(1, Math.ceil(left / MINUTE_MS));
      if (!warned.current) {
        warned.current = true;
        console.warn(`Session expires in ${minutes} minute(s) due to inactivity.`);
      }
      setWarningMinutes(minutes);
    } else {
      warned.current = false;
      setWarningMinutes(null);
    }
  };

  const check = async (forceRefresh = false) => {
    if (expiring.current) return;
    const active = forceRefresh || lastActivity.current > lastCheck.current;
    lastCheck.current = now();
    let info: Session | null;
    try {
      info = active ? await refreshSession() : await getSession();
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return expire();
      // The check itself failed (network): judge by the deadlines already known.
      const known = qc.getQueryData<Session | null>(sessionKey);
      if (known) evaluate(known);
      return;
    }
    if (!info) return expire();
    qc.setQueryData(sessionKey, info);
    evaluate(info);
  };

  // Stable handles for the effect below: navigating must not restart the timer.
  const onTick = useEffectEvent(() => void check());
  const onExpired = useEffectEvent(() => expire());

  useEffect(() => {
    if (!signedIn) return;
    setSigningOut(false);
    expiring.current = false;
    warned.current = false;
    lastCheck.current = now();
    lastActivity.current = 0;
    const onActivity = () => {
      lastActivity.current = now();
    };
    const options: AddEventListenerOptions = { passive: true, capture: true };
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, options);
    const onExpiredEvent = () => onExpired();
    window.addEventListener(SESSION_EXPIRED_EVENT, onExpiredEvent);
    const timer = window.setInterval(() => onTick(), SESSION_CHECK_INTERVAL_MS);
    return () => {
      window.clearInterval(timer);
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, options);
      window.removeEventListener(SESSION_EXPIRED_EVENT, onExpiredEvent);
    };
  }, [signedIn]);

  const stayConnected = async () => {
    setContinuing(true);
    try {
      await check(true);
    } finally {
      setContinuing(false);
    }
  };

  const show = signedIn && warningMinutes !== null;
  return (
    <div
      aria-live="polite"
      role="status"
      className="pointer-events-none fixed inset-x-0 top-[4.5rem] z-[90] flex justify-center px-3"
    >
      {show ? (
        <div className="pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-xl border border-amber-300 bg-white p-4 shadow-lg">
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="mt-0.5 h-5 w-5 shrink-0 text-amber-600"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          >
            <circle cx="12" cy="12" r="9" />
            <path d="M12 7v5l3 2" />
          </svg>
          <div className="min-w-0 flex-1">
            <p className="font-semibold text-stone-900">{t('session.warningTitle')}</p>
            <p className="mt-0.5 text-sm text-stone-700">{t('session.warning', { count: warningMinutes })}</p>
            <Button size="sm" className="mt-3" busy={continuing} onClick={() => void stayConnected()}>
              {t('session.stay')}
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
