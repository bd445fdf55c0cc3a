import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { NOTE_MAX, updateNoteSchema } from '@candeia/shared/schemas/scripture';
import { Alert } from '../../../components/ui/alert.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Textarea } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useMessages } from '../../../lib/forms.ts';
import { useActionError } from '../hooks/use-action-error.ts';

type NoteIn = z.input<typeof updateNoteSchema>;
type NoteOut = z.output<typeof updateNoteSchema>;

/**
 * Writes or edits a note on a passage. The text is checked with the shared schema; a
 * refused or failed save (offline included) keeps everything typed and says why.
 */
export function NoteDialog({
  open,
  onOpenChange,
  reference,
  excerpt,
  initialBody = '',
  onSave,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  reference: string;
  excerpt?: string;
  initialBody?: string;
  /** Saves the note; throws (an ApiError) when it could not. */
  onSave: (body: string) => Promise<unknown>;
}) {
  const { t } = useTranslation('scripture');
  const { message } = useMessages();
  const actionError = useActionError();
  const [failure, setFailure] = useState<{ title: string; description: string } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<NoteIn, unknown, NoteOut>({
    resolver: zodResolver(updateNoteSchema),
    mode: 'onTouched',
    defaultValues: { body: initialBody },
  });
  const length = (watch('body') ?? '').length;

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSave(values.body);
      onOpenChange(false);
    } catch (err) {
      const field = err instanceof ApiError ? err.fields.body : undefined;
      if (field) setError('body', { type: 'server', message: field }, { shouldFocus: true });
      else setFailure(actionError(err));
    }
  });

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={initialBody ? t('note.editTitle', { reference }) : t('note.title', { reference })}
      description={excerpt}
      confirmLabel={t('note.save')}
      cancelLabel={t('note.cancel')}
      busy={isSubmitting}
      onConfirm={() => void submit()}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        className="grid gap-3"
      >
        <Field
          label={t('note.label')}
          required
          error={message(errors.body?.message)}
          hint={t('note.count', { count: length, max: NOTE_MAX })}
        >
          {(a) => <Textarea {...a} rows={6} className="min-h-40 leading-relaxed" {...register('body')} />}
        </Field>
        {failure ? (
          <Alert variant="error" title={failure.title}>
            {failure.description}
          </Alert>
        ) : null}
      </form>
    </ConfirmDialog>
  );
}
