import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@candeia/shared/routes';
import { Icon } from '../../../components/ui/icon.tsx';
import { useVerseOfTheDay } from '../api/get-verse-of-the-day.ts';

/**
 * The verse of the day on /start, with its reference linking into the reader. It loads
 * after the page (its texts are in the scripture catalogue); a failure just leaves it out.
 */
export function VerseOfTheDay() {
  const { t, i18n, ready } = useTranslation('scripture', { useSuspense: false });
  const verse = useVerseOfTheDay(i18n.resolvedLanguage ?? i18n.language);
  if (verse.isError) return null;
  // Its place is kept from the first frame, about as tall as a verse of two or three lines, so what
  // follows it moves little when it arrives.
  if (!ready || verse.isPending)
    return (
      <div
        aria-hidden="true"
        className="mt-8 h-[16.5rem] animate-pulse rounded-2xl bg-white/70 ring-1 ring-brand-100 sm:mt-10 sm:h-56"
      />
    );
  const v = verse.data;
  const to = paths.chapter('bible', v.textId, v.book, v.chapter, v.verse);
  return (
    <section
      aria-labelledby="votd-title"
      className="mt-8 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-brand-200 sm:mt-10 sm:p-7"
    >
      <h2
        id="votd-title"
        className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wider text-brand-800"
      >
        <Icon className="h-5 w-5">
          <circle cx="12" cy="12" r="4" />
          <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
        </Icon>
        {t('votd.title')}
      </h2>
      <figure className="mt-3">
        <blockquote className="font-serif text-xl leading-relaxed text-stone-900 sm:text-2xl">{`“${v.text.trim()}”`}</blockquote>
        <figcaption className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2">
          <cite className="not-italic font-semibold text-stone-800">{v.reference}</cite>
          <Link
            to={to}
            className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-900"
          >
            {t('votd.read')}
            <span aria-hidden="true">→</span>
          </Link>
        </figcaption>
      </figure>
    </section>
  );
}
