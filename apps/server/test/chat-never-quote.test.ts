/**
 * The never-quote list (modules/chat/never-quote.ts): every entry is a real passage, no themed
 * passage is on it, the words-of-harm net catches the passages it should in the three languages
 * and no themed passage of the installed texts, and the guide never quotes one. Real texts are
 * read where they are on this machine (the KJV always; the mirror's Bíblia Livre, Debian's
 * Reina-Valera 1909 and the mirror's other books when present).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isGuideTextRef, THEME_PASSAGES } from '../src/modules/chat/guide/theme-passages.ts';
import { hasHarmWords, NEVER_QUOTE, neverQuoteEntry, quotable } from '../src/modules/chat/never-quote.ts';
import { parseKjv } from '../src/modules/scripture/content/kjv-source.ts';
import { parseSwordModule } from '../src/modules/scripture/content/sword-source.ts';
import type { ParsedText } from '../src/modules/scripture/content/types.ts';
import { THEME_REFS } from '../src/modules/scripture/themes.ts';
import { hasMirror, MIRROR, mirrorSacredVerses } from './support/mirror.ts';

const PORBLIVRE = join(MIRROR, 'sword/mods.d/porblivre.conf');
const RV1909 = '/usr/share/sword/mods.d/spaRV1909eb.conf';

/** 'Book c:v' → text. */
function verseMap(parsed: ParsedText): Map<string, string> {
  return new Map(parsed.books.flatMap((b) => b.verses.map((v) => [`${b.code} ${v.chapter}:${v.verse}`, v.content])));
}

const kjv = verseMap(parseKjv());
const themedBible = [...Object.values(THEME_PASSAGES).flat(), ...Object.values(THEME_REFS).flat()].filter(
  (r) => !isGuideTextRef(r),
) as Array<{ book: string; chapter: number; verse: number; to?: number }>;

describe('the never-quote list', () => {
  it('covers each kind of passage the issue names, with a reason for every entry', () => {
    const reasons = new Set(NEVER_QUOTE.map((e) => e.why));
    for (const why of ['killing', 'death-penalty', 'curse', 'vengeance', 'slavery', 'wish-to-die', 'suicide'])
      expect(reasons, why).toContain(why);
    expect(NEVER_QUOTE.length).toBeGreaterThan(100);
  });

  it('names real passages: every Bible entry is in the KJV', () => {
    for (const e of NEVER_QUOTE.filter((e) => e.text === 'bible')) {
      const last = Math.min(e.to ?? e.from, e.from + 200);
      expect(kjv.has(`${e.book} ${e.chapter}:${e.from}`), `${e.book} ${e.chapter}:${e.from}`).toBe(true);
      if (e.to && e.to < 999)
        expect(kjv.has(`${e.book} ${e.chapter}:${last}`), `${e.book} ${e.chapter}:${last}`).toBe(true);
    }
  });

  // Skipped only where the shared content mirror (../shared/content or CONTENT_MIRROR) is absent; the tests with small fixtures run everywhere.
  it.skipIf(!hasMirror)('names real passages: every entry of another text is in the mirror', () => {
    const have = mirrorSacredVerses();
    for (const e of NEVER_QUOTE.filter((e) => e.text !== 'bible'))
      expect(have.get(e.text)!.has(`${e.chapter}:${e.from}`), `${e.text} ${e.chapter}:${e.from}`).toBe(true);
  });

  it('holds no passage the guide or the reader offers for a theme', () => {
    for (const r of themedBible) {
      const where = {
        textId: 'any',
        bookKey: 'bible',
        book: r.book,
        chapter: r.chapter,
        verseStart: r.verse,
        verseEnd: r.to ?? r.verse,
      };
      expect(neverQuoteEntry(where), `${r.book} ${r.chapter}:${r.verse}`).toBeUndefined();
    }
    for (const r of Object.values(THEME_PASSAGES).flat().filter(isGuideTextRef)) {
      const where = {
        textId: r.textId,
        bookKey: 'other',
        book: 'main',
        chapter: r.chapter,
        verseStart: r.verse,
        verseEnd: r.to ?? r.verse,
      };
      expect(neverQuoteEntry(where), `${r.textId} ${r.chapter}:${r.verse}`).toBeUndefined();
    }
  });

  it('matches a passage that overlaps an entry, in any Bible, and nothing beside it', () => {
    const at = (book: string, chapter: number, verseStart: number, verseEnd = verseStart) => ({
      textId: 'porblivre',
      bookKey: 'bible',
      book,
      chapter,
      verseStart,
      verseEnd,
    });
    expect(neverQuoteEntry(at('Exod', 22, 18))?.why).toBe('death-penalty');
    expect(neverQuoteEntry(at('Exod', 22, 16, 18))).toBeDefined();
    expect(neverQuoteEntry(at('Exod', 22, 21))).toBeUndefined();
    expect(neverQuoteEntry(at('1Tim', 5, 6))?.why).toBe('wish-to-die');
    expect(neverQuoteEntry(at('Job', 3, 11))?.why).toBe('wish-to-die');
    expect(neverQuoteEntry(at('Ps', 23, 4))).toBeUndefined();
    // A text of one book is matched by its id, not a Bible's book code.
    const gita = {
      textId: 'bhagavad-gita-arnold',
      bookKey: 'bhagavadGita',
      book: 'main',
      chapter: 11,
      verseStart: 3,
      verseEnd: 3,
    };
    expect(neverQuoteEntry(gita)).toBeDefined();
  });
});

