import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { CREDIT_GRANT_MAX } from '@candeia/shared/constants';
import { BV } from '@candeia/shared/schemas/billing';
import { V } from '@candeia/shared/schemas/common';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useFocusFirstInvalid, useMessages } from '../../../lib/forms.ts';
import { useAdminUsers } from '../api/get-users.ts';
import { useGrantCredits } from '../api/grant-credits.ts';
import { formatCount, newIdempotencyKey, parseCredits } from '../lib/money.ts';
import type { GrantTarget } from './subscriptions-tab.tsx';

const USER_MESSAGE = 'admin:billing.grant.userInvalid';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const grantFormSchema = z.object({
  userId: z.string().trim().regex(UUID, USER_MESSAGE),
  amount: z.string().refine((v) => {
    const n = parseCredits(v);
    return n !== null && n >= 1 && n <= CREDIT_GRANT_MAX;
  }, BV.creditsAmount),
  reason: z.string().trim().max(200, V.tooLong),
});
type GrantIn = z.input<typeof grantFormSchema>;
type GrantOut = z.output<typeof grantFormSchema>;
type GrantField = keyof GrantIn;

/**
 * Grants credits to one user: picked from the users list or by id, an amount and a reason.
 * One idempotency key per opened form, so a double submit (or a retry after a lost answer)
 * grants once; a new key after each success.
 */
export function GrantCredits({ target }: { target: GrantTarget | null }) {
  const { t, i18n } = useTranslation(['admin', 'validation', 'errors']);
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const { message, apiMessage } = useMessages();
  const toast = useToast();
  const grant = useGrantCredits();
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const [picked, setPicked] = useState<GrantTarget | null>(target);
  // The message of a failed save; `focus` moves focus to it once it is on screen.
  const [formError, setFormError] = useState<{ text: string; focus: boolean } | null>(null);
  useEffect(() => {
    if (formError?.focus) alertRef.current?.focus();
  }, [formError]);

  const {
    register,
    handleSubmit,
    setValue,
    setError,
    reset,
    watch,
    formState: { errors, isSubmitting, isSubmitted, submitCount },
  } = useForm<GrantIn, unknown, GrantOut>({
    resolver: zodResolver(grantFormSchema),
    // Checked on submit, then as it is typed: a message appearing on blur would move the submit
    // button away from under the pointer in the middle of a click.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { userId: target?.userId ?? '', amount: '', reason: '' },
    shouldFocusError: false,
  });
  useFocusFirstInvalid(formRef, submitCount);
  const typedId = watch('userId')?.trim() ?? '';
  const chosen = picked && picked.userId === typedId ? picked : null;

  const err = (name: GrantField) => {
    const m = errors[name]?.message;
    return m === USER_MESSAGE ? t(USER_MESSAGE) : message(m);
  };

  const pick = (user: GrantTarget) => {
    setPicked(user);
    setValue('userId', user.userId, { shouldValidate: isSubmitted, shouldDirty: true });
  };

  const onSubmit = async (values: GrantOut) => {
    setFormError(null);
    const amount = parseCredits(values.amount) ?? 0;
    try {
      const res = await grant.mutateAsync({
        userId: values.userId,
        amount,
        ...(values.reason ? { reason: values.reason } : {}),
        idempotencyKey,
      });
      toast({
        variant: 'success',
        title: t('billing.grant.granted', { formatted: formatCount(res.entry.delta, locale) }),
        description: t('billing.grant.newBalance', {
          who: chosen?.email ?? values.userId,
          formatted: formatCount(res.balance, locale),
        }),
      });
      // The next grant is a new operation: a new key, and an empty amount and reason.
      setIdempotencyKey(newIdempotencyKey());
      reset({ userId: values.userId, amount: '', reason: '' });
    } catch (e) {
      let onField = false;
      if (e instanceof ApiError) {
        for (const [name, msg] of Object.entries(e.fields)) {
          if (name !== 'userId' && name !== 'amount' && name !== 'reason') continue;
          setError(name, { type: 'server', message: msg });
          onField = true;
        }
      }
      setFormError({ text: apiMessage(e), focus: !onField });
    }
  };

  return (
    <div className="grid items-start gap-5 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <Card className="p-5 sm:p-6">
        <form
          ref={formRef}
          noValidate
          onSubmit={handleSubmit(onSubmit)}
          aria-labelledby="grant-title"
          className="grid gap-5"
        >
          <div>
            <h3 id="grant-title" className="font-serif text-xl font-semibold text-stone-900">
              {t('billing.grant.title')}
            </h3>
            <p className="mt-1 text-sm text-stone-600">{t('billing.grant.lead')}</p>
          </div>
          <Field
            label={t('billing.grant.userId')}
            required
            error={err('userId')}
            hint={chosen ? t('billing.grant.chosen', { email: chosen.email }) : t('billing.grant.userIdHint')}
          >
            {(a) => (
              <Input
                {...a}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                className="font-mono text-sm"
                {...register('userId')}
              />
            )}
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t('billing.grant.amount')} required error={err('amount')}>
              {(a) => (
                <Input {...a} inputMode="numeric" autoComplete="off" className="tabular-nums" {...register('amount')} />
              )}
            </Field>
            <Field label={t('billing.grant.reason')} optionalText={t('billing.optional')} error={err('reason')}>
              {(a) => <Input {...a} autoComplete="off" maxLength={200} {...register('reason')} />}
            </Field>
          </div>
          {formError ? (
            <Alert ref={alertRef} tabIndex={-1} variant="error" title={t('billing.grant.failed')}>
              {formError.text}
            </Alert>
          ) : null}
          <Button
            type="submit"
            busy={isSubmitting}
            busyLabel={t('billing.grant.granting')}
            className="sm:justify-self-end"
          >
            {t('billing.grant.submit')}
          </Button>
        </form>
      </Card>
      <UserPicker onPick={pick} pickedId={chosen?.userId ?? null} />
    </div>
  );
}

