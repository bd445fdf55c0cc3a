import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HIGHLIGHT_END,
  HIGHLIGHT_START,
  SEARCH_PAGE_SIZE,
  type SearchHitDto,
  type SearchResultDto,
} from '@candeia/shared/schemas/scripture';
import { CANDIDATES, lexiconsSettled } from '../src/modules/scripture/search.ts';
import { createTestApp } from './support/app.ts';
import { insertUser, type TestUser } from './support/factories.ts';
import { bibleFixture, insertScriptureFixtures, insertText, VERSES } from './support/scripture.ts';

const t = await createTestApp();
let user: TestUser;
beforeAll(async () => {
  await insertScriptureFixtures(t);
  // A small text for ranking and highlighting checks.
  await insertText(t, {
    id: 'rank-test',
    bookKey: 'analects',
    language: 'pt',
    books: [
      {
        code: 'main',
        name: 'Ensaio',
        ordinal: 1,
        chapterCount: 1,
        verses: {
          '1:1': 'A luz brilha.',
          '1:2': 'Luz, luz e mais luz sobre a luz.',
          '1:3': 'Paz para quem anda longe, pelos caminhos do monte, e guarda tudo no coração.',
          '1:4': 'Paz no coração.',
          '1:5': `Uma lâmpada <b>acesa</b> & <script>alert(1)</script> ${HIGHLIGHT_START}falso${HIGHLIGHT_END} brilha.`,
        },
      },
    ],
  });
  user = await insertUser(t);
});
afterAll(async () => t.close());

type Results = Extract<SearchResultDto, { kind: 'results' }>;

async function search(params: Record<string, string | number>, locale = 'pt-BR'): Promise<Results> {
  const qs = new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();
  const res = await t.request({ url: `/api/scripture/search?${qs}`, cookie: user.cookie, locale });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<SearchResultDto>();
  expect(body.kind).toBe('results');
  return body as Results;
}

const refs = (hits: SearchHitDto[]) => hits.map((h) => `${h.textId} ${h.reference}`);
const plain = (s: string) => s.replaceAll(HIGHLIGHT_START, '').replaceAll(HIGHLIGHT_END, '');
const marked = (s: string) =>
  [...s.matchAll(new RegExp(`${HIGHLIGHT_START}([^${HIGHLIGHT_END}]*)${HIGHLIGHT_END}`, 'g'))].map((m) => m[1]);

describe('Portuguese: stemming, word families, accents', () => {
  it('"amor" finds "amarás", "amou", "ama" and "amor", Portuguese texts first', async () => {
    const r = await search({ q: 'amor' });
    const pt = r.hits.filter((h) => h.textId === 'porblivre').map((h) => h.reference);
    expect(pt).toEqual(
      expect.arrayContaining([
        'Levítico 19:18',
        'Mateus 22:37',
        'Mateus 22:39',
        'João 3:16',
        '1 João 4:8',
        '1 Coríntios 13:13',
      ]),
    );
    // The reader's language first, then the others (the Spanish Bible also has "amor"/"amarás").
    const firstOther = r.hits.findIndex((h) => h.language !== 'pt');
    expect(firstOther).toBeGreaterThan(0);
    expect(r.hits.slice(firstOther).every((h) => h.language !== 'pt')).toBe(true);
    expect(r.hits.slice(firstOther).map((h) => h.textId)).toContain('sparv1909');
    // The English configuration does not know "amor".
    expect(r.hits.some((h) => h.textId === 'kjv')).toBe(false);
    expect(r.total).toBe(r.hits.length);
  });

  it('"amor ao próximo" finds Levítico 19:18 and Mateus 22:39 (Amarás o teu próximo)', async () => {
    const r = await search({ q: 'amor ao próximo', textId: 'porblivre' });
    expect(refs(r.hits).sort()).toEqual(['porblivre Levítico 19:18', 'porblivre Mateus 22:39']);
    expect(r).toMatchObject({ query: 'amor ao próximo', total: 2, page: 1, pageSize: SEARCH_PAGE_SIZE });
  });

  it('accents do not matter, either way', async () => {
    expect(refs((await search({ q: 'coracao', textId: 'porblivre' })).hits)).toContain('porblivre Mateus 22:37');
    expect(refs((await search({ q: 'PRÓXIMO', textId: 'porblivre' })).hits)).toContain('porblivre Levítico 19:18');
    expect(refs((await search({ q: 'principio', textId: 'porblivre' })).hits)).toEqual(['porblivre Gênesis 1:1']);
  });
});

