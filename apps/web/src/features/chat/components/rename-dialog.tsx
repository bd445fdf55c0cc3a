import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { CHAT_TITLE_MAX, renameConversationSchema } from '@candeia/shared/schemas/chat';
import { Alert } from '../../../components/ui/alert.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useMessages } from '../../../lib/forms.ts';

type TitleIn = z.input<typeof renameConversationSchema>;
type TitleOut = z.output<typeof renameConversationSchema>;

/** Renames a conversation; the name is checked with the shared schema and kept on a failed save. */
export function RenameDialog({
  open,
  onOpenChange,
  title,
  onSave,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** Saves the title; throws (an ApiError) when it could not. */
  onSave: (title: string) => Promise<unknown>;
}) {
  const { t } = useTranslation('chat');
  const { message, apiMessage } = useMessages();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TitleIn, unknown, TitleOut>({
    resolver: zodResolver(renameConversationSchema),
    mode: 'onTouched',
    defaultValues: { title },
  });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSave(values.title);
      onOpenChange(false);
    } catch (err) {
      const field = err instanceof ApiError ? err.fields.title : undefined;
      if (field) setError('title', { type: 'server', message: field }, { shouldFocus: true });
      else setFailure(apiMessage(err));
    }
  });

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('conversation.renameTitle')}
      confirmLabel={t('conversation.save')}
      cancelLabel={t('conversation.cancel')}
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
        <Field label={t('conversation.titleLabel')} required error={message(errors.title?.message)}>
          {(a) => <Input {...a} autoComplete="off" maxLength={CHAT_TITLE_MAX * 2} {...register('title')} />}
        </Field>
        {failure ? (
          <Alert variant="error" title={t('errors.renameFailed')}>
            {failure}
          </Alert>
        ) : null}
      </form>
    </ConfirmDialog>
  );
}