describe('words of harm', () => {
  it('are found in the three languages, whatever the accents', () => {
    for (const text of [
      'Thou shalt not suffer a witch to live; they shall surely be put to death.',
      'and they shall stone him with stones',
      'Cursed be the day wherein I was born',
      'Servants, be obedient to them that are your masters; the slaves',
      'Linha inventada: quem fizer isso será morto.',
      'Linha inventada: e o apedrejarão.',
      'Maldito o dia em que nasci (linha inventada).',
      'Línea inventada: de cierto morirá.',
      'Línea inventada: lo apedrearán con piedras.',
      'Línea inventada: MALDICIÓN sobre ti.',
    ])
      expect(hasHarmWords(text), text).toBe(true);
    for (const text of [
      'Yea, though I walk through the valley of the shadow of death, I will fear no evil',
      'Come unto me, all ye that labour and are heavy laden, and I will give you rest.',
      'Linha inventada: a morte não terá a última palavra.',
      'Línea inventada: la muerte no tiene la última palabra.',
      'The mountain and the forest (mata) are quiet.',
    ])
      expect(hasHarmWords(text), text).toBe(false);
  });

  it('are in no themed passage of the KJV', () => {
    for (const r of themedBible)
      for (let v = r.verse; v <= (r.to ?? r.verse); v++) {
        const text = kjv.get(`${r.book} ${r.chapter}:${v}`)!;
        expect(
          quotable({
            textId: 'kjv',
            bookKey: 'bible',
            book: r.book,
            chapter: r.chapter,
            verseStart: v,
            verseEnd: v,
            text,
          }),
          `${r.book} ${r.chapter}:${v}: ${text}`,
        ).toBe(true);
      }
  });

  for (const [name, conf] of [
    ['the Bíblia Livre', PORBLIVRE],
    ['the Reina-Valera 1909', RV1909],
  ] as const)
    // Skipped only where that Debian SWORD Bible (sword-text-sparv / sword-text-web, installed by .ci/run) or the mirror is absent.
    it.skipIf(!existsSync(conf))(`are in no themed passage of ${name}`, async () => {
      const verses = verseMap(await parseSwordModule(conf));
      for (const r of themedBible)
        for (let v = r.verse; v <= (r.to ?? r.verse); v++) {
          const text = verses.get(`${r.book} ${r.chapter}:${v}`);
          if (text === undefined) continue;
          expect(hasHarmWords(text), `${r.book} ${r.chapter}:${v}: ${text}`).toBe(false);
        }
    });
});
