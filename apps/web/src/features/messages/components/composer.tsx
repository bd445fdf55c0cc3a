import { useId, useLayoutEffect, useRef, type FormEvent, type KeyboardEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGE_MAX } from '@candeia/shared/schemas/messages';
import { FieldError } from '../../../components/ui/field.tsx';

/** The counter shows from this many characters on. */
const COUNT_FROM = MESSAGE_MAX - 300;

/**
 * The message box of a conversation: grows with its text, Enter sends and Shift+Enter breaks the
 * line. The text is the caller's: it leaves the box only once the message is on its way, and
 * comes back with the reason when it cannot go (empty, too long, refused).
 */
export function Composer({
  value,
  onChange,
  onSend,
  sending,
  error,
  name,
  textareaRef,
}: {
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  /** A message is on its way. */
  sending: boolean;
  /** A translated message about the text. */
  error: string | undefined;
  /** Whom it is written to (the box's label). */
  name: string;
  textareaRef?: Ref<HTMLTextAreaElement>;
}) {
  const { t, i18n } = useTranslation('messages');
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const id = useId();
  const box = useRef<HTMLTextAreaElement | null>(null);
  const length = value.length;
  const over = value.trim().length > MESSAGE_MAX;
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
    onSend();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    onSend();
  };

  const describedBy = [`${id}-hint`, showCount ? `${id}-count` : '', error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  const number = new Intl.NumberFormat(locale);

  return (
    <form noValidate onSubmit={submit} className="grid gap-1">
      <label htmlFor={id} className="sr-only">
        {t('composer.label', { name })}
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
          // The box around it shows the focus ring.
          style={{ outline: 'none' }}
          className="max-h-40 min-h-11 flex-1 resize-none self-center bg-transparent py-2.5 text-base leading-6 text-stone-900 placeholder:text-stone-500"
        />
        <button
          type="submit"
          aria-label={t('composer.send')}
          aria-busy={sending || undefined}
          className="inline-flex h-11 shrink-0 items-center justify-center gap-2 rounded-xl bg-brand-700 px-3 font-semibold text-white transition-colors hover:bg-brand-800 active:bg-brand-900 aria-busy:cursor-progress sm:px-4"
        >
          {sending ? (
            <span
              aria-hidden="true"
              className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent"
            />
          ) : (
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="h-5 w-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path strokeLinecap="round" strokeLinejoin="round" d="M5 12h13M12 5l7 7-7 7" />
            </svg>
          )}
          <span aria-hidden="true" className="hidden sm:inline">
            {t('composer.send')}
          </span>
        </button>
      </div>
      <div className="flex min-h-4 items-start justify-between gap-3 px-1 text-xs text-stone-600">
        <p id={`${id}-hint`} className="hidden sm:block">
          {t('composer.hint')}
        </p>
        {showCount ? (
          <p id={`${id}-count`} className={`ml-auto tabular-nums ${over ? 'font-semibold text-red-700' : ''}`}>
            {t('composer.count', { formatted: number.format(length), max: number.format(MESSAGE_MAX) })}
          </p>
        ) : null}
      </div>
      {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
    </form>
  );
}