describe('Spanish', () => {
  it('"corazon" finds "corazón"; "amor" finds "amarás" and "amó", Spanish texts first', async () => {
    const c = await search({ q: 'corazon' }, 'es-ES');
    expect(refs(c.hits)[0]).toBe('sparv1909 Mateo 22:37');
    expect(marked(c.hits[0]!.snippet)).toEqual(['corazón']);
    const a = await search({ q: 'amor' }, 'es-ES');
    expect(a.hits[0]!.textId).toBe('sparv1909');
    const es = a.hits.filter((h) => h.textId === 'sparv1909').map((h) => h.reference);
    expect(es).toEqual(expect.arrayContaining(['Levítico 19:18', 'Juan 3:16', '1 Juan 4:8']));
    const firstOther = a.hits.findIndex((h) => h.language !== 'es');
    expect(a.hits.slice(firstOther).every((h) => h.language === 'pt')).toBe(true);
  });

  it('"prójimo" and "projimo" find the same verses', async () => {
    const a = await search({ q: 'prójimo', textId: 'sparv1909' }, 'es-ES');
    const b = await search({ q: 'projimo', textId: 'sparv1909' }, 'es-ES');
    expect(refs(a.hits).sort()).toEqual(['sparv1909 Levítico 19:18', 'sparv1909 Mateo 22:39']);
    expect(refs(b.hits)).toEqual(refs(a.hits));
  });
});

describe('English', () => {
  it('"love" finds loved, loveth and love; "believe" finds the King James "believeth"', async () => {
    const love = await search({ q: 'love', textId: 'kjv' }, 'en-US');
    expect(love.hits.map((h) => h.reference)).toEqual(
      expect.arrayContaining(['John 3:16', '1 John 4:8', 'Leviticus 19:18', 'Matthew 22:39']),
    );
    const john316 = love.hits.find((h) => h.reference === 'John 3:16')!;
    expect(marked(john316.snippet)).toEqual(['loved']);
    expect(marked(love.hits.find((h) => h.reference === '1 John 4:8')!.snippet)).toEqual(['loveth', 'love']);
    const believe = await search({ q: 'believe', textId: 'kjv' }, 'en-US');
    expect(believe.hits.map((h) => h.reference).sort()).toEqual(['John 3:16', 'John 3:18']);
  });

  it('stop words stay stop words (no made-up archaic forms): "the earth"', async () => {
    const r = await search({ q: 'the earth', textId: 'kjv' }, 'en-US');
    expect(r.hits.map((h) => h.reference).sort()).toEqual(['Genesis 1:1', 'Genesis 1:2', 'Genesis 2:1']);
  });

  it('English readers see English texts first, including the other sacred books', async () => {
    const r = await search({ q: 'love' }, 'en-US');
    const langs = r.hits.map((h) => h.language);
    expect(langs.indexOf('en')).toBe(0);
    expect(langs.lastIndexOf('en')).toBeLessThan(
      langs.findIndex((l) => l !== 'en') === -1 ? Infinity : langs.findIndex((l) => l !== 'en'),
    );
    expect(refs(r.hits)).toContain('dhammapada-muller Dhammapada 1:5');
  });

  it('web-search syntax is respected: phrases, exclusion, or', async () => {
    const phrase = await search({ q: '"love thy neighbour"', textId: 'kjv' }, 'en-US');
    expect(phrase.hits.map((h) => h.reference).sort()).toEqual(['Leviticus 19:18', 'Matthew 22:39']);
    const without = await search({ q: 'love -neighbour', textId: 'kjv' }, 'en-US');
    expect(without.hits.map((h) => h.reference)).not.toContain('Leviticus 19:18');
    expect(without.hits.map((h) => h.reference)).toContain('Matthew 22:37');
    const either = await search({ q: 'peacemakers or heavens', textId: 'kjv' }, 'en-US');
    // "heavens" is stemmed: it finds "heaven" too.
    expect(either.hits.map((h) => h.reference).sort()).toEqual(['Genesis 1:1', 'Genesis 2:1', 'Matthew 5:9']);
  });
});

