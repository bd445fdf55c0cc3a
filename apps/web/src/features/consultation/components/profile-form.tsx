import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPPORTED_LOCALES } from '@candeia/shared/constants';
import {
  BIO_MAX,
  SESSION_MINUTES,
  SPECIALTIES,
  SPECIALTIES_MAX,
  SPECIALTY_MAX,
  type CounsellorSelfDto,
} from '@candeia/shared/schemas/consultation';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormSection } from '../../../components/ui/card.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Field, FieldError } from '../../../components/ui/field.tsx';
import { Input, Textarea } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useMessages } from '../../../lib/forms.ts';
import { useSaveProfile } from '../api/save-profile.ts';
import {
  checkProfile,
  profileFieldOf,
  profileToForm,
  type ProfileField,
  type ProfileFormValues,
} from '../lib/profile-form.ts';
import { browserTimeZone, timeZones } from '../lib/time.ts';
import { useLabels, useLocale } from './labels.ts';

const SUGGESTED = new Set<string>(SPECIALTIES);

/**
 * The counsellor's profile and booking rules. Checked with the shared schema before sending; each
 * message shows at its field, and what was typed stays whatever the answer.
 */
export function ProfileForm({
  profile,
  defaultName,
  defaultLanguage,
}: {
  profile: CounsellorSelfDto | null;
  defaultName: string;
  defaultLanguage: string;
}) {
  const { t } = useTranslation('consultation');
  const { message, apiMessage } = useMessages();
  const labels = useLabels();
  const locale = useLocale();
  const toast = useToast();
  const save = useSaveProfile();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<ProfileFormValues>(() =>
    profileToForm(profile, { timeZone: browserTimeZone(), displayName: defaultName, language: defaultLanguage }),
  );
  const [errors, setErrors] = useState<Partial<Record<ProfileField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [custom, setCustom] = useState('');
  const zones = timeZones(values.timeZone);

  useEffect(() => {
    if (attempt > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  const set = <K extends ProfileField>(name: K, value: ProfileFormValues[K]) => {
    setValues((v) => ({ ...v, [name]: value }));
    if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }));
  };
  const toggle = (name: 'languages' | 'specialties', value: string, on: boolean) =>
    set(name, on ? [...values[name], value] : values[name].filter((x) => x !== value));
  const addCustom = () => {
    const s = custom.trim();
    if (!s) return;
    if (!values.specialties.some((x) => x.toLowerCase() === s.toLowerCase()))
      set('specialties', [...values.specialties, s]);
    setCustom('');
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const checked = checkProfile(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      setAttempt((n) => n + 1);
      return;
    }
    setErrors({});
    try {
      const saved = await save.mutateAsync(checked.data);
      setValues(profileToForm(saved, { timeZone: saved.timeZone }));
      toast({ variant: 'success', title: t('profile.saved') });
    } catch (err) {
      setFormError(apiMessage(err));
      if (err instanceof ApiError) {
        const next: Partial<Record<ProfileField, string>> = {};
        for (const [name, msg] of Object.entries(err.fields)) {
          const field = profileFieldOf(name);
          if (field) next[field] ??= msg;
        }
        setErrors(next);
        setAttempt((n) => n + 1);
      }
    }
  };

  const err = (name: ProfileField) => message(errors[name]);
  /** One of the booking rules' number fields (whole numbers unless `decimal`). */
  const numberField = (
    name: 'priceCredits' | 'bufferMinutes' | 'minNoticeHours' | 'horizonDays' | 'cancelCutoffHours',
    label: string,
    hint: string,
    { min = 0, decimal = false }: { min?: number; decimal?: boolean } = {},
  ) => (
    <Field label={label} required hint={hint} error={err(name)}>
      {(a) => (
        <Input
          {...a}
          type="number"
          inputMode={decimal ? 'decimal' : 'numeric'}
          min={min}
          step={decimal ? 'any' : undefined}
          value={values[name]}
          onChange={(e) => set(name, e.target.value)}
        />
      )}
    </Field>
  );
  const customSpecialties = values.specialties.filter((s) => !SUGGESTED.has(s));

  return (
    <form ref={formRef} noValidate onSubmit={(e) => void submit(e)} className="grid gap-5">
      <FormSection title={t('profile.about')} description={t('profile.aboutLead')}>
        <Field label={t('profile.displayName')} required error={err('displayName')}>
          {(a) => (
            <Input
              {...a}
              value={values.displayName}
              autoComplete="name"
              onChange={(e) => set('displayName', e.target.value)}
            />
          )}
        </Field>
        <Field
          label={t('profile.bio')}
          optionalText={t('optional')}
          hint={t('profile.bioHint', {
            count: BIO_MAX - values.bio.length,
            formatted: new Intl.NumberFormat(locale).format(BIO_MAX - values.bio.length),
          })}
          error={err('bio')}
        >
          {(a) => <Textarea {...a} rows={5} value={values.bio} onChange={(e) => set('bio', e.target.value)} />}
        </Field>
        <fieldset aria-describedby={errors.languages ? `${id}-languages-error` : undefined}>
          <legend className="text-sm font-medium text-stone-800">
            {t('profile.languages')}
            <span aria-hidden="true" className="ml-0.5 text-red-700">
              *
            </span>
          </legend>
          <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
            {SUPPORTED_LOCALES.map((l) => (
              <Checkbox
                key={l}
                label={labels.language(l)}
                checked={values.languages.includes(l)}
                aria-invalid={!!errors.languages}
                onChange={(e) => toggle('languages', l, e.target.checked)}
              />
            ))}
          </div>
          {errors.languages ? <FieldError id={`${id}-languages-error`}>{err('languages')}</FieldError> : null}
        </fieldset>
        <fieldset aria-describedby={`${id}-specialties-hint${errors.specialties ? ` ${id}-specialties-error` : ''}`}>
          <legend className="text-sm font-medium text-stone-800">
            {t('profile.specialties')}
            <span aria-hidden="true" className="ml-0.5 text-red-700">
              *
            </span>
          </legend>
          <p id={`${id}-specialties-hint`} className="text-sm text-stone-500">
            {t('profile.specialtiesHint', { max: SPECIALTIES_MAX })}
          </p>
          <div className="mt-2 grid grid-cols-2 gap-2 md:grid-cols-3">
            {SPECIALTIES.map((s) => (
              <Checkbox
                key={s}
                label={labels.specialty(s)}
                checked={values.specialties.includes(s)}
                aria-invalid={!!errors.specialties}
                onChange={(e) => toggle('specialties', s, e.target.checked)}
              />
            ))}
          </div>
          {customSpecialties.length ? (
            <ul className="mt-3 flex flex-wrap gap-2" aria-label={t('profile.customList')}>
              {customSpecialties.map((s) => (
                <li
                  key={s}
                  className="inline-flex items-center gap-1 rounded-full bg-brand-100 py-1 pl-3 pr-1 text-sm font-semibold text-brand-900"
                >
                  {s}
                  <button
                    type="button"
                    onClick={() => toggle('specialties', s, false)}
                    aria-label={t('profile.removeSpecialty', { name: s })}
                    className="flex h-7 w-7 items-center justify-center rounded-full hover:bg-brand-200"
                  >
                    <span aria-hidden="true">×</span>
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          <div className="mt-3 flex gap-2">
            <label htmlFor={`${id}-custom`} className="sr-only">
              {t('profile.customLabel')}
            </label>
            <Input
              id={`${id}-custom`}
              value={custom}
              maxLength={SPECIALTY_MAX}
              placeholder={t('profile.customPlaceholder')}
              onChange={(e) => setCustom(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  addCustom();
                }
              }}
              className="max-w-xs"
            />
            <Button variant="outline" onClick={addCustom} disabled={!custom.trim()}>
              {t('profile.addSpecialty')}
            </Button>
          </div>
          {errors.specialties ? <FieldError id={`${id}-specialties-error`}>{err('specialties')}</FieldError> : null}
        </fieldset>
      </FormSection>

      <FormSection title={t('profile.rules')} description={t('profile.rulesLead')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t('profile.sessionMinutes')} required error={err('sessionMinutes')}>
            {(a) => (
              <Select {...a} value={values.sessionMinutes} onChange={(e) => set('sessionMinutes', e.target.value)}>
                {SESSION_MINUTES.map((m) => (
                  <option key={m} value={String(m)}>
                    {t('card.minutes', { count: m })}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          {numberField('priceCredits', t('profile.price'), t('profile.priceHint'))}
          <Field label={t('profile.timeZone')} required hint={t('profile.timeZoneHint')} error={err('timeZone')}>
            {(a) => (
              <Select {...a} value={values.timeZone} onChange={(e) => set('timeZone', e.target.value)}>
                {zones.map((z) => (
                  <option key={z} value={z}>
                    {z}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          {numberField('bufferMinutes', t('profile.buffer'), t('profile.bufferHint'))}
          {numberField('minNoticeHours', t('profile.notice'), t('profile.noticeHint'), { decimal: true })}
          {numberField('horizonDays', t('profile.horizon'), t('profile.horizonHint'), { min: 1 })}
          {numberField('cancelCutoffHours', t('profile.cutoff'), t('profile.cutoffHint'))}
        </div>
        <Checkbox
          label={t('profile.accepting')}
          checked={values.accepting}
          onChange={(e) => set('accepting', e.target.checked)}
        />
      </FormSection>
      {formError ? (
        <Alert variant="error" title={t('profile.failed')}>
          {formError}
        </Alert>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" busy={save.isPending} busyLabel={t('saving')}>
          {t('profile.save')}
        </Button>
      </div>
    </form>
  );
}
