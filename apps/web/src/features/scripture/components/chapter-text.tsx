import { useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { VerseDto } from '@candeia/shared/schemas/scripture';
import { Icon } from '../../../components/ui/icon.tsx';
import { inAnyRange, isSelected, type Selection } from '../lib/selection.ts';

interface Range {
  verseStart: number;
  verseEnd: number;
}

export interface ChapterTextProps {
  verses: readonly VerseDto[];
  /** The text's language, so screen readers and hyphenation use it. */
  lang: string;
  verseNumbers: boolean;
  /** Selection and marks: absent for a text that is only shown (the parallel column). */
  interactive?: {
    selection: Selection;
    onToggle: (n: number, extend: boolean) => void;
    onClear: () => void;
    favourites: readonly Range[];
    notes: readonly Range[];
  };
  /** Prefix of the verse ids (#v16), so two texts on one screen never share an id. */
  idPrefix?: string;
  describedBy?: string;
  /** A second translation shown verse by verse beside this one (the parallel view on wide screens). */
  companion?: { verses: readonly VerseDto[]; lang: string; label: string; primaryLabel: string };
}

/** Blocks of verses: a paragraph from each paragraph mark, or one verse per line when the text has none. */
export function verseBlocks(verses: readonly VerseDto[]): { heading?: string; verses: VerseDto[] }[] {
  const paragraphs = verses.some((v) => v.p);
  const blocks: { heading?: string; verses: VerseDto[] }[] = [];
  for (const v of verses) {
    const last = blocks[blocks.length - 1];
    if (!last || v.h || !paragraphs || v.p) blocks.push({ heading: v.h, verses: [v] });
    else last.verses.push(v);
  }
  return blocks;
}

/**
 * The verses of a chapter for reading. In the interactive text each verse is a toggle
 * button: click or tap selects (Shift extends a range); by keyboard the verses are one tab
 * stop, the arrow keys move between them, Enter or Space selects, Shift+Enter extends,
 * Escape clears. Favourite and noted verses carry a mark.
 */
export function ChapterText({
  verses,
  lang,
  verseNumbers,
  interactive,
  idPrefix = '',
  describedBy,
  companion,
}: ChapterTextProps) {
  const { t } = useTranslation('scripture');
  const root = useRef<HTMLDivElement>(null);
  const [focusN, setFocusN] = useState<number | null>(null);
  const first = verses[0]?.n ?? 1;
  const tabStop = focusN ?? interactive?.selection?.start ?? first;

  const focusVerse = (n: number) => {
    const el = root.current?.querySelector<HTMLElement>(`[data-verse="${n}"]`);
    if (!el) return;
    setFocusN(n);
    el.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!interactive) return;
    const n = Number((e.target as HTMLElement).dataset.verse);
    if (!n) return;
    const index = verses.findIndex((v) => v.n === n);
    let next: number | undefined;
    if (e.key === 'ArrowDown' || e.key === 'ArrowRight') next = verses[index + 1]?.n;
    else if (e.key === 'ArrowUp' || e.key === 'ArrowLeft') next = verses[index - 1]?.n;
    else if (e.key === 'Home') next = verses[0]?.n;
    else if (e.key === 'End') next = verses[verses.length - 1]?.n;
    else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      interactive.onToggle(n, e.shiftKey);
      return;
    } else if (e.key === 'Escape' && interactive.selection) {
      e.preventDefault();
      interactive.onClear();
      return;
    } else return;
    e.preventDefault();
    if (next !== undefined) {
      focusVerse(next);
      if (e.shiftKey) interactive.onToggle(next, true);
    }
  };

  const onClick = (e: MouseEvent<HTMLElement>, n: number) => {
    if (!interactive) return;
    // Selecting words to copy them is not a tap on the verse.
    if (window.getSelection()?.toString()) return;
    setFocusN(n);
    interactive.onToggle(n, e.shiftKey);
  };

  const verse = (v: VerseDto): ReactNode => {
    const selected = interactive ? isSelected(interactive.selection, v.n) : false;
    const fav = interactive ? inAnyRange(interactive.favourites, v.n) : false;
    const noted = interactive ? inAnyRange(interactive.notes, v.n) : false;
    const number = verseNumbers ? (
      <sup className="mr-1 select-none align-[0.35em] text-[0.62em] font-semibold tabular-nums text-brand-800">
        {v.n}
      </sup>
    ) : (
      <span className="sr-only">{`${v.n} `}</span>
    );
    const content = (
      <>
        {number}
        <span className="whitespace-pre-line">{v.t.trim()}</span>
        {fav ? (
          <span className="ml-1 inline-flex align-[-0.1em] text-rose-700">
            <Icon className="h-[0.85em] w-[0.85em]" strokeWidth={2.5}>
              <path
                d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z"
                fill="currentColor"
                fillOpacity=".35"
              />
            </Icon>
            <span className="sr-only">{` (${t('marks.favourite')})`}</span>
          </span>
        ) : null}
        {noted ? (
          <span className="ml-1 inline-flex align-[-0.1em] text-sky-800">
            <Icon className="h-[0.85em] w-[0.85em]" strokeWidth={2.5}>
              <path d="M4 20h4L19 9l-4-4L4 16v4zM13.5 6.5l4 4" />
            </Icon>
            <span className="sr-only">{` (${t('marks.note')})`}</span>
          </span>
        ) : null}
      </>
    );
    if (!interactive)
      return (
        <span key={v.n} id={`${idPrefix}v${v.n}`} className="scroll-mt-28">
          {content}{' '}
        </span>
      );
    return (
      <span key={v.n}>
        <span
          id={`${idPrefix}v${v.n}`}
          data-verse={v.n}
          role="button"
          tabIndex={v.n === tabStop ? 0 : -1}
          aria-pressed={selected}
          aria-describedby={describedBy}
          onClick={(e) => onClick(e, v.n)}
          onFocus={() => setFocusN(v.n)}
          className={`scroll-mt-28 cursor-pointer rounded-sm box-decoration-clone transition-colors ${
            selected
              ? 'bg-brand-100 underline decoration-brand-600 decoration-2 underline-offset-[0.3em]'
              : 'hover:bg-stone-100'
          }`}
        >
          {content}
        </span>{' '}
      </span>
    );
  };

  if (companion) {
    const other = new Map(companion.verses.map((v) => [v.n, v]));
    const plain = (v: VerseDto) => (
      <>
        {verseNumbers ? (
          <sup className="mr-1 select-none align-[0.35em] text-[0.62em] font-semibold tabular-nums text-brand-800">
            {v.n}
          </sup>
        ) : (
          <span className="sr-only">{`${v.n} `}</span>
        )}
        <span className="whitespace-pre-line">{v.t.trim()}</span>
      </>
    );
    return (
      <div ref={root} onKeyDown={onKeyDown} className="hyphens-auto">
        <div className="mb-4 grid grid-cols-2 gap-8 border-b border-stone-200 pb-2 font-sans text-sm font-semibold text-stone-600">
          <p>{companion.primaryLabel}</p>
          <p>{companion.label}</p>
        </div>
        {verses.map((v) => {
          const twin = other.get(v.n);
          return (
            <div key={v.n} className="grid grid-cols-2 gap-8">
              <div lang={lang}>
                {v.h ? <h2 className="mb-3 mt-6 font-serif text-[1.1em] font-semibold text-stone-900">{v.h}</h2> : null}
                <p className="mb-3">{verse(v)}</p>
              </div>
              <div lang={companion.lang} className="text-stone-700">
                {twin?.h ? (
                  <p className="mb-3 mt-6 font-serif text-[1.1em] font-semibold text-stone-800">{twin.h}</p>
                ) : null}
                <p className="mb-3">{twin ? plain(twin) : null}</p>
              </div>
            </div>
          );
        })}
      </div>
    );
  }

  const blocks = verseBlocks(verses);
  const paragraphs = verses.some((v) => v.p);
  return (
    <div ref={root} lang={lang} onKeyDown={onKeyDown} className="hyphens-auto">
      {blocks.map((b, i) => (
        <div key={`${i}-${b.verses[0]?.n}`}>
          {b.heading ? (
            <h2 className="mb-3 mt-8 font-serif text-[1.1em] font-semibold leading-snug text-stone-900 first:mt-0">
              {b.heading}
            </h2>
          ) : null}
          <p className={paragraphs ? 'mb-4 indent-0' : 'mb-2'}>{b.verses.map(verse)}</p>
        </div>
      ))}
    </div>
  );
}
