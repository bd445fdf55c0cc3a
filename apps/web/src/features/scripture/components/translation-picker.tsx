import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TextDto } from '@candeia/shared/schemas/scripture';
import { Select } from '../../../components/ui/select.tsx';

/** Chooses the Bible translation; the caller decides where the choice leads (same chapter, or the book list). */
export function TranslationPicker({
  texts,
  value,
  onChange,
  className = '',
}: {
  texts: TextDto[];
  value: string;
  onChange: (textId: string) => void;
  className?: string;
}) {
  const { t } = useTranslation('scripture');
  const id = useId();
  if (texts.length < 2) return null;
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-stone-800">
        {t('translation.label')}
      </label>
      <Select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {texts.map((text) => (
          <option key={text.id} value={text.id}>
            {`${text.title} (${text.abbreviation}) · ${t(`languages.${text.language}`)}`}
          </option>
        ))}
      </Select>
    </div>
  );
}
