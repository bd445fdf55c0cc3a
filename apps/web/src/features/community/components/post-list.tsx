import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { FeedPageDto } from '@candeia/shared/schemas/community';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { PostCard } from './post-card.tsx';

/**
 * Posts of an infinite query: the next page loads as the end comes into view (and with a
 * button, for keyboards and when the observer is not there).
 */
export function PostList({
  query,
  empty,
}: {
  query: UseInfiniteQueryResult<InfiniteData<FeedPageDto>>;
  empty: ReactNode;
}) {
  const { t } = useTranslation('community');
  const end = useRef<HTMLDivElement | null>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  useEffect(() => {
    const el = end.current;
    if (!el || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (query.isPending)
    return (
      <div className="flex justify-center py-10">
        <Spinner label={t('common.loading')} />
      </div>
    );
  if (query.isError && !query.data) return null;
  const posts = query.data?.pages.flatMap((p) => p.items) ?? [];
  if (posts.length === 0) return <>{empty}</>;
  return (
    <div className="space-y-4">
      {posts.map((p) => (
        <PostCard key={p.id} post={p} />
      ))}
      <div ref={end} className="flex justify-center py-4">
        {hasNextPage ? (
          <Button variant="outline" onClick={() => void fetchNextPage()} busy={isFetchingNextPage}>
            {t('feed.more')}
          </Button>
        ) : (
          <p className="text-sm text-stone-600">{t('feed.end')}</p>
        )}
      </div>
    </div>
  );
}
