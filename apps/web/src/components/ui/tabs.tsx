import { Suspense, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { Spinner } from './spinner.tsx';

export interface TabItem {
  id: string;
  label: ReactNode;
  content: ReactNode;
}

/**
 * Accessible tabs (WAI-ARIA tabs pattern): arrow keys, Home and End move between tabs,
 * only the selected tab is in the tab order, and only its panel is rendered. A panel that loads
 * (its code or its texts) shows a spinner in its place: the tabs stay, and the focused one keeps
 * the focus.
 */
export function Tabs({
  items,
  value,
  onValueChange,
  label,
  className = '',
}: {
  items: TabItem[];
  value: string;
  onValueChange: (id: string) => void;
  /** Accessible name of the tab list. */
  label: string;
  className?: string;
}) {
  const base = useId();
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const index = Math.max(
    0,
    items.findIndex((i) => i.id === value),
  );
  const selected = items[index];

  const onKeyDown = (e: KeyboardEvent) => {
    // Move from the focused tab: keys can arrive before the new selection has rendered.
    const focused = items.findIndex((i) => refs.current[i.id] === e.target);
    const from = focused >= 0 ? focused : index;
    let next = -1;
    if (e.key === 'ArrowRight') next = (from + 1) % items.length;
    else if (e.key === 'ArrowLeft') next = (from - 1 + items.length) % items.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = items.length - 1;
    if (next < 0) return;
    e.preventDefault();
    const item = items[next]!;
    onValueChange(item.id);
    refs.current[item.id]?.focus();
  };

  return (
    <div className={className}>
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className="flex flex-wrap gap-1 rounded-xl bg-stone-100 p-1"
      >
        {items.map((item) => {
          const active = item.id === selected?.id;
          return (
            <button
              key={item.id}
              ref={(el) => {
                refs.current[item.id] = el;
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${item.id}`}
              aria-selected={active}
              aria-controls={`${base}-panel-${item.id}`}
              tabIndex={active ? 0 : -1}
              onClick={() => onValueChange(item.id)}
              className={`min-h-10 flex-1 rounded-lg px-2 py-1.5 text-sm font-semibold leading-tight transition-colors sm:flex-none sm:whitespace-nowrap sm:px-4 ${
                active ? 'bg-white text-brand-900 shadow-sm' : 'text-stone-600 hover:text-stone-900'
              }`}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {selected ? (
        <div
          role="tabpanel"
          id={`${base}-panel-${selected.id}`}
          aria-labelledby={`${base}-tab-${selected.id}`}
          tabIndex={0}
          className="mt-4 rounded-xl focus-visible:outline-offset-4"
        >
          <Suspense fallback={<Spinner />}>{selected.content}</Suspense>
        </div>
      ) : null}
    </div>
  );
}
