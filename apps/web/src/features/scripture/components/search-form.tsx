import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { searchQuerySchema } from '@candeia/shared/schemas/scripture';
import { paths, type ScriptureArea } from '@candeia/shared/routes';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError } from '../../../components/ui/field.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { controlClasses } from '../../../components/ui/input.tsx';
import { useMessages } from '../../../lib/forms.ts';

/**
 * The one search box (a reference such as "João 3:16" or words): checks the query with the
 * shared schema, keeps what was typed when it is refused, and opens the search page.
 */
export function SearchForm({
  area,
  textId,
  textLabel,
  className = '',
}: {
  area: ScriptureArea;
  /** Search within this text only. */
  textId?: string;
  /** The text's name, for the placeholder ("Buscar em Tao Te Ching"). */
  textLabel?: string;
  className?: string;
}) {
  const { t } = useTranslation('scripture');
  const { message } = useMessages();
  const navigate = useNavigate();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = searchQuerySchema.shape.q.safeParse(value);
    if (!parsed.success) {
      setError(message(parsed.error.issues[0]?.message));
      input.current?.focus();
      return;
    }
    setError(undefined);
    navigate(paths.scriptureSearch(area, { q: parsed.data, textId }));
  };

  return (
    <form role="search" noValidate onSubmit={submit} className={className}>
      <label htmlFor={id} className="sr-only">
        {textLabel ? t('search.inText', { text: textLabel }) : t('search.label')}
      </label>
      <div className="flex gap-2">
        <div className="relative min-w-0 flex-1">
          <Icon className="pointer-events-none absolute left-3 top-1/2 h-5 w-5 -translate-y-1/2 text-stone-500">
            <circle cx="11" cy="11" r="7" />
            <path d="m20 20-3.5-3.5" />
          </Icon>
          <input
            ref={input}
            id={id}
            type="search"
            enterKeyHint="search"
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              if (error) setError(undefined);
            }}
            placeholder={textLabel ? t('search.inText', { text: textLabel }) : t('search.placeholder')}
            aria-invalid={!!error}
            aria-describedby={error ? `${id}-error` : undefined}
            className={controlClasses('pl-10')}
          />
        </div>
        <Button type="submit" variant="secondary">
          {t('search.submit')}
        </Button>
      </div>
      {error ? (
        <div className="mt-1.5">
          <FieldError id={`${id}-error`}>{error}</FieldError>
        </div>
      ) : null}
    </form>
  );
}
