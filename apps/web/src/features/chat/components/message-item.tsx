import { Fragment, memo, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatMessageDto } from '@candeia/shared/schemas/chat';
import { formatNumber } from '../lib/format.ts';
import { HeartIcon, LampMark } from './chat-icons.tsx';
import { MarkdownText, type MarkdownTexts } from './markdown-text.tsx';

/** One message: the user's in a bubble, the guide's answer as Markdown, a crisis answer in its own card. */
export const MessageItem = memo(function MessageItem({
  message,
  balance,
  failure,
}: {
  message: ChatMessageDto;
  /** The balance this answer left (the latest answer only). */
  balance: number | undefined;
  /** Why it failed, when the screen saw it fail. */
  failure: string | undefined;
}) {
  const { t, i18n } = useTranslation('chat');
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const titleId = useId();

  if (message.role === 'user')
    return (
      <div className="flex justify-end pl-8 sm:pl-16">
        <div className="min-w-0 whitespace-pre-wrap break-words rounded-2xl rounded-br-md bg-brand-100 px-4 py-2.5 leading-7 text-stone-900">
          <span className="sr-only">{t('message.you')} </span>
          {message.content}
        </div>
      </div>
    );

  const streaming = message.status === 'streaming';
  const texts: MarkdownTexts = { unverified: t('citation.unverified'), unverifiedTitle: t('citation.unverifiedTitle') };
  const body = message.content ? (
    <div className="space-y-3 break-words leading-7 text-stone-800 [overflow-wrap:anywhere]">
      <MarkdownText source={message.content} citations={message.citations} texts={texts} />
      {streaming ? (
        <span
          aria-hidden="true"
          className="ml-0.5 inline-block h-4 w-2 animate-pulse rounded-sm bg-brand-400 align-middle"
        />
      ) : null}
    </div>
  ) : streaming ? (
    <p className="flex items-center gap-2 text-stone-600">
      <span aria-hidden="true" className="flex gap-1">
        <span className="h-2 w-2 animate-bounce rounded-full bg-brand-400 [animation-delay:-0.3s]" />
        <span className="h-2 w-2 animate-bounce rounded-full bg-brand-400 [animation-delay:-0.15s]" />
        <span className="h-2 w-2 animate-bounce rounded-full bg-brand-400" />
      </span>
      <span aria-hidden="true">{t('message.writing')}</span>
      <span className="sr-only">{t('message.writingLabel')}</span>
    </p>
  ) : null;

  const settledOk = message.status === 'done' || message.status === 'stopped';
  const cost =
    message.cost !== null && settledOk && message.kind !== 'crisis'
      ? t('message.cost', { count: message.cost, formatted: formatNumber(message.cost, locale) })
      : null;
  const facts = [
    cost,
    cost && balance !== undefined ? t('message.balance', { formatted: formatNumber(balance, locale) }) : null,
  ].filter((f): f is string => !!f);

  const footer = (
    <>
      {message.status === 'stopped' ? (
        <p className="mt-3 inline-flex items-center gap-1.5 rounded-full bg-stone-100 px-2.5 py-0.5 text-xs font-semibold text-stone-700">
          <span aria-hidden="true" className="h-2 w-2 rounded-sm bg-stone-500" />
          {t('message.stopped')}
        </p>
      ) : null}
      {message.status === 'failed' ? (
        <p className="mt-3 text-sm font-medium text-red-800">
          {t('message.failed')}
          {failure ? <span className="block font-normal">{failure}</span> : null}
        </p>
      ) : null}
      {facts.length ? (
        <p className="mt-2 text-xs tabular-nums text-stone-600">
          {facts.map((f, i) => (
            <Fragment key={f}>
              {i > 0 ? (
                <>
                  {' '}
                  <span aria-hidden="true">·</span>{' '}
                </>
              ) : null}
              <span className="whitespace-nowrap">{f}</span>
            </Fragment>
          ))}
        </p>
      ) : null}
    </>
  );

  if (message.kind === 'crisis')
    return (
      <div
        role="note"
        aria-labelledby={titleId}
        aria-busy={streaming || undefined}
        className="rounded-2xl border border-sky-200 bg-sky-50 p-4 text-sky-950 shadow-sm sm:p-5 [&_a]:text-sky-900 [&_a:hover]:text-sky-950"
      >
        <p id={titleId} className="mb-3 flex items-center gap-2 font-serif text-lg font-semibold">
          <span className="flex h-9 w-9 items-center justify-center rounded-full bg-white text-sky-800 ring-1 ring-sky-200">
            <HeartIcon className="h-5 w-5" />
          </span>
          {t('crisis.label')}
        </p>
        <span className="sr-only">{t('message.guide')} </span>
        <div className="[&_p]:text-sky-950 [&_blockquote]:border-sky-300 [&_blockquote]:bg-white/60">{body}</div>
        {footer}
      </div>
    );

  return (
    <div className="flex gap-3" aria-busy={streaming || undefined}>
      <LampMark className="mt-1 hidden h-8 w-8 shrink-0 sm:block" />
      <div className="min-w-0 flex-1 rounded-2xl rounded-tl-md border border-stone-200 bg-white px-4 py-3.5 shadow-sm sm:px-5">
        <span className="sr-only">{t('message.guide')} </span>
        {body}
        {footer}
      </div>
    </div>
  );
});
