import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm, type FieldError as HookFieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { contactSchema, type ContactInput } from '@candeia/shared/schemas/contact';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input, Textarea } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useSendContact } from '../api/send-contact.ts';

const FIELDS = ['name', 'email', 'message'] as const;
const EMPTY: ContactInput = { name: '', email: '', message: '' };

/**
 * The footer's contact box. Client messages are i18n keys; the server's field messages
 * arrive translated. What the user typed is kept until the message is really sent.
 */
export default function ContactForm() {
  const { t } = useTranslation(['contact', 'validation', 'errors']);
  const send = useSendContact();
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const successRef = useRef<HTMLDivElement>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(contactSchema), defaultValues: EMPTY });

  // Opened on purpose ("write a message"): start typing right away.
  useEffect(() => {
    if (!sent) setFocus('name');
  }, [sent, setFocus]);

  useEffect(() => {
    if (sent) successRef.current?.focus();
  }, [sent]);

  const message = (e: HookFieldError | undefined) =>
    e?.message ? (e.type === 'server' ? e.message : t(e.message)) : undefined;

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await send.mutateAsync(values);
      reset(EMPTY);
      setSent(true);
    } catch (err) {
      if (err instanceof ApiError) {
        for (const f of FIELDS) {
          const m = err.fields[f];
          if (m) setError(f, { type: 'server', message: m });
        }
        setFailure(err.message || t(`errors:${err.code}`));
      } else {
        setFailure(t('errors:UNEXPECTED_ERROR'));
      }
    }
  });

  if (sent) {
    return (
      <div
        ref={successRef}
        tabIndex={-1}
        role="status"
        className="mt-4 rounded-xl bg-emerald-50 p-4 text-emerald-950 outline-none ring-1 ring-emerald-200"
      >
        <p className="font-semibold">{t('form.successTitle')}</p>
        <p className="mt-1 text-sm">{t('form.successText')}</p>
        <Button variant="link" className="mt-3 text-sm" onClick={() => setSent(false)}>
          {t('form.another')}
        </Button>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} aria-label={t('form.label')} className="mt-4 flex flex-col gap-4">
      <Field label={t('form.name')} error={message(errors.name)} required>
        {(c) => <Input {...c} {...register('name')} autoComplete="name" maxLength={100} />}
      </Field>
      <Field label={t('form.email')} error={message(errors.email)} required>
        {(c) => (
          <Input {...c} {...register('email')} type="email" autoComplete="email" inputMode="email" maxLength={254} />
        )}
      </Field>
      <Field label={t('form.message')} error={message(errors.message)} required>
        {(c) => <Textarea {...c} {...register('message')} rows={4} maxLength={5000} />}
      </Field>
      {failure ? (
        <div role="alert" className="rounded-xl bg-red-50 p-3 text-sm text-red-900 ring-1 ring-red-200">
          <p className="font-semibold">{t('form.failed')}</p>
          <p className="mt-1">{failure}</p>
        </div>
      ) : null}
      <Button type="submit" block busy={send.isPending} busyLabel={t('form.sending')}>
        {t('form.send')}
      </Button>
    </form>
  );
}
