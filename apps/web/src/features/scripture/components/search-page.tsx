import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  SEARCH_PAGE_SIZE,
  searchQuerySchema,
  type CatalogueDto,
  type SearchResultDto,
} from '@candeia/shared/schemas/scripture';
import { paths, scriptureArea, type ScriptureArea } from '@candeia/shared/routes';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError } from '../../../components/ui/field.tsx';
import { controlClasses } from '../../../components/ui/input.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useMessages } from '../../../lib/forms.ts';
import { useCatalogue } from '../api/get-catalogue.ts';
import { useScriptureSearch, type SearchParams } from '../api/search-scripture.ts';
import { useArea } from '../hooks/use-area.ts';
import { formatReference } from '../lib/reference.ts';
import { findText } from '../lib/texts.ts';
import { Highlighted } from './highlighted.tsx';
import { LoadError } from './load-error.tsx';
import { OfflineNotice } from './offline-notice.tsx';
import { ScriptureNav } from './scripture-nav.tsx';

type Scope = SearchParams['scope'];
const SCOPES: Scope[] = ['all', 'bible', 'books'];

/**
 * /bible/search and /sacred-books/search: one box for a reference ("João 3:16", "Jn 3:16")
 * or words ("amor ao próximo"), filtered by text or by scope. The URL holds the search, so
 * results can be shared, reloaded and paged with the browser's back button.
 */
export default function SearchPage() {
  const { t } = useTranslation('scripture');
  const area = useArea();
  const [params, setParams] = useSearchParams();
  const catalogue = useCatalogue();
  useDocumentTitle(t('search.title'));

  const rawQ = params.get('q') ?? '';
  const textId = params.get('textId') ?? '';
  const scopeParam = params.get('scope');
  // Without a scope in the address: the Bible's search looks in the Bible; the sacred books'
  // in everything, so the box's own example ("João 3:16") finds its passage there too.
  const scope: Scope = SCOPES.includes(scopeParam as Scope)
    ? (scopeParam as Scope)
    : area === 'bible'
      ? 'bible'
      : 'all';
  const page = Math.max(1, Math.min(500, Number(params.get('page')) || 1));
  const parsed = rawQ ? searchQuerySchema.safeParse({ q: rawQ, textId: textId || undefined, scope, page }) : null;
  const request = parsed?.success ? parsed.data : null;
  const search = useScriptureSearch(request);

  const apply = (next: { q: string; textId: string; scope: Scope; page?: number }) => {
    const p = new URLSearchParams();
    p.set('q', next.q);
    if (next.textId) p.set('textId', next.textId);
    p.set('scope', next.scope);
    if (next.page && next.page > 1) p.set('page', String(next.page));
    setParams(p);
  };

  return (
    <div className="mx-auto max-w-4xl px-4 pb-16 pt-6 sm:px-6 sm:pt-8">
      <ScriptureNav area={area} />
      <h1 className="mt-6 font-serif text-3xl font-semibold tracking-tight text-stone-900 sm:text-4xl">
        {t('search.title')}
      </h1>
      <p className="mt-2 text-stone-600">{t('search.lead')}</p>
      <SearchFilters
        key={params.toString()}
        catalogue={catalogue.data}
        initial={{ q: rawQ, textId, scope }}
        serverError={search.error instanceof ApiError ? search.error.fields.q : undefined}
        urlError={parsed && !parsed.success ? parsed.error.issues.find((i) => i.path[0] === 'q')?.message : undefined}
        onSearch={(v) => apply({ ...v, page: 1 })}
      />
      <OfflineNotice className="mt-4" />
      <div className="mt-8">
        {!request ? (
          <p className="rounded-2xl border border-dashed border-stone-300 bg-white p-6 text-stone-700">
            {t('search.hint')}
          </p>
        ) : search.isPending ? (
          <Spinner />
        ) : search.error ? (
          <LoadError error={search.error} onRetry={() => void search.refetch()} />
        ) : (
          <Results
            area={area}
            result={search.data}
            catalogue={catalogue.data}
            busy={search.isFetching}
            dimmed={search.isPlaceholderData}
            onPage={(p) => apply({ q: request.q, textId, scope, page: p })}
          />
        )}
      </div>
    </div>
  );
}

