import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import type { ChapterDto, ChapterLinkDto } from '@candeia/shared/schemas/scripture';
import { paths, scriptureArea, type ScriptureArea } from '@candeia/shared/routes';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useCatalogue } from '../api/get-catalogue.ts';
import { useChapter } from '../api/get-chapter.ts';
import { useSavePosition } from '../api/save-position.ts';
import { useArea } from '../hooks/use-area.ts';
import { useReaderPrefs } from '../hooks/use-reader-prefs.ts';
import { chapterName } from '../lib/canon.ts';
import { storeLastPlace } from '../lib/last-place.ts';
import { formatReference } from '@candeia/shared/scripture';
import { bibleTexts } from '../lib/texts.ts';
import { ChapterView } from './chapter-view.tsx';
import { LanguageNote } from './language-note.tsx';
import { LicenceNote } from './licence-note.tsx';
import { LoadError } from './load-error.tsx';
import { OfflineNotice } from './offline-notice.tsx';
import { ReaderSettings } from './reader-settings.tsx';
import { ScriptureNav } from './scripture-nav.tsx';
import { SearchForm } from './search-form.tsx';
import { TranslationPicker } from './translation-picker.tsx';

const CHAPTER_RE = /^[1-9]\d{0,3}$/;

/**
 * The reader (/bible/:textId/:book/:chapter, and the same under /sacred-books): one chapter
 * with its verses, the reading settings, the parallel Bible, previous and next chapters
 * (across books), and the licence. Opening a chapter remembers it as the reading position.
 */
export default function ReaderPage() {
  const { t } = useTranslation('scripture');
  const area = useArea();
  const { hash } = useLocation();
  const { textId = '', book = '', chapter: chapterParam = '' } = useParams();
  const valid = CHAPTER_RE.test(chapterParam);
  const chapterNo = valid ? Number(chapterParam) : 0;
  const query = useChapter(textId, book, chapterNo, valid);
  const data = query.data;
  const title = data ? formatReference(data.book.name, data.chapter) : t('reader.title');
  useDocumentTitle(title);
  useRememberPlace(area, data);

  // A text always reads under its own area: a Bible under /bible, the other books under /sacred-books.
  if (data && scriptureArea(data.text.bookKey) !== area) {
    return (
      <Navigate
        replace
        to={paths.chapter(scriptureArea(data.text.bookKey), data.text.id, data.book.code, data.chapter) + hash}
      />
    );
  }

  return (
    <div className="mx-auto max-w-3xl px-4 pb-40 pt-6 sm:px-6 sm:pt-8 lg:max-w-5xl">
      <ScriptureNav area={area} />
      {!valid ? (
        <>
          <h1 className="mt-6 font-serif text-3xl font-semibold text-stone-900">{title}</h1>
          <LoadError className="mt-6" error={new ApiError(404, 'NOT_FOUND', '')} />
        </>
      ) : query.isPending ? (
        <>
          <h1 className="sr-only">{title}</h1>
          <OfflineNotice className="mt-4" />
          <Spinner />
        </>
      ) : query.error ? (
        <>
          <h1 className="mt-6 font-serif text-3xl font-semibold text-stone-900">{title}</h1>
          <OfflineNotice className="mt-4" />
          <LoadError className="mt-6" error={query.error} onRetry={() => void query.refetch()} />
          <p className="mt-6">
            <Link
              to={paths.book(area, textId, book)}
              className="font-semibold text-brand-800 underline underline-offset-4"
            >
              {t('reader.backToChapters')}
            </Link>
          </p>
        </>
      ) : data ? (
        <Reader key={`${data.text.id}/${data.book.code}/${data.chapter}`} area={area} data={data} />
      ) : null}
    </div>
  );
}

/** Saves the place on the server (when online) and on the device, once per chapter opened. */
function useRememberPlace(area: ScriptureArea, data: ChapterDto | undefined) {
  const { mutate } = useSavePosition();
  const textId = data?.text.id;
  const book = data?.book.code;
  const chapter = data?.chapter;
  const bookKey = data?.text.bookKey;
  useEffect(() => {
    if (!textId || !book || !chapter || scriptureArea(bookKey) !== area) return;
    storeLastPlace(area, { textId, book, chapter });
    if (!navigator.onLine) return;
    mutate({ textId, book, chapter }, { onError: (err) => console.warn('Reading position not saved', err) });
  }, [area, textId, book, chapter, bookKey, mutate]);
}

