import * as Menu from '@radix-ui/react-dropdown-menu';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PostMedia } from './post-media.tsx';
import { Link } from 'react-router';
import { POST_MAX, TESTIMONY_MAX, type PostDto } from '@candeia/shared/schemas/community';
import { paths } from '@candeia/shared/routes';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useMessages } from '../../../lib/forms.ts';
import { useAnswerPrayer } from '../api/answer-prayer.ts';
import { useDeletePost } from '../api/delete-post.ts';
import { usePrayers } from '../api/get-prayers.ts';
import { useSetPrayer } from '../api/set-prayer.ts';
import { useSetReaction } from '../api/set-reaction.ts';
import { useUpdatePost } from '../api/update-post.ts';
import { useSetMute } from '../api/set-mute.ts';
import { useWithdrawReport } from '../api/withdraw-report.ts';
import { BlockDialog } from './block-dialog.tsx';
import { Comments } from './comments.tsx';
import { ReportDialog } from './report-dialog.tsx';
import { SensitiveCover } from './sensitive-cover.tsx';
import { TextEditor } from './text-editor.tsx';
import { timeAgo } from '../../../lib/time-ago.ts';

const menuItem =
  'flex min-h-11 cursor-pointer select-none items-center rounded-lg px-3 text-sm font-semibold text-stone-800 outline-none data-[highlighted]:bg-stone-100';

/** The link of a post's own page, for sharing. */
export const postUrl = (id: string) => `${location.origin}${paths.communityPost(id)}`;

/**
 * One post: its author, text, prayer state, the reader's "Amém" and "Orei por você", comments,
 * share; its author may edit, delete, and mark a prayer answered; others may report it, mute or
 * block its author. A post held for review or hidden by the moderation reaches only its author,
 * marked so, without the rest; a sensitive one is shown behind a cover. `signedIn` false: read only.
 */
