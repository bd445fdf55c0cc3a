import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { SlotDto, SlotsDto } from '@candeia/shared/schemas/consultation';
import { formatDay, slotDays, upperFirst } from '../lib/time.ts';
import { useLocale } from './labels.ts';

/**
 * The free slots of the days asked, by day and part of the day, as one group of radio buttons
 * (arrow keys move between them; each says its day to a screen reader).
 */
export function SlotPicker({
  slots,
  selected,
  onSelect,
}: {
  slots: SlotsDto;
  selected: string | null;
  onSelect: (slot: SlotDto) => void;
}) {
  const { t } = useTranslation('consultation');
  const locale = useLocale();
  const name = useId();
  const days = slotDays(slots.days);

  if (days.length === 0)
    return <p className="rounded-2xl border border-dashed border-stone-300 p-5 text-stone-700">{t('book.noSlots')}</p>;

  return (
    <fieldset>
      <legend className="sr-only">{t('book.slotsLegend', { zone: slots.timeZone })}</legend>
      <div className="grid gap-5 md:grid-cols-2">
        {days.map((day) => {
          const label = formatDay(day.date, locale);
          return (
            <section
              key={day.date}
              aria-label={label}
              className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm"
            >
              <h3 className="font-semibold text-stone-900">{upperFirst(label, locale)}</h3>
              <p className="text-xs text-stone-500">{t('book.daySlots', { count: day.count })}</p>
              {day.groups.map((group) => (
                <div key={group.part} className="mt-3">
                  <p className="text-xs font-semibold uppercase tracking-wide text-stone-500">
                    {t(`book.part.${group.part}`)}
                  </p>
                  <div className="mt-1.5 grid grid-cols-4 gap-2 sm:flex sm:flex-wrap">
                    {group.slots.map((slot) => (
                      <label
                        key={slot.startsAt}
                        className="relative inline-flex min-h-11 cursor-pointer items-center justify-center rounded-lg border border-stone-300 bg-white px-2 text-base font-semibold tabular-nums sm:min-w-[4.75rem] sm:px-3 text-stone-800 shadow-sm hover:border-brand-600 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-700 has-[:checked]:text-white has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 has-[:focus-visible]:ring-offset-2"
                      >
                        <input
                          type="radio"
                          name={name}
                          value={slot.startsAt}
                          checked={selected === slot.startsAt}
                          onChange={() => onSelect(slot)}
                          className="sr-only"
                        />
                        <span className="sr-only">{`${label}, `}</span>
                        {slot.time}
                      </label>
                    ))}
                  </div>
                </div>
              ))}
            </section>
          );
        })}
      </div>
    </fieldset>
  );
}
