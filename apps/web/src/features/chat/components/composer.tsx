import { useId, useLayoutEffect, useRef, type FormEvent, type KeyboardEvent, type MouseEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT_MESSAGE_MAX } from '@candeia/shared/schemas/chat';
import { FieldError } from '../../../components/ui/field.tsx';
import { formatNumber } from '../lib/format.ts';
import { SendIcon, StopIcon } from './chat-icons.tsx';

/** The counter shows from this many characters on. */
const COUNT_FROM = CHAT_MESSAGE_MAX - 500;

/**
 * The message box: grows with its text, Enter sends and Shift+Enter breaks the line. While an
 * answer is written the send button becomes the stop button (the same button, so keyboard
 * focus stays on it). The text is the caller's: it is cleared only when the answer starts.
 * `cost`, when given, is the estimate shown before sending (a line of its own, also read with
 * the box).
 */
export function Composer({
  value,
  onChange,
  onSend,
  onStop,
  streaming,
  stopping,
  error,
  textareaRef,
  cost,
}: {
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  onStop: () => void;
  /** An answer is being written (or the message is on its way). */
  streaming: boolean;
  stopping: boolean;
  /** A translated message about the text. */
  error: string | undefined;
  textareaRef: Ref<HTMLTextAreaElement>;
  /** What the next answer will cost, about, and the balance (credits), to show before sending. */
  cost?: { perAnswer: number; balance: number | null } | undefined;
}) {
  const { t, i18n } = useTranslation('chat');
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const id = useId();
  const box = useRef<HTMLTextAreaElement | null>(null);
  const length = value.length;
  const over = length > CHAT_MESSAGE_MAX;
  const showCount = length >= COUNT_FROM;

  // Grows with the text up to its maximum height (then it scrolls).
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${el.scrollHeight + 2}px`;
  }, [value]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (streaming) onStop();
    else onSend();
  };

  // The second click of a double click on "Enviar" lands on the stop button that took its place
  // (the same button): it does not stop the answer it just started.
  const onButtonClick = (e: MouseEvent<HTMLButtonElement>) => {
    if (streaming && e.detail > 1) e.preventDefault();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    if (!streaming) onSend();
  };

  const describedBy = [
    `${id}-hint`,
    cost ? `${id}-cost` : '',
    showCount ? `${id}-count` : '',
    error ? `${id}-error` : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <form noValidate onSubmit={submit} className="grid gap-1.5">
      <label htmlFor={id} className="sr-only">
        {t('composer.label')}
      </label>
      <div
        className={`flex items-end gap-2 rounded-2xl border bg-white p-1.5 pl-3 shadow-sm transition-colors has-[textarea:focus-visible]:outline-3 has-[textarea:focus-visible]:outline-offset-2 ${
          error || over
            ? 'border-red-600 outline-red-700'
            : 'border-stone-300 outline-brand-700 has-[textarea:focus-visible]:border-brand-600'
        }`}
      >
        <textarea
          id={id}
          ref={(el) => {
            box.current = el;
            if (typeof textareaRef === 'function') textareaRef(el);
            else if (textareaRef) textareaRef.current = el;
          }}
          rows={1}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder={t('composer.placeholder')}
          aria-invalid={!!error || over}
          aria-describedby={describedBy}
          enterKeyHint="send"
          // The box around it shows the focus ring (the global :focus-visible outline would sit inside it).
          style={{ outline: 'none' }}
          className="max-h-48 min-h-11 flex-1 resize-none self-center bg-transparent py-2.5 text-base leading-6 text-stone-900 placeholder:text-stone-500"
        />
        <button
          type="submit"
          onClick={onButtonClick}
          aria-label={streaming ? t('composer.stopLabel') : t('composer.send')}
          aria-busy={stopping || undefined}
          className={`inline-flex h-11 shrink-0 items-center justify-center gap-2 rounded-xl px-3 font-semibold transition-colors sm:px-4 ${
            streaming
              ? 'border border-stone-300 bg-white text-stone-800 hover:bg-stone-100'
              : 'bg-brand-700 text-white hover:bg-brand-800 active:bg-brand-900'
          }`}
        >
          {streaming ? (
            stopping ? (
              <span
                aria-hidden="true"
                className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent"
              />
            ) : (
              <StopIcon className="h-4 w-4" />
            )
          ) : (
            <SendIcon className="h-5 w-5" />
          )}
          <span aria-hidden="true" className="hidden sm:inline">
            {streaming ? t('composer.stop') : t('composer.send')}
          </span>
        </button>
      </div>
      <div className="flex min-h-5 items-start justify-between gap-3 px-1 text-xs text-stone-600">
        <p id={`${id}-hint`} className="hidden sm:block">
          {t('composer.hint')}
        </p>
        {cost ? (
          <p id={`${id}-cost`} className="tabular-nums">
            {cost.balance === null
              ? t('composer.estimateNoBalance', { credits: formatNumber(cost.perAnswer, locale) })
              : t('composer.estimate', {
                  credits: formatNumber(cost.perAnswer, locale),
                  balance: formatNumber(cost.balance, locale),
                })}
          </p>
        ) : null}
        {showCount ? (
          <p id={`${id}-count`} className={`ml-auto tabular-nums ${over ? 'font-semibold text-red-700' : ''}`}>
            {t('composer.count', {
              count: length,
              max: formatNumber(CHAT_MESSAGE_MAX, locale),
              formatted: formatNumber(length, locale),
            })}
          </p>
        ) : null}
      </div>
      {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
    </form>
  );
}
