import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@candeia/shared/routes';
import { sendMessageSchema, type ConversationDto, type MessageDto } from '@candeia/shared/schemas/messages';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useMessages } from '../../../lib/forms.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { useBlock, useMarkRead, useSendMessage } from '../api/actions.ts';
import { useConversation, useThread } from '../api/conversations.ts';
import { clock, dayKey, dayLabel, newClientKey } from '../lib/format.ts';
import { Avatar } from './avatar.tsx';
import { Composer } from './composer.tsx';
import { ReportDialog } from './report-dialog.tsx';

/** A message of the reader's on its way, or that could not go (kept, to try again). */
interface Pending {
  clientKey: string;
  body: string;
  state: 'sending' | 'failed';
  error?: string;
}

/** Within this many pixels of the end, the thread follows new messages down. */
const NEAR_END_PX = 96;

/**
 * One conversation: its messages by day (older ones on demand), the composer, what the other has
 * read ("Visto"), blocking and unblocking, and reporting a message received. New messages and
 * read marks arrive live (the tab's stream refreshes the thread); the thread is read as it shows.
 */
export function Thread({ id }: { id: string }) {
  const { t } = useTranslation('messages');
  const conversation = useConversation(id);
  const c = conversation.data;
  const name = c ? (c.other.deleted ? t('deleted') : c.other.name) : '';
  useDocumentTitle(c ? `${name} · ${t('title')}` : t('title'));

  if (conversation.isPending) return <Spinner className="mt-16" label={t('thread.loading')} />;
  if (conversation.isError || !c)
    return (
      <div className="p-4">
        <Alert variant="error" title={t('thread.loadError')}>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button size="sm" variant="outline" onClick={() => void conversation.refetch()}>
              {t('thread.retry')}
            </Button>
            <Link to={paths.messages()} className="inline-flex min-h-9 items-center text-sm font-semibold underline">
              {t('thread.back')}
            </Link>
          </div>
        </Alert>
      </div>
    );
  return <Open c={c} name={name} />;
}

