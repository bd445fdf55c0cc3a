import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE, SUPPORTED_LOCALES, matchLocale, type Locale } from '@candeia/shared/constants';
import {
  ALERT_AUDIENCES,
  ALERT_MESSAGE_MAX,
  ALERT_SEVERITIES,
  alertInputSchema,
  type AdminAlertDto,
  type AlertAudience,
  type AlertSeverity,
  type AlertState,
} from '@candeia/shared/schemas/alerts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input, Textarea } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useMessages } from '../../../lib/forms.ts';
import { AlertBar } from '../../../components/ui/alert-bar.tsx';
import { useAdminAlerts, useAlertActions } from '../api/alerts.ts';
import { EmptyList, LoadFailed } from './paged-results.tsx';

const STATE_TONES: Record<AlertState, BadgeTone> = { scheduled: 'info', active: 'success', ended: 'neutral' };
const SEVERITY_TONES: Record<AlertSeverity, BadgeTone> = { info: 'info', warning: 'warning', critical: 'danger' };
const HOUR_MS = 3_600_000;

/** The editor as typed: dates as the browser's datetime-local values, in this device's time zone. */
interface Draft {
  severity: AlertSeverity;
  audience: AlertAudience;
  messages: Record<Locale, string>;
  startsAt: string;
  endsAt: string;
}
type Errors = Partial<Record<'startsAt' | 'endsAt' | `messages.${Locale}`, string>>;

