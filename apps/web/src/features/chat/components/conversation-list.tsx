import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@candeia/shared/routes';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useConversations } from '../api/get-conversations.ts';
import { formatWhen } from '../lib/format.ts';
import { PlusIcon } from './chat-icons.tsx';

/**
 * "Nova conversa" and the user's conversations, latest first, with "Carregar mais". Shown in
 * the sidebar on wide screens and in the drawer on phones; the heading is the container's.
 */
export function ConversationList({
  currentId,
  onNew,
  onOpen,
  heading,
}: {
  currentId: string | undefined;
  onNew: () => void;
  /** Called when a conversation is chosen (the drawer closes). */
  onOpen?: () => void;
  /** The list's heading, under the new-conversation button (the drawer has its own title). */
  heading?: ReactNode;
}) {
  const { t, i18n } = useTranslation('chat');
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const list = useConversations();
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="p-3">
        <Button block onClick={onNew}>
          <PlusIcon />
          {t('conversations.new')}
        </Button>
      </div>
      {heading}
      <nav aria-label={t('conversations.title')} className="min-h-0 flex-1 overflow-y-auto px-2 pb-3">
        {list.isPending ? (
          <Spinner />
        ) : list.isError ? (
          <div className="space-y-2 px-2 py-4 text-sm text-stone-700">
            <p>{t('conversations.loadFailed')}</p>
            <Button size="sm" variant="outline" onClick={() => void list.refetch()}>
              {t('conversations.retry')}
            </Button>
          </div>
        ) : items.length === 0 ? (
          <p className="px-2 py-4 text-sm text-stone-600">{t('conversations.empty')}</p>
        ) : (
          <>
            <ul className="space-y-0.5">
              {items.map((c) => {
                const current = c.id === currentId;
                return (
                  <li key={c.id}>
                    <Link
                      to={paths.chat(c.id)}
                      onClick={onOpen}
                      aria-current={current ? 'page' : undefined}
                      className={`block rounded-lg px-3 py-2.5 transition-colors ${
                        current ? 'bg-brand-50 ring-1 ring-inset ring-brand-200' : 'hover:bg-stone-100'
                      }`}
                    >
                      <span
                        className={`block truncate text-sm font-medium ${current ? 'text-brand-900' : 'text-stone-900'}`}
                      >
                        {c.title}
                      </span>
                      <span className="mt-0.5 block text-xs text-stone-600">
                        {formatWhen(c.lastMessageAt, locale)} <span aria-hidden="true">·</span>{' '}
                        {t('conversations.messages', { count: c.messageCount })}
                      </span>
                    </Link>
                  </li>
                );
              })}
            </ul>
            {list.hasNextPage ? (
              <div className="px-1 pt-2">
                <Button
                  size="sm"
                  variant="ghost"
                  block
                  busy={list.isFetchingNextPage}
                  onClick={() => void list.fetchNextPage()}
                >
                  {t('conversations.more')}
                </Button>
              </div>
            ) : null}
          </>
        )}
      </nav>
    </div>
  );
}
