import { invalidateScriptureCache } from '../../src/modules/scripture/cache.ts';
import { DAILY_REFS, THEME_REFS } from '../../src/modules/scripture/themes.ts';
import type { TestApp } from './app.ts';

/**
 * Scripture fixtures: small texts the tests insert themselves. The verses are short lines
 * written for these tests (or a few public-domain words), never the installed content.
 */

export type Lang = 'pt' | 'en' | 'es';

export interface FixtureBook {
  code: string;
  name: string;
  ordinal: number;
  chapterCount: number;
  /** 'chapter:verse' → text. */
  verses: Record<string, string>;
  /** Verses ('c:v') that start a paragraph, and headings before verses. */
  paragraphs?: string[];
  headings?: Record<string, string>;
}

export interface FixtureText {
  id: string;
  bookKey: string;
  language: Lang;
  title?: string;
  abbreviation?: string;
  checksum?: string;
  books: FixtureBook[];
}

const CONFIG: Record<Lang, string> = { pt: 'candeia_pt', en: 'candeia_en', es: 'candeia_es' };

/** Inserts (or replaces) a text with its books and verses, as the importer would. */
export async function insertText(t: TestApp, text: FixtureText): Promise<void> {
  const verses = text.books.flatMap((b) =>
    Object.entries(b.verses).map(([cv, content]) => {
      const [c, v] = cv.split(':').map(Number) as [number, number];
      return { book: b.code, c, v, content, p: b.paragraphs?.includes(cv) ?? false, h: b.headings?.[cv] ?? null };
    }),
  );
  const client = await t.database.pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('DELETE FROM scripture_texts WHERE id = $1', [text.id]);
    await client.query(
      `INSERT INTO scripture_texts (id, book_key, language, search_config, title, abbreviation, translator, year,
         licence, attribution, source_url, source, checksum, verse_count, imported_at)
       VALUES ($1, $2, $3, $4, $5, $6, NULL, NULL, 'Test fixture', $7, NULL, 'test', $8, $9, now())`,
      [
        text.id,
        text.bookKey,
        text.language,
        CONFIG[text.language],
        text.title ?? `Fixture ${text.id}`,
        text.abbreviation ?? text.id.toUpperCase(),
        `Fixture text ${text.id}, written for the tests.`,
        text.checksum ?? 'fixture-1',
        verses.length,
      ],
    );
    for (const b of text.books)
      await client.query(
        'INSERT INTO scripture_books (text_id, code, ordinal, name, chapter_count) VALUES ($1, $2, $3, $4, $5)',
        [text.id, b.code, b.ordinal, b.name, b.chapterCount],
      );
    await client.query(
      `INSERT INTO scripture_verses (text_id, book_id, chapter, verse, content, paragraph, heading, tsv)
       SELECT $1, b.id, x.c, x.v, x.content, x.p, x.h, to_tsvector($2::regconfig, x.content)
       FROM unnest($3::text[], $4::int[], $5::int[], $6::text[], $7::bool[], $8::text[]) AS x(book, c, v, content, p, h)
       JOIN scripture_books b ON b.text_id = $1 AND b.code = x.book
       ORDER BY b.ordinal, x.c, x.v`,
      [
        text.id,
        CONFIG[text.language],
        verses.map((x) => x.book),
        verses.map((x) => x.c),
        verses.map((x) => x.v),
        verses.map((x) => x.content),
        verses.map((x) => x.p),
        verses.map((x) => x.h),
      ],
    );
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK');
    throw err;
  } finally {
    client.release();
  }
  invalidateScriptureCache(t.app.deps.db);
}

export async function removeText(t: TestApp, id: string): Promise<void> {
  await t.query('DELETE FROM scripture_texts WHERE id = $1', [id]);
  invalidateScriptureCache(t.app.deps.db);
}

