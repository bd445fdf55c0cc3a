import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LATEST_RELEASE, RELEASES } from '@candeia/shared/updates';
import { Badge } from '../../../components/ui/badge.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { lastSeenRelease, markReleaseSeen } from '../lib/seen.ts';

/** A release's day (YYYY-MM-DD) as the reader writes dates, read as that calendar day anywhere. */
function releaseDate(id: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${id}T12:00:00Z`));
}

/**
 * /updates, "Novidades": what changed in the app, newest first. Releases this device had not
 * shown yet are marked "Novo" on this visit; the next visit shows them as seen.
 */
export default function UpdatesPage() {
  const { t } = useTranslation('updates');
  useDocumentTitle(t('title'));
  // What was new when the page opened stays marked while it is open.
  const [seenBefore] = useState(lastSeenRelease);
  useEffect(() => markReleaseSeen(LATEST_RELEASE), []);
  const locale = currentLocale();

  return (
    <div className="mx-auto max-w-2xl px-4 pb-16 pt-6 sm:px-6 sm:pt-10">
      <h1 className="font-serif text-3xl font-semibold tracking-tight text-stone-900 sm:text-4xl">{t('title')}</h1>
      <p className="mt-2 text-stone-600">{t('lead')}</p>
      <ol className="mt-8 grid gap-6">
        {RELEASES.map((r) => {
          const isNew = seenBefore !== null && r.id > seenBefore;
          const date = releaseDate(r.id, locale);
          return (
            <li key={r.id}>
              <article
                aria-labelledby={`release-${r.id}`}
                className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
              >
                <header className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <h2 id={`release-${r.id}`} className="font-serif text-xl font-semibold text-stone-900">
                    {t(`releases.${r.id}.title`)}
                  </h2>
                  {isNew ? <Badge tone="brand">{t('new')}</Badge> : null}
                </header>
                <p className="mt-1 text-sm text-stone-600">
                  <time dateTime={r.id}>{t('releaseLabel', { date })}</time>
                </p>
                <ul className="mt-4 grid list-disc gap-2 pl-5 leading-relaxed text-stone-800 marker:text-brand-600">
                  {r.items.map((item) => (
                    <li key={item}>{t(`releases.${r.id}.items.${item}`)}</li>
                  ))}
                </ul>
              </article>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
