import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseGutenberg } from '../../src/modules/scripture/content/gutenberg.ts';
import { parsePickthallTsv } from '../../src/modules/scripture/content/quran.ts';
import { DEFAULT_MIRROR } from '../../src/modules/scripture/content/sources.ts';

/** The shared content mirror (CONTENT_MIRROR, else the folder beside the repository). */
export const MIRROR = process.env.CONTENT_MIRROR || DEFAULT_MIRROR;
export const hasMirror = existsSync(join(MIRROR, 'README.md'));

const GUTENBERG: Record<string, string> = {
  'tao-te-ching-legge': 'gutenberg/tao-te-ching-legge/216.txt',
  'bhagavad-gita-arnold': 'gutenberg/bhagavad-gita-arnold/2388.txt',
  'dhammapada-muller': 'gutenberg/dhammapada-muller/2017.txt',
  'analects-legge': 'gutenberg/analects-legge/3330.txt',
};

/** The 'chapter:verse' places of each of the mirror's sacred books (not Bibles), by text id. */
export function mirrorSacredVerses(): Map<string, Set<string>> {
  const verses = new Map<string, Set<string>>();
  for (const [id, file] of Object.entries(GUTENBERG)) {
    const parsed = parseGutenberg(readFileSync(join(MIRROR, file)), { id });
    verses.set(id, new Set(parsed.books[0]!.verses.map((v) => `${v.chapter}:${v.verse}`)));
  }
  const quran = parsePickthallTsv(readFileSync(join(MIRROR, 'quran-pickthall/pickthall.tsv')));
  verses.set('quran-pickthall', new Set(quran.books[0]!.verses.map((v) => `${v.chapter}:${v.verse}`)));
  return verses;
}
