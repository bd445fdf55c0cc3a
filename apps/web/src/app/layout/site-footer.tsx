import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@candeia/shared/routes';
import { buttonClasses } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { usePublicConfig } from '../../lib/queries/public-config.ts';
import { useSession } from '../../lib/queries/session.ts';
import { BrandMark, ICONS, LineIcon } from './brand-mark.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';

// The form (react-hook-form + zod) loads only when someone wants to write: never on first load.
const loadContactForm = () => import('../../features/contact/components/contact-form.tsx');
const ContactForm = lazy(loadContactForm);

const footerLink = 'rounded text-stone-300 underline-offset-4 transition-colors hover:text-white hover:underline';

/** Footer of every page: tagline, company line, platform and support links, contact box, address. */
export function SiteFooter() {
  const { t } = useTranslation('common');
  const session = useSession();
  const config = usePublicConfig();
  const [writing, setWriting] = useState(false);
  const signedIn = !!session.data;
  const company = config.data?.companyName ?? t('appName');
  const email = config.data?.contactEmail;

  const platform = signedIn
    ? [
        { to: paths.start(), label: t('nav.home') },
        { to: paths.profile(), label: t('nav.profile') },
        { to: paths.subscription(), label: t('footer.plans') },
        { to: paths.donations(), label: t('nav.donations') },
      ]
    : [
        { to: paths.landing(), label: t('nav.home') },
        { to: paths.subscription(), label: t('footer.plans') },
        { to: paths.donations(), label: t('nav.donations') },
        { to: paths.signup(), label: t('footer.createAccount') },
        { to: paths.login(), label: t('nav.login') },
      ];

  return (
    <footer className="bg-stone-900 text-stone-300 [--focus-ring:var(--color-brand-400)]">
      <div className="mx-auto max-w-6xl px-4 pb-8 pt-14 sm:px-6">
        <div className="grid grid-cols-2 gap-x-6 gap-y-10 lg:grid-cols-12">
          <div className="col-span-2 lg:col-span-4">
            <Link
              to={signedIn ? paths.start() : paths.landing()}
              className="inline-flex items-center gap-2.5 rounded-lg"
              aria-label={t('nav.homeLink')}
            >
              <BrandMark className="h-9 w-9" />
              <span className="font-serif text-xl font-semibold text-white">{t('appName')}</span>
            </Link>
            <p className="mt-4 max-w-sm leading-relaxed text-stone-300">{t('footer.tagline')}</p>
            {config.data ? (
              <div className="mt-6">
                <h2 className="text-sm font-semibold uppercase tracking-wider text-stone-400">{t('footer.address')}</h2>
                <address className="mt-2 flex gap-2 not-italic leading-relaxed text-stone-300">
                  <span className="mt-1 shrink-0 text-brand-400">
                    <LineIcon d={ICONS.pin} className="h-4 w-4" />
                  </span>
                  <span>
                    {config.data.companyName}
                    <br />
                    {config.data.companyAddress}
                  </span>
                </address>
              </div>
            ) : null}
          </div>

          <nav aria-labelledby="footer-platform" className="lg:col-span-2">
            <h2 id="footer-platform" className="text-sm font-semibold uppercase tracking-wider text-stone-400">
              {t('footer.platform')}
            </h2>
            <ul className="mt-4 space-y-3">
              {platform.map((l) => (
                <li key={l.to}>
                  <Link to={l.to} className={footerLink}>
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>

          <nav aria-labelledby="footer-support" className="lg:col-span-2">
            <h2 id="footer-support" className="text-sm font-semibold uppercase tracking-wider text-stone-400">
              {t('footer.support')}
            </h2>
            <ul className="mt-4 space-y-3">
              <li>
                <Link to={paths.terms()} className={footerLink}>
                  {t('footer.terms')}
                </Link>
              </li>
              <li>
                <Link to={paths.privacy()} className={footerLink}>
                  {t('footer.privacy')}
                </Link>
              </li>
              <li>
                <Link to={paths.updates()} className={footerLink}>
                  {t('footer.updates')}
                </Link>
              </li>
              {email ? (
                <li>
                  <a href={`mailto:${email}`} className={footerLink}>
                    {t('footer.emailUs')}
                  </a>
                </li>
              ) : null}
            </ul>
          </nav>

          <section aria-labelledby="footer-contact" className="col-span-2 lg:col-span-4">
            <div className="rounded-2xl bg-white p-5 text-stone-800 shadow-lg ring-1 ring-black/5 [--focus-ring:var(--color-brand-700)] sm:p-6">
              <h2 id="footer-contact" className="font-serif text-xl font-semibold text-stone-900">
                {t('footer.contactTitle')}
              </h2>
              {writing ? (
                <Suspense fallback={<Spinner className="min-h-72" />}>
                  <ContactForm />
                </Suspense>
              ) : (
                <>
                  <p className="mt-2 text-stone-600">{t('footer.contactText')}</p>
                  {email ? (
                    <a
                      href={`mailto:${email}`}
                      className="mt-3 inline-flex items-center gap-2 break-all font-medium text-brand-800 underline-offset-4 hover:underline"
                    >
                      <LineIcon d={ICONS.mail} className="h-4 w-4 shrink-0" />
                      {email}
                    </a>
                  ) : null}
                  <button
                    type="button"
                    onClick={() => setWriting(true)}
                    onPointerEnter={() => void loadContactForm()}
                    onFocus={() => void loadContactForm()}
                    className={buttonClasses({ block: true, className: 'mt-5' })}
                  >
                    {t('footer.contactOpen')}
                  </button>
                </>
              )}
            </div>
          </section>
        </div>

        <div className="mt-12 flex flex-col gap-4 border-t border-stone-800 pt-6 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-stone-400">
            {t('footer.companyLine', { year: new Date().getFullYear(), company })}
          </p>
          <LanguageSwitcher tone="dark" className="w-full sm:w-52" />
        </div>
      </div>
    </footer>
  );
}
