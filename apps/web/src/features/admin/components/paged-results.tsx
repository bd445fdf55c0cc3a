import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Page } from '@candeia/shared/schemas/admin';
import { Alert } from '../../../components/ui/alert.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api.ts';

/**
 * One page of an admin list: a spinner while loading, the failure, the empty text, or the
 * rows with the pager below. The previous page stays visible, dimmed, while the next loads.
 */
export function PagedResults<T>({
  query,
  emptyText,
  onPageChange,
  children,
}: {
  query: UseQueryResult<Page<T>>;
  emptyText: string;
  onPageChange: (page: number) => void;
  children: (items: T[]) => ReactNode;
}) {
  const { t } = useTranslation('admin');
  const data = query.data;
  if (query.isPending) return <Spinner />;
  if (query.error) return <LoadFailed error={query.error} />;
  if (!data) return null;
  if (data.items.length === 0) {
    return <EmptyList>{emptyText}</EmptyList>;
  }
  const pageCount = Math.max(1, Math.ceil(data.total / data.pageSize));
  return (
    <div aria-busy={query.isFetching} className={query.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}>
      {children(data.items)}
      <Pagination
        page={data.page}
        pageCount={pageCount}
        onPageChange={onPageChange}
        disabled={query.isFetching}
        label={t('pagination.label')}
        previousLabel={t('pagination.previous')}
        nextLabel={t('pagination.next')}
        summary={t('pagination.summary', { page: data.page, pages: pageCount, count: data.total })}
      />
    </div>
  );
}

/** An admin list that could not be loaded: the server's message, or the general one. */
export function LoadFailed({ error }: { error: unknown }) {
  const { t } = useTranslation('admin');
  return (
    <Alert variant="error" title={t('loadFailed')}>
      {error instanceof ApiError && error.message ? error.message : t('errors:UNEXPECTED_ERROR')}
    </Alert>
  );
}

/** What an empty admin list says instead of its table. */
export function EmptyList({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-2xl border border-dashed border-stone-300 bg-white p-8 text-center text-stone-600">
      {children}
    </p>
  );
}
