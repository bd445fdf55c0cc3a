import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { changePasswordSchema } from '@candeia/shared/schemas/auth';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { PasswordInput } from '../../../components/ui/input.tsx';
import { NewPasswordFields, type NewPasswordTexts } from '../../../components/ui/new-password-fields.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useFocusFirstInvalid, useMessages, withPasswordMatch } from '../../../lib/forms.ts';
import { useChangePassword } from '../api/change-password.ts';

type PasswordIn = z.input<typeof changePasswordSchema>;
type PasswordOut = z.output<typeof changePasswordSchema>;

/**
 * Changing the password (POST /api/auth/password): the current one, then the new one twice;
 * the other sessions end. Shown in the settings' account section (the router composes it).
 */
export function PasswordForm() {
  const { t } = useTranslation('profile');
  const { message, apiMessage } = useMessages();
  const toast = useToast();
  const change = useChangePassword();
  const [formError, setFormError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors, isSubmitting, submitCount },
  } = useForm<PasswordIn, unknown, PasswordOut>({
    resolver: withPasswordMatch(zodResolver(changePasswordSchema), 'newPassword', 'confirmPassword'),
    mode: 'onTouched',
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    shouldFocusError: false,
  });
  useFocusFirstInvalid(formRef, submitCount);
  const newPassword = watch('newPassword') ?? '';

  const onSubmit = async (values: PasswordOut) => {
    setFormError(null);
    try {
      await change.mutateAsync(values);
      reset();
      toast({ variant: 'success', title: t('password.changed'), description: t('password.changedHint') });
    } catch (e) {
      const fields = e instanceof ApiError ? e.fields : {};
      let first = true;
      for (const name of ['currentPassword', 'newPassword', 'confirmPassword'] as const) {
        const msg = fields[name];
        if (!msg) continue;
        setError(name, { type: 'server', message: msg });
        first = false;
      }
      // A wrong current password is shown on its field; anything else in the alert.
      if (first) setFormError(apiMessage(e));
    }
  };

  const texts: NewPasswordTexts = {
    show: t('password.show'),
    hide: t('password.hide'),
    rulesTitle: t('password.rulesTitle'),
    ruleMet: t('password.ruleMet'),
    ruleUnmet: t('password.ruleUnmet'),
    rules: {
      min: t('password.rules.min'),
      lower: t('password.rules.lower'),
      upper: t('password.rules.upper'),
      number: t('password.rules.number'),
      special: t('password.rules.special'),
    },
  };

  return (
    <div>
      <h3 className="font-serif text-lg font-semibold text-stone-900">{t('password.title')}</h3>
      <p className="mt-1 text-sm text-stone-600">{t('password.lead')}</p>
      <form ref={formRef} noValidate onSubmit={handleSubmit(onSubmit)} className="mt-5 grid gap-4">
        <Field label={t('password.current')} required error={message(errors.currentPassword?.message)}>
          {(a) => (
            <PasswordInput
              {...a}
              autoComplete="current-password"
              showLabel={texts.show}
              hideLabel={texts.hide}
              {...register('currentPassword')}
            />
          )}
        </Field>
        <NewPasswordFields
          columns
          required
          rulesId="profile-password-rules"
          value={newPassword}
          texts={texts}
          password={{
            label: t('password.new'),
            error: message(errors.newPassword?.message),
            input: register('newPassword'),
          }}
          confirm={{
            label: t('password.confirm'),
            error: message(errors.confirmPassword?.message),
            input: register('confirmPassword'),
          }}
        />
        {formError ? (
          <Alert variant="error" title={t('password.failed')}>
            {formError}
          </Alert>
        ) : null}
        <div className="flex justify-end">
          <Button type="submit" busy={isSubmitting} busyLabel={t('saving')}>
            {t('password.submit')}
          </Button>
        </div>
      </form>
    </div>
  );
}
