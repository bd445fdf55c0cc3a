import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { estimateAnswerCredits } from '@candeia/shared/chat-pricing';
import { sendMessageSchema } from '@candeia/shared/schemas/chat';
import { paths } from '@candeia/shared/routes';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useMessages } from '../../../lib/forms.ts';
import { usePublicConfig } from '../../../lib/queries/public-config.ts';
import { useSessionUser } from '../../../lib/queries/session.ts';
import { useSubscription } from '../../../lib/queries/subscription.ts';
import { useDeleteConversation } from '../api/delete-conversation.ts';
import { useConversation } from '../api/get-conversation.ts';
import { useRenameConversation } from '../api/rename-conversation.ts';
import { useAnswerStream, type StreamProblem } from '../hooks/use-answer-stream.ts';
import { formatNumber } from '../lib/format.ts';
import { shownMessages } from '../lib/messages.ts';
import { ListIcon, PencilIcon, PlusIcon, RefreshIcon, TrashIcon } from './chat-icons.tsx';
import { Composer } from './composer.tsx';
import { ConversationList } from './conversation-list.tsx';
import { ConversationsDrawer } from './conversations-drawer.tsx';
import { MessageItem } from './message-item.tsx';
import { RenameDialog } from './rename-dialog.tsx';
import { Welcome } from './welcome.tsx';

type Notice = { kind: 'credits' } | { kind: 'plan'; text: string } | { kind: 'limit'; text: string };

/** How many times one answer is re-attached before the screen waits for the user. */
const MAX_ATTACH = 3;

const iconButton =
  'inline-flex h-11 min-w-11 shrink-0 items-center justify-center gap-2 rounded-lg text-stone-700 hover:bg-stone-100 hover:text-stone-900';

/**
 * /chat and /chat/:conversationId: the spiritual chat (issue "AI spiritual chat"). The welcome
 * with suggestions, the conversation with its streamed answers (stop, regenerate, re-attach
 * after a reload), the list of conversations (sidebar on wide screens, a drawer on phones),
 * renaming and deleting, and the notices for no credits or no chat in the plan. A plan without
 * the chat (a trial that ended: the free plan) is said first, above the conversations, which
 * stay readable; nothing can be sent. Before sending, the composer shows what an answer costs.
 */
