import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnnotationBase, CatalogueDto, Paged } from '@candeia/shared/schemas/scripture';
import { paths, scriptureArea } from '@candeia/shared/routes';
import { Badge } from '../../../components/ui/badge.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Link } from 'react-router';
import { findText } from '../lib/texts.ts';
import { LoadError } from './load-error.tsx';

/** The filter by text of the favourites and notes lists. */
export function TextFilter({
  catalogue,
  value,
  onChange,
}: {
  catalogue: CatalogueDto | undefined;
  value: string;
  onChange: (textId: string) => void;
}) {
  const { t } = useTranslation('scripture');
  const id = useId();
  const books = catalogue?.books.filter((b) => b.texts.length) ?? [];
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-stone-800">
        {t('lists.text')}
      </label>
      <Select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{t('lists.allTexts')}</option>
        {books.map((b) => (
          <optgroup key={b.key} label={t(`catalogue.books.${b.key}.title`)}>
            {b.texts.map((x) => (
              <option key={x.id} value={x.id}>
                {`${x.title} (${x.abbreviation})`}
              </option>
            ))}
          </optgroup>
        ))}
      </Select>
    </div>
  );
}

/** The link back to the passage, the text's badge, and the verses' words. */
export function AnnotationHeader({ item, catalogue }: { item: AnnotationBase; catalogue: CatalogueDto | undefined }) {
  const text = findText(catalogue, item.textId);
  const to = paths.chapter(
    scriptureArea(text?.bookKey),
    item.textId,
    item.book,
    item.chapter,
    item.verseStart,
    item.verseEnd,
  );
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <Link
          to={to}
          className="font-serif text-lg font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-900"
        >
          {item.reference}
        </Link>
        <Badge tone="neutral">{text?.abbreviation ?? item.textId}</Badge>
      </div>
      <blockquote
        lang={text?.language}
        className="mt-2 border-l-4 border-brand-200 pl-3 font-serif leading-relaxed text-stone-800"
      >
        {item.excerpt}
      </blockquote>
    </>
  );
}

/** A page of favourites or notes: spinner, failure, empty text, or the items with a pager. */
export function AnnotationPage<T extends AnnotationBase>({
  query,
  empty,
  onPage,
  children,
}: {
  query: UseQueryResult<Paged<T>>;
  empty: ReactNode;
  onPage: (page: number) => void;
  children: (item: T) => ReactNode;
}) {
  const { t } = useTranslation('scripture');
  if (query.isPending) return <Spinner />;
  if (query.error) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  const data = query.data;
  if (!data.items.length)
    return (
      <p className="rounded-2xl border border-dashed border-stone-300 bg-white p-8 text-center text-stone-700">
        {empty}
      </p>
    );
  const pageCount = Math.max(1, Math.ceil(data.total / data.pageSize));
  return (
    <div aria-busy={query.isFetching} className={query.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}>
      <ul className="grid gap-3">
        {data.items.map((item) => (
          <li key={item.id} className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5">
            {children(item)}
          </li>
        ))}
      </ul>
      {pageCount > 1 ? (
        <Pagination
          page={data.page}
          pageCount={pageCount}
          onPageChange={onPage}
          disabled={query.isFetching}
          label={t('pagination.label')}
          previousLabel={t('pagination.previous')}
          nextLabel={t('pagination.next')}
          summary={t('pagination.summary', { page: data.page, pages: pageCount, count: data.total })}
        />
      ) : null}
    </div>
  );
}

export function formatDate(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(iso));
}
