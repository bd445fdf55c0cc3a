import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { HANDLE_PATTERN, type AuthorDto } from '@candeia/shared/schemas/community';
import type { SuspensionDto } from '@candeia/shared/schemas/moderation';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useMessages } from '../../../lib/forms.ts';
import { useSuspensions } from '../api/get-suspensions.ts';
import { useLiftSuspension } from '../api/lift-suspension.ts';
import { formatDateTime } from '../lib/format.ts';
import { DataTable } from './data-table.tsx';
import { SuspendDialog } from './suspend-dialog.tsx';
import { EmptyList, LoadFailed } from './paged-results.tsx';

/** Running suspensions, each with the way to lift it, and a member suspended by their handle. */
export function Suspensions() {
  const { t, i18n } = useTranslation('admin');
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const list = useSuspensions();
  const [lifting, setLifting] = useState<AuthorDto | null>(null);
  const [liftOpen, setLiftOpen] = useState(false);
  const ask = (m: AuthorDto) => {
    setLifting(m);
    setLiftOpen(true);
  };
  const until = (s: SuspensionDto) =>
    s.until ? (
      <time dateTime={s.until}>{formatDateTime(s.until, locale)}</time>
    ) : (
      t('moderation.suspensions.untilLifted')
    );

  return (
    <div className="grid gap-5">
      <p className="max-w-2xl text-sm text-stone-600">{t('moderation.suspensions.lead')}</p>
      <SuspendByHandle />
      {list.isPending ? (
        <Spinner />
      ) : list.error ? (
        <LoadFailed error={list.error} />
      ) : list.data.items.length === 0 ? (
        <EmptyList>{t('moderation.suspensions.empty')}</EmptyList>
      ) : (
        <>
          <DataTable
            caption={t('moderation.suspensions.caption')}
            columns={[
              t('moderation.suspensions.member'),
              t('moderation.suspensions.since'),
              t('moderation.suspensions.until'),
              t('moderation.suspensions.reason'),
              t('moderation.suspensions.actions'),
            ]}
          >
            {list.data.items.map((s) => (
              <tr key={s.member.handle} className="align-top hover:bg-stone-50">
                <td className="px-3 py-3">
                  <span className="block font-semibold text-stone-900">{s.member.name}</span>
                  <span className="block text-xs text-stone-600">@{s.member.handle}</span>
                </td>
                <td className="whitespace-nowrap px-3 py-3 tabular-nums text-stone-700">
                  <time dateTime={s.since}>{formatDateTime(s.since, locale)}</time>
                </td>
                <td className="whitespace-nowrap px-3 py-3 tabular-nums text-stone-700">{until(s)}</td>
                <td className="max-w-72 whitespace-pre-wrap break-words px-3 py-3 text-stone-700">{s.reason || '—'}</td>
                <td className="px-3 py-3">
                  <Button size="sm" variant="outline" onClick={() => ask(s.member)}>
                    {t('moderation.actions.unsuspend')}
                    <span className="sr-only"> {s.member.name}</span>
                  </Button>
                </td>
              </tr>
            ))}
          </DataTable>
          <ul className="grid gap-3 md:hidden" aria-label={t('moderation.suspensions.caption')}>
            {list.data.items.map((s) => (
              <li key={s.member.handle} className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm">
                <p className="font-semibold text-stone-900">
                  {s.member.name} <span className="font-normal text-stone-600">@{s.member.handle}</span>
                </p>
                <p className="mt-1 text-sm text-stone-700">
                  {t('moderation.suspensions.since')} <time dateTime={s.since}>{formatDateTime(s.since, locale)}</time>{' '}
                  · {t('moderation.suspensions.until')} {until(s)}
                </p>
                {s.reason ? (
                  <p className="mt-1 whitespace-pre-wrap break-words text-sm text-stone-700">{s.reason}</p>
                ) : null}
                <Button className="mt-3" size="sm" variant="outline" onClick={() => ask(s.member)}>
                  {t('moderation.actions.unsuspend')}
                  <span className="sr-only"> {s.member.name}</span>
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
      {lifting ? <LiftDialog member={lifting} open={liftOpen} onOpenChange={setLiftOpen} /> : null}
    </div>
  );
}

function LiftDialog({
  member,
  open,
  onOpenChange,
}: {
  member: AuthorDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('admin');
  const { apiMessage } = useMessages();
  const toast = useToast();
  const lift = useLiftSuspension();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('moderation.suspend.liftTitle', { name: member.name })}
      description={t('moderation.suspend.liftText')}
      confirmLabel={t('moderation.actions.unsuspend')}
      cancelLabel={t('cancel')}
      busy={lift.isPending}
      onConfirm={() =>
        lift.mutate(member.handle, {
          onSuccess: () => toast({ variant: 'success', title: t('moderation.suspend.lifted', { name: member.name }) }),
          onError: (err) =>
            toast({ variant: 'destructive', title: t('moderation.failed'), description: apiMessage(err) }),
          onSettled: () => onOpenChange(false),
        })
      }
    />
  );
}

/** A member's handle (as in /u/…), then the suspension dialog for them. */
function SuspendByHandle() {
  const { t } = useTranslation('admin');
  const [handle, setHandle] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [target, setTarget] = useState<AuthorDto | null>(null);
  const [open, setOpen] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const h = handle.trim().replace(/^@/, '').toLowerCase();
    if (!HANDLE_PATTERN.test(h)) return setError(t('moderation.suspensions.handleFormat'));
    setTarget({ handle: h, name: `@${h}` });
    setOpen(true);
  };
  return (
    <>
      <form
        onSubmit={submit}
        noValidate
        aria-labelledby="suspend-by-handle"
        className="grid gap-3 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5"
      >
        <h3 id="suspend-by-handle" className="font-semibold text-stone-900">
          {t('moderation.suspensions.newTitle')}
        </h3>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <Field
            className="flex-1"
            label={t('moderation.suspensions.handle')}
            hint={t('moderation.suspensions.handleHint')}
            error={error}
          >
            {(a) => (
              <Input
                {...a}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                value={handle}
                onChange={(e) => {
                  setHandle(e.target.value);
                  setError(undefined);
                }}
              />
            )}
          </Field>
          <Button type="submit" variant="outline" className="sm:mt-7">
            {t('moderation.suspensions.continue')}
          </Button>
        </div>
      </form>
      {target ? (
        <SuspendDialog
          key={target.handle}
          member={target}
          open={open}
          onOpenChange={setOpen}
          onDone={() => setHandle('')}
        />
      ) : null}
    </>
  );
}
