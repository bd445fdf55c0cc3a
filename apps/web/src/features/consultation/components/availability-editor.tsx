import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OVERRIDES_MAX, WINDOWS_PER_DAY_MAX, type AvailabilityDto } from '@candeia/shared/schemas/consultation';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { FieldError } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useMessages } from '../../../lib/forms.ts';
import { useSaveAvailability } from '../api/save-availability.ts';
import {
  WEEKDAYS,
  apiAvailabilityErrors,
  availabilityToDraft,
  checkAvailability,
  newKey,
  type AvailabilityDraft,
  type AvailabilityErrors,
  type WindowDraft,
} from '../lib/availability-form.ts';
import { addDays, todayIn } from '../lib/time.ts';

/** A window after the last one of a day (09:00–12:00 for the first). */
function nextWindow(windows: WindowDraft[]): WindowDraft {
  const last = windows.at(-1);
  if (!last || !/^\d\d:\d\d$/.test(last.end)) return { key: newKey(), start: '09:00', end: '12:00' };
  const h = Number(last.end.slice(0, 2));
  const start = Math.min(h + 1, 22);
  const pad = (n: number) => String(n).padStart(2, '0');
  return { key: newKey(), start: `${pad(start)}:00`, end: `${pad(Math.min(start + 3, 23))}:00` };
}

/**
 * The weekly availability (windows per weekday, in the counsellor's zone) and the date overrides
 * (a date with other windows, or a day off). Checked with the shared schema before saving; each
 * message shows at its window or day, and nothing typed is lost.
 */
