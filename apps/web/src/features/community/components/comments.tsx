import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { COMMENT_MAX, commentSchema, type CommentDto, type PostDto } from '@candeia/shared/schemas/community';
import { paths } from '@candeia/shared/routes';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { FieldError } from '../../../components/ui/field.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useMessages } from '../../../lib/forms.ts';
import { useCreateComment } from '../api/create-comment.ts';
import { useDeleteComment } from '../api/delete-comment.ts';
import { useComments } from '../api/get-comments.ts';
import { useMe } from '../api/get-me.ts';
import { useUpdateComment } from '../api/update-comment.ts';
import { useWithdrawReport } from '../api/withdraw-report.ts';
import { ReportDialog } from './report-dialog.tsx';
import { SensitiveCover } from './sensitive-cover.tsx';
import { isSuspension, SuspendedNotice } from './suspended-notice.tsx';
import { TextEditor } from './text-editor.tsx';
import { timeAgo } from '../../../lib/time-ago.ts';

const fieldClass =
  'block w-full resize-y rounded-xl border border-stone-300 px-3 py-2 text-base text-stone-900 placeholder:text-stone-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30';

/**
 * A post's comments, oldest first, and the reader's new comment (signed out: a link to sign in;
 * suspended: why not). Others' comments can be reported; a hidden one shows its author a mark.
 */
export function Comments({ post, signedIn }: { post: PostDto; signedIn: boolean }) {
  const { t } = useTranslation('community');
  const comments = useComments(post.id);
  const location = useLocation();
  const items = comments.data?.items ?? [];
  return (
    <section aria-label={t('post.commentsLabel')} className="mt-3 space-y-3">
      {comments.isPending ? <p className="text-sm text-stone-600">{t('common.loading')}</p> : null}
      {comments.isError ? <p className="text-sm text-red-800">{t('errors.load')}</p> : null}
      {items.length > 0 ? (
        <ul className="space-y-2">
          {items.map((c) => (
            <CommentItem key={c.id} comment={c} post={post} signedIn={signedIn} />
          ))}
        </ul>
      ) : comments.isSuccess ? (
        <p className="text-sm text-stone-600">{t('comments.none')}</p>
      ) : null}
      {signedIn ? (
        <NewComment postId={post.id} />
      ) : (
        <p className="text-sm text-stone-700">
          <Link
            to={paths.login({ next: location.pathname })}
            className="font-semibold text-brand-800 underline underline-offset-4"
          >
            {t('comments.loginToComment')}
          </Link>
        </p>
      )}
    </section>
  );
}

function CommentItem({ comment, post, signedIn }: { comment: CommentDto; post: PostDto; signedIn: boolean }) {
  const { t, i18n } = useTranslation('community');
  const { apiMessage } = useMessages();
  const toast = useToast();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [reporting, setReporting] = useState(false);
  const update = useUpdateComment();
  const remove = useDeleteComment();
  const withdraw = useWithdrawReport();
  const hidden = comment.status === 'hidden';
  const fail = (err: unknown) =>
    toast({ variant: 'destructive', title: t('errors.action'), description: apiMessage(err) });
  return (
    <li className="rounded-xl bg-stone-50 px-3 py-2">
      <p className="text-sm">
        <Link to={paths.member(comment.author.handle)} className="font-semibold text-stone-900 hover:underline">
          {comment.author.name}
        </Link>{' '}
        <span className="text-stone-600">
          · <time dateTime={comment.createdAt}>{timeAgo(comment.createdAt, locale)}</time>
          {comment.editedAt ? ` · ${t('post.edited')}` : ''}
        </span>
        {hidden ? (
          <>
            {' '}
            <Badge tone="danger">{t('moderation.commentHidden')}</Badge>
          </>
        ) : null}
      </p>
      {hidden ? <p className="mt-1 text-sm text-red-900">{t('moderation.commentHiddenText')}</p> : null}
      {editing ? (
        <TextEditor
          className="mt-1"
          initial={comment.body}
          label={t('comments.editLabel')}
          labelHidden
          rows={2}
          maxLength={COMMENT_MAX}
          required={t('validation:comment.required')}
          onSave={async (body) => {
            await update.mutateAsync({ postId: post.id, id: comment.id, body });
            setEditing(false);
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <SensitiveCover sensitive={comment.sensitive} compact>
          <p className="mt-0.5 whitespace-pre-wrap break-words text-stone-900">{comment.body}</p>
        </SensitiveCover>
      )}
      {!editing && (comment.mine || post.mine || signedIn) ? (
        <div className="mt-1 flex flex-wrap gap-1">
          {signedIn && !comment.mine ? (
            comment.reportId ? (
              <Button
                size="sm"
                variant="ghost"
                busy={withdraw.isPending}
                onClick={() =>
                  withdraw.mutate(
                    { id: comment.reportId!, postId: post.id, commentId: comment.id },
                    { onSuccess: () => toast({ variant: 'success', title: t('report.withdrawn') }), onError: fail },
                  )
                }
              >
                {t('report.withdraw')}
              </Button>
            ) : (
              <Button
                size="sm"
                variant="ghost"
                aria-label={t('report.commentLabel', { name: comment.author.name })}
                onClick={() => setReporting(true)}
              >
                {t('report.action')}
              </Button>
            )
          ) : null}
          {comment.mine && !hidden ? (
            <Button size="sm" variant="ghost" onClick={() => setEditing(true)}>
              {t('post.edit')}
            </Button>
          ) : null}
          {comment.mine || post.mine ? (
            <Button size="sm" variant="ghost" className="text-red-800" onClick={() => setConfirming(true)}>
              {t('post.delete')}
            </Button>
          ) : null}
        </div>
      ) : null}
      {signedIn && !comment.mine ? (
        <ReportDialog
          target={{ kind: 'comment', postId: post.id, id: comment.id }}
          open={reporting}
          onOpenChange={setReporting}
        />
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('comments.deleteTitle')}
        confirmLabel={t('post.delete')}
        cancelLabel={t('common.cancel')}
        destructive
        busy={remove.isPending}
        onConfirm={() =>
          remove.mutate(
            { postId: post.id, id: comment.id },
            {
              onSettled: () => setConfirming(false),
              onError: fail,
            },
          )
        }
      />
    </li>
  );
}

function NewComment({ postId }: { postId: string }) {
  const { t } = useTranslation('community');
  const { message, apiMessage } = useMessages();
  const create = useCreateComment();
  const me = useMe();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  if (me.data?.suspended) return <SuspendedNotice me={me.data} variant="comment" />;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (create.isPending) return;
    const parsed = commentSchema.safeParse({ body });
    if (!parsed.success) return setError(message(parsed.error.issues[0]?.message) ?? null);
    try {
      await create.mutateAsync({ postId, body: parsed.data.body });
      setBody('');
      setError(null);
    } catch (err) {
      setError(apiMessage(err));
      if (isSuspension(err)) void me.refetch();
    }
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-start">
      <div className="flex-1">
        <label htmlFor={id} className="sr-only">
          {t('comments.label')}
        </label>
        <textarea
          id={id}
          rows={1}
          maxLength={COMMENT_MAX}
          value={body}
          placeholder={t('comments.placeholder')}
          onChange={(e) => {
            setBody(e.target.value);
            if (error) setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={fieldClass}
        />
        {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
      </div>
      <Button type="submit" size="md" variant="secondary" busy={create.isPending}>
        {t('comments.send')}
      </Button>
    </form>
  );
}
