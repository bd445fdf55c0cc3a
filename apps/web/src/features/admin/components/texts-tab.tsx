import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContentAction, ContentRunDto, ContentTextDto } from '@candeia/shared/schemas/content-admin';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useMessages } from '../../../lib/forms.ts';
import { useTexts } from '../api/get-texts.ts';
import { useStartTextRun } from '../api/start-text-run.ts';
import { formatDateTime } from '../lib/format.ts';
import { formatCount } from '../lib/money.ts';
import { LoadFailed } from './paged-results.tsx';

const FILE_TONES: Record<ContentTextDto['files'], BadgeTone> = {
  installed: 'success',
  available: 'info',
  missing: 'warning',
  unknown: 'neutral',
};
const RUN_TONES: Record<ContentRunDto['status'], BadgeTone> = {
  queued: 'warning',
  running: 'info',
  done: 'success',
  failed: 'danger',
};

/**
 * The sacred texts the server knows (what `npm run content -- list` shows), with what the
 * database holds, and buttons to install or re-import one: a job does it and its progress shows
 * here as it goes (read every second while it runs).
 */
export function TextsTab() {
  const { t } = useTranslation('admin-ops');
  const texts = useTexts();
  const [asked, setAsked] = useState<{ text: ContentTextDto; action: ContentAction } | null>(null);
  const start = useStartTextRun();
  const { apiMessage } = useMessages();
  const toast = useToast();
  const [error, setError] = useState<{ textId: string; message: string } | null>(null);

  const confirm = async () => {
    if (!asked) return;
    try {
      await start.mutateAsync({ textId: asked.text.id, action: asked.action });
      toast({ variant: 'success', title: t(`texts.started.${asked.action}`, { title: asked.text.title }) });
      setError(null);
    } catch (err) {
      setError({ textId: asked.text.id, message: apiMessage(err) });
    }
    setAsked(null);
  };

  if (texts.isPending) return <Spinner />;
  if (texts.error) return <LoadFailed error={texts.error} />;
  const data = texts.data;

  return (
    <div className="grid gap-5">
      <p className="text-stone-600">{t('texts.lead')}</p>
      <p className="text-sm text-stone-600">
        {t('texts.where', { dir: data.contentDir })}{' '}
        {data.mirror ? t('texts.mirror', { mirror: data.mirror }) : t('texts.noMirror')}
      </p>
      <ul className="grid gap-3 md:grid-cols-2">
        {data.texts.map((text) => (
          <li key={text.id}>
            <TextCard
              text={text}
              error={error?.textId === text.id ? error.message : null}
              onAsk={(action) => setAsked({ text, action })}
            />
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={!!asked}
        onOpenChange={(o) => (o ? undefined : setAsked(null))}
        title={asked ? t(`texts.dialog.${asked.action}`, { title: asked.text.title }) : ''}
        description={asked ? t(`texts.effect.${asked.action}`, { title: asked.text.title }) : undefined}
        confirmLabel={asked ? t(`texts.${asked.action}`) : ''}
        cancelLabel={t('members.cancel')}
        busy={start.isPending}
        onConfirm={() => void confirm()}
      />
    </div>
  );
}

function TextCard({
  text,
  error,
  onAsk,
}: {
  text: ContentTextDto;
  error: string | null;
  onAsk: (action: ContentAction) => void;
}) {
  const { t, i18n } = useTranslation(['admin-ops', 'errors']);
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const run = text.lastRun;
  const busy = run?.status === 'queued' || run?.status === 'running';
  const count = (n: number) => formatCount(n, locale);

  return (
    <Card className="flex h-full flex-col gap-3 p-4">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold text-stone-900">{text.title}</h3>
          <p className="text-xs text-stone-500">
            {text.id}
            {text.language ? ` · ${text.language}` : ''}
            {text.licence ? ` · ${text.licence}` : ''}
          </p>
        </div>
        <Badge tone={FILE_TONES[text.files]}>{t(`texts.files.${text.files}`)}</Badge>
      </div>
      <p className="break-all text-xs text-stone-500">{text.where}</p>
      <p className="text-sm text-stone-700">
        {text.imported
          ? t('texts.imported', {
              books: count(text.imported.books),
              verses: count(text.imported.verses),
              date: formatDateTime(text.imported.importedAt, locale),
            })
          : t('texts.notImported')}
        {text.imported && !text.imported.current ? (
          <Badge tone="warning" className="ml-2">
            {t('texts.changed')}
          </Badge>
        ) : null}
      </p>
      {run ? <RunState run={run} /> : null}
      {error ? (
        <Alert variant="error" title={t('texts.failed')}>
          {error}
        </Alert>
      ) : null}
      <div className="mt-auto flex flex-wrap gap-2">
        {text.canInstall ? (
          <Button size="sm" disabled={busy} onClick={() => onAsk('install')}>
            {t('texts.install')}
          </Button>
        ) : null}
        {text.canReimport && text.imported ? (
          <Button size="sm" variant="outline" disabled={busy} onClick={() => onAsk('reimport')}>
            {t('texts.reimport')}
          </Button>
        ) : null}
      </div>
    </Card>
  );
}

/** Where the latest run stands: queued, its phase and progress, or how it ended (a failure translated). */
function RunState({ run }: { run: ContentRunDto }) {
  const { t, i18n } = useTranslation(['admin-ops', 'errors']);
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const count = (n: number) => formatCount(n, locale);
  const percent = run.total ? Math.round((run.done / run.total) * 100) : null;
  const label = t(`texts.action.${run.action}`);

  return (
    <div className="rounded-xl bg-stone-50 p-3 text-sm" aria-live="polite">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={RUN_TONES[run.status]}>{t(`texts.run.${run.status}`)}</Badge>
        <span className="text-stone-700">{label}</span>
        <time dateTime={run.updatedAt} className="text-xs tabular-nums text-stone-500">
          {formatDateTime(run.updatedAt, locale)}
        </time>
      </div>
      {run.status === 'running' ? (
        <div className="mt-2">
          <p className="text-stone-700">
            {t(`texts.phase.${run.phase ?? 'reading'}`)}
            {run.phase === 'importing' && run.total
              ? ` ${t('texts.progress', { done: count(run.done), total: count(run.total) })}`
              : ''}
          </p>
          <progress
            className="mt-1 h-2 w-full overflow-hidden rounded-full accent-brand-600"
            max={100}
            value={percent ?? undefined}
            aria-label={t('texts.progressLabel')}
          />
        </div>
      ) : null}
      {run.status === 'done' && run.outcome ? (
        <p className="mt-1 text-stone-700">
          {t(`texts.outcome.${run.outcome}`, { verses: count(run.total ?? run.done) })}
        </p>
      ) : null}
      {run.status === 'failed' ? (
        <div className="mt-1">
          <p className="text-red-800">{t(`errors:${run.errorCode ?? 'CONTENT_IMPORT_FAILED'}`)}</p>
          {run.errorDetail ? (
            <details className="mt-1 text-xs text-stone-600">
              <summary className="cursor-pointer">{t('texts.detail')}</summary>
              <p className="mt-1 break-words font-mono">{run.errorDetail}</p>
            </details>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