function SearchFilters({
  catalogue,
  initial,
  serverError,
  urlError,
  onSearch,
}: {
  catalogue: CatalogueDto | undefined;
  initial: { q: string; textId: string; scope: Scope };
  serverError?: string;
  urlError?: string;
  onSearch: (v: { q: string; textId: string; scope: Scope }) => void;
}) {
  const { t } = useTranslation('scripture');
  const { message } = useMessages();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [q, setQ] = useState(initial.q);
  const [textId, setTextId] = useState(initial.textId);
  const [scope, setScope] = useState<Scope>(initial.scope);
  const [error, setError] = useState<string | undefined>(message(urlError) ?? serverError);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = searchQuerySchema.shape.q.safeParse(q);
    if (!parsed.success) {
      setError(message(parsed.error.issues[0]?.message));
      input.current?.focus();
      return;
    }
    setError(undefined);
    onSearch({ q: parsed.data, textId, scope });
  };

  const books = catalogue?.books.filter((b) => b.texts.length) ?? [];
  return (
    <form
      role="search"
      noValidate
      onSubmit={submit}
      className="mt-6 grid gap-4 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-q`} className="text-sm font-medium text-stone-800">
          {t('search.label')}
        </label>
        <div className="flex gap-2">
          <input
            ref={input}
            id={`${id}-q`}
            type="search"
            enterKeyHint="search"
            value={q}
            onChange={(e) => {
              setQ(e.target.value);
              if (error) setError(undefined);
            }}
            placeholder={t('search.placeholder')}
            aria-invalid={!!error}
            aria-describedby={error ? `${id}-error` : `${id}-hint`}
            className={controlClasses('min-w-0 flex-1')}
          />
          <Button type="submit">{t('search.submit')}</Button>
        </div>
        {error ? (
          <FieldError id={`${id}-error`}>{error}</FieldError>
        ) : (
          <p id={`${id}-hint`} className="text-sm text-stone-600">
            {t('search.examples')}
          </p>
        )}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-text`} className="text-sm font-medium text-stone-800">
            {t('search.text')}
          </label>
          <Select id={`${id}-text`} value={textId} onChange={(e) => setTextId(e.target.value)}>
            <option value="">{t('search.allTexts')}</option>
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
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-scope`} className="text-sm font-medium text-stone-800">
            {t('search.scope')}
          </label>
          <Select
            id={`${id}-scope`}
            value={scope}
            disabled={!!textId}
            aria-describedby={textId ? `${id}-scope-hint` : undefined}
            onChange={(e) => setScope(e.target.value as Scope)}
          >
            {SCOPES.map((s) => (
              <option key={s} value={s}>
                {t(`search.scopes.${s}`)}
              </option>
            ))}
          </Select>
          {textId ? (
            <p id={`${id}-scope-hint`} className="text-sm text-stone-600">
              {t('search.scopeWithText')}
            </p>
          ) : null}
        </div>
      </div>
    </form>
  );
}

function Results({
  area,
  result,
  catalogue,
  busy,
  dimmed,
  onPage,
}: {
  area: ScriptureArea;
  result: SearchResultDto;
  catalogue: CatalogueDto | undefined;
  busy: boolean;
  dimmed: boolean;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('scripture');
  if (result.kind === 'passage') {
    const c = result.chapter;
    const verses = c.verses.filter((v) => v.n >= result.verseStart && v.n <= result.verseEnd);
    const to = paths.chapter(
      scriptureArea(c.text.bookKey),
      c.text.id,
      c.book.code,
      c.chapter,
      result.verseStart,
      result.verseEnd,
    );
    return (
      <section
        aria-labelledby="passage-title"
        className="rounded-2xl border border-brand-200 bg-white p-5 shadow-sm sm:p-7"
      >
        <p className="text-sm font-semibold uppercase tracking-wider text-brand-800" aria-live="polite">
          {t('search.passageFound')}
        </p>
        <h2 id="passage-title" className="mt-1 font-serif text-2xl font-semibold text-stone-900">
          {`${result.reference} (${c.text.abbreviation})`}
        </h2>
        <div lang={c.text.language} className="mt-4 font-serif text-lg leading-[1.8] text-stone-900">
          {verses.map((v) => (
            <span key={v.n}>
              <sup className="mr-1 text-[0.62em] font-semibold text-brand-800">{v.n}</sup>
              {v.t.trim()}{' '}
            </span>
          ))}
        </div>
        <Link
          to={to}
          className="mt-5 inline-flex min-h-11 items-center gap-2 rounded-lg bg-brand-700 px-4 font-semibold text-white shadow-sm hover:bg-brand-800"
        >
          {t('search.openInReader', { reference: formatReference(c.book.name, c.chapter) })}
          <span aria-hidden="true">→</span>
        </Link>
      </section>
    );
  }

  const pageCount = Math.max(1, Math.ceil(result.total / (result.pageSize || SEARCH_PAGE_SIZE)));
  return (
    <section aria-labelledby="results-title" aria-busy={busy} className={dimmed ? 'opacity-60 transition-opacity' : ''}>
      <h2 id="results-title" className="font-serif text-2xl font-semibold text-stone-900">
        {t('search.results')}
      </h2>
      <p className="mt-1 text-stone-700" aria-live="polite">
        {result.total
          ? t('search.count', { count: result.total, query: result.query })
          : t('search.empty', { query: result.query })}
      </p>
      {result.total ? (
        <>
          <ol className="mt-4 grid gap-3">
            {result.hits.map((h) => {
              // The reader moves a text to its own area if the catalogue is not known yet.
              const hitArea = scriptureArea(
                findText(catalogue, h.textId)?.bookKey ?? (area === 'bible' ? 'bible' : 'books'),
              );
              return (
                <li
                  key={`${h.textId}-${h.book}-${h.chapter}-${h.verse}`}
                  className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm"
                >
                  <div className="flex flex-wrap items-center gap-2">
                    <Link
                      to={paths.chapter(hitArea, h.textId, h.book, h.chapter, h.verse)}
                      className="font-serif text-lg font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-900"
                    >
                      {h.reference}
                    </Link>
                    <Badge tone="neutral">{h.textAbbreviation}</Badge>
                  </div>
                  <p lang={h.language} className="mt-2 font-serif text-lg leading-relaxed text-stone-800">
                    <Highlighted snippet={h.snippet} />
                  </p>
                </li>
              );
            })}
          </ol>
          {pageCount > 1 ? (
            <Pagination
              page={result.page}
              pageCount={pageCount}
              onPageChange={onPage}
              disabled={busy}
              label={t('pagination.label')}
              previousLabel={t('pagination.previous')}
              nextLabel={t('pagination.next')}
              summary={t('pagination.summary', { page: result.page, pages: pageCount, count: result.total })}
            />
          ) : null}
        </>
      ) : (
        <p className="mt-4 rounded-2xl border border-dashed border-stone-300 bg-white p-6 text-stone-700">
          {t('search.emptyHint')}
        </p>
      )}
    </section>
  );
}
