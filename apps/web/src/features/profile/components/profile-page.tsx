import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useForm, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { SUPPORTED_LOCALES, matchLocale, type Locale } from '@candeia/shared/constants';
import { paths } from '@candeia/shared/routes';
import { profileUpdateSchema, type PublicUser } from '@candeia/shared/schemas/auth';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { FullPageSpinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useMessages } from '../../../lib/forms.ts';
import { changeLocale, i18n } from '../../../lib/i18n.ts';
import { useProfile } from '../api/get-profile.ts';
import { useUpdateProfile } from '../api/update-profile.ts';

/**
 * The profile (SPEC.md §2): own data and language (the password is in the settings). `emailNotice` is what the
 * summary shows while the address is not verified (the router passes the account feature's);
 * `referral` is the referral code as the billing feature shows it (the same rule as /referral).
 */
export default function ProfilePage({ emailNotice, referral }: { emailNotice?: ReactNode; referral?: ReactNode }) {
  const { t } = useTranslation(['profile', 'validation', 'errors']);
  const { apiMessage } = useMessages();
  const profile = useProfile();
  useDocumentTitle(t('title'));

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <h1 className="font-serif text-3xl font-semibold tracking-tight text-stone-900 sm:text-4xl">{t('title')}</h1>
      <p className="mt-2 text-stone-600">{t('lead')}</p>
      {profile.isPending ? (
        <FullPageSpinner />
      ) : profile.error ? (
        <Alert variant="error" className="mt-6" title={t('loadFailed')}>
          {apiMessage(profile.error)}
          <div className="mt-3">
            <Button size="sm" variant="outline" onClick={() => void profile.refetch()}>
              {t('retry')}
            </Button>
          </div>
        </Alert>
      ) : (
        <div className="mt-6 grid gap-6">
          <Summary user={profile.data} emailNotice={emailNotice} referral={referral} />
          <ProfileForm key={profile.data.id} user={profile.data} />
          <p className="text-sm text-stone-600">
            <Link to={paths.settings()} className="text-brand-800 underline underline-offset-4 hover:text-brand-900">
              {t('settingsLink')}
            </Link>
          </p>
        </div>
      )}
    </div>
  );
}

function initials(user: PublicUser): string {
  return `${user.firstName.trim().charAt(0)}${user.lastName.trim().charAt(0)}`.toUpperCase() || '·';
}

function Summary({ user, emailNotice, referral }: { user: PublicUser; emailNotice?: ReactNode; referral?: ReactNode }) {
  const { t, i18n: i } = useTranslation('profile');
  const since = new Intl.DateTimeFormat(i.resolvedLanguage ?? i.language, { dateStyle: 'long' }).format(
    new Date(user.createdAt),
  );

  return (
    <Card className="p-5 sm:p-6">
      <div className="flex items-center gap-4">
        <span
          aria-hidden="true"
          className="flex h-14 w-14 shrink-0 items-center justify-center rounded-full bg-brand-100 font-serif text-xl font-semibold text-brand-800"
        >
          {initials(user)}
        </span>
        <div className="min-w-0">
          <p className="truncate font-serif text-xl font-semibold text-stone-900">
            {user.firstName} {user.lastName}
          </p>
          {user.city || user.country ? (
            <p className="truncate text-sm text-stone-600">{[user.city, user.country].filter(Boolean).join(', ')}</p>
          ) : null}
        </div>
      </div>
      <dl className="mt-5 grid gap-4 border-t border-stone-100 pt-5 sm:grid-cols-3">
        <div>
          <dt className="text-xs font-semibold uppercase tracking-wide text-stone-500">{t('summary.email')}</dt>
          <dd className="mt-1 text-sm text-stone-900">
            <span className="break-all">{user.email}</span>{' '}
            <Badge tone={user.emailVerified ? 'success' : 'warning'} className="mt-1 align-middle">
              {user.emailVerified ? t('summary.emailVerified') : t('summary.emailNotVerified')}
            </Badge>
          </dd>
        </div>
        <div>
          <dt className="text-xs font-semibold uppercase tracking-wide text-stone-500">{t('summary.referralCode')}</dt>
          <dd className="mt-1">{referral}</dd>
        </div>
        <div>
          <dt className="text-xs font-semibold uppercase tracking-wide text-stone-500">{t('summary.memberSince')}</dt>
          <dd className="mt-1 text-sm text-stone-900">{since}</dd>
        </div>
      </dl>
      {user.emailVerified || !emailNotice ? null : <div className="mt-5">{emailNotice}</div>}
    </Card>
  );
}

