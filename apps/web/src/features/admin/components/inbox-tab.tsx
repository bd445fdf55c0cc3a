import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CONTACT_REPLY_MAX,
  INBOX_FILTERS,
  inboxReplySchema,
  type ContactMessageDto,
  type InboxFilter,
} from '@candeia/shared/schemas/contact';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Textarea } from '../../../components/ui/input.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useMessages } from '../../../lib/forms.ts';
import { useInbox } from '../api/get-inbox.ts';
import { useDeleteMessage, useMarkRead, useReply, useSetHandled } from '../api/inbox-actions.ts';
import { formatDateTime } from '../lib/format.ts';
import { PagedResults } from './paged-results.tsx';

const PAGE_SIZE = 20;

/** A language tag as the reader names it ("português (Brasil)"), or the tag itself. */
function languageName(tag: string, reader: string): string {
  try {
    return new Intl.DisplayNames([reader], { type: 'language' }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}

/**
 * The contact messages of the footer's form, newest first: unread ones in bold; opening one marks
 * it read; it can be marked handled (or open again), answered by e-mail, or deleted.
 */
export function InboxTab() {
  const { t } = useTranslation('admin-ops');
  const [filter, setFilter] = useState<InboxFilter>('all');
  const [page, setPage] = useState(1);
  const inbox = useInbox({ filter, page, pageSize: PAGE_SIZE });

  return (
    <div className="grid gap-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <fieldset>
          <legend className="text-sm font-medium text-stone-800">{t('inbox.show')}</legend>
          <div className="mt-1.5 inline-flex rounded-xl bg-stone-100 p-1">
            {INBOX_FILTERS.map((f) => (
              <label
                key={f}
                className="cursor-pointer rounded-lg px-3 py-2 text-sm font-semibold text-stone-600 has-[:checked]:bg-white has-[:checked]:text-brand-900 has-[:checked]:shadow-sm has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-brand-700"
              >
                <input
                  type="radio"
                  name="inbox-filter"
                  value={f}
                  checked={filter === f}
                  onChange={() => {
                    setFilter(f);
                    setPage(1);
                  }}
                  className="sr-only"
                />
                {t(`inbox.filters.${f}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <p className="text-sm text-stone-600" aria-live="polite">
          {inbox.data ? t('inbox.unread', { count: inbox.data.unread }) : null}
        </p>
      </div>
      <PagedResults query={inbox} emptyText={t(`inbox.empty.${filter}`)} onPageChange={setPage}>
        {(items) => (
          <ul className="grid gap-3">
            {items.map((m) => (
              <li key={m.id}>
                <Message m={m} />
              </li>
            ))}
          </ul>
        )}
      </PagedResults>
    </div>
  );
}

function Message({ m }: { m: ContactMessageDto }) {
  const { t, i18n } = useTranslation('admin-ops');
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const { message, apiMessage } = useMessages();
  const toast = useToast();
  const markRead = useMarkRead();
  const setHandled = useSetHandled();
  const reply = useReply();
  const remove = useDeleteMessage();
  const [draft, setDraft] = useState('');
  const [errors, setErrors] = useState<{ body?: string; form?: string }>({});
  const [confirming, setConfirming] = useState<'reply' | 'delete' | null>(null);
  const unread = m.readAt === null;

  const askReply = () => {
    const parsed = inboxReplySchema.safeParse({ body: draft });
    if (!parsed.success) return setErrors({ body: message(parsed.error.issues[0]?.message) });
    setErrors({});
    setConfirming('reply');
  };
  const sendReply = async () => {
    try {
      await reply.mutateAsync({ id: m.id, input: { body: draft } });
      setDraft('');
      setConfirming(null);
      toast({ variant: 'success', title: t('inbox.replied', { email: m.email }) });
    } catch (err) {
      setConfirming(null);
      const field = err instanceof ApiError ? err.fields.body : undefined;
      setErrors(field ? { body: field } : { form: apiMessage(err) });
    }
  };
  const deleteIt = async () => {
    try {
      await remove.mutateAsync(m.id);
      setConfirming(null);
      toast({ variant: 'success', title: t('inbox.deleted') });
    } catch (err) {
      setConfirming(null);
      setErrors({ form: apiMessage(err) });
    }
  };

  return (
    <details
      className="group rounded-2xl border border-stone-200 bg-white shadow-sm open:ring-2 open:ring-brand-200"
      onToggle={(e) => {
        if ((e.currentTarget as HTMLDetailsElement).open && unread) markRead.mutate(m.id);
      }}
    >
      <summary className="flex cursor-pointer list-none items-start gap-3 rounded-2xl p-4 hover:bg-stone-50 [&::-webkit-details-marker]:hidden">
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className="mt-1 h-4 w-4 shrink-0 text-stone-500 transition-transform group-open:rotate-90"
          fill="currentColor"
        >
          <path
            fillRule="evenodd"
            d="M7.2 5.2a.75.75 0 0 1 1.06 0l4.27 4.27a.75.75 0 0 1 0 1.06L8.26 14.8a.75.75 0 1 1-1.06-1.06L10.94 10 7.2 6.26a.75.75 0 0 1 0-1.06z"
            clipRule="evenodd"
          />
        </svg>
        <span className="min-w-0 flex-1">
          <span className={`block text-stone-900 ${unread ? 'font-bold' : 'font-medium'}`}>
            {unread ? <span className="sr-only">{t('inbox.unreadMark')} </span> : null}
            {m.name}
            <span className="font-normal text-stone-600"> · </span>
            <span className={`break-all ${unread ? '' : 'font-normal text-stone-600'}`}>{m.email}</span>
          </span>
          <span
            className={`mt-1 line-clamp-2 block text-sm ${unread ? 'font-semibold text-stone-900' : 'text-stone-600'}`}
          >
            {m.message}
          </span>
          <span className="mt-2 flex flex-wrap items-center gap-2 text-xs text-stone-500">
            <time dateTime={m.createdAt} className="tabular-nums">
              {formatDateTime(m.createdAt, locale)}
            </time>
            {unread ? <Badge tone="brand">{t('inbox.new')}</Badge> : null}
            {m.handledAt ? (
              <Badge tone="success">{t('inbox.handled')}</Badge>
            ) : (
              <Badge tone="warning">{t('inbox.open')}</Badge>
            )}
            {m.replies.length ? <Badge tone="info">{t('inbox.replies', { count: m.replies.length })}</Badge> : null}
          </span>
        </span>
      </summary>
      <div className="grid gap-4 border-t border-stone-100 px-4 pb-4 pt-3">
        <div>
          <p className="text-xs text-stone-500">
            {t('inbox.meta', { locale: languageName(m.locale, locale) })}
            {m.userId ? ` · ${t('inbox.member')}` : ''}
          </p>
          <p className="mt-2 whitespace-pre-wrap break-words rounded-xl bg-stone-50 p-4 text-sm leading-6 text-stone-800">
            {m.message}
          </p>
        </div>
        {m.replies.length ? (
          <div>
            <h4 className="text-sm font-semibold text-stone-900">{t('inbox.repliesTitle')}</h4>
            <ol className="mt-2 grid gap-2">
              {m.replies.map((r) => (
                <li key={r.id} className="rounded-xl border border-sky-100 bg-sky-50 p-3 text-sm">
                  <p className="text-xs text-stone-600">
                    {t('inbox.replyBy', {
                      who: r.adminEmail ?? t('inbox.someone'),
                      date: formatDateTime(r.createdAt, locale),
                    })}
                  </p>
                  <p className="mt-1 whitespace-pre-wrap break-words text-stone-800">{r.body}</p>
                </li>
              ))}
            </ol>
          </div>
        ) : null}
        <Field label={t('inbox.replyLabel', { email: m.email })} hint={t('inbox.replyHint')} error={errors.body}>
          {(a) => (
            <Textarea
              {...a}
              rows={4}
              maxLength={CONTACT_REPLY_MAX}
              value={draft}
              onChange={(e) => {
                setDraft(e.target.value);
                setErrors((x) => ({ ...x, body: undefined }));
              }}
            />
          )}
        </Field>
        {errors.form ? (
          <Alert variant="error" title={t('inbox.failed')}>
            {errors.form}
          </Alert>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button onClick={askReply}>{t('inbox.reply')}</Button>
          <Button
            variant="outline"
            busy={setHandled.isPending}
            onClick={() =>
              setHandled.mutate(
                { id: m.id, handled: !m.handledAt },
                { onError: (err) => setErrors({ form: apiMessage(err) }) },
              )
            }
          >
            {m.handledAt ? t('inbox.markOpen') : t('inbox.markHandled')}
          </Button>
          <Button variant="ghost" className="text-red-800" onClick={() => setConfirming('delete')}>
            {t('inbox.delete')}
          </Button>
        </div>
      </div>
      <ConfirmDialog
        open={confirming === 'reply'}
        onOpenChange={(o) => setConfirming(o ? 'reply' : null)}
        title={t('inbox.replyDialog')}
        description={t('inbox.replyEffect', { email: m.email })}
        confirmLabel={t('inbox.send')}
        cancelLabel={t('members.cancel')}
        busy={reply.isPending}
        onConfirm={() => void sendReply()}
      >
        <p className="whitespace-pre-wrap break-words rounded-xl bg-stone-50 p-3 text-sm text-stone-800">{draft}</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming === 'delete'}
        onOpenChange={(o) => setConfirming(o ? 'delete' : null)}
        title={t('inbox.deleteDialog')}
        description={t('inbox.deleteEffect', { name: m.name, email: m.email })}
        confirmLabel={t('inbox.delete')}
        cancelLabel={t('members.cancel')}
        destructive
        busy={remove.isPending}
        onConfirm={() => void deleteIt()}
      />
    </details>
  );
}
