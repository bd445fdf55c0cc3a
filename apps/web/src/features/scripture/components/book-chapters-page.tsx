import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '@candeia/shared/routes';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useBooks } from '../api/get-books.ts';
import { useCatalogue } from '../api/get-catalogue.ts';
import { useArea } from '../hooks/use-area.ts';
import { findText } from '../lib/texts.ts';
import { ChapterGrid } from './chapter-grid.tsx';
import { LoadError } from './load-error.tsx';
import { OfflineNotice } from './offline-notice.tsx';
import { ScriptureNav } from './scripture-nav.tsx';

/** /bible/:textId/:book: the chapters of one book. */
export default function BookChaptersPage() {
  const { t } = useTranslation('scripture');
  const area = useArea();
  const { textId = '', book: code = '' } = useParams();
  const books = useBooks(textId);
  const catalogue = useCatalogue();
  const text = findText(catalogue.data, textId);
  const book = books.data?.find((b) => b.code === code);
  useDocumentTitle(book?.name ?? t('books.title'));

  return (
    <div className="mx-auto max-w-5xl px-4 pb-16 pt-6 sm:px-6 sm:pt-8">
      <ScriptureNav area={area} />
      <p className="mt-6 text-sm font-semibold">
        <Link
          to={paths.text(area, textId)}
          className="text-brand-800 underline underline-offset-4 hover:text-brand-900"
        >
          <span aria-hidden="true">← </span>
          {text?.title ?? t('books.allBooks')}
        </Link>
      </p>
      <h1 id="book-title" className="mt-2 font-serif text-3xl font-semibold tracking-tight text-stone-900 sm:text-4xl">
        {book?.name ?? t('books.title')}
      </h1>
      <OfflineNotice className="mt-4" />
      {books.isPending ? (
        <Spinner />
      ) : books.error ? (
        <LoadError className="mt-6" error={books.error} onRetry={() => void books.refetch()} />
      ) : !book ? (
        <LoadError className="mt-6" error={new ApiError(404, 'NOT_FOUND', '')} />
      ) : (
        <section className="mt-6" aria-labelledby="book-title">
          <p className="mb-4 text-stone-600">{t('books.chapterCount', { count: book.chapters })}</p>
          <ChapterGrid area={area} textId={textId} bookKey={text?.bookKey ?? ''} book={book} labelledBy="book-title" />
        </section>
      )}
    </div>
  );
}
