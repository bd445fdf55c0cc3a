import type { TFunction } from 'i18next';
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GUARANTEE_DAYS, TRIAL_DAYS, USERS_CLAIM } from '@candeia/shared/constants';
import { paths } from '@candeia/shared/routes';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { useSignedIn } from '../../../lib/queries/session.ts';
import { CommunityArt, Icon, LampArt, type IconName } from './landing-icons.tsx';
import { PricingSection } from './pricing-section.tsx';

interface Item {
  title: string;
  text: string;
}

/** A list of objects from the catalogue (for example the FAQ), or nothing while missing. */
function list<T>(t: TFunction, key: string, params: Record<string, unknown> = {}): T[] {
  const v: unknown = t(key, { ...params, returnObjects: true });
  return Array.isArray(v) ? (v as T[]) : [];
}

const BENEFIT_ICONS: IconName[] = ['moon', 'book', 'lock', 'globe'];
const FEATURE_ICONS: IconName[] = ['chat', 'books', 'users', 'calendar', 'video'];
const VALUE_ICONS: IconName[] = ['users', 'heart', 'sun', 'shield'];

function Section({
  id,
  title,
  text,
  className = '',
  children,
}: {
  id: string;
  title: string;
  text?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    // Below the first screen: laid out and painted only as it comes near the view.
    <section
      aria-labelledby={`${id}-title`}
      className={`px-4 py-16 [contain-intrinsic-size:auto_900px] [content-visibility:auto] sm:px-6 sm:py-24 ${className}`}
    >
      <div className="mx-auto max-w-6xl">
        <h2 id={`${id}-title`} className="text-center font-serif text-3xl font-semibold text-stone-900 sm:text-4xl">
          {title}
        </h2>
        {text ? <p className="mx-auto mt-4 max-w-2xl text-center text-lg text-stone-600">{text}</p> : null}
        <div className="mt-12">{children}</div>
      </div>
    </section>
  );
}

function IconBadge({ name }: { name: IconName }) {
  return (
    <span className="inline-flex h-12 w-12 items-center justify-center rounded-xl bg-brand-100 text-brand-800">
      <Icon name={name} />
    </span>
  );
}

