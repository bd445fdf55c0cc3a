import { useTranslation } from 'react-i18next';
import { LampMark } from './chat-icons.tsx';

const SUGGESTIONS = ['work', 'grief', 'forgive', 'hope'] as const;

/** The empty chat: a greeting by first name, what the chat does, and suggestions that send at once. */
export function Welcome({
  firstName,
  onSuggestion,
  disabled,
}: {
  firstName: string | undefined;
  onSuggestion: (text: string) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation('chat');
  return (
    <div className="flex flex-1 flex-col justify-center py-8 sm:py-12">
      <LampMark className="h-12 w-12" />
      <p className="mt-5 text-sm font-semibold uppercase tracking-wider text-brand-800">{t('welcome.eyebrow')}</p>
      <h1 className="mt-1 font-serif text-3xl font-semibold tracking-tight text-stone-900 sm:text-4xl">
        {firstName ? t('welcome.greeting', { name: firstName }) : t('welcome.greetingAnonymous')}
      </h1>
      <p className="mt-3 max-w-xl text-base leading-7 text-stone-700 sm:text-lg sm:leading-8">{t('welcome.intro')}</p>
      <h2 className="mt-8 text-sm font-semibold text-stone-700">{t('welcome.suggestionsLabel')}</h2>
      <ul className="mt-3 grid gap-2 sm:grid-cols-2">
        {SUGGESTIONS.map((key) => (
          <li key={key}>
            <button
              type="button"
              disabled={disabled}
              onClick={() => onSuggestion(t(`welcome.suggestions.${key}`))}
              className="flex min-h-12 w-full items-center gap-3 rounded-xl border border-stone-200 bg-white px-4 py-3 text-left text-[0.95rem] font-medium text-stone-800 shadow-sm transition hover:border-brand-300 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-60"
            >
              <span aria-hidden="true" className="text-brand-700">
                ✦
              </span>
              {t(`welcome.suggestions.${key}`)}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