describe('ranking, highlighting, paging', () => {
  it('more occurrences rank higher; words close together rank higher', async () => {
    const luz = await search({ q: 'luz', textId: 'rank-test' });
    expect(luz.hits.map((h) => h.verse)).toEqual([2, 1]);
    expect(luz.hits[0]!.rank).toBeGreaterThan(luz.hits[1]!.rank);
    const paz = await search({ q: 'paz coração', textId: 'rank-test' });
    expect(paz.hits.map((h) => h.verse)).toEqual([4, 3]);
    expect(paz.hits[0]!.rank).toBeGreaterThan(paz.hits[1]!.rank);
  });

  it('the snippet is the whole verse with marks around the matches, nothing else changed', async () => {
    const r = await search({ q: 'amor', textId: 'porblivre' });
    const hit = r.hits.find((h) => h.reference === '1 João 4:8')!;
    expect(plain(hit.snippet)).toBe(VERSES.pt['1John 4:8']);
    expect(marked(hit.snippet)).toEqual(['ama', 'amor']);
    for (const h of r.hits) expect(marked(h.snippet).length).toBeGreaterThan(0);
  });

  it('markup in a text stays plain text, and stray mark characters are removed', async () => {
    const r = await search({ q: 'brilha', textId: 'rank-test' });
    const hit = r.hits.find((h) => h.verse === 5)!;
    expect(hit.snippet).toBe(
      `Uma lâmpada <b>acesa</b> & <script>alert(1)</script> falso ${HIGHLIGHT_START}brilha${HIGHLIGHT_END}.`,
    );
  });

  it('pages of SEARCH_PAGE_SIZE, in a stable order, with the total', async () => {
    const [row] = await t.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM scripture_verses WHERE text_id = 'porblivre' AND content LIKE 'Texto de teste%'`,
    );
    const n = row!.n;
    expect(n).toBeGreaterThan(2 * SEARCH_PAGE_SIZE);
    const pages: SearchHitDto[][] = [];
    for (let page = 1; ; page++) {
      const r = await search({ q: 'teste', textId: 'porblivre', page });
      expect(r.total).toBe(n);
      expect(r.page).toBe(page);
      if (r.hits.length === 0) break;
      expect(r.hits.length).toBe(Math.min(SEARCH_PAGE_SIZE, n - (page - 1) * SEARCH_PAGE_SIZE));
      pages.push(r.hits);
    }
    const all = pages.flat().map((h) => h.reference);
    expect(all.length).toBe(n);
    expect(new Set(all).size).toBe(n);
    // A page far past the end: no hits, the total still right.
    const far = await search({ q: 'teste', textId: 'porblivre', page: 400 });
    expect(far).toMatchObject({ total: n, hits: [] });
  });
});

describe('very common words', () => {
  it(`past ${CANDIDATES} matches: the shortest ${CANDIDATES} are ranked, the rest follow by length; pages stay consistent`, async () => {
    const n = CANDIDATES + 45;
    // Verse i: "pedra" once, padded with i % 7 other words; every 50th has "pedra" three times.
    const filler = ['rio', 'monte', 'vale', 'campo', 'vento', 'mar', 'nuvem'];
    const verses = Object.fromEntries(
      Array.from({ length: n }, (_, i) => [
        `${Math.floor(i / 100) + 1}:${(i % 100) + 1}`,
        [i % 50 === 0 ? 'pedra pedra pedra' : 'pedra', ...filler.slice(0, i % 7)].join(' '),
      ]),
    );
    await insertText(t, {
      id: 'many-test',
      bookKey: 'analects',
      language: 'pt',
      books: [{ code: 'main', name: 'Muitos', ordinal: 1, chapterCount: 11, verses }],
    });
    const pages: SearchHitDto[][] = [];
    const last = Math.ceil(n / SEARCH_PAGE_SIZE);
    for (let page = 1; page <= last; page++) {
      const r = await search({ q: 'pedra', textId: 'many-test', page });
      expect(r.total).toBe(n);
      pages.push(r.hits);
    }
    const all = pages.flat();
    expect(all.length).toBe(n);
    expect(new Set(all.map((h) => h.reference)).size).toBe(n);
    // Within the candidates, by rank; the shortest verses with "pedra" three times come first.
    const ranked = all.slice(0, CANDIDATES).map((h) => h.rank);
    expect(ranked).toEqual([...ranked].sort((a, b) => b - a));
    // Ranked by density: "pedra" alone (or three times alone) first, "pedra pedra pedra rio" before "pedra rio".
    expect(['pedra', 'pedra pedra pedra']).toContain(plain(all[0]!.snippet));
    // Distinct words: what the verse's stored length grows with.
    const words = (h: SearchHitDto) => [...new Set(plain(h.snippet).split(' '))];
    const candidates = all.slice(0, CANDIDATES);
    const rest = all.slice(CANDIDATES);
    // The shortest verses are all among the ranked ones; the longest all come after.
    expect(candidates.filter((h) => words(h).length === 1).length).toBe(
      all.filter((h) => words(h).length === 1).length,
    );
    expect(rest.filter((h) => words(h).length === 7).length).toBe(all.filter((h) => words(h).length === 7).length);
    expect(candidates.some((h) => words(h).length === 7)).toBe(false);
    // Past the candidates, by length.
    const restLengths = rest.map((h) => words(h).filter((w) => w !== 'pedra').length);
    expect(restLengths).toEqual([...restLengths].sort((a, b) => a - b));
  });
});

describe('scope, filters and edge cases', () => {
  it('the same answers before and after the lexicons (used to prune the query) are ready', async () => {
    const queries: Array<[Record<string, string>, string]> = [
      [{ q: 'amor ao próximo' }, 'pt-BR'],
      [{ q: 'amor' }, 'es-ES'],
      [{ q: 'believe' }, 'en-US'],
      [{ q: 'love -neighbour' }, 'en-US'],
      [{ q: 'the earth' }, 'en-US'],
      [{ q: 'corazon' }, 'es-ES'],
    ];
    await insertText(t, { ...bibleFixture('pt', 'porblivre'), checksum: 'fixture-lexicon' });
    const before = [];
    for (const [params, locale] of queries) before.push(await search(params, locale));
    await lexiconsSettled(t.app.deps.db);
    for (const [i, [params, locale]] of queries.entries()) expect(await search(params, locale)).toEqual(before[i]);
  });

  it('scope=books leaves the Bibles out; scope=bible keeps only them; textId picks one text', async () => {
    const books = await search({ q: 'love', scope: 'books' }, 'en-US');
    expect(refs(books.hits)).toEqual(['dhammapada-muller Dhammapada 1:5']);
    const bible = await search({ q: 'love', scope: 'bible' }, 'en-US');
    expect(bible.hits.every((h) => ['kjv', 'porblivre', 'sparv1909'].includes(h.textId))).toBe(true);
    expect(bible.hits.length).toBeGreaterThan(3);
    const one = await search({ q: 'luz', textId: 'sparv1909' });
    expect(refs(one.hits)).toEqual(['sparv1909 Génesis 1:3']);
    expect(one.hits[0]).toMatchObject({
      textAbbreviation: 'SPARV1909',
      language: 'es',
      book: 'Gen',
      bookName: 'Génesis',
      chapter: 1,
      verse: 3,
    });
  });

  it('stop words alone find nothing; unknown words find nothing', async () => {
    expect(await search({ q: 'o a de' })).toMatchObject({ total: 0, hits: [] });
    expect(await search({ q: 'the', textId: 'kjv' }, 'en-US')).toMatchObject({ total: 0, hits: [] });
    expect(await search({ q: 'xyzzyplugh' })).toMatchObject({ total: 0, hits: [] });
    expect(await search({ q: '!!! ??? ***' })).toMatchObject({ total: 0, hits: [] });
  });

  it('an unknown text is 404', async () => {
    const res = await t.request({ url: '/api/scripture/search?q=amor&textId=nada', cookie: user.cookie });
    expect(res.statusCode).toBe(404);
  });

  it('needs a session', async () => {
    const res = await t.request({ url: '/api/scripture/search?q=amor' });
    expect(res.statusCode).toBe(401);
  });

  it('validation messages are translated, per field', async () => {
    const cases: Array<[string, string, number, string, string]> = [
      ['', 'en-US', 400, 'VALIDATION_REQUIRED_FIELD', 'Type what you want to search for.'],
      ['?q=%20%20', 'pt-BR', 400, 'VALIDATION_REQUIRED_FIELD', 'Digite o que deseja buscar.'],
      [
        `?q=${'a'.repeat(201)}`,
        'es-ES',
        400,
        'VALIDATION_LENGTH_ERROR',
        'La búsqueda puede tener hasta 200 caracteres.',
      ],
    ];
    for (const [qs, locale, status, code, message] of cases) {
      const res = await t.request({ url: `/api/scripture/search${qs}`, cookie: user.cookie, locale });
      expect(res.statusCode, qs).toBe(status);
      expect(res.json().error.code).toBe(code);
      expect(res.json().error.fields).toEqual({ q: message });
    }
    for (const qs of ['?q=a&page=0', '?q=a&page=501', '?q=a&scope=x', '?q=a&textId=A_B', '?q=a&other=1'])
      expect((await t.request({ url: `/api/scripture/search${qs}`, cookie: user.cookie })).statusCode, qs).toBe(400);
  });
});