type ProfileIn = z.input<typeof profileUpdateSchema>;
type ProfileOut = z.output<typeof profileUpdateSchema>;
const PROFILE_FIELDS = [
  'firstName',
  'lastName',
  'phone',
  'address',
  'city',
  'state',
  'country',
  'zipCode',
  'locale',
] as const;

function toForm(user: PublicUser): ProfileIn {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    address: user.address,
    city: user.city,
    state: user.state,
    country: user.country,
    zipCode: user.zipCode,
    locale: (matchLocale(user.locale) ?? 'pt-BR') as Locale,
  };
}

function ProfileForm({ user }: { user: PublicUser }) {
  const { t } = useTranslation('profile');
  const { message, apiMessage } = useMessages();
  const toast = useToast();
  const update = useUpdateProfile();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ProfileIn, unknown, ProfileOut>({
    resolver: zodResolver(profileUpdateSchema),
    mode: 'onTouched',
    defaultValues: toForm(user),
  });
  const err = (name: Path<ProfileIn>) => message(errors[name as keyof typeof errors]?.message as string | undefined);

  const onSubmit = async (values: ProfileOut) => {
    setFormError(null);
    try {
      const saved = await update.mutateAsync(values);
      reset(toForm(saved));
      const locale = (matchLocale(saved.locale) ?? 'pt-BR') as Locale;
      if (locale !== (matchLocale(i18n.resolvedLanguage) ?? 'pt-BR')) await changeLocale(locale);
      const tt = i18n.getFixedT(locale, 'profile');
      toast({ variant: 'success', title: tt('saved') });
    } catch (e) {
      setFormError(apiMessage(e));
      if (e instanceof ApiError) {
        let first = true;
        for (const [name, msg] of Object.entries(e.fields)) {
          if (!(PROFILE_FIELDS as readonly string[]).includes(name)) continue;
          setError(name as Path<ProfileIn>, { type: 'server', message: msg }, { shouldFocus: first });
          first = false;
        }
      }
    }
  };

  return (
    <Card className="p-5 sm:p-6">
      <h2 className="font-serif text-xl font-semibold text-stone-900">{t('details.title')}</h2>
      <p className="mt-1 text-sm text-stone-600">{t('details.lead')}</p>
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="mt-5 grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t('fields.firstName')} required error={err('firstName')}>
            {(a) => <Input {...a} autoComplete="given-name" {...register('firstName')} />}
          </Field>
          <Field label={t('fields.lastName')} required error={err('lastName')}>
            {(a) => <Input {...a} autoComplete="family-name" {...register('lastName')} />}
          </Field>
          <Field label={t('fields.phone')} required error={err('phone')}>
            {(a) => <Input {...a} type="tel" autoComplete="tel" inputMode="tel" {...register('phone')} />}
          </Field>
          <Field label={t('fields.locale')} required error={err('locale')}>
            {(a) => (
              <Select {...a} {...register('locale')}>
                {SUPPORTED_LOCALES.map((l) => (
                  <option key={l} value={l} lang={l}>
                    {t(`languages.${l}`)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </div>
        <Field label={t('fields.address')} optionalText={t('optional')} error={err('address')}>
          {(a) => <Input {...a} autoComplete="street-address" {...register('address')} />}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t('fields.city')} optionalText={t('optional')} error={err('city')}>
            {(a) => <Input {...a} autoComplete="address-level2" {...register('city')} />}
          </Field>
          <Field label={t('fields.state')} optionalText={t('optional')} error={err('state')}>
            {(a) => <Input {...a} autoComplete="address-level1" {...register('state')} />}
          </Field>
          <Field label={t('fields.zipCode')} optionalText={t('optional')} error={err('zipCode')}>
            {(a) => <Input {...a} autoComplete="postal-code" {...register('zipCode')} />}
          </Field>
          <Field label={t('fields.country')} required error={err('country')}>
            {(a) => <Input {...a} autoComplete="country-name" {...register('country')} />}
          </Field>
        </div>
        {formError ? (
          <Alert variant="error" title={t('saveFailed')}>
            {formError}
          </Alert>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" disabled={!isDirty || isSubmitting} onClick={() => reset(toForm(user))}>
            {t('discard')}
          </Button>
          <Button type="submit" busy={isSubmitting} busyLabel={t('saving')}>
            {t('save')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
