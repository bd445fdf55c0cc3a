import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { deleteAccountSchema, type DeleteAccountInput } from '@candeia/shared/schemas/account';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { PasswordInput } from '../../../components/ui/input.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useFocusFirstInvalid, useMessages } from '../../../lib/forms.ts';
import { useDeleteAccount } from '../api/delete-account.ts';

const WHAT_HAPPENS = ['sessions', 'subscription', 'posts', 'personal', 'consultations', 'ledger', 'email'] as const;

/**
 * "Delete my account": what happens, spelled out, then the password to confirm. A wrong password
 * is shown on its field and the form keeps what was typed; once deleted, `onDeleted` signs out here.
 */
export function DeleteAccountPanel({ onDeleted }: { onDeleted: () => void }) {
  const { t } = useTranslation('settings');
  const { message, apiMessage } = useMessages();
  const toast = useToast();
  const remove = useDeleteAccount();
  const listId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, submitCount },
  } = useForm<DeleteAccountInput>({
    resolver: zodResolver(deleteAccountSchema),
    mode: 'onTouched',
    defaultValues: { password: '' },
    shouldFocusError: false,
  });
  useFocusFirstInvalid(formRef, submitCount);

  const onSubmit = async (values: DeleteAccountInput) => {
    setFormError(null);
    try {
      await remove.mutateAsync(values);
      toast({ variant: 'success', title: t('delete.done'), description: t('delete.doneHint') });
      onDeleted();
    } catch (e) {
      const field = e instanceof ApiError ? e.fields.password : undefined;
      if (field) setError('password', { type: 'server', message: field }, { shouldFocus: true });
      else setFormError(apiMessage(e));
    }
  };

  return (
    <div>
      <h3 className="font-serif text-lg font-semibold text-red-800">{t('delete.title')}</h3>
      <p className="mt-1 text-sm text-stone-600">{t('delete.lead')}</p>
      <p id={listId} className="mt-4 text-sm font-semibold text-stone-800">
        {t('delete.whatHappens')}
      </p>
      <ul aria-labelledby={listId} className="mt-2 list-disc space-y-1.5 pl-5 text-sm text-stone-700">
        {WHAT_HAPPENS.map((k) => (
          <li key={k}>{t(`delete.items.${k}`)}</li>
        ))}
      </ul>
      <form ref={formRef} noValidate onSubmit={handleSubmit(onSubmit)} className="mt-5 grid max-w-md gap-4">
        <Field label={t('delete.password')} required error={message(errors.password?.message)}>
          {(a) => (
            <PasswordInput
              {...a}
              autoComplete="current-password"
              showLabel={t('delete.showPassword')}
              hideLabel={t('delete.hidePassword')}
              {...register('password')}
            />
          )}
        </Field>
        {formError ? (
          <Alert variant="error" title={t('delete.failed')}>
            {formError}
          </Alert>
        ) : null}
        <div>
          <Button type="submit" variant="destructive" busy={isSubmitting} busyLabel={t('delete.submitting')}>
            {t('delete.submit')}
          </Button>
        </div>
      </form>
    </div>
  );
}
