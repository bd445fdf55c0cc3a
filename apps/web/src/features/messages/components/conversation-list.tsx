import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@candeia/shared/routes';
import type { ConversationSummaryDto } from '@candeia/shared/schemas/messages';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { currentLocale } from '../../../lib/i18n.ts';
import { timeAgo } from '../../../lib/time-ago.ts';
import { useConversations } from '../api/conversations.ts';
import { Avatar } from './avatar.tsx';

/** The most the unread badge shows; above it, "99+". */
const BADGE_MAX = 99;

/**
 * The member's conversations, newest activity first: who, the last message, when, and how many
 * are unread. The open one is marked. New messages move a conversation to the top live (the
 * tab's stream refreshes the list).
 */
export function ConversationList({ activeId }: { activeId: string | undefined }) {
  const { t } = useTranslation('messages');
  const list = useConversations();
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];

  if (list.isPending) return <Spinner className="mt-10" label={t('list.loading')} />;
  if (list.isError)
    return (
      <Alert variant="error" className="m-4" title={t('list.loadError')}>
        <div className="mt-3">
          <Button size="sm" variant="outline" onClick={() => void list.refetch()}>
            {t('list.retry')}
          </Button>
        </div>
      </Alert>
    );
  if (items.length === 0)
    return (
      <div className="m-4 rounded-2xl border border-dashed border-stone-300 bg-white px-5 py-8 text-center">
        <p className="font-medium text-stone-800">{t('list.empty.title')}</p>
        <p className="mt-1 text-sm text-stone-600">{t('list.empty.body')}</p>
        <Link
          to={paths.consultation()}
          className={buttonClasses({ variant: 'outline', size: 'sm', className: 'mt-4' })}
        >
          {t('list.empty.action')}
        </Link>
      </div>
    );

  return (
    <>
      <ul aria-label={t('list.label')} className="divide-y divide-stone-100">
        {items.map((c) => (
          <Item key={c.id} c={c} active={c.id === activeId} />
        ))}
      </ul>
      {list.hasNextPage ? (
        <div className="flex justify-center p-4">
          <Button variant="outline" size="sm" onClick={() => void list.fetchNextPage()} busy={list.isFetchingNextPage}>
            {t('list.more')}
          </Button>
        </div>
      ) : null}
    </>
  );
}

function Item({ c, active }: { c: ConversationSummaryDto; active: boolean }) {
  const { t } = useTranslation('messages');
  const locale = currentLocale();
  const name = c.other.deleted ? t('deleted') : c.other.name;
  const preview = !c.last
    ? t('list.noMessages')
    : c.last.removed
      ? t('list.removed')
      : c.last.mine
        ? t('list.you', { text: c.last.body })
        : c.last.body;
  const unread = c.unread > 0;
  return (
    <li>
      <Link
        to={paths.messages(c.id)}
        aria-current={active ? 'page' : undefined}
        className={`flex items-start gap-3 px-4 py-3.5 transition-colors hover:bg-stone-50 focus-visible:bg-stone-50 ${
          active ? 'bg-brand-50 hover:bg-brand-50' : ''
        }`}
      >
        <Avatar name={name} counsellor={c.other.counsellor} deleted={c.other.deleted} />
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline gap-2">
            <span className={`truncate ${unread ? 'font-semibold text-stone-900' : 'font-medium text-stone-800'}`}>
              {name}
            </span>
            {c.other.counsellor ? (
              <span className="shrink-0 rounded-full bg-brand-100 px-2 py-0.5 text-[0.7rem] font-semibold text-brand-900">
                {t('counsellor')}
              </span>
            ) : null}
            <time dateTime={c.lastActivityAt} className="ml-auto shrink-0 text-xs text-stone-500">
              {timeAgo(c.lastActivityAt, locale)}
            </time>
          </span>
          <span className="mt-0.5 flex items-center gap-2">
            <span className={`line-clamp-2 flex-1 break-words text-sm ${unread ? 'text-stone-900' : 'text-stone-600'}`}>
              {preview}
            </span>
            {unread ? (
              <span className="shrink-0">
                <span
                  aria-hidden="true"
                  className="inline-flex min-w-5 items-center justify-center rounded-full bg-brand-700 px-1.5 text-xs font-semibold leading-5 text-white"
                >
                  {c.unread > BADGE_MAX ? `${BADGE_MAX}+` : c.unread}
                </span>
                <span className="sr-only">{t('list.unread', { count: c.unread })}</span>
              </span>
            ) : null}
          </span>
        </span>
      </Link>
    </li>
  );
}
