import { describe, expect, it } from 'vitest';
import { formatPassage, formatReference } from './reference.ts';

const verses = [
  { n: 16, t: 'Porque Deus amou o mundo de tal maneira… ' },
  { n: 17, t: 'Porque Deus não enviou o seu Filho ao mundo para condenar o mundo…' },
  { n: 18, t: 'Quem crê nele não é condenado.' },
];

describe('references and copied text', () => {
  it('formats a chapter, a verse and a range', () => {
    expect(formatReference('João', 3)).toBe('João 3');
    expect(formatReference('João', 3, 16)).toBe('João 3:16');
    expect(formatReference('João', 3, 16, 16)).toBe('João 3:16');
    expect(formatReference('João', 3, 16, 18)).toBe('João 3:16-18');
  });

  it('copies one verse as its text and the reference with the translation', () => {
    const p = formatPassage({ verses, start: 16, end: 16, bookName: 'João', chapter: 3, abbreviation: 'BLIVRE' });
    expect(p.reference).toBe('João 3:16 (BLIVRE)');
    expect(p.text).toBe('Porque Deus amou o mundo de tal maneira…');
    expect(p.full).toBe('Porque Deus amou o mundo de tal maneira…\n— João 3:16 (BLIVRE)');
  });

  it('keeps the verse numbers of a range', () => {
    const p = formatPassage({ verses, start: 17, end: 18, bookName: 'John', chapter: 3, abbreviation: 'KJV' });
    expect(p.text).toBe(
      '17 Porque Deus não enviou o seu Filho ao mundo para condenar o mundo… 18 Quem crê nele não é condenado.',
    );
    expect(p.reference).toBe('John 3:17-18 (KJV)');
  });
});