export function PostCard({
  post,
  signedIn = true,
  commentsOpen = false,
}: {
  post: PostDto;
  signedIn?: boolean;
  commentsOpen?: boolean;
}) {
  const { t, i18n } = useTranslation('community');
  const { apiMessage } = useMessages();
  const toast = useToast();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const react = useSetReaction();
  const pray = useSetPrayer();
  const [showComments, setShowComments] = useState(commentsOpen);
  const [editing, setEditing] = useState(false);
  const [answering, setAnswering] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [showPrayers, setShowPrayers] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [confirmBlock, setConfirmBlock] = useState(false);
  const remove = useDeletePost();
  const mute = useSetMute();
  const withdraw = useWithdrawReport();
  const published = post.status === 'published';
  const headingId = useId();

  const fail = (err: unknown) =>
    toast({ variant: 'destructive', title: t('errors.action'), description: apiMessage(err) });

  const share = async () => {
    const url = postUrl(post.id);
    try {
      if (navigator.share) {
        await navigator.share({ title: t('share.title', { name: post.author.name }), url });
        return;
      }
    } catch (err) {
      if ((err as Error).name === 'AbortError') return;
    }
    try {
      await navigator.clipboard.writeText(url);
      toast({ variant: 'success', title: t('share.copied') });
    } catch {
      toast({ variant: 'destructive', title: t('share.failed'), description: url });
    }
  };

  return (
    <article aria-labelledby={headingId} className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5">
      <header className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="truncate text-base font-semibold text-stone-900">
            {signedIn ? (
              <Link to={paths.member(post.author.handle)} className="hover:underline">
                {post.author.name}
              </Link>
            ) : (
              post.author.name
            )}
          </h2>
          <p className="text-sm text-stone-600">
            <span>@{post.author.handle}</span> ·{' '}
            <time dateTime={post.createdAt} title={new Date(post.createdAt).toLocaleString(locale)}>
              {timeAgo(post.createdAt, locale)}
            </time>
            {post.editedAt ? <span> · {t('post.edited')}</span> : null}
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-1">
          {post.status === 'held' ? <Badge tone="warning">{t('moderation.held')}</Badge> : null}
          {post.status === 'hidden' ? <Badge tone="danger">{t('moderation.hidden')}</Badge> : null}
          {post.isPrayer && published ? (
            <Badge tone={post.answeredAt ? 'success' : 'brand'}>
              {post.answeredAt ? t('prayer.answered') : t('prayer.badge')}
            </Badge>
          ) : null}
          {(post.mine && !editing) || (signedIn && !post.mine) ? (
            <Menu.Root>
              <Menu.Trigger
                aria-label={t('post.more')}
                className="inline-flex h-11 w-11 items-center justify-center rounded-lg text-stone-700 hover:bg-stone-100"
              >
                <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor">
                  <circle cx="5" cy="12" r="1.8" />
                  <circle cx="12" cy="12" r="1.8" />
                  <circle cx="19" cy="12" r="1.8" />
                </svg>
              </Menu.Trigger>
              <Menu.Portal>
                <Menu.Content
                  align="end"
                  sideOffset={4}
                  className="z-50 min-w-48 rounded-xl border border-stone-200 bg-white p-1 shadow-lg"
                >
                  {post.mine ? (
                    <>
                      {post.isPrayer && !post.answeredAt && post.status !== 'hidden' ? (
                        <Menu.Item className={menuItem} onSelect={() => setAnswering(true)}>
                          {t('prayer.markAnswered')}
                        </Menu.Item>
                      ) : null}
                      {post.status !== 'hidden' ? (
                        <Menu.Item className={menuItem} onSelect={() => setEditing(true)}>
                          {t('post.edit')}
                        </Menu.Item>
                      ) : null}
                      <Menu.Item className={`${menuItem} text-red-800`} onSelect={() => setConfirmDelete(true)}>
                        {t('post.delete')}
                      </Menu.Item>
                    </>
                  ) : (
                    <>
                      {post.reportId ? (
                        <Menu.Item
                          className={menuItem}
                          onSelect={() =>
                            withdraw.mutate(
                              { id: post.reportId!, postId: post.id },
                              {
                                onSuccess: () => toast({ variant: 'success', title: t('report.withdrawn') }),
                                onError: fail,
                              },
                            )
                          }
                        >
                          {t('report.withdraw')}
                        </Menu.Item>
                      ) : (
                        <Menu.Item className={menuItem} onSelect={() => setReporting(true)}>
                          {t('report.action')}
                        </Menu.Item>
                      )}
                      <Menu.Item
                        className={menuItem}
                        onSelect={() =>
                          mute.mutate(
                            { handle: post.author.handle, on: true },
                            {
                              onSuccess: () =>
                                toast({
                                  variant: 'success',
                                  title: t('relation.muted', { name: post.author.name }),
                                  description: t('relation.mutedText'),
                                }),
                              onError: fail,
                            },
                          )
                        }
                      >
                        {t('relation.muteName', { name: post.author.name })}
                      </Menu.Item>
                      <Menu.Item className={`${menuItem} text-red-800`} onSelect={() => setConfirmBlock(true)}>
                        {t('relation.blockName', { name: post.author.name })}
                      </Menu.Item>
                    </>
                  )}
                </Menu.Content>
              </Menu.Portal>
            </Menu.Root>
          ) : null}
        </div>
      </header>

      {post.status === 'held' || post.status === 'hidden' ? (
        <p
          className={`mt-3 rounded-xl px-3 py-2 text-sm ${post.status === 'held' ? 'bg-amber-50 text-amber-950' : 'bg-red-50 text-red-900'}`}
        >
          {post.status === 'held' ? t('moderation.heldText') : t('moderation.hiddenText')}
        </p>
      ) : null}

      {editing ? (
        <EditPost post={post} onDone={() => setEditing(false)} />
      ) : (
        <SensitiveCover sensitive={post.sensitive}>
          {post.body ? <p className="mt-3 whitespace-pre-wrap break-words text-stone-900">{post.body}</p> : null}
          <PostMedia postId={post.id} media={post.media} author={post.author.name} mine={post.mine} />
          {post.answeredAt && post.testimony ? (
            <div className="mt-3 rounded-xl bg-emerald-50 p-3 text-stone-900">
              <p className="text-sm font-semibold text-emerald-900">{t('prayer.testimony')}</p>
              <p className="mt-1 whitespace-pre-wrap break-words">{post.testimony}</p>
            </div>
          ) : null}
        </SensitiveCover>
      )}

      {answering ? <AnswerPrayer post={post} onDone={() => setAnswering(false)} /> : null}

      {post.reportId ? <p className="mt-3 text-sm text-stone-600">{t('report.reported')}</p> : null}

      {published ? (
        <div className="mt-4 flex flex-wrap items-center gap-2 border-t border-stone-100 pt-3">
          {signedIn ? (
            <Button
              size="sm"
              variant={post.reacted ? 'secondary' : 'ghost'}
              aria-pressed={post.reacted}
              disabled={react.isPending}
              onClick={() => react.mutate({ id: post.id, on: !post.reacted }, { onError: fail })}
            >
              {t('post.amen')} <span className="tabular-nums">{post.reactionCount}</span>
            </Button>
          ) : (
            <span className="px-3 text-sm text-stone-700">{t('post.amenCount', { count: post.reactionCount })}</span>
          )}
          {post.isPrayer && signedIn && !post.mine ? (
            <Button
              size="sm"
              variant={post.prayed ? 'secondary' : 'ghost'}
              aria-pressed={post.prayed}
              disabled={pray.isPending}
              onClick={() => pray.mutate({ id: post.id, on: !post.prayed }, { onError: fail })}
            >
              {t('prayer.prayed')} <span className="tabular-nums">{post.prayerCount}</span>
            </Button>
          ) : null}
          {post.isPrayer && (post.mine || !signedIn) ? (
            post.mine ? (
              <Button size="sm" variant="ghost" aria-expanded={showPrayers} onClick={() => setShowPrayers((v) => !v)}>
                {t('prayer.count', { count: post.prayerCount })}
              </Button>
            ) : (
              <span className="px-3 text-sm text-stone-700">{t('prayer.count', { count: post.prayerCount })}</span>
            )
          ) : null}
          <Button size="sm" variant="ghost" aria-expanded={showComments} onClick={() => setShowComments((v) => !v)}>
            {t('post.comments', { count: post.commentCount })}
          </Button>
          <Button size="sm" variant="ghost" onClick={share}>
            {t('post.share')}
          </Button>
        </div>
      ) : null}

      {showPrayers && post.mine && published ? <PrayerList postId={post.id} /> : null}
      {showComments && published ? <Comments post={post} signedIn={signedIn} /> : null}

      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={t('post.deleteTitle')}
        description={t('post.deleteText')}
        confirmLabel={t('post.delete')}
        cancelLabel={t('common.cancel')}
        destructive
        busy={remove.isPending}
        onConfirm={() =>
          remove.mutate(post.id, {
            onSuccess: () => {
              setConfirmDelete(false);
              toast({ variant: 'success', title: t('post.deleted') });
            },
            onError: (err) => {
              setConfirmDelete(false);
              fail(err);
            },
          })
        }
      />
      {signedIn && !post.mine ? (
        <>
          <ReportDialog target={{ kind: 'post', id: post.id }} open={reporting} onOpenChange={setReporting} />
          <BlockDialog member={post.author} open={confirmBlock} onOpenChange={setConfirmBlock} />
        </>
      ) : null}
    </article>
  );
}

