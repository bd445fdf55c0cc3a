import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '@candeia/shared/routes';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useMessages } from '../../../lib/forms.ts';
import { useFollows, type FollowListName } from '../api/get-follows.ts';
import { useMember, useMemberPosts } from '../api/get-member.ts';
import { useSetFollow } from '../api/set-follow.ts';
import { AccessError } from './access-error.tsx';
import { PostList } from './post-list.tsx';

/** /u/:handle: a member's posts, their followers and whom they follow, and follow / unfollow. */
export default function MemberPage() {
  const { t, i18n } = useTranslation('community');
  const { handle = '' } = useParams();
  const member = useMember(handle);
  const posts = useMemberPosts(handle);
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
              {!m.me ? (
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
              ) : null}
            </div>
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
            {list ? <FollowList handle={m.handle} which={list} /> : null}
          </header>
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