function Open({ c, name }: { c: ConversationDto; name: string }) {
  const { t } = useTranslation('messages');
  const locale = currentLocale();
  const toast = useToast();
  const { message: fieldMessage, apiMessage } = useMessages();
  const thread = useThread(c.id);
  const sendMessage = useSendMessage(c.id);
  const { mutate: read } = useMarkRead(c.id);
  const block = useBlock(c.id);
  const [draft, setDraft] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [pending, setPending] = useState<Pending[]>([]);
  const [reporting, setReporting] = useState<string | null>(null);
  const [confirmBlock, setConfirmBlock] = useState(false);
  const composer = useRef<HTMLTextAreaElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const nearEnd = useRef(true);
  const keepFrom = useRef<{ height: number; top: number } | null>(null);

  const messages = useMemo(
    () => (thread.data ? [...thread.data.pages].reverse().flatMap((p) => p.items) : []),
    [thread.data],
  );
  const arrived = useMemo(() => new Set(messages.flatMap((m) => (m.clientKey ? [m.clientKey] : []))), [messages]);
  const waiting = pending.filter((p) => !arrived.has(p.clientKey));
  const newest = messages.at(-1);
  const lastMine = [...messages].reverse().find((m) => m.mine);

  // The thread is read as it shows: up to its newest message from the other, once the tab is seen.
  const readTo = useRef(0);
  useEffect(() => {
    if (!newest || newest.mine || newest.seq <= readTo.current) return;
    const go = () => {
      if (document.visibilityState !== 'visible' || newest.seq <= readTo.current) return;
      readTo.current = newest.seq;
      read(newest.id);
    };
    go();
    document.addEventListener('visibilitychange', go);
    return () => document.removeEventListener('visibilitychange', go);
  }, [newest, read]);

  // Follows new messages down while the reader is at the end; older pages keep the place in view.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (keepFrom.current) {
      el.scrollTop = el.scrollHeight - keepFrom.current.height + keepFrom.current.top;
      keepFrom.current = null;
    } else if (nearEnd.current) el.scrollTop = el.scrollHeight;
  }, [messages, waiting.length]);

  const onScroll = () => {
    const el = scroller.current;
    if (el) nearEnd.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_END_PX;
  };

  const older = () => {
    const el = scroller.current;
    if (el) keepFrom.current = { height: el.scrollHeight, top: el.scrollTop };
    void thread.fetchNextPage();
  };

  const deliver = useCallback(
    async (p: { clientKey: string; body: string }) => {
      setPending((list) => [...list.filter((x) => x.clientKey !== p.clientKey), { ...p, state: 'sending' as const }]);
      try {
        await sendMessage.mutateAsync({ clientKey: p.clientKey, body: p.body });
        setPending((list) => list.filter((x) => x.clientKey !== p.clientKey));
      } catch (err) {
        // The text itself was refused: back into the box, with the reason, unless something new is there.
        if (err instanceof ApiError && err.status === 400 && err.fields.body) {
          setPending((list) => list.filter((x) => x.clientKey !== p.clientKey));
          setDraft((d) => (d.trim() ? d : p.body));
          setFieldError(err.fields.body);
          composer.current?.focus();
          return;
        }
        const error = apiMessage(err);
        setPending((list) =>
          list.map((x) => (x.clientKey === p.clientKey ? { ...x, state: 'failed' as const, error } : x)),
        );
      }
    },
    [sendMessage, apiMessage],
  );

  const onSend = () => {
    const parsed = sendMessageSchema.shape.body.safeParse(draft);
    if (!parsed.success) {
      setFieldError(fieldMessage(parsed.error.issues[0]?.message));
      composer.current?.focus();
      return;
    }
    setFieldError(undefined);
    setDraft('');
    nearEnd.current = true;
    void deliver({ clientKey: newClientKey(), body: parsed.data });
  };

  const setBlocked = (on: boolean) =>
    block.mutate(on, {
      onSuccess: () => {
        setConfirmBlock(false);
        toast({ variant: 'success', title: on ? t('thread.blocked', { name }) : t('thread.unblocked', { name }) });
      },
      onError: (err) => toast({ variant: 'destructive', title: t('thread.blockFailed'), description: apiMessage(err) }),
    });

  const receipt = (m: MessageDto) =>
    m.id === lastMine?.id && waiting.length === 0 ? (
      <span className="font-medium text-stone-600">
        {c.otherReadSeq >= m.seq ? t('thread.seen') : t('thread.sent')}
      </span>
    ) : null;

  let lastDay = '';
  const dayWords = { today: t('thread.today'), yesterday: t('thread.yesterday') };

  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="flex items-center gap-3 border-b border-stone-200 bg-white px-3 py-2.5 sm:px-4">
        <Link
          to={paths.messages()}
          aria-label={t('thread.back')}
          className="-ml-1 inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-lg text-stone-700 hover:bg-stone-100 lg:hidden"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="h-6 w-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path strokeLinecap="round" strokeLinejoin="round" d="M15 18l-6-6 6-6" />
          </svg>
        </Link>
        <Avatar name={name} counsellor={c.other.counsellor} deleted={c.other.deleted} size="sm" />
        <div className="min-w-0 flex-1">
          <h2 className="truncate font-semibold text-stone-900">{name}</h2>
          {c.other.counsellor ? (
            <p className="text-xs font-medium text-brand-800">{t('counsellor')}</p>
          ) : c.other.handle ? (
            <Link
              to={paths.member(c.other.handle)}
              className="text-xs font-medium text-brand-800 underline-offset-2 hover:underline"
            >
              {t('thread.profile')}
            </Link>
          ) : null}
        </div>
        {c.other.deleted ? null : c.blocked ? (
          <Button size="sm" variant="outline" onClick={() => setBlocked(false)} busy={block.isPending}>
            {t('thread.unblock')}
          </Button>
        ) : (
          <Button size="sm" variant="ghost" className="text-red-800" onClick={() => setConfirmBlock(true)}>
            {t('thread.block')}
          </Button>
        )}
      </div>

      <div
        ref={scroller}
        onScroll={onScroll}
        tabIndex={0}
        role="log"
        aria-label={t('thread.log', { name })}
        className="min-h-0 flex-1 overflow-y-auto bg-stone-50 px-3 py-4 sm:px-5"
      >
        {thread.hasNextPage ? (
          <div className="mb-3 flex justify-center">
            <Button size="sm" variant="outline" onClick={older} busy={thread.isFetchingNextPage}>
              {t('thread.older')}
            </Button>
          </div>
        ) : null}
        {thread.isPending ? (
          <Spinner className="mt-10" label={t('thread.loading')} />
        ) : thread.isError ? (
          <Alert variant="error" title={t('thread.loadError')}>
            <div className="mt-3">
              <Button size="sm" variant="outline" onClick={() => void thread.refetch()}>
                {t('thread.retry')}
              </Button>
            </div>
          </Alert>
        ) : messages.length === 0 && waiting.length === 0 ? (
          <p className="mx-auto mt-10 max-w-xs text-center text-sm text-stone-600">{t('thread.empty')}</p>
        ) : null}
        <ol className="flex flex-col gap-1.5">
          {messages.map((m) => {
            const day = dayKey(m.createdAt);
            const heading = day !== lastDay;
            lastDay = day;
            return (
              <li key={m.id} className="flex flex-col">
                {heading ? (
                  <p className="my-3 self-center rounded-full bg-white px-3 py-1 text-xs font-medium text-stone-600 shadow-sm ring-1 ring-stone-200">
                    {dayLabel(m.createdAt, locale, dayWords)}
                  </p>
                ) : null}
                <Bubble
                  m={m}
                  author={m.mine ? t('thread.you') : name}
                  time={clock(m.createdAt, locale)}
                  status={receipt(m)}
                  onReport={!m.mine && !m.removed ? () => setReporting(m.id) : undefined}
                />
              </li>
            );
          })}
          {waiting.map((p) => (
            <li key={p.clientKey} className="flex flex-col items-end">
              <div
                className={`max-w-[85%] whitespace-pre-wrap break-words rounded-2xl rounded-br-md px-3.5 py-2 sm:max-w-[70%] ${
                  p.state === 'failed' ? 'border border-red-300 bg-red-50 text-stone-900' : 'bg-brand-700/80 text-white'
                }`}
              >
                <span className="sr-only">{`${t('thread.you')}: `}</span>
                {p.body}
              </div>
              {p.state === 'sending' ? (
                <p className="mt-0.5 text-xs text-stone-600">{t('thread.sending')}</p>
              ) : (
                <div
                  role="alert"
                  className="mt-1 flex max-w-[85%] flex-wrap items-center justify-end gap-x-2 gap-y-1 text-xs"
                >
                  <span className="font-semibold text-red-800">{t('thread.failed')}</span>
                  {p.error ? <span className="text-stone-700">{p.error}</span> : null}
                  <Button size="sm" variant="outline" onClick={() => void deliver(p)}>
                    {t('thread.retrySend')}
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ol>
      </div>

      <div className="border-t border-stone-200 bg-white px-3 pb-3 pt-2 sm:px-4">
        {c.canSend ? (
          <Composer
            value={draft}
            onChange={(v) => {
              setDraft(v);
              if (fieldError) setFieldError(undefined);
            }}
            onSend={onSend}
            sending={waiting.some((p) => p.state === 'sending')}
            error={fieldError}
            name={name}
            textareaRef={composer}
          />
        ) : (
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-stone-100 px-4 py-3 text-sm text-stone-700">
            <p>{t(`thread.cannot.${c.cannotSend ?? 'unavailable'}`)}</p>
            {c.blocked ? (
              <Button size="sm" variant="outline" onClick={() => setBlocked(false)} busy={block.isPending}>
                {t('thread.unblock')}
              </Button>
            ) : null}
          </div>
        )}
      </div>

      <ConfirmDialog
        open={confirmBlock}
        onOpenChange={setConfirmBlock}
        title={t('thread.blockTitle', { name })}
        description={t('thread.blockText')}
        confirmLabel={t('thread.blockConfirm')}
        cancelLabel={t('thread.cancel')}
        busy={block.isPending}
        destructive
        onConfirm={() => setBlocked(true)}
      />
      {reporting ? (
        <ReportDialog
          conversationId={c.id}
          messageId={reporting}
          open
          onOpenChange={(o) => (o ? undefined : setReporting(null))}
        />
      ) : null}
    </div>
  );
}

function Bubble({
  m,
  author,
  time,
  status,
  onReport,
}: {
  m: MessageDto;
  author: string;
  time: string;
  status: ReactNode;
  onReport: (() => void) | undefined;
}) {
  const { t } = useTranslation('messages');
  return (
    <div className={`flex flex-col ${m.mine ? 'items-end' : 'items-start'}`}>
      <div
        className={`max-w-[85%] whitespace-pre-wrap break-words rounded-2xl px-3.5 py-2 sm:max-w-[70%] ${
          m.removed
            ? 'border border-dashed border-stone-300 bg-white italic text-stone-600'
            : m.mine
              ? 'rounded-br-md bg-brand-700 text-white'
              : 'rounded-bl-md border border-stone-200 bg-white text-stone-900'
        }`}
      >
        <span className="sr-only">{`${author}: `}</span>
        {m.removed ? t('thread.removed') : m.body}
      </div>
      <div className="mt-0.5 flex items-center gap-2 px-1 text-xs text-stone-500">
        <time dateTime={m.createdAt}>{time}</time>
        {status}
        {onReport ? (
          <button
            type="button"
            onClick={onReport}
            aria-label={t('thread.report')}
            title={t('thread.report')}
            className="-my-2 inline-flex h-8 w-8 items-center justify-center rounded-md text-stone-500 hover:bg-stone-200 hover:text-stone-800"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="h-4 w-4"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path strokeLinecap="round" strokeLinejoin="round" d="M5 21V4m0 0h11l-2 4 2 4H5" />
            </svg>
          </button>
        ) : null}
      </div>
    </div>
  );
}
