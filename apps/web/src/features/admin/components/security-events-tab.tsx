import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SecurityEventRow } from '@candeia/shared/schemas/admin';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api.ts';
import { accountOf, useSessionUser } from '../../../lib/queries/session.ts';
import { useClearSecurityEvents } from '../api/clear-security-events.ts';
import { useSecurityEvents } from '../api/get-security-events.ts';
import { dayBoundary, formatDateTime, SECURITY_EVENT_TYPES } from '../lib/format.ts';
import { DataTable } from './data-table.tsx';
import { PagedResults } from './paged-results.tsx';
import { Icon } from '../../../components/ui/icon.tsx';

const PAGE_SIZE = 20;

interface Filters {
  type: string;
  email: string;
  from: string;
  to: string;
}
const EMPTY: Filters = { type: '', email: '', from: '', to: '' };

export function SecurityEventsTab() {
  const { t, i18n } = useTranslation('admin');
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [applied, setApplied] = useState<Filters>(EMPTY);
  const [page, setPage] = useState(1);
  const [clearOpen, setClearOpen] = useState(false);

  const events = useSecurityEvents({
    type: applied.type || undefined,
    email: applied.email.trim() || undefined,
    from: dayBoundary(applied.from, false),
    to: dayBoundary(applied.to, true),
    page,
    pageSize: PAGE_SIZE,
  });

  const apply = (e: FormEvent) => {
    e.preventDefault();
    setApplied(draft);
    setPage(1);
  };
  const resetFilters = () => {
    setDraft(EMPTY);
    setApplied(EMPTY);
    setPage(1);
  };
  const set = (k: keyof Filters) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [k]: e.target.value }));

  const data = events.data;
  const typeLabel = (type: string) => t(`eventTypes.${type}`, { defaultValue: type });

  return (
    <div className="grid gap-5">
      <form
        onSubmit={apply}
        className="grid gap-4 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5"
        aria-label={t('security.filters')}
      >
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Field label={t('security.type')}>
            {(a) => (
              <Select {...a} value={draft.type} onChange={set('type')}>
                <option value="">{t('security.allTypes')}</option>
                {SECURITY_EVENT_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {typeLabel(type)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label={t('security.email')}>
            {(a) => (
              <Input
                {...a}
                type="search"
                inputMode="email"
                autoCapitalize="none"
                value={draft.email}
                onChange={set('email')}
              />
            )}
          </Field>
          <Field label={t('security.from')}>
            {(a) => <Input {...a} type="date" value={draft.from} max={draft.to || undefined} onChange={set('from')} />}
          </Field>
          <Field label={t('security.to')}>
            {(a) => <Input {...a} type="date" value={draft.to} min={draft.from || undefined} onChange={set('to')} />}
          </Field>
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={resetFilters}>
            {t('security.resetFilters')}
          </Button>
          <Button type="submit">{t('security.apply')}</Button>
        </div>
      </form>

      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-stone-600" aria-live="polite">
          {data ? t('security.count', { count: data.total }) : null}
        </p>
        <Button
          variant="outline"
          className="border-red-300 text-red-800 hover:bg-red-50"
          onClick={() => setClearOpen(true)}
        >
          <Icon className="h-4 w-4">
            <path d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
          </Icon>
          {t('security.clear')}
        </Button>
      </div>

      <PagedResults query={events} emptyText={t('security.empty')} onPageChange={setPage}>
        {(rows) => (
          <>
            <EventsTable rows={rows} locale={locale} typeLabel={typeLabel} />
            <EventsCards rows={rows} locale={locale} typeLabel={typeLabel} />
          </>
        )}
      </PagedResults>

      <ClearDialog open={clearOpen} onOpenChange={setClearOpen} suggestedEmail={applied.email.trim()} />
    </div>
  );
}

function Outcome({ success }: { success: boolean }) {
  const { t } = useTranslation('admin');
  return <Badge tone={success ? 'success' : 'danger'}>{success ? t('security.success') : t('security.failure')}</Badge>;
}

interface RowsProps {
  rows: SecurityEventRow[];
  locale: string;
  typeLabel: (type: string) => string;
}

const DETAIL_CODES = new Set([
  'wrong_password',
  'unknown_user',
  'identifier',
  'ip',
  'idle',
  'absolute',
  'throttled',
  'invalid_token',
  'wrong_current_password',
  'consecutive_failures',
]);

/** The server writes short codes into `details`; known ones are shown in the reader's language. */
function useDetailText() {
  const { t } = useTranslation('admin');
  return (details: string | null): string => {
    if (!details) return '—';
    if (DETAIL_CODES.has(details)) return t(`security.detailCodes.${details}`);
    const all = /^cleared_all:(\d+)$/.exec(details);
    if (all) return t('security.detailCodes.cleared_all', { count: Number(all[1]) });
    const one = /^cleared_email:(\d+):(.+)$/.exec(details);
    if (one) return t('security.detailCodes.cleared_email', { count: Number(one[1]), email: one[2] });
    return details;
  };
}

function EventsTable({ rows, locale, typeLabel }: RowsProps) {
  const { t } = useTranslation('admin');
  const detailText = useDetailText();
  return (
    <DataTable
      caption={t('security.caption')}
      columns={[
        t('security.time'),
        t('security.type'),
        t('security.result'),
        t('security.email'),
        t('security.ip'),
        t('security.userAgent'),
        t('security.details'),
      ]}
    >
      {rows.map((r) => (
        <tr key={r.id} className="align-top hover:bg-stone-50">
          <td className="whitespace-nowrap px-3 py-3 tabular-nums text-stone-700">
            <time dateTime={r.createdAt}>{formatDateTime(r.createdAt, locale)}</time>
          </td>
          <td className="px-3 py-3 font-medium text-stone-900">{typeLabel(r.type)}</td>
          <td className="px-3 py-3">
            <Outcome success={r.success} />
          </td>
          <td className="break-words px-3 py-3 text-stone-700">{r.email ?? '—'}</td>
          <td className="whitespace-nowrap px-3 py-3 font-mono text-xs text-stone-700">{r.ip}</td>
          <td className="w-56 max-w-56 px-3 py-3 text-xs text-stone-600">
            <span className="line-clamp-2 break-all" title={r.userAgent ?? undefined}>
              {r.userAgent ?? '—'}
            </span>
          </td>
          <td className="max-w-48 break-words px-3 py-3 text-xs text-stone-600">{detailText(r.details)}</td>
        </tr>
      ))}
    </DataTable>
  );
}

function EventsCards({ rows, locale, typeLabel }: RowsProps) {
  const { t } = useTranslation('admin');
  const detailText = useDetailText();
  const dt = 'text-xs font-semibold uppercase tracking-wide text-stone-500';
  return (
    <ul className="grid gap-3 md:hidden" aria-label={t('security.caption')}>
      {rows.map((r) => (
        <li key={r.id} className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm">
          <div className="flex items-start justify-between gap-3">
            <p className="font-semibold text-stone-900">{typeLabel(r.type)}</p>
            <Outcome success={r.success} />
          </div>
          <p className="mt-0.5 text-sm tabular-nums text-stone-600">
            <time dateTime={r.createdAt}>{formatDateTime(r.createdAt, locale)}</time>
          </p>
          <dl className="mt-3 grid gap-2 text-sm">
            <div>
              <dt className={dt}>{t('security.email')}</dt>
              <dd className="break-all text-stone-800">{r.email ?? '—'}</dd>
            </div>
            <div>
              <dt className={dt}>{t('security.ip')}</dt>
              <dd className="font-mono text-xs text-stone-800">{r.ip}</dd>
            </div>
            <div>
              <dt className={dt}>{t('security.userAgent')}</dt>
              <dd className="break-all text-xs text-stone-600">{r.userAgent ?? '—'}</dd>
            </div>
            {r.details ? (
              <div>
                <dt className={dt}>{t('security.details')}</dt>
                <dd className="break-words text-xs text-stone-600">{detailText(r.details)}</dd>
              </div>
            ) : null}
          </dl>
        </li>
      ))}
    </ul>
  );
}

function ClearDialog({
  open,
  onOpenChange,
  suggestedEmail,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  suggestedEmail: string;
}) {
  const { t } = useTranslation('admin');
  const toast = useToast();
  const { user } = useSessionUser();
  const clear = useClearSecurityEvents();
  const [onlyEmail, setOnlyEmail] = useState(false);
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);

  // Opened from outside: start from the e-mail filter in use, if any.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setOnlyEmail(!!suggestedEmail);
      setEmail(suggestedEmail);
      setEmailError(undefined);
      setError(null);
    }
  }

  const confirm = async () => {
    setError(null);
    const target = email.trim();
    if (onlyEmail && !target) {
      setEmailError(t('validation:email.required'));
      return;
    }
    try {
      const res = await clear.mutateAsync({
        adminUserId: accountOf(user)?.id,
        ...(onlyEmail ? { email: target } : {}),
      });
      onOpenChange(false);
      toast({ variant: 'success', title: t('security.cleared', { count: res.removed }) });
    } catch (e) {
      setError(e instanceof ApiError ? e.message || t(`errors:${e.code}`) : t('errors:UNEXPECTED_ERROR'));
    }
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('security.clearTitle')}
      description={onlyEmail ? t('security.clearEmailDescription') : t('security.clearAllDescription')}
      confirmLabel={t('security.clearConfirm')}
      cancelLabel={t('cancel')}
      onConfirm={() => void confirm()}
      busy={clear.isPending}
      destructive
    >
      <Checkbox label={t('security.onlyEmail')} checked={onlyEmail} onChange={(e) => setOnlyEmail(e.target.checked)} />
      {onlyEmail ? (
        <Field label={t('security.email')} required error={emailError}>
          {(a) => (
            <Input
              {...a}
              type="email"
              inputMode="email"
              autoCapitalize="none"
              value={email}
              onChange={(e) => {
                setEmail(e.target.value);
                setEmailError(undefined);
              }}
            />
          )}
        </Field>
      ) : null}
      {error ? (
        <Alert variant="error" title={t('security.clearFailed')}>
          {error}
        </Alert>
      ) : null}
    </ConfirmDialog>
  );
}
