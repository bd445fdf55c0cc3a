import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPPORTED_LOCALES, matchLocale, type Locale } from '@candeia/shared/constants';
import { Alert } from '../../../components/ui/alert.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useMessages } from '../../../lib/forms.ts';
import { currentLocale, i18n } from '../../../lib/i18n.ts';
import { useSetLocale } from '../api/set-locale.ts';
import { SettingsSection } from './settings-section.tsx';

/** The language of the app and of the mails: saved on the account, then the app switches to it. */
export function LanguageSection() {
  const { t } = useTranslation(['settings', 'profile']);
  const { apiMessage } = useMessages();
  const toast = useToast();
  const id = useId();
  const save = useSetLocale();
  const [error, setError] = useState<string | null>(null);

  async function onChange(e: ChangeEvent<HTMLSelectElement>) {
    const locale = matchLocale(e.target.value) as Locale;
    setError(null);
    try {
      await save.mutateAsync(locale);
      toast({ variant: 'success', title: i18n.getFixedT(locale, 'settings')('language.saved') });
    } catch (err) {
      setError(apiMessage(err));
    }
  }

  return (
    <SettingsSection id="language" title={t('language.title')} lead={t('language.lead')}>
      <div className="flex max-w-sm items-center gap-3">
        <label htmlFor={id} className="sr-only">
          {t('language.label')}
        </label>
        <Select id={id} value={currentLocale()} onChange={onChange} disabled={save.isPending}>
          {SUPPORTED_LOCALES.map((l) => (
            <option key={l} value={l} lang={l}>
              {t(`languages.${l}`, { ns: 'profile' })}
            </option>
          ))}
        </Select>
        {save.isPending ? <Spinner /> : null}
      </div>
      {error ? (
        <Alert variant="error" className="mt-4" title={t('language.failed')}>
          {error}
        </Alert>
      ) : null}
    </SettingsSection>
  );
}
