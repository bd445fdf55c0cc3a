import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { BIBLE_BOOKS } from '@candeia/shared/canon';
import { RELIGIONS, type CatalogueBookDto, type Religion, type TextDto } from '@candeia/shared/schemas/scripture';
import { paths, scriptureArea } from '@candeia/shared/routes';
import { Badge } from '../../../components/ui/badge.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useCatalogue } from '../api/get-catalogue.ts';
import { licenceOf } from '../lib/licence.ts';
import { interfaceLanguage, pickDefaultBible } from '../lib/texts.ts';
import { LanguageNote } from './language-note.tsx';
import { LoadError } from './load-error.tsx';
import { OfflineNotice } from './offline-notice.tsx';
import { ScriptureNav } from './scripture-nav.tsx';
import { SearchForm } from './search-form.tsx';

/**
 * /sacred-books: the 14 books of SPEC.md §3 with a filter by the 13 religions. Each card
 * shows the installed texts (with their language, and a note when it is not the
 * interface's) or "coming soon" when none is installed; the Torah, when no text of its own is
 * installed, opens as Genesis–Deuteronomy of the reader's Bible.
 */
export default function SacredBooksPage() {
  const { t, i18n } = useTranslation('scripture');
  const locale = i18n.resolvedLanguage ?? i18n.language;
  useDocumentTitle(t('catalogue.title'));
  const catalogue = useCatalogue();
  const [params, setParams] = useSearchParams();
  const requested = params.get('religion');
  const religion = (RELIGIONS as readonly string[]).includes(requested ?? '') ? (requested as Religion) : null;
  const religions = catalogue.data?.religions.length ? catalogue.data.religions : [...RELIGIONS];
  const books = (catalogue.data?.books ?? []).filter((b) => !religion || b.religions.includes(religion));

  const choose = (r: Religion | null) => setParams(r ? { religion: r } : {}, { replace: true });

  return (
    <div className="mx-auto max-w-6xl px-4 pb-16 pt-6 sm:px-6 sm:pt-8">
      <ScriptureNav area="books" />
      <h1 className="mt-6 font-serif text-3xl font-semibold tracking-tight text-stone-900 sm:text-4xl">
        {t('catalogue.title')}
      </h1>
      <p className="mt-2 max-w-2xl text-stone-600">{t('catalogue.lead')}</p>
      <SearchForm area="books" className="mt-6 max-w-2xl" />
      <OfflineNotice className="mt-4" />

      <div role="group" aria-label={t('catalogue.filter')} className="mt-6 flex flex-wrap gap-2">
        {[null, ...religions].map((r) => {
          const active = r === religion;
          return (
            <button
              key={r ?? 'all'}
              type="button"
              aria-pressed={active}
              onClick={() => choose(r)}
              className={`min-h-10 rounded-full px-4 text-sm font-semibold transition-colors ${
                active ? 'bg-brand-700 text-white' : 'bg-white text-stone-800 ring-1 ring-stone-300 hover:bg-stone-100'
              }`}
            >
              {r ? t(`catalogue.religions.${r}`) : t('catalogue.allReligions')}
            </button>
          );
        })}
      </div>

      <p className="mt-4 text-sm text-stone-600" aria-live="polite">
        {catalogue.data ? t('catalogue.count', { count: books.length }) : null}
      </p>

      {catalogue.isPending ? (
        <Spinner />
      ) : catalogue.error ? (
        <LoadError className="mt-4" error={catalogue.error} onRetry={() => void catalogue.refetch()} />
      ) : (
        <ul className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {books.map((b) => (
            <li key={b.key}>
              <BookCard book={b} bible={b.key === 'torah' ? pickDefaultBible(catalogue.data, locale).text : null} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The five books of the Torah, Genesis to Deuteronomy: the canon's first five, as every installed Bible has them. */
const TORAH_BOOKS = BIBLE_BOOKS.slice(0, 5);

function BookCard({ book, bible }: { book: CatalogueBookDto; bible: TextDto | null }) {
  const { t, i18n } = useTranslation('scripture');
  const language = interfaceLanguage(i18n.resolvedLanguage ?? i18n.language);
  // The Torah with no text of its own opens as Genesis–Deuteronomy of the reader's Bible.
  const torah = book.key === 'torah' && book.texts.length === 0 && bible ? bible : null;
  const soon = book.texts.length === 0 && !torah;
  const titleId = `book-${book.key}`;
  return (
    <article
      aria-labelledby={titleId}
      className={`flex h-full flex-col rounded-2xl border p-5 shadow-sm ${
        soon ? 'border-dashed border-stone-300 bg-stone-50' : 'border-stone-200 bg-white'
      }`}
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id={titleId} className="font-serif text-xl font-semibold text-stone-900">
          {t(`catalogue.books.${book.key}.title`)}
        </h2>
        {soon ? <Badge tone="warning">{t('catalogue.soon')}</Badge> : null}
      </div>
      <ul className="mt-2 flex flex-wrap gap-1.5" aria-label={t('catalogue.religionsOf')}>
        {book.religions.map((r) => (
          <li key={r}>
            <Badge tone="brand">{t(`catalogue.religions.${r}`)}</Badge>
          </li>
        ))}
      </ul>
      <p className="mt-3 flex-1 text-sm leading-6 text-stone-700">{t(`catalogue.books.${book.key}.description`)}</p>
      {torah ? (
        <div className="mt-4">
          <p className="text-sm text-stone-700">{t('catalogue.torahIn', { bible: torah.title })}</p>
          <ul className="mt-2 flex flex-wrap gap-2">
            {TORAH_BOOKS.map((b) => (
              <li key={b.osis}>
                <Link
                  to={paths.book('bible', torah.id, b.osis)}
                  className="inline-flex min-h-11 items-center rounded-xl border border-stone-200 px-3 py-2 text-sm font-semibold text-stone-900 transition hover:border-brand-300 hover:bg-brand-50"
                >
                  {b.names[language]}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : soon ? (
        <p className="mt-4 text-sm text-stone-600">{t('catalogue.soonText')}</p>
      ) : (
        <ul className="mt-4 grid gap-2">
          {book.texts.map((text) => (
            <li key={text.id}>
              <Link
                to={paths.text(scriptureArea(book.key), text.id)}
                className="group flex min-h-12 items-center justify-between gap-3 rounded-xl border border-stone-200 px-3 py-2 transition hover:border-brand-300 hover:bg-brand-50"
              >
                <span className="min-w-0">
                  <span className="block font-semibold text-stone-900">{text.title}</span>
                  <span className="block text-xs text-stone-600">
                    {[licenceOf(t, text).translator, text.year].filter(Boolean).join(', ') || text.abbreviation}
                    {' · '}
                    {licenceOf(t, text).licence}
                  </span>
                  <span className="mt-1 flex flex-wrap gap-1.5">
                    <LanguageNote language={text.language} />
                  </span>
                </span>
                <span aria-hidden="true" className="text-stone-500 group-hover:text-brand-700">
                  →
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