/** [OSIS code, ordinal, chapters, pt, en, es] */
const BOOKS: Array<[string, number, number, string, string, string]> = [
  ['Gen', 1, 50, 'Gênesis', 'Genesis', 'Génesis'],
  ['Exod', 2, 40, 'Êxodo', 'Exodus', 'Éxodo'],
  ['Lev', 3, 27, 'Levítico', 'Leviticus', 'Levítico'],
  ['Josh', 6, 24, 'Josué', 'Joshua', 'Josué'],
  ['Ps', 19, 150, 'Salmos', 'Psalms', 'Salmos'],
  ['Prov', 20, 31, 'Provérbios', 'Proverbs', 'Proverbios'],
  ['Isa', 23, 66, 'Isaías', 'Isaiah', 'Isaías'],
  ['Jer', 24, 52, 'Jeremias', 'Jeremiah', 'Jeremías'],
  ['Lam', 25, 5, 'Lamentações', 'Lamentations', 'Lamentaciones'],
  ['Mic', 33, 7, 'Miquéias', 'Micah', 'Miqueas'],
  ['Matt', 40, 28, 'Mateus', 'Matthew', 'Mateo'],
  ['John', 43, 21, 'João', 'John', 'Juan'],
  ['Rom', 45, 16, 'Romanos', 'Romans', 'Romanos'],
  ['1Cor', 46, 16, '1 Coríntios', '1 Corinthians', '1 Corintios'],
  ['2Cor', 47, 13, '2 Coríntios', '2 Corinthians', '2 Corintios'],
  ['Gal', 48, 6, 'Gálatas', 'Galatians', 'Gálatas'],
  ['Eph', 49, 6, 'Efésios', 'Ephesians', 'Efesios'],
  ['Phil', 50, 4, 'Filipenses', 'Philippians', 'Filipenses'],
  ['Col', 51, 4, 'Colossenses', 'Colossians', 'Colosenses'],
  ['2Tim', 55, 4, '2 Timóteo', '2 Timothy', '2 Timoteo'],
  ['Heb', 58, 13, 'Hebreus', 'Hebrews', 'Hebreos'],
  ['Jas', 59, 5, 'Tiago', 'James', 'Santiago'],
  ['1Pet', 60, 5, '1 Pedro', '1 Peter', '1 Pedro'],
  ['1John', 62, 5, '1 João', '1 John', '1 Juan'],
  ['Rev', 66, 22, 'Apocalipse', 'Revelation', 'Apocalipsis'],
];

