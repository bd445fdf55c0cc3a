import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TextDto } from '@candeia/shared/schemas/scripture';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { FONT_SIZES, type ReaderPrefs } from '../lib/prefs.ts';

/** Reading settings behind one button: letter size, verse numbers, and a second Bible to compare. */
export function ReaderSettings({
  prefs,
  onChange,
  parallelChoices,
  children,
}: {
  prefs: ReaderPrefs;
  onChange: (patch: Partial<ReaderPrefs>) => void;
  /** Other Bibles for the parallel view; empty hides the choice. */
  parallelChoices: TextDto[];
  /** What sits on the button's row, before it (the language badge, the chapters link). */
  children?: ReactNode;
}) {
  const { t } = useTranslation('scripture');
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const parallelId = useId();
  const percent = Math.round(FONT_SIZES[prefs.fontSize]!.rem * 100);

  return (
    <div className="flex flex-wrap items-center gap-2">
      {children}
      <Button
        variant="outline"
        size="sm"
        className="ml-auto"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        <span aria-hidden="true" className="font-serif text-base leading-none">
          Aa
        </span>
        {t('settings.button')}
      </Button>
      <div
        id={panelId}
        hidden={!open}
        className="mt-1 grid basis-full gap-4 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:grid-cols-[auto_auto_1fr] sm:items-center sm:gap-6"
      >
        <div role="group" aria-label={t('settings.fontSize')} className="flex items-center gap-2">
          <span className="mr-1 text-sm font-medium text-stone-800" aria-hidden="true">
            {t('settings.fontSize')}
          </span>
          <Button
            variant="outline"
            size="sm"
            aria-label={t('settings.smaller')}
            disabled={prefs.fontSize <= 0}
            onClick={() => onChange({ fontSize: prefs.fontSize - 1 })}
          >
            <span aria-hidden="true" className="text-sm">
              A−
            </span>
          </Button>
          <output aria-live="polite" className="min-w-12 text-center text-sm tabular-nums text-stone-700">
            {`${percent}%`}
          </output>
          <Button
            variant="outline"
            size="sm"
            aria-label={t('settings.larger')}
            disabled={prefs.fontSize >= FONT_SIZES.length - 1}
            onClick={() => onChange({ fontSize: prefs.fontSize + 1 })}
          >
            <span aria-hidden="true" className="text-lg">
              A+
            </span>
          </Button>
        </div>
        <Checkbox
          label={t('settings.verseNumbers')}
          checked={prefs.verseNumbers}
          onChange={(e) => onChange({ verseNumbers: e.target.checked })}
        />
        {parallelChoices.length ? (
          <div className="flex flex-col gap-1.5 sm:flex-row sm:items-center sm:gap-3">
            <label htmlFor={parallelId} className="flex items-center gap-1.5 text-sm font-medium text-stone-800">
              <Icon className="h-4 w-4">
                <rect x="3" y="4" width="8" height="16" rx="1.5" />
                <rect x="13" y="4" width="8" height="16" rx="1.5" />
              </Icon>
              {t('settings.parallel')}
            </label>
            <Select
              id={parallelId}
              value={prefs.parallel ?? ''}
              onChange={(e) => onChange({ parallel: e.target.value || null })}
              className="sm:min-w-56"
            >
              <option value="">{t('settings.parallelOff')}</option>
              {parallelChoices.map((p) => (
                <option key={p.id} value={p.id}>
                  {`${p.title} (${p.abbreviation})`}
                </option>
              ))}
            </Select>
          </div>
        ) : null}
      </div>
    </div>
  );
}
