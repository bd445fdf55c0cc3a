import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@candeia/shared/routes';
import type { AdminMessageReportDto, MessageReportAction } from '@candeia/shared/schemas/messages';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useMessages } from '../../../lib/forms.ts';
import { useMessageReports, useResolveMessageReport } from '../api/message-reports.ts';
import { formatDateTime } from '../lib/format.ts';
import { EmptyList, LoadFailed } from './paged-results.tsx';

/**
 * Reported messages (members' conversations): the message, who sent it, who reported it and
 * why, oldest first. Keep it (the reports close) or remove it (its text goes for both sides;
 * asked first).
 */
export function MessageReports() {
  const { t } = useTranslation('messages');
  const reports = useMessageReports();
  const [removing, setRemoving] = useState<AdminMessageReportDto | null>(null);
  const resolve = useResolveMessageReport();
  const toast = useToast();
  const { apiMessage } = useMessages();

  const act = (r: AdminMessageReportDto, action: MessageReportAction) =>
    resolve.mutate(
      { id: r.id, action },
      {
        onSuccess: () => {
          setRemoving(null);
          toast({ variant: 'success', title: action === 'remove' ? t('admin.removedDone') : t('admin.dismissed') });
        },
        onError: (err) => toast({ variant: 'destructive', title: t('admin.failed'), description: apiMessage(err) }),
      },
    );

  if (reports.isPending) return <Spinner label={t('admin.loading')} />;
  if (reports.error) return <LoadFailed error={reports.error} />;
  const items = reports.data.items;
  return (
    <div className="grid gap-4">
      <p className="max-w-2xl text-sm text-stone-600">{t('admin.lead')}</p>
      {items.length === 0 ? <EmptyList>{t('admin.empty')}</EmptyList> : null}
      <ul className="grid gap-3">
        {items.map((r) => (
          <Item
            key={r.id}
            r={r}
            busy={resolve.isPending}
            onKeep={() => act(r, 'dismiss')}
            onRemove={() => setRemoving(r)}
          />
        ))}
      </ul>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(o) => (o ? undefined : setRemoving(null))}
        title={t('admin.removeTitle')}
        description={t('admin.removeText')}
        confirmLabel={t('admin.remove')}
        cancelLabel={t('admin.cancel')}
        busy={resolve.isPending}
        destructive
        onConfirm={() => (removing ? act(removing, 'remove') : undefined)}
      />
    </div>
  );
}

function Item({
  r,
  busy,
  onKeep,
  onRemove,
}: {
  r: AdminMessageReportDto;
  busy: boolean;
  onKeep: () => void;
  onRemove: () => void;
}) {
  const { t, i18n } = useTranslation('messages');
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const headingId = `message-report-${r.id}`;
  return (
    <li aria-labelledby={headingId} className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="danger">{t(`report.reasons.${r.reason}`)}</Badge>
        <span className="text-sm text-stone-600">
          {t('admin.reportedBy', { name: r.reporter.name })} ·{' '}
          <time dateTime={r.createdAt}>{formatDateTime(r.createdAt, locale)}</time>
        </span>
      </div>
      <h4 id={headingId} className="mt-3 font-semibold text-stone-900">
        {t('admin.from', { name: r.sender.name })}
        {r.sender.handle ? (
          <>
            {' '}
            <Link
              to={paths.member(r.sender.handle)}
              className="font-normal text-brand-800 underline-offset-2 hover:underline"
            >
              @{r.sender.handle}
            </Link>
          </>
        ) : null}
      </h4>
      <p className="text-sm text-stone-600">
        {t('admin.sentAt', { date: formatDateTime(r.message.createdAt, locale) })}
      </p>
      <blockquote className="mt-3 whitespace-pre-wrap break-words rounded-xl bg-stone-50 p-3 text-stone-900">
        {r.message.body}
      </blockquote>
      {r.note ? <p className="mt-2 text-sm text-stone-700">{t('admin.note', { note: r.note })}</p> : null}
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        <Button variant="outline" size="sm" onClick={onKeep} disabled={busy} aria-describedby={headingId}>
          {t('admin.dismiss')}
        </Button>
        <Button variant="destructive" size="sm" onClick={onRemove} disabled={busy} aria-describedby={headingId}>
          {t('admin.remove')}
        </Button>
      </div>
    </li>
  );
}
