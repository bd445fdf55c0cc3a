import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { FullPageSpinner } from '../../../components/ui/spinner.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { usePublicConfig } from '../../../lib/queries/public-config.ts';

/** When the texts in legal.json last changed (shown in the reader's date format). */
const UPDATED_ON = '2026-11-22';

/** The privacy policy's "with whom we share" section (0-based). */
const SHARING_SECTION = 5;

interface LegalSection {
  title: string;
  paragraphs: string[];
}

function sections(t: TFunction, key: string, params: Record<string, string>): LegalSection[] {
  const v: unknown = t(key, { ...params, returnObjects: true });
  return Array.isArray(v) ? (v as LegalSection[]) : [];
}

/** Terms of Use or Privacy Policy: title, date, introduction, contents and numbered sections. */
export function LegalDocument({ doc }: { doc: 'terms' | 'privacy' }) {
  const { t, i18n } = useTranslation('legal');
  const config = usePublicConfig();
  useDocumentTitle(t(`${doc}.title`));
  if (config.isPending) return <FullPageSpinner />;

  const email = config.data?.contactEmail;
  const params = { company: config.data?.companyName ?? t('common:appName'), email: email ?? t('emailFallback') };
  const date = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? i18n.language, {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${UPDATED_ON}T12:00:00Z`));
  const parts = sections(t, `${doc}.sections`, params);
  // Who writes the chat's answers is part of "with whom we share": the built-in guide on our own
  // server, or the AI service configured, named.
  const sharing = parts[SHARING_SECTION];
  if (doc === 'privacy' && sharing) {
    const provider = config.data?.aiProvider;
    const ai = provider ? t('privacy.aiProvider', { provider }) : t('privacy.aiBuiltIn');
    parts[SHARING_SECTION] = {
      ...sharing,
      paragraphs: [...sharing.paragraphs.slice(0, 1), ai, ...sharing.paragraphs.slice(1)],
    };
  }

  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-16">
      <header className="border-b border-stone-200 pb-8">
        <h1 className="font-serif text-4xl font-semibold tracking-tight text-stone-900 sm:text-5xl">
          {t(`${doc}.title`)}
        </h1>
        <p className="mt-3 text-sm font-medium text-stone-500">{t('updated', { date })}</p>
        <p className="mt-6 text-lg leading-relaxed text-stone-700">{t(`${doc}.intro`)}</p>
      </header>

      <nav aria-labelledby="legal-toc" className="mt-8 rounded-2xl bg-brand-50/70 p-5 ring-1 ring-brand-100 sm:p-6">
        <h2 id="legal-toc" className="text-sm font-semibold uppercase tracking-wider text-brand-900">
          {t('onThisPage')}
        </h2>
        <ol className="mt-3 grid gap-x-6 gap-y-2 text-[0.95rem] sm:grid-cols-2">
          {parts.map((s, i) => (
            <li key={s.title}>
              <a href={`#section-${i + 1}`} className="text-brand-900 underline-offset-4 hover:underline">
                {s.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      {parts.map((s, i) => (
        <section
          key={s.title}
          id={`section-${i + 1}`}
          aria-labelledby={`section-${i + 1}-title`}
          className="mt-10 scroll-mt-20"
        >
          <h2 id={`section-${i + 1}-title`} className="font-serif text-2xl font-semibold text-stone-900">
            {s.title}
          </h2>
          {s.paragraphs.map((p) => (
            <p key={p} className="mt-4 leading-relaxed text-stone-700">
              {p}
            </p>
          ))}
        </section>
      ))}

      {email ? (
        <p className="mt-12 rounded-2xl bg-white p-5 text-stone-700 ring-1 ring-stone-200">
          {t('questions')}{' '}
          <a href={`mailto:${email}`} className="font-semibold text-brand-800 underline underline-offset-4">
            {email}
          </a>
        </p>
      ) : null}
    </article>
  );
}
