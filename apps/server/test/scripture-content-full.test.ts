/**
 * Full imports of the real content, when this machine has it: the shared mirror
 * (../shared/content, or CONTENT_MIRROR) and Debian's SWORD modules. Each block skips cleanly
 * when its content is absent. SWORD decoding is cross-checked against SWORD's own tools
 * (mod2imp, diatheke from libsword-utils) when they are installed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePickthallTsv, parseQuranGutenberg } from '../src/modules/scripture/content/quran.ts';
import { importPath } from '../src/modules/scripture/content/service.ts';
import { DEFAULT_MIRROR } from '../src/modules/scripture/content/sources.ts';
import { openSwordModule, readSwordEntries } from '../src/modules/scripture/content/sword-module.ts';
import { createTestApp, type TestApp } from './support/app.ts';

const MIRROR = process.env.CONTENT_MIRROR || DEFAULT_MIRROR;
const hasMirror = existsSync(join(MIRROR, 'README.md'));
const SPARV = '/usr/share/sword/mods.d/spaRV1909eb.conf';
const WEB = '/usr/share/sword/mods.d/engWEB2015eb.conf';
const BLIVRE = join(MIRROR, 'sword/mods.d/porblivre.conf');
const tool = (name: string) => spawnSync('sh', ['-c', `command -v ${name}`]).status === 0;
const hasMod2imp = tool('mod2imp');
const hasDiatheke = tool('diatheke');

let t: TestApp;
beforeAll(async () => {
  if (hasMirror || existsSync(SPARV)) t = await createTestApp();
});
afterAll(async () => t?.close());

const count = async (sql: string, params: unknown[] = []) => Number((await t.query<{ n: string }>(sql, params))[0]!.n);
const verse = async (text: string, book: string, chapter: number, v: number) =>
  (
    await t.query<{ content: string; name: string }>(
      `SELECT x.content, b.name FROM scripture_verses x JOIN scripture_books b ON b.id = x.book_id
       WHERE b.text_id = $1 AND b.code = $2 AND x.chapter = $3 AND x.verse = $4`,
      [text, book, chapter, v],
    )
  )[0];
const chapters = (text: string) =>
  count('SELECT sum(chapter_count) AS n FROM scripture_books WHERE text_id = $1', [text]);
const verses = (text: string) => count('SELECT count(*) AS n FROM scripture_verses WHERE text_id = $1', [text]);

// Skipped only where the shared content mirror (../shared/content or CONTENT_MIRROR) is absent; the tests with small fixtures run everywhere.
describe.skipIf(!hasMirror)('the shared content mirror', () => {
  it('Bíblia Livre (SWORD zText, NRSV): 66 books, 31,102 verses, João 3:16, CC BY 3.0 BR attribution', async () => {
    const [r] = await importPath(t.database.db, BLIVRE);
    expect(r).toMatchObject({ id: 'porblivre', status: 'imported', books: 66, verses: 31102 });
    expect(await chapters('porblivre')).toBe(1189);
    expect(await verse('porblivre', 'John', 3, 16)).toEqual({
      name: 'João',
      content:
        'Porque Deus amou ao mundo de tal maneira, que deu o seu Filho unigênito; para que todo aquele que nele crê não pereça, mas tenha a vida eterna.',
    });
    const [text] = await t.query<Record<string, string>>("SELECT * FROM scripture_texts WHERE id = 'porblivre'");
    expect(text).toMatchObject({
      language: 'pt',
      search_config: 'candeia_pt',
      licence: 'CC BY 3.0 BR',
      source: 'sword:PorBLivre',
    });
    expect(text!.attribution).toContain('Creative Commons Atribuição 3.0 Brasil');
    // Markup and notes are gone; accent-insensitive search finds "unigênito" as "unigenito".
    expect(
      await count("SELECT count(*) AS n FROM scripture_verses WHERE text_id = 'porblivre' AND content ~ '[<>]'"),
    ).toBe(0);
    expect(
      await count(
        "SELECT count(*) AS n FROM scripture_verses WHERE text_id = 'porblivre' AND tsv @@ plainto_tsquery('candeia_pt', 'Filho unigenito')",
      ),
    ).toBeGreaterThan(0);
  }, 180_000);

  it("the Qur'an (Pickthall): 114 surahs, 6,236 verses, the same from the TSV and from Project Gutenberg #16955", async () => {
    const tsv = parsePickthallTsv(readFileSync(join(MIRROR, 'quran-pickthall/pickthall.tsv')));
    const pg = parseQuranGutenberg(readFileSync(join(MIRROR, 'quran-pickthall/16955.txt')));
    expect(pg.books[0]!.verses).toEqual(tsv.books[0]!.verses);
    const [r] = await importPath(t.database.db, join(MIRROR, 'quran-pickthall/pickthall.tsv'));
    expect(r).toMatchObject({ id: 'quran-pickthall', books: 1, verses: 6236 });
    expect(await chapters('quran-pickthall')).toBe(114);
    expect(
      await count("SELECT count(DISTINCT chapter) AS n FROM scripture_verses WHERE text_id = 'quran-pickthall'"),
    ).toBe(114);
    expect(await verse('quran-pickthall', 'main', 1, 1)).toEqual({
      name: "The Qur'an",
      content: 'In the name of Allah, the Beneficent, the Merciful.',
    });
    expect(
      await count(
        "SELECT count(*) AS n FROM scripture_verses WHERE text_id = 'quran-pickthall' AND verse = 1 AND heading IS NOT NULL",
      ),
    ).toBe(114);
    expect(
      await count("SELECT max(verse) AS n FROM scripture_verses WHERE text_id = 'quran-pickthall' AND chapter = 2"),
    ).toBe(286);
  }, 120_000);

  const gutenberg = [
    ['tao-te-ching-legge', 'gutenberg/tao-te-ching-legge/216.txt', 81],
    ['bhagavad-gita-arnold', 'gutenberg/bhagavad-gita-arnold/2388.txt', 18],
    ['dhammapada-muller', 'gutenberg/dhammapada-muller/2017.txt', 26],
    ['analects-legge', 'gutenberg/analects-legge/3330.txt', 20],
  ] as const;
  it.each(gutenberg)('%s: the book’s chapters, no Project Gutenberg text left', async (id, file, expected) => {
    const [r] = await importPath(t.database.db, join(MIRROR, file));
    expect(r).toMatchObject({ id, status: 'imported', books: 1 });
    expect(await chapters(id)).toBe(expected);
    expect(await count('SELECT count(DISTINCT chapter) AS n FROM scripture_verses WHERE text_id = $1', [id])).toBe(
      expected,
    );
    expect(
      await count(
        "SELECT count(*) AS n FROM scripture_verses WHERE text_id = $1 AND (content ~* 'gutenberg|small print|\\*\\*\\*' OR content LIKE '%' || chr(13) || '%')",
        [id],
      ),
    ).toBe(0);
    // Every chapter has verses and the first verse of the book opens a paragraph.
    expect(await count('SELECT count(*) AS n FROM scripture_verses WHERE text_id = $1 AND NOT paragraph', [id])).toBe(
      0,
    );
  });

  it('book by book: the Tao’s first and last chapters, the Gita’s headings, the Dhammapada’s numbering, the Analects’ books', async () => {
    // Already imported by the tests above when the whole file runs; unchanged imports cost a hash.
    for (const [, file] of gutenberg) await importPath(t.database.db, join(MIRROR, file));
    expect((await verse('tao-te-ching-legge', 'main', 1, 1))!.content).toMatch(
      /^The Tao that can be trodden is not the enduring and unchanging Tao\./,
    );
    expect((await verse('tao-te-ching-legge', 'main', 81, 1))!.content).toMatch(/^Sincere words are not fine/);
    const gitaHeadings = await t.query<{ heading: string }>(
      "SELECT heading FROM scripture_verses WHERE text_id = 'bhagavad-gita-arnold' AND heading IS NOT NULL ORDER BY chapter",
    );
    expect(gitaHeadings).toHaveLength(18);
    expect(gitaHeadings[0]!.heading).toBe('The Book of the Distress of Arjuna');
    // Müller's numbering runs 1–423 through the book; verse 128 is missing from the e-text,
    // and nine pairs are printed as one ("58, 59.").
    expect(await verses('dhammapada-muller')).toBe(413);
    expect(await count("SELECT max(verse) AS n FROM scripture_verses WHERE text_id = 'dhammapada-muller'")).toBe(423);
    expect(await verse('dhammapada-muller', 'main', 9, 128)).toBeUndefined();
    expect((await verse('dhammapada-muller', 'main', 1, 1))!.content).toMatch(
      /^All that we are is the result of what we have thought/,
    );
    expect(await verses('analects-legge')).toBe(499);
    expect((await verse('analects-legge', 'main', 1, 1))!.content).toMatch(
      /^The Master said, 'Is it not pleasant to learn/,
    );
  });
});

// Skipped only where that Debian SWORD Bible (sword-text-sparv / sword-text-web, installed by .ci/run) or the mirror is absent.
describe.skipIf(!existsSync(SPARV) || !existsSync(WEB))(
  'Debian SWORD modules (sword-text-sparv, sword-text-web)',
  () => {
    it('Reina-Valera 1909 (KJV versification): 66 books, Juan 3:16', async () => {
      const [r] = await importPath(t.database.db, SPARV);
      expect(r).toMatchObject({ id: 'sparv1909', books: 66 });
      // The module leaves 18 KJV slots empty (Job 38:39–41:34 follow the Spanish numbering).
      expect(r!.verses).toBe(31084);
      expect(await verse('sparv1909', 'John', 3, 16)).toEqual({
        name: 'Juan',
        content:
          'Porque de tal manera amó Dios al mundo, que ha dado á su Hijo unigénito, para que todo aquel que en él cree, no se pierda, mas tenga vida eterna.',
      });
      expect(
        await count(
          "SELECT count(*) AS n FROM scripture_verses WHERE text_id = 'sparv1909' AND tsv @@ plainto_tsquery('candeia_es', 'unigenito')",
        ),
      ).toBeGreaterThan(0);
    }, 180_000);

    it('World English Bible (NRSVA): the 66 books, deuterocanon left out, footnotes out', async () => {
      const logs: string[] = [];
      const [r] = await importPath(t.database.db, WEB, { log: (m) => logs.push(m) });
      expect(r).toMatchObject({ id: 'web', books: 66 });
      expect(logs.join('\n')).toMatch(/left out 14 books outside the 66/);
      expect((await verse('web', 'Gen', 1, 1))!.content).toBe(
        'In the beginning, God created the heavens and the earth.',
      );
      expect((await verse('web', 'John', 3, 16))!.content).toBe(
        'For God so loved the world, that he gave his only born Son, that whoever believes in him should not perish, but have eternal life.',
      );
      expect(
        (
          await t.query(
            "SELECT heading FROM scripture_verses x JOIN scripture_books b ON b.id = x.book_id WHERE b.text_id = 'web' AND b.code = 'Ps' AND chapter = 3 AND verse = 1",
          )
        )[0],
      ).toEqual({
        heading: 'A Psalm by David, when he fled from Absalom his son.',
      });
    }, 180_000);
  },
);

/** Every slot SWORD's mod2imp prints, compared with ours (raw markup, in order). */
function crossCheck(confPath: string, module: string, swordPath: string) {
  const out = spawnSync('mod2imp', [module], {
    env: { ...process.env, SWORD_PATH: swordPath },
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  expect(out.status).toBe(0);
  const theirs = out.stdout
    .split(/^\$\$\$/m)
    .slice(1)
    .map((e) => e.slice(e.indexOf('\n') + 1).trim());
  // mod2imp prints one module heading for both testaments; we read one per testament file.
  const mine = [...readSwordEntries(openSwordModule(confPath))].filter(
    (e) => !(e.testament === 'nt' && e.slot.kind === 'module'),
  );
  expect(mine).toHaveLength(theirs.length);
  const differing = mine.filter((e, i) => e.raw.trim() !== theirs[i]);
  expect(differing).toHaveLength(0);
}

// Skipped only where SWORD's mod2imp (Debian libsword-utils, installed by .ci/run) is absent: it cross-checks our reader.
describe.skipIf(!hasMod2imp)('cross-check with SWORD’s mod2imp', () => {
  // Skipped only where the shared content mirror (../shared/content or CONTENT_MIRROR) is absent; the tests with small fixtures run everywhere.
  it.skipIf(!hasMirror)(
    'Bíblia Livre: every slot decoded as SWORD decodes it',
    () => crossCheck(BLIVRE, 'PorBLivre', join(MIRROR, 'sword')),
    60_000,
  );
  // Skipped only where that Debian SWORD Bible (sword-text-sparv / sword-text-web, installed by .ci/run) or the mirror is absent.
  it.skipIf(!existsSync(SPARV))(
    'Reina-Valera 1909: every slot',
    () => crossCheck(SPARV, 'spaRV1909eb', '/usr/share/sword'),
    60_000,
  );
  // Skipped only where that Debian SWORD Bible (sword-text-sparv / sword-text-web, installed by .ci/run) or the mirror is absent.
  it.skipIf(!existsSync(WEB))(
    'World English Bible, deuterocanon included: every slot',
    () => crossCheck(WEB, 'engWEB2015eb', '/usr/share/sword'),
    60_000,
  );
});

// Skipped only where SWORD's diatheke (Debian diatheke, installed by .ci/run) or the content mirror is absent: it cross-checks our reader.
describe.skipIf(!hasDiatheke || !hasMirror)('cross-check with SWORD’s diatheke (plain text)', () => {
  it('João 3:16 reads the same', async () => {
    await importPath(t.database.db, BLIVRE);
    const out = spawnSync('diatheke', ['-b', 'PorBLivre', '-f', 'plain', '-k', 'John 3:16'], {
      env: { ...process.env, SWORD_PATH: join(MIRROR, 'sword') },
      encoding: 'utf8',
    });
    expect(out.status).toBe(0);
    const ours = (await verse('porblivre', 'John', 3, 16)) ?? { content: 'not imported' };
    expect(out.stdout.replace(/\s+/g, ' ')).toContain(ours.content);
  });
});