export default function ChatPage() {
  const { t } = useTranslation('chat');
  const { conversationId } = useParams();
  const navigate = useNavigate();
  const toast = useToast();
  const { message: fieldMessage, apiMessage } = useMessages();
  const { user } = useSessionUser();
  const subscription = useSubscription();
  const publicConfig = usePublicConfig();
  const detail = useConversation(conversationId);
  const rename = useRenameConversation();
  const remove = useDeleteConversation();

  const [draft, setDraft] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const composer = useRef<HTMLTextAreaElement>(null);
  const chat = useRef<HTMLElement>(null);
  const currentId = useRef(conversationId);
  const wantComposer = useRef(false);
  const drawerToComposer = useRef(false);
  const pinned = useRef(true);
  const attempts = useRef(new Map<string, number>());

  useDocumentTitle(detail.data?.title ?? t('title'));

  /** Focus on the composer (after whatever closes or navigates has moved focus). */
  const focusComposer = useCallback(() => {
    wantComposer.current = true;
    requestAnimationFrame(() => {
      if (!wantComposer.current) return;
      wantComposer.current = false;
      composer.current?.focus({ preventScroll: true });
    });
  }, []);

  /** Navigates, then focuses the composer: after a navigation the layout focuses <main> first. */
  const goWithComposer = useCallback(
    (to: string, replace = false) => {
      wantComposer.current = true;
      navigate(to, { replace });
    },
    [navigate],
  );
  useEffect(() => {
    if (!wantComposer.current) return;
    const id = requestAnimationFrame(() => {
      wantComposer.current = false;
      composer.current?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(id);
  }, [conversationId]);

  const scrollToEnd = useCallback(() => {
    const el = chat.current;
    if (!el) return;
    window.scrollTo({ top: window.scrollY + el.getBoundingClientRect().bottom - window.innerHeight });
  }, []);

  const onProblem = useCallback(
    (p: StreamProblem) => {
      if (p.stage === 'stop') {
        toast({ variant: 'destructive', title: t('errors.stopFailed'), description: apiMessage(p.error) });
        return;
      }
      if (p.stage === 'failed') {
        if (p.code === 'INSUFFICIENT_CREDITS') setNotice({ kind: 'credits' });
        else toast({ variant: 'destructive', title: t('errors.answerFailed'), description: p.message });
        return;
      }
      // Re-attaching is quiet: the stored answer is still shown, and the next visit tries again.
      if (p.mode === 'attach') return;
      const err = p.error;
      if (err instanceof ApiError && err.code === 'INSUFFICIENT_CREDITS') setNotice({ kind: 'credits' });
      else if (err instanceof ApiError && (err.code === 'FEATURE_NOT_IN_PLAN' || err.code === 'SUBSCRIPTION_REQUIRED'))
        setNotice({ kind: 'plan', text: apiMessage(err) });
      // Too many conversations: said on the composer, and what was typed stays in it.
      else if (err instanceof ApiError && err.code === 'CONVERSATIONS_LIMIT_REACHED')
        setNotice({ kind: 'limit', text: apiMessage(err) });
      else if (err instanceof ApiError && err.fields.content) {
        setFieldError(err.fields.content);
        composer.current?.focus();
      } else
        toast({
          variant: 'destructive',
          title: p.mode === 'send' ? t('errors.sendFailed') : t('errors.answerFailed'),
          description: apiMessage(err),
        });
    },
    [toast, t, apiMessage],
  );

  const stream = useAnswerStream({
    onStart: (ev, mode) => {
      pinned.current = true;
      if (mode !== 'send') return;
      // The message is saved: only now is the composer cleared.
      setDraft('');
      setFieldError(undefined);
      setNotice(null);
      if (ev.conversation.id !== currentId.current) goWithComposer(paths.chat(ev.conversation.id), !currentId.current);
      else focusComposer();
    },
    onProblem,
  });
  const { live, detachUnless, attach } = stream;

  // Leaving a conversation stops reading its answer (the server goes on; coming back re-attaches).
  useEffect(() => {
    currentId.current = conversationId;
    detachUnless(conversationId ?? null);
    pinned.current = true;
    setNotice(null);
    setFieldError(undefined);
  }, [conversationId, detachUnless]);

  const here = conversationId ?? null;
  const busy = !!live && live.conversationId === here;
  const stored = conversationId ? detail.data?.messages : undefined;
  const messages = useMemo(
    () => shownMessages(stored ?? [], stream.settled, busy ? (live?.message ?? null) : null),
    [stored, stream.settled, busy, live?.message],
  );
  const last = messages.at(-1);
  const lastAnswerId = [...messages].reverse().find((m) => m.role === 'assistant')?.id;

  // An answer still being written (opened after a reload, or from the list): re-attach to it.
  useEffect(() => {
    if (!conversationId || busy || last?.role !== 'assistant' || last.status !== 'streaming') return;
    const n = attempts.current.get(last.id) ?? 0;
    if (n >= MAX_ATTACH) return;
    attempts.current.set(last.id, n + 1);
    void attach(conversationId, last);
  }, [conversationId, busy, last, attach]);

  // Follows the answer as it grows, unless the reader has scrolled up to read.
  useEffect(() => {
    const onScroll = () => {
      const el = chat.current;
      if (el) pinned.current = el.getBoundingClientRect().bottom - window.innerHeight < 120;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  useLayoutEffect(() => {
    if (pinned.current && messages.length) scrollToEnd();
  }, [messages, scrollToEnd]);
  // After a navigation the layout scrolls to the top: a conversation opens at its end.
  useEffect(() => {
    if (!conversationId) return;
    const id = requestAnimationFrame(() => {
      if (pinned.current) scrollToEnd();
    });
    return () => cancelAnimationFrame(id);
  }, [conversationId, detail.isSuccess, scrollToEnd]);

  // A notice (no credits, not in the plan) sits on the composer: show it whole, with what precedes it.
  useEffect(() => {
    if (!notice) return;
    const id = requestAnimationFrame(scrollToEnd);
    return () => cancelAnimationFrame(id);
  }, [notice, scrollToEnd]);

  const send = (text = draft) => {
    if (busy) return;
    const parsed = sendMessageSchema.safeParse({ content: text, ...(conversationId ? { conversationId } : {}) });
    if (!parsed.success) {
      const issue = parsed.error.issues.find((i) => i.path[0] === 'content') ?? parsed.error.issues[0];
      setFieldError(fieldMessage(issue?.message));
      composer.current?.focus();
      return;
    }
    setFieldError(undefined);
    pinned.current = true;
    void stream.send(parsed.data);
  };

  const suggest = (text: string) => {
    setDraft(text);
    send(text);
    composer.current?.focus();
  };

  const regenerate = () => {
    if (!conversationId || busy) return;
    setNotice(null);
    pinned.current = true;
    void stream.regenerate(conversationId);
    composer.current?.focus();
  };

  const newConversation = () => {
    setDrawerOpen(false);
    setNotice(null);
    setFieldError(undefined);
    if (conversationId) goWithComposer(paths.chat());
    else focusComposer();
  };

  const doRename = async (title: string) => {
    if (!conversationId) return;
    await rename.mutateAsync({ id: conversationId, title });
    toast({ variant: 'success', title: t('conversation.renamed'), description: title });
  };

  const doDelete = async () => {
    if (!conversationId) return;
    try {
      await remove.mutateAsync(conversationId);
      toast({ variant: 'success', title: t('conversation.deleted'), description: detail.data?.title });
      setDeleting(false);
      goWithComposer(paths.chat(), true);
    } catch (err) {
      setDeleting(false);
      toast({ variant: 'destructive', title: t('errors.deleteFailed'), description: apiMessage(err) });
    }
  };

  // The plan has no chat (the free plan after a trial): said first; reading stays, sending does not.
  const sub = subscription.data;
  const noChat = !!sub && !sub.isAdmin && !sub.features.chat;
  // The estimate before sending: the built-in guide's pricing (packages/shared), and the balance.
  const cost =
    publicConfig.data?.chatEngine === 'guide' && !noChat
      ? { perAnswer: estimateAnswerCredits(draft), balance: sub && !sub.isAdmin ? sub.creditsRemaining : null }
      : undefined;

  const conversation = conversationId ? detail.data : undefined;
  const notFound =
    !!conversationId &&
    detail.error instanceof ApiError &&
    (detail.error.status === 404 || detail.error.status === 400);
  const showComposer = (!conversationId || detail.isSuccess) && !noChat;
  const canRegenerate =
    !noChat &&
    !busy &&
    !!conversation &&
    !!last &&
    // The helpline answer is the same every time: nothing to write again.
    (last.role === 'user' || (last.role === 'assistant' && last.status !== 'streaming' && last.kind !== 'crisis'));

  let content;
  if (!conversationId) {
    content = (
      <Welcome firstName={user?.firstName?.trim() || undefined} onSuggestion={suggest} disabled={busy || noChat} />
    );
  } else if (detail.isPending) {
    content = <Spinner className="flex-1" />;
  } else if (notFound) {
    content = (
      <div className="flex flex-1 flex-col items-start justify-center gap-3 py-12">
        <h1 className="font-serif text-2xl font-semibold text-stone-900">{t('conversation.notFound')}</h1>
        <p className="text-stone-700">{t('conversation.notFoundText')}</p>
        <Button onClick={newConversation}>
          <PlusIcon />
          {t('conversations.new')}
        </Button>
      </div>
    );
  } else if (detail.isError) {
    content = (
      <div className="py-12">
        <Alert variant="error" title={t('conversation.loadFailed')}>
          <p>{apiMessage(detail.error)}</p>
          <Button size="sm" variant="outline" className="mt-3" onClick={() => void detail.refetch()}>
            {t('conversation.retry')}
          </Button>
        </Alert>
      </div>
    );
  } else {
    content = (
      <>
        <div role="log" aria-live="polite" aria-label={t('message.log')} className="flex flex-col gap-5 py-6">
          {messages.map((m) => (
            <MessageItem
              key={m.id}
              message={m}
              balance={m.id === lastAnswerId ? stream.balances[m.id] : undefined}
              failure={stream.failures[m.id]}
            />
          ))}
        </div>
        {canRegenerate ? (
          <div className={`-mt-2 mb-4 flex ${last?.role === 'assistant' ? 'sm:pl-11' : 'justify-end'}`}>
            <Button
              size="sm"
              variant={last?.role === 'user' || last?.status === 'failed' ? 'outline' : 'ghost'}
              onClick={regenerate}
            >
              <RefreshIcon />
              {last?.role === 'user' || last?.status === 'failed' ? t('message.retry') : t('message.regenerate')}
            </Button>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <div className="bg-stone-50">
      <div className="mx-auto flex w-full max-w-6xl lg:gap-6 lg:px-6">
        <aside className="sticky top-16 hidden h-[calc(100dvh-4rem)] w-72 shrink-0 py-6 lg:flex">
          <div className="flex min-h-0 w-full flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm">
            <ConversationList
              currentId={conversationId}
              onNew={newConversation}
              heading={
                <h2 className="px-5 pb-2 pt-1 text-xs font-semibold uppercase tracking-wider text-stone-600">
                  {t('conversations.title')}
                </h2>
              }
            />
          </div>
        </aside>

        <section ref={chat} aria-label={t('title')} className="flex min-h-[calc(100dvh-4rem)] min-w-0 flex-1 flex-col">
          <div
            className={`flex min-h-14 items-center gap-1 border-b border-stone-200 bg-white px-2 py-1.5 sm:px-4 lg:mt-6 lg:min-h-0 lg:rounded-2xl lg:border lg:px-5 lg:py-2 lg:shadow-sm ${conversation ? '' : 'lg:hidden'}`}
          >
            <button
              type="button"
              onClick={() => setDrawerOpen(true)}
              aria-haspopup="dialog"
              className={`${iconButton} px-2.5 lg:hidden`}
            >
              <ListIcon />
              <span className={conversation ? 'sr-only' : 'text-sm font-semibold'}>{t('conversations.open')}</span>
            </button>
            {conversation ? (
              <>
                <h1 className="min-w-0 flex-1 truncate px-1 font-serif text-lg font-semibold text-stone-900 lg:px-0 lg:text-xl">
                  {conversation.title}
                </h1>
                <button type="button" onClick={() => setRenaming(true)} className={`${iconButton} lg:px-3`}>
                  <PencilIcon className="h-5 w-5 lg:h-4 lg:w-4" />
                  <span className="sr-only text-sm font-semibold lg:not-sr-only">{t('conversation.rename')}</span>
                </button>
                <button
                  type="button"
                  onClick={() => setDeleting(true)}
                  className={`${iconButton} text-red-800 hover:bg-red-50 hover:text-red-900 lg:px-3`}
                >
                  <TrashIcon className="h-5 w-5 lg:h-4 lg:w-4" />
                  <span className="sr-only text-sm font-semibold lg:not-sr-only">{t('conversation.delete')}</span>
                </button>
                <button type="button" onClick={newConversation} className={`${iconButton} lg:hidden`}>
                  <PlusIcon />
                  <span className="sr-only">{t('conversations.new')}</span>
                </button>
              </>
            ) : null}
          </div>

          <div className="mx-auto flex w-full max-w-3xl flex-1 flex-col px-4 sm:px-6 lg:px-0">
            {noChat && sub ? (
              <NotInPlan planSlug={sub.planSlug} planName={sub.planName} credits={sub.creditsRemaining} />
            ) : null}
            {content}
          </div>

          {showComposer ? (
            <div className="sticky bottom-0 z-10 bg-gradient-to-t from-stone-50 from-70% to-stone-50/0 pb-[max(0.75rem,env(safe-area-inset-bottom))] pt-3">
              <div className="mx-auto w-full max-w-3xl space-y-3 px-4 sm:px-6 lg:px-0">
                {notice?.kind === 'credits' ? (
                  <Alert variant="warning" title={t('credits.title')}>
                    <p>{t('credits.text')}</p>
                    <p className="mt-1">{t('credits.urgent')}</p>
                    <Link to={paths.subscription()} className={buttonClasses({ size: 'sm', className: 'mt-3' })}>
                      {t('credits.upgrade')}
                    </Link>
                  </Alert>
                ) : notice?.kind === 'plan' ? (
                  <Alert variant="warning" title={t('plan.title')}>
                    <p>{notice.text}</p>
                    <Link to={paths.subscription()} className={buttonClasses({ size: 'sm', className: 'mt-3' })}>
                      {t('plan.upgrade')}
                    </Link>
                  </Alert>
                ) : notice?.kind === 'limit' ? (
                  <Alert variant="warning" title={t('limit.title')}>
                    <p>{notice.text}</p>
                  </Alert>
                ) : null}
                <Composer
                  value={draft}
                  onChange={(v) => {
                    setDraft(v);
                    if (fieldError && sendMessageSchema.shape.content.safeParse(v).success) setFieldError(undefined);
                  }}
                  onSend={() => send()}
                  onStop={stream.stop}
                  streaming={busy}
                  stopping={!!live?.stopping}
                  error={fieldError}
                  textareaRef={composer}
                  cost={cost}
                />
              </div>
            </div>
          ) : null}
        </section>
      </div>

      <ConversationsDrawer
        open={drawerOpen}
        onOpenChange={setDrawerOpen}
        currentId={conversationId}
        onNew={() => {
          drawerToComposer.current = true;
          newConversation();
        }}
        onCloseAutoFocus={(e) => {
          if (!drawerToComposer.current) return;
          drawerToComposer.current = false;
          e.preventDefault();
          composer.current?.focus({ preventScroll: true });
        }}
      />
      {renaming && conversation ? (
        <RenameDialog open onOpenChange={setRenaming} title={conversation.title} onSave={doRename} />
      ) : null}
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={t('conversation.deleteTitle')}
        description={conversation ? t('conversation.deleteText', { title: conversation.title }) : undefined}
        confirmLabel={t('conversation.delete')}
        cancelLabel={t('conversation.cancel')}
        destructive
        busy={remove.isPending}
        onConfirm={() => void doDelete()}
      />
    </div>
  );
}

/** The plan has no chat: said before anything else, with the way to the plans; the credits left are named. */
function NotInPlan({
  planSlug,
  planName,
  credits,
}: {
  planSlug: string | null;
  planName: string | null;
  credits: number;
}) {
  const { t, i18n } = useTranslation(['chat', 'billing']);
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const plan =
    planSlug && i18n.exists(`billing:plans.${planSlug}.name`) ? t(`billing:plans.${planSlug}.name`) : (planName ?? '');
  return (
    <div className="pt-6">
      <Alert variant="warning" title={t('plan.title')}>
        <p>{t('plan.text', { plan })}</p>
        {credits > 0 ? <p className="mt-1">{t('plan.credits', { credits: formatNumber(credits, locale) })}</p> : null}
        <Link to={paths.subscriptionPlans()} className={buttonClasses({ size: 'sm', className: 'mt-3' })}>
          {t('plan.upgrade')}
        </Link>
      </Alert>
    </div>
  );
}
