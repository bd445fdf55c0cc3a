import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@candeia/shared/routes';
import { moderatePostSchema, type ModerationItemDto, type PostAction } from '@candeia/shared/schemas/moderation';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { ReasonField } from './reason-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useMessages } from '../../../lib/forms.ts';
import { useModerationQueue } from '../api/get-moderation-queue.ts';
import { useLiftSuspension } from '../api/lift-suspension.ts';
import { useModerateComment } from '../api/moderate-comment.ts';
import { useModeratePost } from '../api/moderate-post.ts';
import { formatDateTime } from '../lib/format.ts';
import { SuspendDialog } from './suspend-dialog.tsx';
import { EmptyList, LoadFailed } from './paged-results.tsx';

/** What can be done to an item in the state it is in (the server refuses the rest). */
export function actionsFor(item: ModerationItemDto): PostAction[] {
  const out: PostAction[] = [];
  if (item.kind === 'post' && item.status === 'held') out.push('approve');
  if (item.status === 'published') out.push('hide');
  if (item.status === 'published' && !item.sensitive) out.push('sensitive');
  if (item.reportCount > 0) out.push('dismiss');
  out.push('remove');
  return out;
}

const BODY_EXCERPT = 600;
const excerpt = (s: string) => (s.length > BODY_EXCERPT ? `${s.slice(0, BODY_EXCERPT).trimEnd()}…` : s);

/**
 * The queue: held posts, then reported posts and comments (each with its reports grouped: how
 * many, which reasons, the notes), oldest first. Each action asks first, with an optional
 * reason for the log; the author can be suspended from here.
 */
