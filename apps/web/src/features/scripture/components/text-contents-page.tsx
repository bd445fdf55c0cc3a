import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import type { BookDto } from '@candeia/shared/schemas/scripture';
import { paths, scriptureArea, type ScriptureArea } from '@candeia/shared/routes';
import { Alert } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useBooks } from '../api/get-books.ts';
import { useCatalogue } from '../api/get-catalogue.ts';
import { useArea } from '../hooks/use-area.ts';
import { testaments } from '../lib/canon.ts';
import { bibleTexts, findText } from '../lib/texts.ts';
import { ChapterGrid } from './chapter-grid.tsx';
import { LanguageNote } from './language-note.tsx';
import { LicenceNote } from './licence-note.tsx';
import { LoadError } from './load-error.tsx';
import { OfflineNotice } from './offline-notice.tsx';
import { ScriptureNav } from './scripture-nav.tsx';
import { SearchForm } from './search-form.tsx';
import { ThemesSection } from './themes-section.tsx';
import { TranslationPicker } from './translation-picker.tsx';

/**
 * A text's contents (/bible/:textId, /sacred-books/:textId): the translation picker and the
 * 66 books in their Testaments for a Bible; the chapters (the surahs, the 81 chapters…)
 * for a book that is one book; plus search within it, themes, and the licence.
 */
export default function TextContentsPage() {
  const { t } = useTranslation('scripture');
  const area = useArea();
  const navigate = useNavigate();
  const state = useLocation().state as { missingDefault?: string | null } | null;
  const { textId = '' } = useParams();
  const catalogue = useCatalogue();
  const books = useBooks(textId);
  const text = findText(catalogue.data, textId);
  useDocumentTitle(text?.title ?? t('books.title'));

  if (text && scriptureArea(text.bookKey) !== area)
    return <Navigate replace to={paths.text(scriptureArea(text.bookKey), text.id)} />;
  const bibles = bibleTexts(catalogue.data);
  const missing = state?.missingDefault;

  return (
    <div className="mx-auto max-w-5xl px-4 pb-16 pt-6 sm:px-6 sm:pt-8">
      <ScriptureNav area={area} />
      <header className="mt-6 grid gap-4 sm:grid-cols-[1fr_minmax(0,20rem)] sm:items-end">
        <div className="min-w-0">
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-800">
            {text
              ? t(`catalogue.books.${text.bookKey}.title`)
              : area === 'bible'
                ? t('bible.title')
                : t('catalogue.title')}
          </p>
          <h1 className="mt-1 font-serif text-3xl font-semibold tracking-tight text-stone-900 sm:text-4xl">
            {text?.title ?? t('books.title')}
          </h1>
          {text ? (
            <div className="mt-2 flex flex-wrap items-center gap-2">
              <LanguageNote language={text.language} />
              <span className="text-sm text-stone-600">{text.abbreviation}</span>
            </div>
          ) : null}
        </div>
        {area === 'bible' && text ? (
          <TranslationPicker texts={bibles} value={text.id} onChange={(id) => navigate(paths.text('bible', id))} />
        ) : null}
      </header>

      {missing && text && missing !== text.id ? (
        <Alert variant="info" className="mt-4">
          {t('bible.defaultMissing', {
            wanted: t(`bible.defaults.${missing}`, { defaultValue: missing }),
            shown: text.title,
          })}
        </Alert>
      ) : null}

      <SearchForm area={area} textId={textId} textLabel={text?.title} className="mt-6" />
      <OfflineNotice className="mt-4" />

      {books.isPending || catalogue.isPending ? (
        <Spinner />
      ) : books.error ? (
        <LoadError className="mt-6" error={books.error} onRetry={() => void books.refetch()} />
      ) : !text && !catalogue.error ? (
        <LoadError className="mt-6" error={new ApiError(404, 'NOT_FOUND', '')} />
      ) : (
        <Contents area={area} textId={textId} bookKey={text?.bookKey ?? ''} books={books.data} />
      )}

      {area === 'bible' ? <ThemesSection /> : null}
      {text ? <LicenceNote text={text} className="mt-10" /> : null}
    </div>
  );
}

function BookLink({ area, textId, book }: { area: ScriptureArea; textId: string; book: BookDto }) {
  const { t } = useTranslation('scripture');
  const to = book.chapters === 1 ? paths.chapter(area, textId, book.code, 1) : paths.book(area, textId, book.code);
  return (
    <Link
      to={to}
      className="flex min-h-12 items-center justify-between gap-2 rounded-xl border border-stone-200 bg-white px-3 py-2 shadow-sm transition hover:border-brand-300 hover:bg-brand-50"
    >
      <span className="min-w-0 font-medium text-stone-900">{book.name}</span>
      <span aria-hidden="true" className="shrink-0 text-xs tabular-nums text-stone-600">
        {book.chapters}
      </span>
      <span className="sr-only">{`, ${t('books.chapterCount', { count: book.chapters })}`}</span>
    </Link>
  );
}

function Contents({
  area,
  textId,
  bookKey,
  books,
}: {
  area: ScriptureArea;
  textId: string;
  bookKey: string;
  books: BookDto[];
}) {
  const { t } = useTranslation('scripture');
  if (books.length === 1) {
    const only = books[0]!;
    return (
      <section aria-labelledby="chapters-title" className="mt-8">
        <h2 id="chapters-title" className="font-serif text-2xl font-semibold text-stone-900">
          {t('books.chapters')}
        </h2>
        <p className="mb-4 mt-1 text-stone-600">{t('books.chapterCount', { count: only.chapters })}</p>
        <ChapterGrid area={area} textId={textId} bookKey={bookKey} book={only} labelledBy="chapters-title" />
      </section>
    );
  }
  const groups =
    bookKey === 'bible'
      ? (() => {
          const { old, new: nt } = testaments(books);
          return [
            { id: 'ot', title: t('books.oldTestament'), books: old },
            { id: 'nt', title: t('books.newTestament'), books: nt },
          ].filter((g) => g.books.length);
        })()
      : [{ id: 'all', title: t('books.books'), books: [...books].sort((a, b) => a.ordinal - b.ordinal) }];
  return (
    <>
      {groups.map((g) => (
        <section key={g.id} aria-labelledby={`group-${g.id}`} className="mt-8">
          <h2 id={`group-${g.id}`} className="font-serif text-2xl font-semibold text-stone-900">
            {g.title}
          </h2>
          <p className="mb-4 mt-1 text-sm text-stone-600">{t('books.bookCount', { count: g.books.length })}</p>
          <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4">
            {g.books.map((b) => (
              <li key={b.code}>
                <BookLink area={area} textId={textId} book={b} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}
