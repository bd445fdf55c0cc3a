import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '@candeia/shared/routes';
import { MessageAction } from '../../../components/message-action.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useMessages } from '../../../lib/forms.ts';
import type { AuthorDto, MemberDto } from '@candeia/shared/schemas/community';
import { useFollows, type FollowListName } from '../api/get-follows.ts';
import { useMember, useMemberPosts } from '../api/get-member.ts';
import { useRelations } from '../api/get-relations.ts';
import { useSetBlock } from '../api/set-block.ts';
import { useSetFollow } from '../api/set-follow.ts';
import { useSetMute } from '../api/set-mute.ts';
import { AccessError } from './access-error.tsx';
import { BlockDialog } from './block-dialog.tsx';
import { PostList } from './post-list.tsx';

/**
 * /u/:handle: a member's posts, their followers and whom they follow, and follow / unfollow,
 * mute / unmute, block / unblock. A member the reader blocked shows only that, and the way back;
 * one's own page lists whom one muted and blocked.
 */
export default function MemberPage() {
  const { t, i18n } = useTranslation('community');
  const { handle = '' } = useParams();
  const member = useMember(handle);
  const posts = useMemberPosts(handle, member.isSuccess && !member.data.blocked);
  const follow = useSetFollow();
  const toast = useToast();
  const { apiMessage } = useMessages();
  const [list, setList] = useState<FollowListName | null>(null);
  const locale = i18n.resolvedLanguage ?? i18n.language;
  useDocumentTitle(member.data?.name ?? t('title'));

  const notFound = member.error instanceof ApiError && [400, 404].includes(member.error.status);
  const m = member.data;
  return (
    <div className="mx-auto max-w-2xl px-4 pb-16 pt-6 sm:px-6 sm:pt-8">
      <Link to={paths.community()} className="text-sm font-semibold text-brand-800 underline underline-offset-4">
        {t('post.back')}
      </Link>
      {member.isPending ? <Spinner label={t('common.loading')} /> : null}
      {notFound ? (
        <p role="alert" className="mt-4 rounded-2xl border border-stone-200 bg-white p-5 text-stone-800">
          {t('member.notFound')}
        </p>
      ) : member.isError ? (
        <div className="mt-4">
          <AccessError error={member.error} onRetry={() => void member.refetch()} />
        </div>
      ) : null}
      {m ? (
        <>
          <header className="mt-4 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0">
                <h1 className="font-serif text-3xl font-semibold tracking-tight text-stone-900">{m.name}</h1>
                <p className="text-stone-600">@{m.handle}</p>
                <p className="mt-1 text-sm text-stone-600">
                  {t('member.joined', {
                    date: new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' }).format(
                      new Date(m.joinedAt),
                    ),
                  })}
                </p>
              </div>
              {!m.me && !m.blocked ? (
                <div className="flex flex-wrap gap-2">
                  <MessageAction handle={m.handle} name={m.name} version={m.followed ? 1 : 0} />
                  <Button
                    variant={m.followed ? 'outline' : 'primary'}
                    aria-pressed={m.followed}
                    busy={follow.isPending}
                    onClick={() =>
                      follow.mutate(
                        { handle: m.handle, on: !m.followed },
                        {
                          onError: (err) =>
                            toast({ variant: 'destructive', title: t('errors.action'), description: apiMessage(err) }),
                        },
                      )
                    }
                  >
                    {m.followed ? t('member.unfollow') : t('member.follow')}
                  </Button>
                </div>
              ) : null}
            </div>
            {!m.me ? <RelationControls member={m} /> : null}
            {!m.blocked ? (
              <dl className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-sm">
                <div>
                  <dt className="sr-only">{t('member.postsLabel')}</dt>
                  <dd>{t('member.posts', { count: m.posts })}</dd>
                </div>
                {(['followers', 'following'] as const).map((which) => (
                  <div key={which}>
                    <dt className="sr-only">{t(`member.${which}Label`)}</dt>
                    <dd>
                      <button
                        type="button"
                        aria-expanded={list === which}
                        onClick={() => setList(list === which ? null : which)}
                        className="font-semibold text-brand-800 underline-offset-4 hover:underline"
                      >
                        {t(`member.${which}`, { count: m[which] })}
                      </button>
                    </dd>
                  </div>
                ))}
              </dl>
            ) : null}
            {list && !m.blocked ? <FollowList handle={m.handle} which={list} /> : null}
          </header>
          {m.me ? <Relations /> : null}
          {!m.blocked ? (
            <>
              <h2 className="mt-8 text-lg font-semibold text-stone-900">{t('member.postsTitle')}</h2>
              <div className="mt-3">
                <PostList
                  query={posts}
                  empty={
                    <p className="rounded-2xl border border-dashed border-stone-300 p-6 text-center text-stone-700">
                      {m.me ? t('member.noPostsMine') : t('member.noPosts')}
                    </p>
                  }
                />
              </div>
            </>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

function FollowList({ handle, which }: { handle: string; which: FollowListName }) {
  const { t } = useTranslation('community');
  const follows = useFollows(handle, which);
  const items = follows.data?.items ?? [];
  return (
    <div className="mt-3 rounded-xl bg-stone-50 p-3">
      <h2 className="text-sm font-semibold text-stone-800">
        {which === 'followers' ? t('member.followersLabel') : t('member.followingLabel')}
      </h2>
      {follows.isPending ? (
        <p className="mt-1 text-sm text-stone-600">{t('common.loading')}</p>
      ) : items.length === 0 ? (
        <p className="mt-1 text-sm text-stone-600">{t('member.nobody')}</p>
      ) : (
        <ul className="mt-1 space-y-1 text-sm">
          {items.map((p) => (
            <li key={p.handle}>
              <Link to={paths.member(p.handle)} className="text-brand-800 underline-offset-2 hover:underline">
                {p.name}
              </Link>{' '}
              <span className="text-stone-600">@{p.handle}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Mute and block on someone else's page: the state from the server, a notice while on, and the way back. */
function RelationControls({ member: m }: { member: MemberDto }) {
  const { t } = useTranslation('community');
  const { apiMessage } = useMessages();
  const toast = useToast();
  const mute = useSetMute();
  const block = useSetBlock();
  const [confirmBlock, setConfirmBlock] = useState(false);
  const fail = (err: unknown) =>
    toast({ variant: 'destructive', title: t('errors.action'), description: apiMessage(err) });
  return (
    <>
      {m.blocked || m.muted ? (
        <p role="status" className="mt-4 rounded-xl bg-stone-100 px-3 py-2 text-sm text-stone-800">
          {m.blocked ? t('relation.blockedNotice', { name: m.name }) : t('relation.mutedNotice', { name: m.name })}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        {m.blocked ? (
          <Button
            size="sm"
            variant="outline"
            busy={block.isPending}
            onClick={() =>
              block.mutate(
                { handle: m.handle, on: false },
                {
                  onSuccess: () => toast({ variant: 'success', title: t('relation.unblocked', { name: m.name }) }),
                  onError: fail,
                },
              )
            }
          >
            {t('relation.unblock')}
          </Button>
        ) : (
          <>
            <Button
              size="sm"
              variant="outline"
              busy={mute.isPending}
              onClick={() =>
                mute.mutate(
                  { handle: m.handle, on: !m.muted },
                  {
                    onSuccess: () =>
                      toast(
                        m.muted
                          ? { variant: 'success', title: t('relation.unmuted', { name: m.name }) }
                          : {
                              variant: 'success',
                              title: t('relation.muted', { name: m.name }),
                              description: t('relation.mutedText'),
                            },
                      ),
                    onError: fail,
                  },
                )
              }
            >
              {m.muted ? t('relation.unmute') : t('relation.mute')}
            </Button>
            <Button size="sm" variant="outline" className="text-red-800" onClick={() => setConfirmBlock(true)}>
              {t('relation.block')}
            </Button>
          </>
        )}
      </div>
      <BlockDialog member={m} open={confirmBlock} onOpenChange={setConfirmBlock} />
    </>
  );
}

/** On one's own page: the members one muted and blocked, each with the way back. */
function Relations() {
  const { t } = useTranslation('community');
  const relations = useRelations(true);
  const { apiMessage } = useMessages();
  const toast = useToast();
  const mute = useSetMute();
  const block = useSetBlock();
  const data = relations.data;
  if (!data || (data.muted.length === 0 && data.blocked.length === 0)) return null;
  const fail = (err: unknown) =>
    toast({ variant: 'destructive', title: t('errors.action'), description: apiMessage(err) });
  const group = (which: 'muted' | 'blocked', people: AuthorDto[]) =>
    people.length === 0 ? null : (
      <div>
        <h3 className="text-sm font-semibold text-stone-800">
          {which === 'muted' ? t('relation.mutedList') : t('relation.blockedList')}
        </h3>
        <ul className="mt-1 divide-y divide-stone-100">
          {people.map((p) => (
            <li key={p.handle} className="flex flex-wrap items-center justify-between gap-2 py-1.5 text-sm">
              <span className="min-w-0">
                <Link to={paths.member(p.handle)} className="text-brand-800 underline-offset-2 hover:underline">
                  {p.name}
                </Link>{' '}
                <span className="text-stone-600">@{p.handle}</span>
              </span>
              <Button
                size="sm"
                variant="ghost"
                onClick={() =>
                  (which === 'muted' ? mute : block).mutate(
                    { handle: p.handle, on: false },
                    {
                      onSuccess: () =>
                        toast({
                          variant: 'success',
                          title: t(which === 'muted' ? 'relation.unmuted' : 'relation.unblocked', { name: p.name }),
                        }),
                      onError: fail,
                    },
                  )
                }
              >
                {which === 'muted' ? t('relation.unmute') : t('relation.unblock')}
                <span className="sr-only"> {p.name}</span>
              </Button>
            </li>
          ))}
        </ul>
      </div>
    );
  return (
    <section
      aria-labelledby="relations-title"
      className="mt-4 grid gap-3 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm"
    >
      <h2 id="relations-title" className="text-lg font-semibold text-stone-900">
        {t('relation.listTitle')}
      </h2>
      {group('muted', data.muted)}
      {group('blocked', data.blocked)}
    </section>
  );
}
