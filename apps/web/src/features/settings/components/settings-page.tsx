import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@candeia/shared/routes';
import { Badge } from '../../../components/ui/badge.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { accountOf, useSessionUser } from '../../../lib/queries/session.ts';
import { DeleteAccountPanel } from './delete-account-section.tsx';
import { ExportPanel } from './export-section.tsx';
import { LanguageSection } from './language-section.tsx';
import { SessionsSection } from './sessions-section.tsx';
import { SettingsSection } from './settings-section.tsx';

/** A section another feature adds to the settings (the router composes it), shown before privacy. */
export interface ExtraSettingsSection {
  /** The section's anchor (`/settings#id`). */
  id: string;
  title: string;
  lead?: ReactNode;
  content: ReactNode;
}

/**
 * /settings: language, account (e-mail and password), sessions on other devices, and privacy
 * (export, deletion). `passwordForm` is the profile feature's change-password form and
 * `sections` are what other features add (notification choices…): the router composes them.
 */
export default function SettingsPage({
  passwordForm,
  sections = [],
  onAccountDeleted,
}: {
  passwordForm: ReactNode;
  sections?: ExtraSettingsSection[];
  onAccountDeleted: () => void;
}) {
  const { t } = useTranslation('settings');
  useDocumentTitle(t('title'));
  const user = accountOf(useSessionUser().user);

  const nav = [
    { id: 'language', title: t('language.title') },
    { id: 'account', title: t('account.title') },
    { id: 'sessions', title: t('sessions.title') },
    ...sections.map((s) => ({ id: s.id, title: s.title })),
    { id: 'privacy', title: t('privacy.title') },
  ];

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <h1 className="font-serif text-3xl font-semibold tracking-tight text-stone-900 sm:text-4xl">{t('title')}</h1>
      <p className="mt-2 text-stone-600">{t('lead')}</p>
      <nav aria-label={t('sectionsLabel')} className="mt-5">
        <ul className="flex flex-wrap gap-2">
          {nav.map((n) => (
            <li key={n.id}>
              <a
                href={`#${n.id}`}
                className="inline-flex min-h-9 items-center rounded-full border border-stone-300 bg-white px-3 text-sm font-medium text-stone-800 hover:border-stone-400 hover:bg-stone-50"
              >
                {n.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-6 grid gap-6">
        <LanguageSection />
        <SettingsSection id="account" title={t('account.title')} lead={t('account.lead')}>
          {user ? (
            <dl>
              <dt className="text-xs font-semibold uppercase tracking-wide text-stone-500">{t('account.email')}</dt>
              <dd className="mt-1 text-sm text-stone-900">
                <span className="break-all">{user.email}</span>{' '}
                <Badge tone={user.emailVerified ? 'success' : 'warning'} className="align-middle">
                  {user.emailVerified ? t('account.emailVerified') : t('account.emailNotVerified')}
                </Badge>
              </dd>
            </dl>
          ) : null}
          <p className="mt-3 text-sm text-stone-600">
            <Link to={paths.profile()} className="text-brand-800 underline underline-offset-4 hover:text-brand-900">
              {t('profileLink')}
            </Link>
          </p>
          <div className="mt-6 border-t border-stone-100 pt-6">{passwordForm}</div>
        </SettingsSection>
        <SessionsSection />
        {sections.map((s) => (
          <SettingsSection key={s.id} id={s.id} title={s.title} lead={s.lead}>
            {s.content}
          </SettingsSection>
        ))}
        <SettingsSection id="privacy" title={t('privacy.title')} lead={t('privacy.lead')}>
          <ExportPanel />
          <div className="mt-8 border-t border-stone-100 pt-6">
            <DeleteAccountPanel onDeleted={onAccountDeleted} />
          </div>
        </SettingsSection>
      </div>
    </div>
  );
}
