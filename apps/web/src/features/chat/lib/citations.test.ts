import { describe, expect, it } from 'vitest';
import type { CitationDto } from '@candeia/shared/schemas/chat';
import { citationPath, splitCitations } from './citations.ts';

const cite = (label: string, over: Partial<CitationDto> = {}): CitationDto => ({
  label,
  valid: true,
  textId: 'porblivre',
  bookKey: 'bible',
  book: 'John',
  chapter: 3,
  verse: 16,
  verseEnd: null,
  ...over,
});

describe('splitCitations', () => {
  it('cuts the text at every whole occurrence of a label', () => {
    const c = cite('João 3:16');
    expect(splitCitations('Em João 3:16 lemos; João 3:16 de novo', [c])).toEqual([
      { text: 'Em ' },
      { text: 'João 3:16', citation: c },
      { text: ' lemos; ' },
      { text: 'João 3:16', citation: c },
      { text: ' de novo' },
    ]);
  });

  it('does not find a reference inside a longer one', () => {
    const short = cite('Salmos 23:1');
    expect(splitCitations('Salmos 23:1-2 e Salmos 23:10', [short])).toEqual([{ text: 'Salmos 23:1-2 e Salmos 23:10' }]);
    const long = cite('Salmos 23:1-2', { verse: 1, verseEnd: 2 });
    expect(splitCitations('Salmos 23:1-2 e Salmos 23:1.', [short, long])).toEqual([
      { text: 'Salmos 23:1-2', citation: long },
      { text: ' e ' },
      { text: 'Salmos 23:1', citation: short },
      { text: '.' },
    ]);
  });

  it('prefers the valid citation when a label is both', () => {
    const bad = cite('João 3:16', { valid: false, textId: null });
    const good = cite('João 3:16');
    expect(splitCitations('João 3:16', [bad, good])[0]!.citation).toBe(good);
  });

  it('returns the text whole without citations, and treats labels as plain text (no regex)', () => {
    expect(splitCitations('nada aqui', [])).toEqual([{ text: 'nada aqui' }]);
    expect(splitCitations('a (b) c', [cite('(b)')])[1]).toEqual({ text: '(b)', citation: cite('(b)') });
    expect(splitCitations('x', [cite('  ')])).toEqual([{ text: 'x' }]);
  });
});

describe('citationPath', () => {
  it('links Bible verses and ranges into the reader', () => {
    expect(citationPath(cite('João 3:16'))).toBe('/bible/porblivre/John/3#v16');
    expect(citationPath(cite('Salmos 23:1-2', { book: 'Ps', chapter: 23, verse: 1, verseEnd: 2 }))).toBe(
      '/bible/porblivre/Ps/23#v1-2',
    );
    expect(citationPath(cite('João 3', { verse: null }))).toBe('/bible/porblivre/John/3');
  });

  it('links other sacred books under /sacred-books', () => {
    expect(
      citationPath(cite('Tao Te Ching 16:1', { textId: 'tao-te-ching-legge', bookKey: 'taoTeChing', book: 'TTC' })),
    ).toBe('/sacred-books/tao-te-ching-legge/TTC/3#v16');
  });

  it('never links an invalid citation', () => {
    expect(citationPath(cite('João 99:1', { valid: false }))).toBeNull();
    expect(citationPath(cite('x', { textId: null }))).toBeNull();
  });
});
