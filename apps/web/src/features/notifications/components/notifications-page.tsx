import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { NotificationDto } from '@candeia/shared/schemas/notifications';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { timeAgo } from '../../../lib/time-ago.ts';
import { useNotifications } from '../api/get-notifications.ts';
import { useUnreadCount } from '../api/get-unread.ts';
import { useMarkRead } from '../api/mark-read.ts';
import { describe } from '../lib/describe.ts';

/**
 * /notifications: what happened to the member, newest first, unread ones marked. Each leads to
 * its place (and is read on the way); "Marcar todas como lidas" reads them all. New ones arrive
 * live: the bell's stream refreshes the list.
 */
export default function NotificationsPage() {
  const { t } = useTranslation('notifications');
  useDocumentTitle(t('title'));
  const list = useNotifications();
  const unread = useUnreadCount(true).data?.unread ?? list.data?.pages[0]?.unread ?? 0;
  const mark = useMarkRead();
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <div className="mx-auto max-w-2xl px-4 pb-16 pt-6 sm:px-6 sm:pt-10">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="font-serif text-3xl font-semibold tracking-tight text-stone-900 sm:text-4xl">{t('title')}</h1>
          <p className="mt-1 text-stone-600" aria-live="polite">
            {t('unread', { count: unread })}
          </p>
        </div>
        {unread > 0 ? (
          <Button variant="outline" size="sm" onClick={() => mark.mutate(null)} disabled={mark.isPending}>
            {t('markAll')}
          </Button>
        ) : null}
      </div>

      {list.isPending ? (
        <Spinner className="mt-10" label={t('loading')} />
      ) : list.isError ? (
        <Alert variant="error" className="mt-8" title={t('loadError')}>
          <div className="mt-3">
            <Button size="sm" variant="outline" onClick={() => void list.refetch()}>
              {t('retry')}
            </Button>
          </div>
        </Alert>
      ) : items.length === 0 ? (
        <div className="mt-8 rounded-2xl border border-dashed border-stone-300 bg-white px-6 py-10 text-center">
          <p className="font-medium text-stone-800">{t('empty.title')}</p>
          <p className="mt-1 text-sm text-stone-600">{t('empty.body')}</p>
        </div>
      ) : (
        <>
          <ul className="mt-6 divide-y divide-stone-200 overflow-hidden rounded-2xl border border-stone-200 bg-white">
            {items.map((n) => (
              <Item key={n.id} n={n} onOpen={() => (n.readAt ? undefined : mark.mutate(n.id))} />
            ))}
          </ul>
          {list.hasNextPage ? (
            <div className="mt-6 flex justify-center">
              <Button variant="outline" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
                {list.isFetchingNextPage ? t('loading') : t('more')}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}

function Item({ n, onOpen }: { n: NotificationDto; onOpen: () => void }) {
  const { t } = useTranslation('notifications');
  const locale = currentLocale();
  const { text, href } = describe(n, t, locale);
  const unread = !n.readAt;
  return (
    <li>
      <Link
        to={href}
        onClick={onOpen}
        className={`flex gap-3 px-4 py-4 transition-colors hover:bg-stone-50 focus-visible:bg-stone-50 sm:px-5 ${
          unread ? 'bg-brand-50/60' : ''
        }`}
      >
        <span
          aria-hidden="true"
          className={`mt-2 h-2.5 w-2.5 shrink-0 rounded-full ${unread ? 'bg-brand-600' : 'bg-transparent'}`}
        />
        <span className="min-w-0 flex-1">
          <span className={`block break-words ${unread ? 'font-medium text-stone-900' : 'text-stone-700'}`}>
            {text}
          </span>
          <span className="mt-1 block text-sm text-stone-500">
            <time dateTime={n.createdAt}>{timeAgo(n.createdAt, locale)}</time>
            {unread ? <span className="sr-only">{`, ${t('unreadMark')}`}</span> : null}
          </span>
        </span>
      </Link>
    </li>
  );
}
