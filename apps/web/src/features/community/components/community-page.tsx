import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { paths } from '@candeia/shared/routes';
import { Button } from '../../../components/ui/button.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useFeed, type FeedName } from '../api/get-feed.ts';
import { useMe } from '../api/get-me.ts';
import { useNewCount } from '../api/get-new-count.ts';
import { communityKeys } from '../api/keys.ts';
import { AccessError } from './access-error.tsx';
import { Composer } from './composer.tsx';
import { startFromShare } from './shared-start.ts';
import type { ShareClaimDto } from '@candeia/shared/schemas/media';
import { PostList } from './post-list.tsx';

/**
 * /community: the composer, then two feeds. Seguindo (the people one follows, and one's own
 * posts) opens first; while it is empty, Descobrir (everyone's recent posts) opens instead.
 */
export default function CommunityPage() {
  const { t } = useTranslation('community');
  useDocumentTitle(t('title'));
  const [params, setParams] = useSearchParams();
  // A share claimed on /share (decision 021) opens the composer with it, once: the state is
  // dropped from the history entry so that a reload starts empty.
  const location = useLocation();
  const navigate = useNavigate();
  const [start] = useState(() => {
    const shared = (location.state as { shared?: ShareClaimDto } | null)?.shared;
    return shared ? startFromShare(shared, t) : null;
  });
  useEffect(() => {
    if (location.state) void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [location, navigate]);
  const chosen = params.get('feed');
  const feed: FeedName = chosen === 'discover' || chosen === 'following' ? chosen : 'following';
  const me = useMe();
  const following = useFeed('following');
  const setFeed = (f: FeedName) => setParams(f === 'following' ? {} : { feed: f }, { replace: true });

  // Nobody followed and nothing written yet: Descobrir instead of an empty page (once, unless chosen).
  const switched = useRef(false);
  const followingEmpty = following.isSuccess && following.data.pages[0]?.items.length === 0;
  useEffect(() => {
    if (!chosen && followingEmpty && !switched.current) {
      switched.current = true;
      setParams({ feed: 'discover' }, { replace: true });
    }
  }, [chosen, followingEmpty, setParams]);

  if (me.isError)
    return (
      <Shell>
        <AccessError error={me.error} onRetry={() => void me.refetch()} />
      </Shell>
    );

  return (
    <Shell>
      <Composer initial={start} />
      <Tabs
        className="mt-6"
        label={t('feed.label')}
        value={feed}
        onValueChange={(v) => setFeed(v as FeedName)}
        items={[
          { id: 'following', label: t('feed.following'), content: <Feed feed="following" /> },
          { id: 'discover', label: t('feed.discover'), content: <Feed feed="discover" /> },
        ]}
      />
    </Shell>
  );
}

function Shell({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation('community');
  const me = useMe();
  return (
    <div className="mx-auto max-w-2xl px-4 pb-16 pt-6 sm:px-6 sm:pt-8">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h1 className="font-serif text-3xl font-semibold tracking-tight text-stone-900 sm:text-4xl">{t('title')}</h1>
          <p className="mt-1 text-stone-600">{t('lead')}</p>
        </div>
        {me.data ? (
          <Link
            to={paths.member(me.data.handle)}
            className="text-sm font-semibold text-brand-800 underline underline-offset-4"
          >
            {t('member.myPage')}
          </Link>
        ) : null}
      </div>
      <div className="mt-6">{children}</div>
    </div>
  );
}

function Feed({ feed }: { feed: FeedName }) {
  const { t } = useTranslation('community');
  const qc = useQueryClient();
  const query = useFeed(feed);
  const newest = query.data?.pages[0]?.items[0]?.id;
  const fresh = useNewCount(feed, newest);
  const count = fresh.data?.count ?? 0;
  const showNew = async () => {
    await qc.resetQueries({ queryKey: communityKeys.feed(feed) });
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };
  return (
    <div className="mt-4">
      {count > 0 ? (
        <div className="sticky top-16 z-10 mb-3 flex justify-center">
          <Button size="sm" className="rounded-full shadow-md" onClick={showNew}>
            {t('feed.newPosts', { count })}
          </Button>
        </div>
      ) : null}
      {query.isError && !query.data ? <AccessError error={query.error} onRetry={() => void query.refetch()} /> : null}
      <PostList
        query={query}
        empty={
          <div className="rounded-2xl border border-dashed border-stone-300 p-6 text-center text-stone-700">
            {feed === 'following' ? t('feed.emptyFollowing') : t('feed.emptyDiscover')}
          </div>
        }
      />
    </div>
  );
}
