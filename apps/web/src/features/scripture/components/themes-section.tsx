import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { THEMES, type Theme } from '@candeia/shared/schemas/scripture';
import { paths } from '@candeia/shared/routes';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useThemes } from '../api/get-themes.ts';
import { LoadError } from './load-error.tsx';

/** "Verses by theme" (SPEC.md §3): the eight themes as chips, each with its 2–3 quotes linking into the reader. */
export function ThemesSection() {
  const { t, i18n } = useTranslation('scripture');
  const themes = useThemes(i18n.resolvedLanguage ?? i18n.language);
  const [theme, setTheme] = useState<Theme>('peace');
  const quotes = themes.data?.find((x) => x.theme === theme)?.quotes ?? [];

  return (
    <section
      aria-labelledby="themes-title"
      className="mt-12 rounded-3xl bg-gradient-to-b from-brand-50 to-white p-5 ring-1 ring-brand-100 sm:p-8"
    >
      <h2 id="themes-title" className="font-serif text-2xl font-semibold text-stone-900">
        {t('themes.title')}
      </h2>
      <p className="mt-1 text-stone-700">{t('themes.lead')}</p>
      <div role="group" aria-label={t('themes.choose')} className="mt-4 flex flex-wrap gap-2">
        {THEMES.map((k) => (
          <button
            key={k}
            type="button"
            aria-pressed={k === theme}
            onClick={() => setTheme(k)}
            className={`min-h-10 rounded-full px-4 text-sm font-semibold transition-colors ${
              k === theme
                ? 'bg-brand-700 text-white'
                : 'bg-white text-stone-800 ring-1 ring-stone-300 hover:bg-stone-100'
            }`}
          >
            {t(`themes.names.${k}`)}
          </button>
        ))}
      </div>
      <div aria-live="polite" className="mt-5">
        {themes.isPending ? (
          <Spinner />
        ) : themes.error ? (
          <LoadError error={themes.error} onRetry={() => void themes.refetch()} />
        ) : (
          <ul className="grid gap-3 md:grid-cols-3">
            {quotes.map((q) => (
              <li key={`${q.textId}-${q.book}-${q.chapter}-${q.verse}`}>
                <figure className="flex h-full flex-col rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
                  <blockquote className="flex-1 font-serif text-lg leading-relaxed text-stone-900">{`“${q.text}”`}</blockquote>
                  <figcaption className="mt-3">
                    <Link
                      to={paths.chapter('bible', q.textId, q.book, q.chapter, q.verse)}
                      className="text-sm font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-900"
                    >
                      {q.reference}
                    </Link>
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