/** Finds a user by e-mail or name and puts their id in the form. */
function UserPicker({ onPick, pickedId }: { onPick: (u: GrantTarget) => void; pickedId: string | null }) {
  const { t } = useTranslation('admin');
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const users = useAdminUsers({ q: q || undefined, page: 1, pageSize: 5 });

  return (
    <section aria-labelledby="grant-pick-title" className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm">
      <h3 id="grant-pick-title" className="font-semibold text-stone-900">
        {t('billing.grant.pickTitle')}
      </h3>
      <form
        role="search"
        className="mt-3 flex flex-col gap-2 sm:flex-row"
        onSubmit={(e) => {
          e.preventDefault();
          setQ(draft.trim());
        }}
      >
        <label htmlFor="grant-user-search" className="sr-only">
          {t('users.search')}
        </label>
        <Input
          id="grant-user-search"
          type="search"
          placeholder={t('users.searchPlaceholder')}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
        />
        <Button type="submit" variant="outline" className="shrink-0">
          {t('users.searchButton')}
        </Button>
      </form>
      {users.isPending ? (
        <Spinner />
      ) : users.error ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {users.error instanceof ApiError && users.error.message ? users.error.message : t('loadFailed')}
        </p>
      ) : users.data.items.length === 0 ? (
        <p className="mt-3 text-sm text-stone-600">{t('users.empty')}</p>
      ) : (
        <ul className="mt-3 divide-y divide-stone-100" aria-busy={users.isFetching}>
          {users.data.items.map((u) => {
            const selected = u.id === pickedId;
            return (
              <li key={u.id} className="flex items-center justify-between gap-3 py-2">
                <span className="min-w-0">
                  <span className="block break-all text-sm font-medium text-stone-900">{u.email}</span>
                  <span className="block text-xs text-stone-600">{`${u.firstName} ${u.lastName}`.trim() || '—'}</span>
                </span>
                <Button
                  size="sm"
                  variant={selected ? 'secondary' : 'outline'}
                  aria-pressed={selected}
                  onClick={() => onPick({ userId: u.id, email: u.email })}
                  className="shrink-0"
                >
                  {selected ? t('billing.grant.picked') : t('billing.grant.pick')}
                  <span className="sr-only">{` ${u.email}`}</span>
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
