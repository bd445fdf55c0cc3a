import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { makeCounsellorSchema, type AdminCounsellorDto } from '@candeia/shared/schemas/consultation';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { EmailInput } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useMessages } from '../../../lib/forms.ts';
import { useAdminCounsellors } from '../api/get-admin-counsellors.ts';
import { useMakeCounsellor } from '../api/make-counsellor.ts';
import { useRemoveCounsellor } from '../api/remove-counsellor.ts';
import { formatDay } from '../lib/format.ts';
import { DataTable } from './data-table.tsx';

/** Conselheiros: the members who give consultations; make one by e-mail, or undo it. */
export function CounsellorsTab() {
  const { t, i18n } = useTranslation('admin');
  const { apiMessage } = useMessages();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const list = useAdminCounsellors();
  const [removing, setRemoving] = useState<AdminCounsellorDto | null>(null);
  const remove = useRemoveCounsellor();
  const toast = useToast();
  const [removeError, setRemoveError] = useState<string | null>(null);

  const confirmRemove = async () => {
    if (!removing) return;
    setRemoveError(null);
    try {
      await remove.mutateAsync(removing.userId);
      toast({ variant: 'success', title: t('counsellors.removed', { email: removing.email }) });
      setRemoving(null);
    } catch (err) {
      setRemoveError(apiMessage(err));
    }
  };

  const rows = list.data?.counsellors ?? [];
  const listed = (c: AdminCounsellorDto) =>
    c.listed ? (
      <Badge tone="success">{t('counsellors.listed')}</Badge>
    ) : (
      <Badge tone="warning">{t('counsellors.unlisted')}</Badge>
    );
  const undo = (c: AdminCounsellorDto) => (
    <Button
      variant="outline"
      size="sm"
      onClick={() => setRemoving(c)}
      aria-label={t('counsellors.removeLabel', { email: c.email })}
    >
      {t('counsellors.remove')}
    </Button>
  );

  return (
    <div className="grid gap-5">
      <p className="text-stone-600">{t('counsellors.lead')}</p>
      <MakeCounsellorForm />
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <Alert variant="error" title={t('counsellors.loadFailed')}>
          {apiMessage(list.error)}
          <div className="mt-3">
            <Button size="sm" variant="outline" onClick={() => void list.refetch()}>
              {t('counsellors.retry')}
            </Button>
          </div>
        </Alert>
      ) : rows.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-stone-300 p-5 text-stone-700">{t('counsellors.empty')}</p>
      ) : (
        <>
          <DataTable
            caption={t('counsellors.caption')}
            columns={['name', 'email', 'displayName', 'listing', 'since', 'actions'].map((c) => t(`counsellors.${c}`))}
          >
            {rows.map((c) => (
              <tr key={c.userId} className="hover:bg-stone-50">
                <td className="px-3 py-3 font-medium text-stone-900">{c.name || '—'}</td>
                <td className="px-3 py-3 text-stone-700">
                  <span className="break-all">{c.email}</span>
                </td>
                <td className="px-3 py-3 text-stone-700">{c.displayName || '—'}</td>
                <td className="px-3 py-3">{listed(c)}</td>
                <td className="px-3 py-3 text-stone-700">{formatDay(c.since, locale)}</td>
                <td className="px-3 py-3">{undo(c)}</td>
              </tr>
            ))}
          </DataTable>
          <ul className="grid gap-3 md:hidden" aria-label={t('counsellors.caption')}>
            {rows.map((c) => (
              <li key={c.userId}>
                <Card className="p-4">
                  <div className="flex items-start justify-between gap-2">
                    <div className="min-w-0">
                      <p className="font-semibold text-stone-900">{c.displayName || c.name}</p>
                      <p className="break-all text-sm text-stone-600">{c.email}</p>
                      <p className="text-sm text-stone-600">
                        {t('counsellors.sinceOn', { date: formatDay(c.since, locale) })}
                      </p>
                    </div>
                    {listed(c)}
                  </div>
                  <div className="mt-3">{undo(c)}</div>
                </Card>
              </li>
            ))}
          </ul>
        </>
      )}
      <ConfirmDialog
        open={!!removing}
        onOpenChange={(o) => {
          if (!o) {
            setRemoving(null);
            setRemoveError(null);
          }
        }}
        title={t('counsellors.removeTitle')}
        description={removing ? t('counsellors.removeText', { email: removing.email }) : undefined}
        confirmLabel={t('counsellors.removeConfirm')}
        cancelLabel={t('counsellors.keep')}
        destructive
        busy={remove.isPending}
        onConfirm={() => void confirmRemove()}
      >
        {removeError ? (
          <Alert variant="error" title={t('counsellors.removeFailed')}>
            {removeError}
          </Alert>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}

function MakeCounsellorForm() {
  const { t } = useTranslation('admin');
  const { message, apiMessage } = useMessages();
  const toast = useToast();
  const make = useMakeCounsellor();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const parsed = makeCounsellorSchema.safeParse({ email });
    if (!parsed.success) {
      setError(message(parsed.error.issues[0]?.message));
      input.current?.focus();
      return;
    }
    setError(undefined);
    try {
      const made = await make.mutateAsync(parsed.data);
      setEmail('');
      toast({ variant: 'success', title: t('counsellors.made', { email: made.email }) });
    } catch (err) {
      if (err instanceof ApiError && err.fields.email) setError(err.fields.email);
      else setFormError(apiMessage(err));
    }
  };

  return (
    <Card className="p-4 sm:p-5">
      <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-3">
        <h2 className="font-serif text-lg font-semibold text-stone-900">{t('counsellors.add')}</h2>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <Field label={t('counsellors.emailLabel')} error={error} className="sm:w-96">
            {(a) => (
              <EmailInput
                {...a}
                ref={input}
                value={email}
                onChange={(e) => {
                  setEmail(e.target.value);
                  if (error) setError(undefined);
                }}
              />
            )}
          </Field>
          <Button type="submit" className="sm:mt-7" busy={make.isPending} busyLabel={t('counsellors.adding')}>
            {t('counsellors.addButton')}
          </Button>
        </div>
        {formError ? (
          <Alert variant="error" title={t('counsellors.addFailed')}>
            {formError}
          </Alert>
        ) : null}
      </form>
    </Card>
  );
}
