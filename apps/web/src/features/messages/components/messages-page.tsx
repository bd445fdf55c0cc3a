import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useMessageEvents } from '../api/events.ts';
import { ConversationList } from './conversation-list.tsx';
import { Thread } from './thread.tsx';

/**
 * /messages and /messages/:conversationId: the member's conversations and one of them. Side by
 * side on wide screens; on a phone the list and the conversation are screens of their own (the
 * conversation has the way back). The tab's stream keeps both live.
 */
export default function MessagesPage() {
  const { t } = useTranslation('messages');
  const { conversationId } = useParams();
  useMessageEvents(true);
  useDocumentTitle(conversationId ? undefined : t('title'));

  return (
    <div className="mx-auto max-w-6xl lg:px-6 lg:py-6 xl:max-w-7xl">
      {/* On a phone the conversation has no list above it: its screen keeps a heading of its own. */}
      {conversationId ? <h1 className="sr-only lg:hidden">{t('title')}</h1> : null}
      <div className="flex h-[calc(100dvh-4rem)] min-h-[26rem] overflow-hidden bg-white lg:h-[calc(100dvh-7rem)] lg:rounded-2xl lg:border lg:border-stone-200 lg:shadow-sm">
        <section
          aria-labelledby="messages-title"
          className={`${conversationId ? 'hidden lg:flex' : 'flex'} min-h-0 w-full flex-col lg:w-80 lg:shrink-0 lg:border-r lg:border-stone-200 xl:w-96`}
        >
          <div className="border-b border-stone-200 px-4 py-4">
            <h1
              id="messages-title"
              className="font-serif text-2xl font-semibold tracking-tight text-stone-900 sm:text-3xl"
            >
              {t('title')}
            </h1>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto">
            <ConversationList activeId={conversationId} />
          </div>
        </section>
        <section
          aria-label={conversationId ? undefined : t('thread.choose.title')}
          className={`${conversationId ? 'flex' : 'hidden lg:flex'} min-h-0 min-w-0 flex-1 flex-col`}
        >
          {conversationId ? (
            <Thread key={conversationId} id={conversationId} />
          ) : (
            <div className="m-auto max-w-sm px-6 text-center">
              <p className="font-serif text-xl font-semibold text-stone-800">{t('thread.choose.title')}</p>
              <p className="mt-1 text-sm text-stone-600">{t('thread.choose.body')}</p>
            </div>
          )}
        </section>
      </div>
    </div>
  );
}
