import { describe, expect, it } from 'vitest';
import type { BookDto } from '@candeia/shared/schemas/scripture';
import { chapterName, SURAH_NAMES, testaments } from './canon.ts';

describe('book groups and chapter names', () => {
  it('splits the Bible into the Old and New Testaments in canonical order', () => {
    const books: BookDto[] = [
      { code: 'John', ordinal: 43, name: 'João', chapters: 21 },
      { code: 'Gen', ordinal: 1, name: 'Gênesis', chapters: 50 },
      { code: 'Rev', ordinal: 66, name: 'Apocalipse', chapters: 22 },
      { code: 'Mal', ordinal: 39, name: 'Malaquias', chapters: 4 },
    ];
    const { old, new: nt } = testaments(books);
    expect(old.map((b) => b.code)).toEqual(['Gen', 'Mal']);
    expect(nt.map((b) => b.code)).toEqual(['John', 'Rev']);
  });

  it('names the 114 surahs, and only for the Qur’an', () => {
    expect(SURAH_NAMES).toHaveLength(114);
    const quran: BookDto = { code: 'main', ordinal: 1, name: 'The Koran', chapters: 114 };
    expect(chapterName('quran', quran, 1)).toBe('Al-Fatihah');
    expect(chapterName('quran', quran, 114)).toBe('An-Nas');
    expect(chapterName('taoTeChing', { ...quran, chapters: 81 }, 1)).toBeNull();
  });
});
