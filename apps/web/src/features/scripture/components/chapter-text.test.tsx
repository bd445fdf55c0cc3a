import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChapterText, verseBlocks } from './chapter-text.tsx';

vi.mock('react-i18next', () => ({ useTranslation: () => ({ t: (k: string) => k }) }));
afterEach(cleanup);

const verses = [
  { n: 1, t: 'No princípio era o Verbo,', p: true as const },
  { n: 2, t: 'Ele estava no princípio com Deus.' },
  { n: 3, t: 'Todas as coisas foram feitas por ele.', p: true as const, h: 'O Verbo' },
];

describe('chapter text', () => {
  it('groups verses into paragraphs, or one verse per block when the text has no paragraph marks', () => {
    expect(verseBlocks(verses).map((b) => b.verses.map((v) => v.n))).toEqual([[1, 2], [3]]);
    expect(verseBlocks(verses)[1]?.heading).toBe('O Verbo');
    const plain = verses.map(({ n, t }) => ({ n, t }));
    expect(verseBlocks(plain).map((b) => b.verses.map((v) => v.n))).toEqual([[1], [2], [3]]);
  });

  it('selects by click and Shift+click, moves by arrow keys, and marks favourites and notes', () => {
    const onToggle = vi.fn();
    const onClear = vi.fn();
    const { container } = render(
      <ChapterText
        verses={verses}
        lang="pt"
        verseNumbers
        interactive={{
          selection: { start: 2, end: 2, anchor: 2 },
          onToggle,
          onClear,
          favourites: [{ verseStart: 1, verseEnd: 1 }],
          notes: [{ verseStart: 3, verseEnd: 3 }],
        }}
      />,
    );
    const verse = (n: number) => container.querySelector<HTMLElement>(`[data-verse="${n}"]`)!;
    expect(verse(2).getAttribute('aria-pressed')).toBe('true');
    expect(verse(1).getAttribute('aria-pressed')).toBe('false');
    // One tab stop: the selected verse.
    expect([1, 2, 3].map((n) => verse(n).tabIndex)).toEqual([-1, 0, -1]);
    expect(verse(1).textContent).toContain('(marks.favourite)');
    expect(verse(3).textContent).toContain('(marks.note)');

    fireEvent.click(verse(3), { shiftKey: true });
    expect(onToggle).toHaveBeenLastCalledWith(3, true);
    verse(2).focus();
    fireEvent.keyDown(verse(2), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(verse(3));
    fireEvent.keyDown(verse(3), { key: 'Enter' });
    expect(onToggle).toHaveBeenLastCalledWith(3, false);
    fireEvent.keyDown(verse(3), { key: 'Escape' });
    expect(onClear).toHaveBeenCalledOnce();
  });
});