/** Benefits, features and testimonials: the same for everyone (not drawn again when the session is known). */
const WhySections = memo(function WhySections({ t }: { t: TFunction }) {
  return (
    <>
      {/* Benefits */}
      <Section id="benefits" title={t('benefits.title')}>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {list<Item>(t, 'benefits.items').map((b, i) => (
            <li key={b.title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200">
              <IconBadge name={BENEFIT_ICONS[i] ?? 'sun'} />
              <h3 className="mt-4 text-lg font-semibold text-stone-900">{b.title}</h3>
              <p className="mt-2 leading-relaxed text-stone-600">{b.text}</p>
            </li>
          ))}
        </ul>
      </Section>

      {/* Features */}
      <Section id="features" title={t('features.title')} text={t('features.text')} className="bg-white">
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {list<Item>(t, 'features.items').map((f, i) => (
            <li
              key={f.title}
              className={`rounded-2xl p-6 ring-1 sm:p-8 ${
                i === 0
                  ? 'bg-gradient-to-br from-brand-700 to-brand-900 text-white ring-brand-800 lg:col-span-2'
                  : 'bg-stone-50 ring-stone-200'
              }`}
            >
              <span
                className={`inline-flex h-12 w-12 items-center justify-center rounded-xl ${i === 0 ? 'bg-white/15 text-brand-100' : 'bg-brand-100 text-brand-800'}`}
              >
                <Icon name={FEATURE_ICONS[i] ?? 'sun'} />
              </span>
              <h3 className={`mt-4 text-xl font-semibold ${i === 0 ? 'text-white' : 'text-stone-900'}`}>{f.title}</h3>
              <p className={`mt-2 leading-relaxed ${i === 0 ? 'max-w-xl text-brand-50' : 'text-stone-600'}`}>
                {f.text}
              </p>
            </li>
          ))}
        </ul>
      </Section>

      {/* Testimonials */}
      <Section id="testimonials" title={t('testimonials.title')} className="bg-brand-50/60">
        <ul className="grid gap-6 md:grid-cols-3">
          {list<{ quote: string; name: string; place: string }>(t, 'testimonials.items').map((q) => (
            <li key={q.name}>
              <figure className="flex h-full flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-brand-100">
                <span aria-hidden="true" className="font-serif text-5xl leading-none text-brand-300">
                  “
                </span>
                <blockquote className="mt-1 flex-1 leading-relaxed text-stone-700">{q.quote}</blockquote>
                <figcaption className="mt-6 flex items-center gap-3">
                  <span
                    aria-hidden="true"
                    className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-700 font-semibold text-white"
                  >
                    {q.name.charAt(0)}
                  </span>
                  <span>
                    <span className="block font-semibold text-stone-900">{q.name}</span>
                    <span className="block text-sm text-stone-500">{q.place}</span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
});

/** The questions and answers. */
const FaqSection = memo(function FaqSection({ t }: { t: TFunction }) {
  return (
    <>
      {/* FAQ */}
      <Section id="faq" title={t('faq.title')} className="bg-white">
        <div className="mx-auto max-w-3xl divide-y divide-stone-200 rounded-2xl ring-1 ring-stone-200">
          {list<{ q: string; a: string }>(t, 'faq.items', { days: TRIAL_DAYS }).map((f) => (
            <details key={f.q} className="group px-5 sm:px-6">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-5 text-left font-semibold text-stone-900 [&::-webkit-details-marker]:hidden">
                {f.q}
                <Icon
                  name="chevron"
                  className="h-5 w-5 shrink-0 text-brand-700 transition-transform group-open:rotate-180"
                />
              </summary>
              <p className="-mt-1 pb-5 leading-relaxed text-stone-600">{f.a}</p>
            </details>
          ))}
        </div>
      </Section>
    </>
  );
});

/** What Candeia stands for. */
const ValuesSection = memo(function ValuesSection({ t }: { t: TFunction }) {
  return (
    <>
      {/* Values */}
      <Section id="values" title={t('values.title')}>
        <ul className="grid gap-x-8 gap-y-10 sm:grid-cols-2 lg:grid-cols-4">
          {list<Item>(t, 'values.items').map((v, i) => (
            <li key={v.title} className="text-center">
              <IconBadge name={VALUE_ICONS[i] ?? 'sun'} />
              <h3 className="mt-4 font-serif text-xl font-semibold text-stone-900">{v.title}</h3>
              <p className="mt-2 leading-relaxed text-stone-600">{v.text}</p>
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
});

/** The public landing page: the sections of SPEC.md §1, copy from the `landing` catalogue. */
export default function LandingPage() {
  const { t, i18n } = useTranslation('landing');
  const signedIn = useSignedIn();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const users = new Intl.NumberFormat(locale).format(USERS_CLAIM);
  const startTo = signedIn ? paths.start() : paths.signup();
  const startLabel = signedIn ? t('hero.ctaSignedIn') : t('hero.cta', { days: TRIAL_DAYS });

  return (
    <>
      {/* Hero */}
      <section
        aria-labelledby="hero-title"
        className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-brand-50/40 to-stone-50"
      >
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -right-32 -top-32 h-[28rem] w-[28rem] rounded-full bg-brand-200/40 blur-3xl"
        />
        <div className="relative mx-auto grid max-w-6xl items-center gap-8 px-4 pb-16 pt-10 sm:px-6 md:grid-cols-[1.15fr_1fr] md:pb-24 md:pt-16">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full bg-white/80 px-3 py-1 text-sm font-semibold text-brand-800 ring-1 ring-brand-200">
              <Icon name="sun" className="h-4 w-4" />
              {t('hero.eyebrow')}
            </p>
            <h1
              id="hero-title"
              className="mt-5 font-serif text-[2.6rem] font-semibold leading-[1.08] tracking-tight text-stone-900 sm:text-6xl"
            >
              {t('hero.title')} <span className="text-brand-700">{t('hero.titleAccent')}</span>
            </h1>
            <p className="mt-5 max-w-xl text-lg leading-relaxed text-stone-700">{t('hero.text')}</p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <Link to={startTo} className={buttonClasses({ size: 'lg' })}>
                {startLabel}
              </Link>
              <a href="#pricing" className={buttonClasses({ variant: 'outline', size: 'lg' })}>
                {t('hero.secondary')}
              </a>
            </div>
            <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm font-medium text-stone-700">
              {[
                t('hero.users', { users }),
                t('hero.trial', { days: TRIAL_DAYS }),
                t('hero.guarantee', { days: GUARANTEE_DAYS }),
              ].map((s) => (
                <li key={s} className="flex items-center gap-1.5">
                  <Icon name="check" className="h-4 w-4 text-brand-700" />
                  {s}
                </li>
              ))}
            </ul>
          </div>
          <figure className="mx-auto w-full max-w-sm">
            <LampArt className="mx-auto w-56 sm:w-72" />
            <figcaption className="mt-4 text-center">
              <blockquote className="font-serif text-lg italic leading-relaxed text-stone-800">
                {t('hero.verse')}
              </blockquote>
              <cite className="mt-2 block text-sm font-semibold not-italic text-brand-800">{t('hero.verseRef')}</cite>
            </figcaption>
          </figure>
        </div>
      </section>

      <WhySections t={t} />

      <PricingSection locale={locale} signedIn={signedIn} />

      <FaqSection t={t} />

      {/* Call to action */}
      <section aria-labelledby="cta-title" className="px-4 py-16 sm:px-6 sm:py-20">
        <div className="relative mx-auto max-w-5xl overflow-hidden rounded-3xl bg-gradient-to-br from-brand-700 via-brand-800 to-brand-900 px-6 py-14 text-center shadow-xl [--focus-ring:var(--color-brand-200)] sm:px-12">
          <div
            aria-hidden="true"
            className="pointer-events-none absolute -top-24 left-1/2 h-64 w-64 -translate-x-1/2 rounded-full bg-brand-400/30 blur-3xl"
          />
          <h2 id="cta-title" className="relative font-serif text-3xl font-semibold text-white sm:text-4xl">
            {t('cta.title')}
          </h2>
          <p className="relative mx-auto mt-4 max-w-2xl text-lg text-brand-50">
            {t('cta.text', { users, days: TRIAL_DAYS, guarantee: GUARANTEE_DAYS })}
          </p>
          <Link
            to={startTo}
            className={buttonClasses({
              size: 'lg',
              className: 'relative mt-8 bg-white !text-brand-900 hover:bg-brand-50 active:bg-brand-100',
            })}
          >
            {signedIn ? t('cta.buttonSignedIn') : t('cta.button')}
          </Link>
        </div>
      </section>

      <ValuesSection t={t} />

      {/* Community */}
      <section aria-labelledby="community-title" className="bg-white px-4 py-16 sm:px-6 sm:py-24">
        <div className="mx-auto grid max-w-6xl items-center gap-10 md:grid-cols-2">
          <div>
            <h2 id="community-title" className="font-serif text-3xl font-semibold text-stone-900 sm:text-4xl">
              {t('community.title')}
            </h2>
            <p className="mt-4 text-lg leading-relaxed text-stone-600">{t('community.text')}</p>
            <ul className="mt-6 space-y-3">
              {list<string>(t, 'community.points').map((p) => (
                <li key={p} className="flex items-center gap-3 font-medium text-stone-800">
                  <span className="flex h-7 w-7 items-center justify-center rounded-full bg-brand-100 text-brand-800">
                    <Icon name="check" className="h-4 w-4" />
                  </span>
                  {p}
                </li>
              ))}
            </ul>
            <Link to={startTo} className={buttonClasses({ variant: 'secondary', size: 'lg', className: 'mt-8' })}>
              {t('community.button')}
            </Link>
          </div>
          <CommunityArt className="mx-auto w-full max-w-[16rem] sm:max-w-xs" />
        </div>
      </section>
    </>
  );
}