export function ModerationQueue() {
  const { t } = useTranslation('admin');
  const queue = useModerationQueue();
  // The dialog stays mounted after it closes, so focus goes back to the button that opened it.
  const [acting, setActing] = useState<{ item: ModerationItemDto; action: PostAction; n: number } | null>(null);
  const [open, setOpen] = useState(false);

  if (queue.isPending) return <Spinner />;
  if (queue.error) return <LoadFailed error={queue.error} />;
  const items = queue.data.items;
  const held = items.filter((i) => i.status === 'held');
  const reported = items.filter((i) => i.status !== 'held');

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-2xl text-sm text-stone-600">{t('moderation.queue.lead')}</p>
        <Button size="sm" variant="outline" busy={queue.isFetching} onClick={() => void queue.refetch()}>
          {t('moderation.queue.refresh')}
        </Button>
      </div>
      {items.length === 0 ? <EmptyList>{t('moderation.queue.empty')}</EmptyList> : null}
      {[
        ['held', held],
        ['reported', reported],
      ].map(([group, list]) =>
        (list as ModerationItemDto[]).length === 0 ? null : (
          <section key={group as string} aria-labelledby={`moderation-${group as string}`} className="grid gap-3">
            <h3 id={`moderation-${group as string}`} className="text-lg font-semibold text-stone-900">
              {group === 'held' ? t('moderation.queue.heldGroup') : t('moderation.queue.reportedGroup')}{' '}
              <span className="text-base font-normal text-stone-600">({(list as ModerationItemDto[]).length})</span>
            </h3>
            <ul className="grid gap-3">
              {(list as ModerationItemDto[]).map((item) => (
                <QueueItem
                  key={`${item.kind}-${item.id}`}
                  item={item}
                  onAction={(action) => {
                    setActing((a) => ({ item, action, n: (a?.n ?? 0) + 1 }));
                    setOpen(true);
                  }}
                />
              ))}
            </ul>
          </section>
        ),
      )}
      {acting ? (
        <ModerateDialog
          key={acting.n}
          item={acting.item}
          action={acting.action}
          open={open}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </div>
  );
}

function QueueItem({ item, onAction }: { item: ModerationItemDto; onAction: (action: PostAction) => void }) {
  const { t, i18n } = useTranslation('admin');
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const toast = useToast();
  const { apiMessage } = useMessages();
  const lift = useLiftSuspension();
  const [suspending, setSuspending] = useState(false);
  const [confirmLift, setConfirmLift] = useState(false);
  const headingId = `moderation-item-${item.kind}-${item.id}`;
  const dt = 'text-xs font-semibold uppercase tracking-wide text-stone-500';
  return (
    <li aria-labelledby={headingId} className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="brand">{t(`moderation.kinds.${item.kind}`)}</Badge>
        {item.status !== 'published' ? (
          <Badge tone={item.status === 'held' ? 'warning' : 'danger'}>{t(`moderation.statuses.${item.status}`)}</Badge>
        ) : null}
        {item.isPrayer ? <Badge tone="info">{t('moderation.queue.prayer')}</Badge> : null}
        {item.sensitive ? <Badge tone="neutral">{t('moderation.queue.sensitive')}</Badge> : null}
        {item.reportCount > 0 ? (
          <Badge tone="danger">{t('moderation.queue.reports', { count: item.reportCount })}</Badge>
        ) : null}
      </div>
      <h4 id={headingId} className="mt-3 font-semibold text-stone-900">
        {item.author.name} <span className="font-normal text-stone-600">@{item.author.handle}</span>
        {item.author.suspended ? (
          <>
            {' '}
            <Badge tone="warning">
              {item.author.suspendedUntil
                ? t('moderation.queue.suspendedUntil', { date: formatDateTime(item.author.suspendedUntil, locale) })
                : t('moderation.queue.suspended')}
            </Badge>
          </>
        ) : null}
      </h4>
      <p className="text-sm text-stone-600">
        <time dateTime={item.createdAt}>
          {t('moderation.queue.writtenAt', { date: formatDateTime(item.createdAt, locale) })}
        </time>
        {item.status === 'published' ? (
          <>
            {' · '}
            <Link
              to={paths.communityPost(item.postId)}
              className="font-semibold text-brand-800 underline underline-offset-2"
            >
              {t('moderation.queue.openPost')}
            </Link>
          </>
        ) : null}
      </p>
      <blockquote className="mt-3 whitespace-pre-wrap break-words rounded-xl bg-stone-50 p-3 text-stone-900">
        {excerpt(item.body) || '—'}
      </blockquote>
      <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-2">
        {item.reasons.length > 0 ? (
          <div>
            <dt className={dt}>{t('moderation.queue.reasons')}</dt>
            <dd className="mt-1 flex flex-wrap gap-1">
              {item.reasons.map((r) => (
                <Badge key={r.reason} tone="neutral">
                  {t(`moderation.reasons.${r.reason}`)} · <span className="tabular-nums">{r.count}</span>
                </Badge>
              ))}
            </dd>
          </div>
        ) : null}
        {item.heldReason ? (
          <div>
            <dt className={dt}>{t('moderation.queue.heldReason')}</dt>
            <dd className="mt-1 text-stone-800">{t(`moderation.queue.heldReasons.${item.heldReason}`)}</dd>
          </div>
        ) : null}
        {item.matchedWords.length > 0 ? (
          <div>
            <dt className={dt}>{t('moderation.queue.matchedWords')}</dt>
            <dd className="mt-1 flex flex-wrap gap-1">
              {item.matchedWords.map((w) => (
                <Badge key={w} tone="warning">
                  {w}
                </Badge>
              ))}
            </dd>
          </div>
        ) : null}
        {item.notes.length > 0 ? (
          <div className="sm:col-span-2">
            <dt className={dt}>{t('moderation.queue.notes')}</dt>
            <dd>
              <ul className="mt-1 grid gap-1">
                {item.notes.map((n, i) => (
                  <li
                    key={i}
                    className="whitespace-pre-wrap break-words border-l-2 border-stone-300 pl-2 text-stone-800"
                  >
                    {n}
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        ) : null}
      </dl>
      <div
        role="group"
        aria-label={t('moderation.queue.actions')}
        className="mt-4 flex flex-wrap gap-2 border-t border-stone-100 pt-3"
      >
        {actionsFor(item).map((action) => (
          <Button
            key={action}
            size="sm"
            variant={action === 'approve' ? 'primary' : action === 'remove' ? 'outline' : 'outline'}
            className={action === 'remove' ? 'text-red-800' : ''}
            onClick={() => onAction(action)}
          >
            {t(`moderation.actions.${action}`)}
          </Button>
        ))}
        {item.author.suspended ? (
          <Button size="sm" variant="ghost" onClick={() => setConfirmLift(true)}>
            {t('moderation.actions.unsuspend')}
          </Button>
        ) : (
          <Button size="sm" variant="ghost" className="text-red-800" onClick={() => setSuspending(true)}>
            {t('moderation.actions.suspend')}
          </Button>
        )}
      </div>
      <SuspendDialog member={item.author} open={suspending} onOpenChange={setSuspending} />
      <ConfirmDialog
        open={confirmLift}
        onOpenChange={setConfirmLift}
        title={t('moderation.suspend.liftTitle', { name: item.author.name })}
        description={t('moderation.suspend.liftText')}
        confirmLabel={t('moderation.actions.unsuspend')}
        cancelLabel={t('cancel')}
        busy={lift.isPending}
        onConfirm={() =>
          lift.mutate(item.author.handle, {
            onSuccess: () =>
              toast({ variant: 'success', title: t('moderation.suspend.lifted', { name: item.author.name }) }),
            onError: (err) =>
              toast({ variant: 'destructive', title: t('moderation.failed'), description: apiMessage(err) }),
            onSettled: () => setConfirmLift(false),
          })
        }
      />
    </li>
  );
}

/** Asks before an action, with an optional reason for the log; remove is marked destructive. */
function ModerateDialog({
  item,
  action,
  open,
  onClose,
}: {
  item: ModerationItemDto;
  action: PostAction;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const { message, apiMessage } = useMessages();
  const toast = useToast();
  const onPost = useModeratePost();
  const onComment = useModerateComment();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<{ field?: string; form?: string }>({});
  const busy = onPost.isPending || onComment.isPending;

  const confirm = async () => {
    const parsed = moderatePostSchema.safeParse({ action, reason });
    if (!parsed.success) return setError({ field: message(parsed.error.issues[0]?.message) });
    try {
      if (item.kind === 'post') await onPost.mutateAsync({ id: item.id, input: parsed.data });
      else if (action !== 'approve')
        await onComment.mutateAsync({ id: item.id, input: { action, reason: parsed.data.reason } });
      onClose();
      toast({ variant: 'success', title: t(`moderation.done.${action}`) });
    } catch (err) {
      if (err instanceof ApiError && (err.code === 'MODERATION_NOT_APPLICABLE' || err.code === 'NOT_FOUND')) {
        // Moved meanwhile: the queue is asked again; nothing here to keep.
        onClose();
        toast({ variant: 'destructive', title: t('moderation.failed'), description: apiMessage(err) });
        return;
      }
      const field = err instanceof ApiError ? err.fields.reason : undefined;
      setError(field ? { field } : { form: apiMessage(err) });
    }
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(o) => (o ? undefined : onClose())}
      title={t(`moderation.confirm.${action}.title`)}
      description={t(`moderation.confirm.${action}.text`)}
      confirmLabel={t(`moderation.actions.${action}`)}
      cancelLabel={t('cancel')}
      destructive={action === 'remove'}
      busy={busy}
      onConfirm={() => void confirm()}
    >
      <blockquote className="line-clamp-4 whitespace-pre-wrap break-words rounded-xl bg-stone-50 p-3 text-sm text-stone-800">
        {item.body}
      </blockquote>
      <ReasonField
        value={reason}
        onChange={(value) => {
          setReason(value);
          setError({});
        }}
        error={error.field}
      />
      {error.form ? (
        <Alert variant="error" title={t('moderation.failed')}>
          {error.form}
        </Alert>
      ) : null}
    </ConfirmDialog>
  );
}