function Reader({ area, data }: { area: ScriptureArea; data: ChapterDto }) {
  const { t } = useTranslation('scripture');
  const navigate = useNavigate();
  const catalogue = useCatalogue();
  const [prefs, setPrefs] = useReaderPrefs();
  const bibles = area === 'bible' ? bibleTexts(catalogue.data) : [];
  const parallelChoices = bibles.filter((b) => b.id !== data.text.id);
  const parallel = parallelChoices.find((b) => b.id === prefs.parallel) ?? null;
  const name = chapterName(data.text.bookKey, data.book, data.chapter);

  return (
    <article aria-labelledby="reader-title" className="mt-4">
      <header className="grid gap-4">
        <div className="min-w-0">
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-800">{data.text.title}</p>
          <h1
            id="reader-title"
            className="mt-1 font-serif text-3xl font-semibold tracking-tight text-stone-900 sm:text-4xl"
          >
            {formatReference(data.book.name, data.chapter)}
          </h1>
          {name ? <p className="mt-1 font-serif text-lg text-stone-700">{name}</p> : null}
        </div>
        <ReaderSettings prefs={prefs} onChange={setPrefs} parallelChoices={parallelChoices}>
          <LanguageNote language={data.text.language} />
          <Link
            to={paths.book(area, data.text.id, data.book.code)}
            className="inline-flex min-h-9 items-center text-sm font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-900"
          >
            {t('reader.allChapters')}
          </Link>
        </ReaderSettings>
        <div className="grid gap-3 sm:grid-cols-[minmax(0,16rem)_1fr] sm:items-end">
          {bibles.length > 1 ? (
            <TranslationPicker
              texts={bibles}
              value={data.text.id}
              onChange={(id) => navigate(paths.chapter(area, id, data.book.code, data.chapter))}
            />
          ) : null}
          <SearchForm
            area={area}
            textId={data.text.id}
            textLabel={data.text.title}
            className={bibles.length > 1 ? '' : 'sm:col-span-2'}
          />
        </div>
        <OfflineNotice />
      </header>

      <ChapterView area={area} data={data} prefs={prefs} parallel={parallel} />

      <ChapterPager area={area} textId={data.text.id} prev={data.prev} next={data.next} />
      <LicenceNote text={data.text} className="mt-8" />
    </article>
  );
}

function ChapterPager({
  area,
  textId,
  prev,
  next,
}: {
  area: ScriptureArea;
  textId: string;
  prev: ChapterLinkDto | null;
  next: ChapterLinkDto | null;
}) {
  const { t } = useTranslation('scripture');
  const cls =
    'flex min-h-14 flex-1 flex-col justify-center rounded-xl border border-stone-200 bg-white px-4 py-2 shadow-sm transition hover:border-brand-300 hover:bg-brand-50';
  return (
    <nav aria-label={t('reader.pager')} className="mt-10 flex gap-3">
      {prev ? (
        <Link to={paths.chapter(area, textId, prev.book, prev.chapter)} rel="prev" className={cls}>
          <span className="text-xs font-semibold uppercase tracking-wide text-stone-600">
            <span aria-hidden="true">← </span>
            {t('reader.previous')}
          </span>
          <span className="font-serif text-lg font-semibold text-stone-900">
            {formatReference(prev.bookName, prev.chapter)}
          </span>
        </Link>
      ) : (
        <span className="flex-1" />
      )}
      {next ? (
        <Link
          to={paths.chapter(area, textId, next.book, next.chapter)}
          rel="next"
          className={`${cls} items-end text-right`}
        >
          <span className="text-xs font-semibold uppercase tracking-wide text-stone-600">
            {t('reader.next')}
            <span aria-hidden="true"> →</span>
          </span>
          <span className="font-serif text-lg font-semibold text-stone-900">
            {formatReference(next.bookName, next.chapter)}
          </span>
        </Link>
      ) : (
        <span className="flex-1" />
      )}
    </nav>
  );
}