/** A datetime-local value ('2026-11-25T14:30') of an instant, in this device's time zone. */
function localValue(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The instant a datetime-local value names here, as ISO-8601 UTC; '' when it names none. */
function isoOf(value: string): string {
  const t = value ? new Date(value).getTime() : NaN;
  return Number.isNaN(t) ? '' : new Date(t).toISOString();
}

function emptyDraft(): Draft {
  const start = new Date();
  start.setSeconds(0, 0);
  return {
    severity: 'info',
    audience: 'everyone',
    messages: { 'pt-BR': '', 'en-US': '', 'es-ES': '' },
    startsAt: localValue(start),
    endsAt: localValue(new Date(start.getTime() + 2 * HOUR_MS)),
  };
}

function draftOf(a: AdminAlertDto): Draft {
  return {
    severity: a.severity,
    audience: a.audience,
    messages: { ...a.messages },
    startsAt: localValue(new Date(a.startsAt)),
    endsAt: localValue(new Date(a.endsAt)),
  };
}

/** /admin → Avisos: write, schedule, end and delete the site's alerts. */
export function AlertsTab() {
  const { t, i18n } = useTranslation('alerts');
  const locale = matchLocale(i18n.resolvedLanguage ?? i18n.language) ?? DEFAULT_LOCALE;
  const alerts = useAdminAlerts();
  const { end, remove } = useAlertActions();
  const toast = useToast();
  const { apiMessage } = useMessages();
  const [editing, setEditing] = useState<AdminAlertDto | 'new' | null>(null);
  const [confirm, setConfirm] = useState<{ kind: 'end' | 'delete'; alert: AdminAlertDto } | null>(null);
  const newButton = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const [closed, setClosed] = useState(0);
  useEffect(() => {
    if (closed) (opener.current?.isConnected ? opener.current : newButton.current)?.focus();
  }, [closed]);

  const open = (target: AdminAlertDto | 'new') => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setEditing(target);
  };
  const close = () => {
    setEditing(null);
    setClosed((n) => n + 1);
  };

  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });
  const number = new Intl.NumberFormat(locale);

  const act = () => {
    if (!confirm) return;
    const { kind, alert } = confirm;
    const mutation = kind === 'end' ? end : remove;
    mutation.mutate(alert.id, {
      onSuccess: () => {
        toast({ variant: 'success', title: t(kind === 'end' ? 'admin.ended' : 'admin.deleted') });
        setConfirm(null);
      },
      onError: (e) => {
        toast({ variant: 'destructive', title: t('admin.actionFailed'), description: apiMessage(e) });
        setConfirm(null);
      },
    });
  };

  return (
    <div className="grid gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-2xl text-sm text-stone-600">{t('admin.lead')}</p>
        {editing === null ? (
          <Button ref={newButton} onClick={() => open('new')}>
            {t('admin.new')}
          </Button>
        ) : null}
      </div>

      {editing !== null ? (
        <AlertEditor
          key={editing === 'new' ? 'new' : editing.id}
          alert={editing === 'new' ? null : editing}
          onDone={close}
        />
      ) : null}

      {alerts.isPending ? (
        <Spinner />
      ) : alerts.error ? (
        <LoadFailed error={alerts.error} />
      ) : alerts.data.length === 0 ? (
        <EmptyList>{t('admin.empty')}</EmptyList>
      ) : (
        <ul className="grid gap-3" aria-label={t('admin.caption')}>
          {alerts.data.map((a) => {
            const message = a.messages[locale];
            return (
              <li key={a.id} className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm">
                <div className="flex flex-wrap items-center gap-2">
                  <Badge tone={STATE_TONES[a.state]}>{t(`admin.state.${a.state}`)}</Badge>
                  <Badge tone={SEVERITY_TONES[a.severity]}>{t(`admin.severities.${a.severity}`)}</Badge>
                  <Badge>{t(`admin.audiences.${a.audience}`)}</Badge>
                </div>
                <p className="mt-3 whitespace-pre-line break-words text-stone-900">{message}</p>
                <p className="mt-2 text-sm tabular-nums text-stone-600">
                  {t('admin.period', {
                    start: dateTime.format(new Date(a.startsAt)),
                    end: dateTime.format(new Date(a.endsAt)),
                  })}
                  {' · '}
                  {t('admin.dismissals', { count: a.dismissals, formatted: number.format(a.dismissals) })}
                </p>
                <div className="mt-3 flex flex-wrap gap-2">
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => open(a)}
                    aria-label={t('admin.editLabel', { message })}
                  >
                    {t('admin.edit')}
                  </Button>
                  {a.state === 'active' ? (
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => setConfirm({ kind: 'end', alert: a })}
                      aria-label={t('admin.endLabel', { message })}
                    >
                      {t('admin.end')}
                    </Button>
                  ) : null}
                  <Button
                    size="sm"
                    variant="ghost"
                    className="text-red-800"
                    onClick={() => setConfirm({ kind: 'delete', alert: a })}
                    aria-label={t('admin.deleteLabel', { message })}
                  >
                    {t('admin.delete')}
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}

      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(o) => (o ? undefined : setConfirm(null))}
        title={t(confirm?.kind === 'end' ? 'admin.confirmEndTitle' : 'admin.confirmDeleteTitle')}
        description={t(confirm?.kind === 'end' ? 'admin.confirmEndText' : 'admin.confirmDeleteText')}
        confirmLabel={t(confirm?.kind === 'end' ? 'admin.end' : 'admin.delete')}
        cancelLabel={t('admin.cancel')}
        destructive={confirm?.kind === 'delete'}
        busy={end.isPending || remove.isPending}
        onConfirm={act}
      />
    </div>
  );
}

function AlertEditor({ alert, onDone }: { alert: AdminAlertDto | null; onDone: () => void }) {
  const { t } = useTranslation(['alerts', 'validation', 'errors']);
  const { message, apiMessage } = useMessages();
  const toast = useToast();
  const { save } = useAlertActions();
  const [draft, setDraft] = useState<Draft>(() => (alert ? draftOf(alert) : emptyDraft()));
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  useEffect(() => {
    form.current?.scrollIntoView({ block: 'start' });
    form.current?.querySelector<HTMLInputElement>('input[type="radio"]:checked')?.focus({ preventScroll: true });
  }, []);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const setMessage = (l: Locale, v: string) => {
    setDraft((d) => ({ ...d, messages: { ...d.messages, [l]: v } }));
    setErrors((e) => ({ ...e, [`messages.${l}`]: undefined }));
  };

  const focusFirstError = () =>
    requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const input = {
      severity: draft.severity,
      audience: draft.audience,
      messages: draft.messages,
      startsAt: isoOf(draft.startsAt),
      endsAt: isoOf(draft.endsAt),
    };
    const checked = alertInputSchema.safeParse(input);
    if (!checked.success) {
      const found: Errors = {};
      for (const issue of checked.error.issues) {
        const key = issue.path.join('.') as keyof Errors;
        found[key] ??= issue.message;
      }
      setErrors(found);
      focusFirstError();
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync({ id: alert?.id ?? null, input });
      toast({ variant: 'success', title: t('admin.saved') });
      onDone();
    } catch (err) {
      const fields = err instanceof ApiError ? (err.fields as Errors) : {};
      if (Object.keys(fields).length) {
        setErrors(fields);
        focusFirstError();
      }
      setFormError(apiMessage(err));
      if (!Object.keys(fields).length) requestAnimationFrame(() => alertRef.current?.focus());
    }
  };

  const preview = draft.messages['pt-BR'].trim();
  return (
    <Card className="p-5 sm:p-6">
      <form ref={form} noValidate onSubmit={onSubmit} aria-labelledby={titleId} className="grid scroll-mt-24 gap-5">
        <h3 id={titleId} className="font-serif text-xl font-semibold text-stone-900">
          {t(alert ? 'admin.editTitle' : 'admin.newTitle')}
        </h3>
        <div className="grid gap-5 sm:grid-cols-2">
          <Choice
            legend={t('admin.severity')}
            hint={t('admin.severityHint')}
            name="severity"
            options={ALERT_SEVERITIES.map((s) => ({ value: s, label: t(`admin.severities.${s}`) }))}
            value={draft.severity}
            onChange={(v) => set('severity', v)}
          />
          <Choice
            legend={t('admin.audience')}
            name="audience"
            options={ALERT_AUDIENCES.map((a) => ({ value: a, label: t(`admin.audiences.${a}`) }))}
            value={draft.audience}
            onChange={(v) => set('audience', v)}
          />
        </div>
        <fieldset className="grid gap-4">
          <legend className="mb-1 text-sm font-medium text-stone-800">{t('admin.messages')}</legend>
          {SUPPORTED_LOCALES.map((l) => (
            <Field
              key={l}
              label={t(`admin.messageIn.${l}`)}
              required
              hint={t('admin.messageHint', {
                max: ALERT_MESSAGE_MAX,
                left: Math.max(0, ALERT_MESSAGE_MAX - draft.messages[l].trim().length),
              })}
              error={message(errors[`messages.${l}`])}
            >
              {(a) => (
                <Textarea
                  {...a}
                  lang={l}
                  rows={2}
                  maxLength={ALERT_MESSAGE_MAX + 20}
                  value={draft.messages[l]}
                  onChange={(e) => setMessage(l, e.target.value)}
                />
              )}
            </Field>
          ))}
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={t('admin.startsAt')}
            required
            hint={t('admin.timeZoneHint', { zone })}
            error={message(errors.startsAt)}
          >
            {(a) => (
              <Input
                {...a}
                type="datetime-local"
                value={draft.startsAt}
                onChange={(e) => {
                  set('startsAt', e.target.value);
                  setErrors((x) => ({ ...x, startsAt: undefined }));
                }}
              />
            )}
          </Field>
          <Field
            label={t('admin.endsAt')}
            required
            hint={t('admin.timeZoneHint', { zone })}
            error={message(errors.endsAt)}
          >
            {(a) => (
              <Input
                {...a}
                type="datetime-local"
                value={draft.endsAt}
                onChange={(e) => {
                  set('endsAt', e.target.value);
                  setErrors((x) => ({ ...x, endsAt: undefined }));
                }}
              />
            )}
          </Field>
        </div>
        <div>
          <p className="mb-2 text-sm font-medium text-stone-800">{t('admin.preview')}</p>
          {preview ? (
            <div className="overflow-hidden rounded-xl border border-stone-200">
              <AlertBar severity={draft.severity} message={preview} />
            </div>
          ) : (
            <p className="rounded-xl border border-dashed border-stone-300 p-3 text-sm text-stone-500">
              {t('admin.previewEmpty')}
            </p>
          )}
        </div>
        {formError ? (
          <Alert ref={alertRef} tabIndex={-1} variant="error" title={t('admin.saveFailed')}>
            {formError}
          </Alert>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={onDone} disabled={save.isPending}>
            {t('admin.cancel')}
          </Button>
          <Button type="submit" busy={save.isPending} busyLabel={t('admin.saving')}>
            {t('admin.save')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function Choice<V extends string>({
  legend,
  hint,
  name,
  options,
  value,
  onChange,
}: {
  legend: string;
  hint?: string;
  name: string;
  options: { value: V; label: string }[];
  value: V;
  onChange: (v: V) => void;
}) {
  const id = useId();
  return (
    <fieldset className="grid gap-2" aria-describedby={hint ? `${id}-hint` : undefined}>
      <legend className="mb-1 text-sm font-medium text-stone-800">{legend}</legend>
      {options.map((o) => (
        <label
          key={o.value}
          className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-stone-200 px-3 py-2 text-sm text-stone-800 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
        >
          <input
            type="radio"
            name={`${id}-${name}`}
            value={o.value}
            checked={value === o.value}
            onChange={() => onChange(o.value)}
            className="h-4 w-4 accent-brand-700"
          />
          {o.label}
        </label>
      ))}
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-stone-500">
          {hint}
        </p>
      ) : null}
    </fieldset>
  );
}
