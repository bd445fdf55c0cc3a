import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError } from '../../../components/ui/field.tsx';
import { useMessages } from '../../../lib/forms.ts';

/**
 * Edits a text in place (a post, a comment, a testimony): save or cancel. A refusal (empty, or
 * the server's message) shows under the field and the text stays as typed.
 */
export function TextEditor({
  initial = '',
  label,
  labelHidden = false,
  maxLength,
  rows = 3,
  placeholder,
  saveLabel,
  required,
  onSave,
  onCancel,
  className = '',
}: {
  initial?: string;
  label: string;
  labelHidden?: boolean;
  maxLength: number;
  rows?: number;
  placeholder?: string;
  saveLabel?: string;
  /** The message when the text is empty; none: an empty text may be saved. */
  required?: string;
  onSave: (text: string) => Promise<unknown>;
  onCancel: () => void;
  className?: string;
}) {
  const { t } = useTranslation('community');
  const { apiMessage } = useMessages();
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const save = async () => {
    if (required && !text.trim()) return setError(required);
    setBusy(true);
    try {
      await onSave(text);
    } catch (err) {
      setError(apiMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={className}>
      <label htmlFor={id} className={labelHidden ? 'sr-only' : 'block text-sm font-semibold text-stone-800'}>
        {label}
      </label>
      <textarea
        id={id}
        value={text}
        maxLength={maxLength}
        rows={rows}
        placeholder={placeholder}
        onChange={(e) => {
          setText(e.target.value);
          if (error) setError(null);
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="mt-1 block w-full resize-y rounded-xl border border-stone-300 px-3 py-2 text-base text-stone-900 placeholder:text-stone-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30"
      />
      {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
      <div className="mt-2 flex gap-2">
        <Button size="sm" onClick={save} busy={busy}>
          {saveLabel ?? t('common.save')}
        </Button>
        <Button size="sm" variant="ghost" onClick={onCancel} disabled={busy}>
          {t('common.cancel')}
        </Button>
      </div>
    </div>
  );
}
