import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { paths } from '@candeia/shared/routes';
import { Icon } from '../../../components/ui/icon.tsx';
import { useUnreadCount } from '../api/get-unread.ts';

/** The most the badge shows; above it, "99+". */
const BADGE_MAX = 99;

/**
 * The bell in the header: a link to /notifications with the unread count, kept live by the
 * server's stream. The count is in its accessible name; the badge is for the eye.
 */
export function NotificationBell({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('common');
  const unread = useUnreadCount(true).data?.unread ?? 0;
  return (
    <NavLink
      to={paths.notifications()}
      onClick={onNavigate}
      aria-label={t('nav.notificationsCount', { count: unread })}
      className={({ isActive }) =>
        `relative inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-lg transition-colors ${
          isActive ? 'bg-brand-50 text-brand-800' : 'text-stone-700 hover:bg-stone-100 hover:text-stone-900'
        }`
      }
    >
      <Icon className="h-5 w-5">
        <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
        <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      </Icon>
      {unread > 0 ? (
        <span
          aria-hidden="true"
          data-testid="unread-badge"
          className="absolute -right-0.5 -top-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-rose-600 px-1 text-[0.7rem] font-semibold leading-5 text-white ring-2 ring-white"
        >
          {unread > BADGE_MAX ? `${BADGE_MAX}+` : unread}
        </span>
      ) : null}
    </NavLink>
  );
}
