import { describe, expect, it } from 'vitest';
import { BIBLE_BOOKS, bibleBook, OLD_TESTAMENT_BOOKS } from '../src/canon.ts';
import { TEXT_LANGUAGES } from '../src/schemas/scripture.ts';

describe('the Bible canon', () => {
  it('has the 66 books, 39 of the Old Testament then 27 of the New', () => {
    expect(BIBLE_BOOKS).toHaveLength(66);
    expect(OLD_TESTAMENT_BOOKS).toBe(39);
    expect(BIBLE_BOOKS.filter((b) => b.testament === 'ot')).toHaveLength(39);
    expect(BIBLE_BOOKS.filter((b) => b.testament === 'nt')).toHaveLength(27);
    expect(BIBLE_BOOKS.findIndex((b) => b.testament === 'nt')).toBe(39);
  });

  it('runs from Genesis to Revelation in canonical order, with unique OSIS ids', () => {
    const ids = BIBLE_BOOKS.map((b) => b.osis);
    expect(new Set(ids).size).toBe(66);
    expect(ids.slice(0, 5)).toEqual(['Gen', 'Exod', 'Lev', 'Num', 'Deut']);
    expect(ids[38]).toBe('Mal');
    expect(ids[39]).toBe('Matt');
    expect(ids.at(-1)).toBe('Rev');
    for (const id of ids) expect(id).toMatch(/^[1-3]?[A-Z][a-z]+$/);
  });

  it('names every book in the three text languages', () => {
    for (const book of BIBLE_BOOKS) {
      expect(Object.keys(book.names).sort()).toEqual([...TEXT_LANGUAGES].sort());
      for (const language of TEXT_LANGUAGES) expect(book.names[language].trim()).not.toBe('');
    }
    expect(bibleBook('John')?.names).toEqual({ en: 'John', pt: 'João', es: 'Juan' });
    expect(bibleBook('Ps')?.names).toEqual({ en: 'Psalms', pt: 'Salmos', es: 'Salmos' });
    expect(bibleBook('1Cor')?.names.pt).toBe('1 Coríntios');
  });

  it('finds a book by its OSIS id, and nothing for a book outside the 66', () => {
    expect(bibleBook('Gen')).toBe(BIBLE_BOOKS[0]);
    expect(bibleBook('Rev')?.testament).toBe('nt');
    expect(bibleBook('Tob')).toBeUndefined();
    expect(bibleBook('gen')).toBeUndefined();
  });
});