/** The verses the search, reference and chapter tests read, in each language. */
export const VERSES: Record<Lang, Record<string, string>> = {
  pt: {
    'Gen 1:1': 'No princípio Deus criou os céus e a terra.',
    'Gen 1:2': 'A terra era sem forma e vazia.',
    'Gen 1:3': 'Disse Deus: haja luz; e houve luz.',
    'Gen 2:1': 'Assim foram acabados os céus e a terra.',
    'Gen 50:26': 'E morreu José, com cento e dez anos.',
    'Exod 1:1': 'Estes são os nomes dos filhos de Israel.',
    'Exod 20:3': 'Não terás outros deuses diante de mim.',
    'Lev 19:18': 'Não te vingarás; amarás o teu próximo como a ti mesmo.',
    'Matt 5:4': 'Felizes os que choram, porque serão consolados.',
    'Matt 5:9': 'Felizes os que promovem a paz.',
    'Matt 6:34': 'Não vos inquieteis com o dia de amanhã.',
    'Matt 22:37': 'Amarás o Senhor teu Deus de todo o teu coração.',
    'Matt 22:39': 'O segundo é semelhante: amarás o teu próximo como a ti mesmo.',
    'John 3:16': 'Porque Deus amou o mundo de tal maneira que deu o seu Filho único.',
    'John 3:17': 'Deus não enviou o Filho ao mundo para condenar o mundo.',
    'John 3:18': 'Quem nele crê não é condenado.',
    '1John 4:8': 'Quem não ama não conhece a Deus, porque Deus é amor.',
    '1Cor 13:13': 'Agora permanecem a fé, a esperança e o amor; o maior destes é o amor.',
    'Phil 4:6': 'Não andeis ansiosos por coisa alguma.',
    'Phil 4:7': 'E a paz de Deus guardará os vossos corações.',
    'Phil 4:13': 'Tudo posso naquele que me fortalece.',
    'Rev 22:21': 'A graça do Senhor Jesus seja com todos.',
  },
  en: {
    'Gen 1:1': 'In the beginning God created the heaven and the earth.',
    'Gen 1:2': 'And the earth was without form, and void.',
    'Gen 1:3': 'And God said, Let there be light: and there was light.',
    'Gen 2:1': 'Thus the heavens and the earth were finished.',
    'Gen 50:26': 'So Joseph died, being an hundred and ten years old.',
    'Exod 1:1': 'Now these are the names of the children of Israel.',
    'Exod 20:3': 'Thou shalt have no other gods before me.',
    'Lev 19:18': 'Thou shalt not avenge, but thou shalt love thy neighbour as thyself.',
    'Matt 5:4': 'Blessed are they that mourn: for they shall be comforted.',
    'Matt 5:9': 'Blessed are the peacemakers.',
    'Matt 6:34': 'Take therefore no thought for the morrow.',
    'Matt 22:37': 'Thou shalt love the Lord thy God with all thy heart.',
    'Matt 22:39': 'And the second is like unto it, Thou shalt love thy neighbour as thyself.',
    'John 3:16':
      'For God so loved the world, that he gave his only begotten Son, that whosoever believeth in him should not perish.',
    'John 3:17': 'For God sent not his Son into the world to condemn the world.',
    'John 3:18': 'He that believeth on him is not condemned.',
    '1John 4:8': 'He that loveth not knoweth not God; for God is love.',
    '1Cor 13:13': 'And now abideth faith, hope, charity, these three.',
    'Phil 4:6': 'Be careful for nothing.',
    'Phil 4:7': 'And the peace of God shall keep your hearts.',
    'Phil 4:13': 'I can do all things through Christ which strengtheneth me.',
    'Rev 22:21': 'The grace of our Lord Jesus Christ be with you all.',
  },
  es: {
    'Gen 1:1': 'En el principio creó Dios los cielos y la tierra.',
    'Gen 1:2': 'Y la tierra estaba desordenada y vacía.',
    'Gen 1:3': 'Y dijo Dios: Sea la luz; y fue la luz.',
    'Gen 2:1': 'Y fueron acabados los cielos y la tierra.',
    'Gen 50:26': 'Y murió José de edad de ciento diez años.',
    'Exod 1:1': 'Estos son los nombres de los hijos de Israel.',
    'Exod 20:3': 'No tendrás dioses ajenos delante de mí.',
    'Lev 19:18': 'No te vengarás; amarás a tu prójimo como a ti mismo.',
    'Matt 5:4': 'Bienaventurados los que lloran, porque ellos serán consolados.',
    'Matt 5:9': 'Bienaventurados los pacificadores.',
    'Matt 6:34': 'No os congojéis por el día de mañana.',
    'Matt 22:37': 'Amarás al Señor tu Dios de todo tu corazón.',
    'Matt 22:39': 'Y el segundo es semejante: Amarás a tu prójimo como a ti mismo.',
    'John 3:16': 'Porque de tal manera amó Dios al mundo, que ha dado a su Hijo unigénito.',
    'John 3:17': 'Porque no envió Dios a su Hijo al mundo para que condene al mundo.',
    'John 3:18': 'El que en él cree, no es condenado.',
    '1John 4:8': 'El que no ama, no conoce a Dios; porque Dios es amor.',
    '1Cor 13:13': 'Y ahora permanecen la fe, la esperanza y la caridad.',
    'Phil 4:6': 'Por nada estéis afanosos.',
    'Phil 4:7': 'Y la paz de Dios guardará vuestros corazones.',
    'Phil 4:13': 'Todo lo puedo en Cristo que me fortalece.',
    'Rev 22:21': 'La gracia de nuestro Señor Jesucristo sea con todos vosotros.',
  },
};

const FILLER: Record<Lang, string> = { pt: 'Texto de teste de', en: 'Test line for', es: 'Texto de prueba de' };

/**
 * A small Bible in one language: the verses above, plus a generated line for every verse the
 * themes and the verse of the day refer to (so those are always found).
 */
