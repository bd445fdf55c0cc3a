import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BookDto } from '@candeia/shared/schemas/scripture';
import { paths, type ScriptureArea } from '@candeia/shared/routes';
import { chapterName } from '../lib/canon.ts';

/** Every chapter of a book as a link; named chapters (the surahs) as a list with their names. */
export function ChapterGrid({
  area,
  textId,
  bookKey,
  book,
  labelledBy,
}: {
  area: ScriptureArea;
  textId: string;
  bookKey: string;
  book: BookDto;
  labelledBy?: string;
}) {
  const { t } = useTranslation('scripture');
  const numbers = Array.from({ length: book.chapters }, (_, i) => i + 1);
  const named = chapterName(bookKey, book, 1) !== null;
  if (named) {
    return (
      <ol aria-labelledby={labelledBy} className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {numbers.map((n) => (
          <li key={n}>
            <Link
              to={paths.chapter(area, textId, book.code, n)}
              className="flex min-h-12 items-center gap-3 rounded-xl border border-stone-200 bg-white px-3 py-2 shadow-sm transition hover:border-brand-300 hover:bg-brand-50"
            >
              <span className="flex h-8 w-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-sm font-semibold tabular-nums text-brand-900">
                {n}
              </span>
              <span className="font-medium text-stone-900">{chapterName(bookKey, book, n)}</span>
            </Link>
          </li>
        ))}
      </ol>
    );
  }
  return (
    <ol aria-labelledby={labelledBy} className="grid grid-cols-5 gap-2 sm:grid-cols-8 lg:grid-cols-10">
      {numbers.map((n) => (
        <li key={n}>
          <Link
            to={paths.chapter(area, textId, book.code, n)}
            className="flex min-h-12 items-center justify-center rounded-xl border border-stone-200 bg-white text-base font-semibold tabular-nums text-stone-900 shadow-sm transition hover:border-brand-300 hover:bg-brand-50"
          >
            <span className="sr-only">{t('books.chapter')} </span>
            {n}
          </Link>
        </li>
      ))}
    </ol>
  );
}
