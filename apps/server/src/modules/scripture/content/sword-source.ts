/**
 * A SWORD Bible module as a ParsedText: the 66 books of the Protestant canon (deuterocanonical
 * books of KJVA/NRSVA modules are left out: the library's Bible has 66 books), clean verse text,
 * paragraph flags and headings carried to the verse they stand before.
 */
import { bibleBook } from '@candeia/shared/canon';
import { packForModule } from './catalogue.ts';
import { plainConfValue } from './sword-conf.ts';
import { cleanEntry } from './sword-markup.ts';
import { moduleChecksum, openSwordModule, readSwordEntries, type SwordModuleInfo } from './sword-module.ts';
import {
  ContentError,
  isContentLanguage,
  type ContentLog,
  type ParsedBook,
  type ParsedText,
  type TextMeta,
} from './types.ts';

/** Text metadata: the catalogue's for a known module, otherwise read from its conf. */
export function swordMeta(info: SwordModuleInfo): TextMeta {
  const { conf } = info;
  const known = packForModule(conf.name);
  const source = `sword:${conf.name}`;
  if (known) {
    const { id, bookKey, language, title, abbreviation, translator, year, licence, attribution, sourceUrl } = known;
    return { id, bookKey, language, title, abbreviation, translator, year, licence, attribution, sourceUrl, source };
  }
  const language = info.language.slice(0, 2);
  if (!isContentLanguage(language)) {
    throw new ContentError(
      `SWORD module ${conf.name}: language "${info.language || '(none)'}" has no search configuration (pt, en or es only).`,
    );
  }
  const licence = plainConfValue(conf.get('DistributionLicense') ?? '') || 'Unknown licence';
  const copyright = plainConfValue(conf.get('ShortCopyright') ?? conf.get('Copyright') ?? '');
  const title = plainConfValue(conf.get('Description') ?? '') || conf.name;
  const year = /\b(1[5-9]\d\d|20\d\d)\b/.exec(copyright)?.[1] ?? null;
  return {
    id: conf.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, ''),
    bookKey: 'bible',
    language,
    title,
    abbreviation: plainConfValue(conf.get('Abbreviation') ?? '') || conf.name,
    translator: null,
    year,
    licence,
    attribution: [title, copyright, licence].filter(Boolean).join('. '),
    sourceUrl: conf.get('TextSource') ?? null,
    source,
  };
}

/** Entries handled between two yields to the event loop, so a server importing in the background keeps answering. */
const YIELD_EVERY = 2000;

export async function parseSwordModule(
  confPath: string,
  log: ContentLog = () => {},
  signal?: AbortSignal,
): Promise<ParsedText> {
  const info = openSwordModule(confPath);
  const meta = swordMeta(info);
  const books = new Map<string, ParsedBook>();
  const skipped = new Set<string>();
  let pendingPara = false;
  let pendingHeadings: string[] = [];
  let handled = 0;
  for (const entry of readSwordEntries(info)) {
    if (++handled % YIELD_EVERY === 0) {
      await new Promise((r) => setImmediate(r));
      signal?.throwIfAborted();
    }
    const { slot } = entry;
    if (slot.kind === 'module' || slot.kind === 'testament') continue;
    const clean = entry.raw ? cleanEntry(entry.raw, info.markup) : null;
    if (slot.kind === 'book') {
      // A book's introduction: its paragraph marks carry on; its titles (the book's name) do not.
      if (clean && (clean.paraBefore || clean.paraAfter)) pendingPara = true;
      pendingHeadings = [];
      continue;
    }
    if (slot.kind === 'chapter') {
      if (clean) {
        pendingPara ||= clean.paraBefore || clean.paraAfter;
        pendingHeadings.push(...clean.headingsBefore, ...clean.headingsAfter);
      }
      continue;
    }
    const book = bibleBook(slot.osis);
    if (!book) {
      if (entry.raw) skipped.add(slot.osis);
      continue;
    }
    if (!clean || !clean.text) {
      // An empty slot (a verse this translation leaves out): its marks move on.
      if (clean) {
        pendingPara ||= clean.paraBefore || clean.paraAfter;
        pendingHeadings.push(...clean.headingsBefore, ...clean.headingsAfter);
      }
      continue;
    }
    let parsed = books.get(book.osis);
    if (!parsed) {
      parsed = { code: book.osis, name: book.names[meta.language], verses: [] };
      books.set(book.osis, parsed);
    }
    const headings = [...pendingHeadings, ...clean.headingsBefore];
    parsed.verses.push({
      chapter: slot.chapter,
      verse: slot.verse,
      content: clean.text,
      paragraph: pendingPara || clean.paraBefore,
      heading: headings.length ? headings.join('\n') : null,
    });
    pendingPara = clean.paraAfter;
    pendingHeadings = [...clean.headingsAfter];
  }
  if (skipped.size) log(`${meta.id}: left out ${skipped.size} books outside the 66 (${[...skipped].join(', ')})`);
  if (!books.size) throw new ContentError(`SWORD module ${info.conf.name} has no verses in the 66 books.`);
  return { meta, checksum: moduleChecksum(info), books: [...books.values()] };
}