export function bibleFixture(language: Lang, id: string, extra: Record<string, string> = {}): FixtureText {
  const col = { pt: 3, en: 4, es: 5 }[language];
  const books = new Map<string, FixtureBook>(
    BOOKS.map((row) => [
      row[0],
      { code: row[0], ordinal: row[1], chapterCount: row[2], name: row[col] as string, verses: {} },
    ]),
  );
  const refs = [...DAILY_REFS, ...Object.values(THEME_REFS).flat()].filter(
    (r): r is (typeof DAILY_REFS)[number] => !('textId' in r),
  );
  for (const r of refs) {
    const book = books.get(r.book);
    if (!book) throw new Error(`fixture has no book ${r.book}`);
    for (let v = r.verse; v <= (r.to ?? r.verse); v++)
      book.verses[`${r.chapter}:${v}`] = `${FILLER[language]} ${book.name} ${r.chapter}:${v}.`;
  }
  for (const [ref, content] of Object.entries({ ...VERSES[language], ...extra })) {
    const [code, cv] = ref.split(' ') as [string, string];
    books.get(code)!.verses[cv] = content;
  }
  const gen = books.get('Gen')!;
  gen.paragraphs = ['1:1'];
  gen.headings = { '1:1': language === 'pt' ? 'A criação' : language === 'en' ? 'The creation' : 'La creación' };
  return { id, bookKey: 'bible', language, books: [...books.values()].filter((b) => Object.keys(b.verses).length > 0) };
}

/** Two sacred books in English, one book each (as the importer stores them: code 'main'). */
export const SACRED_FIXTURES: FixtureText[] = [
  {
    id: 'dhammapada-muller',
    bookKey: 'dhammapada',
    language: 'en',
    title: 'Dhammapada',
    abbreviation: 'Müller',
    books: [
      {
        code: 'main',
        name: 'Dhammapada',
        ordinal: 1,
        chapterCount: 2,
        verses: {
          '1:1': 'All that we are is the result of what we have thought.',
          '1:5': 'Hatred does not cease by hatred at any time; hatred ceases by love.',
          '2:21': 'Earnestness is the path of immortality.',
        },
      },
    ],
  },
  {
    id: 'tao-te-ching-legge',
    bookKey: 'taoTeChing',
    language: 'en',
    title: 'Tao Te Ching',
    abbreviation: 'Legge',
    books: [
      {
        code: 'main',
        name: 'Tao Te Ching',
        ordinal: 1,
        chapterCount: 81,
        verses: {
          '1:1': 'The Tao that can be trodden is not the enduring Tao.',
          '33:1': 'He who knows other men is discerning; he who knows himself is intelligent.',
        },
      },
    ],
  },
];

/** The three default Bibles (porblivre, kjv, sparv1909) and two sacred books. */
export async function insertScriptureFixtures(t: TestApp): Promise<void> {
  await insertText(t, bibleFixture('pt', 'porblivre'));
  await insertText(t, bibleFixture('en', 'kjv'));
  await insertText(t, bibleFixture('es', 'sparv1909'));
  for (const s of SACRED_FIXTURES) await insertText(t, s);
}

/**
 * Sets the test clock and keeps every open session alive at the new time: the scripture tests
 * move across days (verse of the day, positions), which is not what the session tests test.
 */
export async function moveClock(t: TestApp, to: Date): Promise<void> {
  t.clock.set(to);
  await t.query(
    `UPDATE sessions SET created_at = $1, last_seen_at = $1, expires_at = $1::timestamptz + interval '12 hours'
     WHERE revoked_at IS NULL`,
    [to],
  );
}

/** A favourite, a note and a reading position of `cookie`'s user, made through the API (KJV John 3). */
export async function seedScriptureOf(t: TestApp, cookie: string, noteBody: string) {
  const passage = { textId: 'kjv', book: 'John', chapter: 3, verseStart: 16, verseEnd: 16 };
  const fav = await t.request({ method: 'POST', url: '/api/scripture/favourites', cookie, payload: passage });
  const note = await t.request({
    method: 'POST',
    url: '/api/scripture/notes',
    cookie,
    payload: { ...passage, body: noteBody },
  });
  const pos = await t.request({
    method: 'PUT',
    url: '/api/scripture/position',
    cookie,
    payload: { textId: 'kjv', book: 'John', chapter: 3 },
  });
  if (fav.statusCode !== 201 || note.statusCode !== 201 || pos.statusCode !== 200)
    throw new Error(`scripture seed failed: ${fav.body} ${note.body} ${pos.body}`);
  return { favouriteId: fav.json<{ id: string }>().id, noteId: note.json<{ id: string }>().id };
}