function EditPost({ post, onDone }: { post: PostDto; onDone: () => void }) {
  const { t } = useTranslation('community');
  const update = useUpdatePost();
  return (
    <TextEditor
      className="mt-3"
      initial={post.body}
      label={t('post.editLabel')}
      labelHidden
      maxLength={POST_MAX}
      rows={4}
      required={t('validation:post.empty')}
      onSave={async (body) => {
        await update.mutateAsync({ id: post.id, body });
        onDone();
      }}
      onCancel={onDone}
    />
  );
}

function AnswerPrayer({ post, onDone }: { post: PostDto; onDone: () => void }) {
  const { t } = useTranslation('community');
  const toast = useToast();
  const answer = useAnswerPrayer();
  return (
    <TextEditor
      className="mt-3 rounded-xl bg-stone-50 p-3"
      label={t('prayer.testimonyLabel')}
      placeholder={t('prayer.testimonyPlaceholder')}
      maxLength={TESTIMONY_MAX}
      saveLabel={t('prayer.markAnswered')}
      onSave={async (testimony) => {
        await answer.mutateAsync({ id: post.id, testimony });
        toast({ variant: 'success', title: t('prayer.answeredToast') });
        onDone();
      }}
      onCancel={onDone}
    />
  );
}

function PrayerList({ postId }: { postId: string }) {
  const { t } = useTranslation('community');
  const prayers = usePrayers(postId);
  if (prayers.isPending) return <p className="mt-3 text-sm text-stone-600">{t('common.loading')}</p>;
  const items = prayers.data?.items ?? [];
  return (
    <div className="mt-3 rounded-xl bg-stone-50 p-3">
      <p className="text-sm font-semibold text-stone-800">{t('prayer.whoPrayed')}</p>
      {items.length === 0 ? (
        <p className="mt-1 text-sm text-stone-600">{t('prayer.nobodyYet')}</p>
      ) : (
        <ul className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-sm">
          {items.map((p) => (
            <li key={p.author.handle}>
              <Link to={paths.member(p.author.handle)} className="text-brand-800 underline-offset-2 hover:underline">
                {p.author.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
