import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { createPostSchema, POST_MAX } from '@candeia/shared/schemas/community';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError } from '../../../components/ui/field.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useMessages } from '../../../lib/forms.ts';
import { useCreatePost } from '../api/create-post.ts';

/**
 * The new-post form: text, and whether it is a prayer request. "Publicando…" while it goes;
 * on failure the text stays as it was typed.
 */
export function Composer() {
  const { t } = useTranslation('community');
  const { message, apiMessage } = useMessages();
  const toast = useToast();
  const create = useCreatePost();
  const [body, setBody] = useState('');
  const [isPrayer, setIsPrayer] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (create.isPending) return;
    const parsed = createPostSchema.safeParse({ body, isPrayer });
    if (!parsed.success) {
      setError(message(parsed.error.issues[0]?.message) ?? null);
      document.getElementById(`${id}-body`)?.focus();
      return;
    }
    setError(null);
    try {
      await create.mutateAsync(parsed.data);
      setBody('');
      setIsPrayer(false);
      toast({ variant: 'success', title: t('composer.created'), description: t('composer.createdText') });
    } catch (err) {
      toast({
        variant: 'destructive',
        title: t('composer.failed'),
        description: apiMessage(err) || t('composer.failedText'),
      });
    }
  };

  return (
    <form onSubmit={submit} noValidate className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm">
      <label htmlFor={`${id}-body`} className="block text-sm font-semibold text-stone-800">
        {t('composer.label')}
      </label>
      <textarea
        id={`${id}-body`}
        value={body}
        onChange={(e) => {
          setBody(e.target.value);
          if (error) setError(null);
        }}
        rows={3}
        maxLength={POST_MAX}
        placeholder={t('composer.placeholder')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="mt-2 block w-full resize-y rounded-xl border border-stone-300 px-3 py-2 text-base text-stone-900 placeholder:text-stone-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30"
      />
      {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 text-sm text-stone-800">
          <input
            type="checkbox"
            checked={isPrayer}
            onChange={(e) => setIsPrayer(e.target.checked)}
            className="h-5 w-5 rounded border-stone-400 text-brand-700 focus:ring-brand-600"
          />
          {t('composer.prayer')}
        </label>
        <Button type="submit" busy={create.isPending} busyLabel={t('composer.publishing')}>
          {t('composer.publish')}
        </Button>
      </div>
    </form>
  );
}