export function AvailabilityEditor({ availability, zone }: { availability: AvailabilityDto; zone: string }) {
  const { t } = useTranslation('consultation');
  const { message, apiMessage } = useMessages();
  const toast = useToast();
  const save = useSaveAvailability();
  const [draft, setDraft] = useState<AvailabilityDraft>(() => availabilityToDraft(availability));
  const [errors, setErrors] = useState<AvailabilityErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (attempt > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  const change = (next: AvailabilityDraft) => {
    setDraft(next);
    if (Object.keys(errors).length) setErrors({});
  };
  const setDay = (day: (typeof WEEKDAYS)[number], windows: WindowDraft[]) =>
    change({ ...draft, weekly: { ...draft.weekly, [day]: windows } });
  const setOverride = (i: number, patch: Partial<AvailabilityDraft['overrides'][number]>) =>
    change({ ...draft, overrides: draft.overrides.map((o, j) => (j === i ? { ...o, ...patch } : o)) });

  const submit = async () => {
    setFormError(null);
    const checked = checkAvailability(draft);
    if (!checked.ok) {
      setErrors(checked.errors);
      setAttempt((n) => n + 1);
      return;
    }
    try {
      const saved = await save.mutateAsync(checked.data);
      setDraft(availabilityToDraft(saved));
      setErrors({});
      toast({ variant: 'success', title: t('availability.saved') });
    } catch (err) {
      setFormError(apiMessage(err));
      if (err instanceof ApiError) {
        setErrors(apiAvailabilityErrors(err.fields));
        setAttempt((n) => n + 1);
      }
    }
  };

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      className="grid gap-5"
    >
      <p className="text-stone-700">{t('availability.zone', { zone })}</p>
      <fieldset className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6">
        <legend className="float-left mb-3 w-full font-serif text-lg font-semibold text-stone-900">
          {t('availability.weekly')}
        </legend>
        <ul className="clear-left divide-y divide-stone-100">
          {WEEKDAYS.map((day) => {
            const name = t(`weekday.${day}`);
            const windows = draft.weekly[day];
            const dayError = errors[`weekly.${day}`];
            return (
              <li key={day} className="py-3 sm:flex sm:gap-4">
                <h3 className="w-36 shrink-0 pt-2 font-semibold text-stone-900">{name}</h3>
                <div className="min-w-0 flex-1">
                  {windows.length === 0 ? (
                    <p className="pt-2 text-sm text-stone-500">{t('availability.closed')}</p>
                  ) : null}
                  <WindowRows
                    windows={windows}
                    context={name}
                    errors={errors}
                    prefix={`weekly.${day}`}
                    groupError={dayError ? `weekday-${day}-error` : undefined}
                    message={message}
                    onChange={(w) => setDay(day, w)}
                  />
                  {dayError ? <FieldError id={`weekday-${day}-error`}>{message(dayError)}</FieldError> : null}
                  <Button
                    variant="link"
                    size="sm"
                    className="mt-2 text-sm"
                    disabled={windows.length >= WINDOWS_PER_DAY_MAX}
                    onClick={() => setDay(day, [...windows, nextWindow(windows)])}
                  >
                    {t('availability.addWindow', { day: name })}
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      </fieldset>

      <fieldset className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6">
        <legend className="float-left mb-1 w-full font-serif text-lg font-semibold text-stone-900">
          {t('availability.overrides')}
        </legend>
        <p className="clear-left mb-3 text-sm text-stone-600">{t('availability.overridesLead')}</p>
        {draft.overrides.length === 0 ? (
          <p className="text-sm text-stone-500">{t('availability.noOverrides')}</p>
        ) : null}
        <ul className="grid gap-4">
          {draft.overrides.map((o, i) => {
            const dateError = errors[`overrides.${i}.date`];
            const dayError = errors[`overrides.${i}.windows`] ?? errors[`overrides.${i}`];
            const label = o.date || t('availability.newDate');
            return (
              <li key={o.key} className="rounded-xl border border-stone-200 p-3 sm:p-4">
                <div className="flex flex-wrap items-end gap-3">
                  <div className="flex flex-col gap-1.5">
                    <label htmlFor={`${o.key}-date`} className="text-sm font-medium text-stone-800">
                      {t('availability.date')}
                    </label>
                    <div className="w-48">
                      <Input
                        id={`${o.key}-date`}
                        type="date"
                        value={o.date}
                        aria-invalid={!!dateError}
                        aria-describedby={dateError ? `${o.key}-date-error` : undefined}
                        onChange={(e) => setOverride(i, { date: e.target.value })}
                      />
                    </div>
                  </div>
                  <Checkbox
                    className="pb-2.5"
                    label={t('availability.dayOff')}
                    checked={o.off}
                    onChange={(e) =>
                      setOverride(i, {
                        off: e.target.checked,
                        windows: !e.target.checked && o.windows.length === 0 ? [nextWindow([])] : o.windows,
                      })
                    }
                  />
                  <Button
                    variant="ghost"
                    size="sm"
                    className="ml-auto text-red-800"
                    onClick={() => change({ ...draft, overrides: draft.overrides.filter((_, j) => j !== i) })}
                  >
                    {t('availability.removeDate', { date: label })}
                  </Button>
                </div>
                {dateError ? <FieldError id={`${o.key}-date-error`}>{message(dateError)}</FieldError> : null}
                {o.off ? null : (
                  <div className="mt-3">
                    <WindowRows
                      windows={o.windows}
                      context={label}
                      errors={errors}
                      prefix={`overrides.${i}.windows`}
                      groupError={dayError ? `${o.key}-day-error` : undefined}
                      message={message}
                      onChange={(w) => setOverride(i, { windows: w })}
                    />
                    <Button
                      variant="link"
                      size="sm"
                      className="mt-2 text-sm"
                      disabled={o.windows.length >= WINDOWS_PER_DAY_MAX}
                      onClick={() => setOverride(i, { windows: [...o.windows, nextWindow(o.windows)] })}
                    >
                      {t('availability.addWindow', { day: label })}
                    </Button>
                  </div>
                )}
                {dayError ? <FieldError id={`${o.key}-day-error`}>{message(dayError)}</FieldError> : null}
              </li>
            );
          })}
        </ul>
        <Button
          variant="outline"
          size="sm"
          className="mt-4"
          disabled={draft.overrides.length >= OVERRIDES_MAX}
          onClick={() =>
            change({
              ...draft,
              overrides: [
                ...draft.overrides,
                { key: newKey(), date: addDays(todayIn(zone), 7), off: true, windows: [] },
              ],
            })
          }
        >
          {t('availability.addDate')}
        </Button>
      </fieldset>
      {formError ? (
        <Alert variant="error" title={t('availability.failed')}>
          {formError}
        </Alert>
      ) : Object.keys(errors).length ? (
        <Alert variant="error" title={t('availability.invalid')} />
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" busy={save.isPending} busyLabel={t('saving')}>
          {t('availability.save')}
        </Button>
      </div>
    </form>
  );
}

/** A day's windows, each a start and an end (time inputs on the 15-minute grid) and a remove button. */
function WindowRows({
  windows,
  context,
  errors,
  prefix,
  groupError,
  message,
  onChange,
}: {
  windows: WindowDraft[];
  /** The day, for the labels a screen reader says ("Segunda-feira, início"). */
  context: string;
  errors: AvailabilityErrors;
  prefix: string;
  /** The id of a message about the day's windows together (they overlap): each input is marked by it. */
  groupError?: string | undefined;
  message: (m: string | undefined) => string | undefined;
  onChange: (windows: WindowDraft[]) => void;
}) {
  const { t } = useTranslation('consultation');
  const set = (i: number, patch: Partial<WindowDraft>) =>
    onChange(windows.map((w, j) => (j === i ? { ...w, ...patch } : w)));
  return (
    <ul className="grid gap-2">
      {windows.map((w, i) => {
        const startError = errors[`${prefix}.${i}.start`];
        const endError = errors[`${prefix}.${i}.end`] ?? errors[`${prefix}.${i}`];
        return (
          <li key={w.key}>
            <div className="flex items-center gap-2">
              <label htmlFor={`${w.key}-start`} className="sr-only">
                {t('availability.start', { day: context, n: i + 1 })}
              </label>
              <div className="w-[7.75rem] shrink-0 sm:w-36">
                <Input
                  id={`${w.key}-start`}
                  type="time"
                  step={900}
                  className="pr-1! pl-2! tabular-nums"
                  value={w.start}
                  aria-invalid={!!startError || !!groupError}
                  aria-describedby={
                    [startError ? `${w.key}-start-error` : '', groupError ?? ''].join(' ').trim() || undefined
                  }
                  onChange={(e) => set(i, { start: e.target.value })}
                />
              </div>
              <span aria-hidden="true" className="text-stone-500">
                –
              </span>
              <label htmlFor={`${w.key}-end`} className="sr-only">
                {t('availability.end', { day: context, n: i + 1 })}
              </label>
              <div className="w-[7.75rem] shrink-0 sm:w-36">
                <Input
                  id={`${w.key}-end`}
                  type="time"
                  step={900}
                  className="pr-1! pl-2! tabular-nums"
                  value={w.end}
                  aria-invalid={!!endError || !!groupError}
                  aria-describedby={
                    [endError ? `${w.key}-end-error` : '', groupError ?? ''].join(' ').trim() || undefined
                  }
                  onChange={(e) => set(i, { end: e.target.value })}
                />
              </div>
              <Button
                variant="ghost"
                size="sm"
                aria-label={t('availability.removeWindow', { day: context, n: i + 1 })}
                onClick={() => onChange(windows.filter((_, j) => j !== i))}
              >
                <span aria-hidden="true" className="text-xl leading-none">
                  ×
                </span>
                <span className="hidden sm:inline">{t('availability.remove')}</span>
              </Button>
            </div>
            {startError ? <FieldError id={`${w.key}-start-error`}>{message(startError)}</FieldError> : null}
            {endError ? <FieldError id={`${w.key}-end-error`}>{message(endError)}</FieldError> : null}
          </li>
        );
      })}
    </ul>
  );
}
