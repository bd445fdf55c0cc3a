import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@candeia/shared/routes';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useSessionUser } from '../../../lib/queries/session.ts';
import { Icon } from '../../../components/ui/icon.tsx';
import { VerseOfTheDay } from './verse-of-the-day.tsx';

interface Destination {
  key: 'chat' | 'sacredBooks' | 'community' | 'consultation';
  to: string;
  icon: ReactNode;
  tone: string;
}

const svg = (children: ReactNode) => (
  <Icon className="h-7 w-7" strokeWidth={1.8}>
    {children}
  </Icon>
);

const DESTINATIONS: Destination[] = [
  {
    key: 'chat',
    to: paths.chat(),
    tone: 'bg-amber-100 text-amber-800',
    icon: svg(
      <>
        <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z" />
        <path
          d="M12 8.5c.8.9 1.2 1.7 1.2 2.4a1.2 1.2 0 0 1-2.4 0c0-.7.4-1.5 1.2-2.4z"
          fill="currentColor"
          fillOpacity=".3"
        />
      </>,
    ),
  },
  {
    key: 'sacredBooks',
    to: paths.scripture('books'),
    tone: 'bg-rose-100 text-rose-800',
    icon: svg(
      <>
        <path d="M12 6.5C10 5 7.5 4.5 4 4.5v13c3.5 0 6 .5 8 2 2-1.5 4.5-2 8-2v-13c-3.5 0-6 .5-8 2z" />
        <path d="M12 6.5v13" />
      </>,
    ),
  },
  {
    key: 'community',
    to: paths.community(),
    tone: 'bg-emerald-100 text-emerald-800',
    icon: svg(
      <>
        <circle cx="9" cy="8" r="3" />
        <circle cx="17" cy="9.5" r="2.5" />
        <path d="M3.5 19c.6-3 2.8-5 5.5-5s4.9 2 5.5 5" />
        <path d="M15 14.3c2.5-.4 4.8 1.3 5.5 4.7" />
      </>,
    ),
  },
  {
    key: 'consultation',
    to: paths.consultation(),
    tone: 'bg-sky-100 text-sky-800',
    icon: svg(
      <>
        <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z" />
        <path d="M9.5 11h5M12 8.5v5" />
      </>,
    ),
  },
];

/** The welcome page (SPEC.md §2): greeting by first name and the four feature cards. */
export default function StartPage() {
  const { t } = useTranslation('start');
  const { user } = useSessionUser();
  const name = user?.firstName?.trim();
  const title = name ? t('greeting', { name }) : t('greetingAnonymous');
  useDocumentTitle(title);

  return (
    <div className="bg-gradient-to-b from-brand-50 to-stone-50">
      <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 sm:py-14">
        <header className="mb-8 sm:mb-10">
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">{t('eyebrow')}</p>
          <h1 className="mt-2 font-serif text-3xl font-semibold tracking-tight text-stone-900 sm:text-5xl">{title}</h1>
          <p className="mt-3 max-w-2xl text-base text-stone-600 sm:text-lg">{t('lead')}</p>
        </header>

        <ul className="grid gap-4 sm:grid-cols-2">
          {DESTINATIONS.map((d) => (
            <li key={d.key}>
              <Link
                to={d.to}
                className="group flex h-full items-start gap-4 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm transition hover:-translate-y-0.5 hover:border-brand-300 hover:shadow-md sm:p-6"
              >
                <span className={`flex h-12 w-12 shrink-0 items-center justify-center rounded-xl ${d.tone}`}>
                  {d.icon}
                </span>
                <span className="min-w-0 flex-1">
                  <span className="flex items-center justify-between gap-2">
                    <span className="font-serif text-xl font-semibold text-stone-900">{t(`cards.${d.key}.title`)}</span>
                    <span
                      aria-hidden="true"
                      className="text-stone-400 transition group-hover:translate-x-0.5 group-hover:text-brand-700"
                    >
                      →
                    </span>
                  </span>
                  <span className="mt-1 block text-sm leading-6 text-stone-600">{t(`cards.${d.key}.text`)}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>

        {/* Below the cards: the verse loads after the screen, and whatever height it comes to (or
            none, when it fails) moves nothing above it. */}
        <VerseOfTheDay />

        <div className="mt-8 flex flex-col items-start gap-3 rounded-2xl border border-dashed border-stone-300 bg-white/60 p-5 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-stone-700">{t('profileHint')}</p>
          <Link
            to={paths.profile()}
            className="inline-flex min-h-11 items-center gap-2 rounded-lg px-1 text-sm font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-900"
          >
            {t('profileLink')}
            <span aria-hidden="true">→</span>
          </Link>
        </div>
      </div>
    </div>
  );
}
