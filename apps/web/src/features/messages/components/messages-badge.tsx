import { useTranslation } from 'react-i18next';
import { useMessagesUnread } from '../api/events.ts';

/** The most the badge shows; above it, "99+". */
const BADGE_MAX = 99;

/**
 * The header's count beside "Mensagens": conversations with unread messages, live (the tab's
 * stream). The number is for the eye; the words are for screen readers.
 */
export function MessagesBadge() {
  const { t } = useTranslation('messages');
  const unread = useMessagesUnread(true).data?.unread ?? 0;
  if (unread === 0) return null;
  return (
    <>
      {/* Read after the link's word, as "Mensagens (1 conversa não lida)". */}
      <span className="sr-only">{` ${t('nav.unread', { count: unread })}`}</span>
      <span
        aria-hidden="true"
        data-testid="messages-badge"
        className="ml-2 inline-flex min-w-5 items-center justify-center rounded-full bg-rose-600 px-1.5 text-[0.7rem] font-semibold leading-5 text-white"
      >
        {unread > BADGE_MAX ? `${BADGE_MAX}+` : unread}
      </span>
    </>
  );
}
