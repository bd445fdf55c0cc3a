import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResultDto } from '@candeia/shared/schemas/scripture';
import { formatReference, parseReference } from '../src/modules/scripture/references.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { insertUser, type TestUser } from './support/factories.ts';
import { bibleFixture, insertScriptureFixtures, insertText, VERSES } from './support/scripture.ts';

describe('parseReference (bible-passage-reference-parser, the reader’s language first)', () => {
  it.each([
    ['João 3:16', 'pt-BR', { book: 'John', chapter: 3, verseStart: 16, verseEnd: 16, language: 'pt' }],
    ['Jo 3:16', 'pt-BR', { book: 'John', chapter: 3, verseStart: 16, verseEnd: 16, language: 'pt' }],
    ['joao 3.16', 'pt-BR', { book: 'John', chapter: 3, verseStart: 16, verseEnd: 16, language: 'pt' }],
    ['João 3,16', 'pt-BR', { book: 'John', chapter: 3, verseStart: 16, verseEnd: 16, language: 'pt' }],
    ['Jn 3:16', 'pt-BR', { book: 'John', chapter: 3, verseStart: 16, verseEnd: 16, language: 'en' }],
    ['Jn 3:16', 'en-US', { book: 'John', chapter: 3, verseStart: 16, verseEnd: 16, language: 'en' }],
    ['John 3:16-18', 'en-US', { book: 'John', chapter: 3, verseStart: 16, verseEnd: 18, language: 'en' }],
    ['Juan 3:16-18', 'es-ES', { book: 'John', chapter: 3, verseStart: 16, verseEnd: 18, language: 'es' }],
    ['Juan 3:16', 'pt-BR', { book: 'John', chapter: 3, verseStart: 16, verseEnd: 16, language: 'es' }],
    ['Gênesis 1', 'pt-BR', { book: 'Gen', chapter: 1, verseStart: 1, verseEnd: null, language: 'pt' }],
    ['Génesis 1', 'es-ES', { book: 'Gen', chapter: 1, verseStart: 1, verseEnd: null, language: 'es' }],
    ['Salmos 23', 'pt-BR', { book: 'Ps', chapter: 23, verseStart: 1, verseEnd: null, language: 'pt' }],
    ['1 Coríntios 13:4-7', 'pt-BR', { book: '1Cor', chapter: 13, verseStart: 4, verseEnd: 7, language: 'pt' }],
    ['Mt 5:3, 7', 'en-US', { book: 'Matt', chapter: 5, verseStart: 3, verseEnd: 7, language: 'en' }],
    // A range into the next chapter: this chapter from the first verse on.
    ['Gn 1:1-2:3', 'pt-BR', { book: 'Gen', chapter: 1, verseStart: 1, verseEnd: null, language: 'pt' }],
    ['Judas 3', 'pt-BR', { book: 'Jude', chapter: 1, verseStart: 3, verseEnd: 3, language: 'pt' }],
  ] as const)('%s (%s)', (q, locale, expected) => {
    expect(parseReference(q, locale)).toEqual(expected);
  });

  it.each([
    ['amor', 'pt-BR'],
    ['Lucas', 'pt-BR'],
    ['amor ao próximo', 'pt-BR'],
    ['o amor de Jo 3', 'pt-BR'],
    ['Juan 99', 'es-ES'],
    ['Gênesis 51', 'pt-BR'],
    ['3:16', 'en-US'],
    ['love 1', 'en-US'],
    ['', 'en-US'],
    ['João 3:16 '.repeat(10), 'pt-BR'],
  ] as const)('%j (%s) is not a reference', (q, locale) => {
    expect(parseReference(q, locale)).toBeNull();
  });

  it('formats references in the text’s own book names', () => {
    expect(formatReference('João', 3, 16, 16)).toBe('João 3:16');
    expect(formatReference('João', 3, 16, 18)).toBe('João 3:16-18');
    expect(formatReference('Gênesis', 1)).toBe('Gênesis 1');
  });
});

describe('GET /api/scripture/search with a reference', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    await insertScriptureFixtures(t);
    user = await insertUser(t);
  });
  afterAll(async () => t.close());

  type Passage = Extract<SearchResultDto, { kind: 'passage' }>;
  async function find(q: string, locale: string, extra = '') {
    const res = await t.request({
      url: `/api/scripture/search?q=${encodeURIComponent(q)}${extra}`,
      cookie: user.cookie,
      locale,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<SearchResultDto>();
  }
  async function passage(q: string, locale: string, extra = ''): Promise<Passage> {
    const r = await find(q, locale, extra);
    expect(r.kind, `${q} → ${JSON.stringify(r).slice(0, 200)}`).toBe('passage');
    return r as Passage;
  }

  it.each([
    ['João 3:16', 'pt-BR', 'porblivre', 'João 3:16', 16, 16],
    ['Jo 3:16', 'pt-BR', 'porblivre', 'João 3:16', 16, 16],
    ['Jn 3:16', 'pt-BR', 'porblivre', 'João 3:16', 16, 16],
    ['Jn 3:16', 'en-US', 'kjv', 'John 3:16', 16, 16],
    ['John 3:16-17', 'en-US', 'kjv', 'John 3:16-17', 16, 17],
    ['Juan 3:16', 'es-ES', 'sparv1909', 'Juan 3:16', 16, 16],
    ['Juan 3:16-18', 'es-ES', 'sparv1909', 'Juan 3:16-18', 16, 18],
    ['Juan 3:16-18', 'pt-BR', 'porblivre', 'João 3:16-18', 16, 18],
    ['João 3,16-17', 'pt-BR', 'porblivre', 'João 3:16-17', 16, 17],
    // Past the chapter's last verse: cut at the last one.
    ['Jo 3:16-99', 'pt-BR', 'porblivre', 'João 3:16-18', 16, 18],
  ] as const)('%s (%s) → %s %s', async (q, locale, textId, reference, verseStart, verseEnd) => {
    const p = await passage(q, locale);
    expect(p).toMatchObject({ kind: 'passage', reference, verseStart, verseEnd });
    expect(p.chapter.text.id).toBe(textId);
    expect(p.chapter.book.code).toBe('John');
    expect(p.chapter.chapter).toBe(3);
    expect(p.chapter.verses.map((v) => v.n)).toEqual([16, 17, 18]);
  });

  it('a whole chapter: "Gênesis 1" is every verse of it', async () => {
    const p = await passage('Gênesis 1', 'pt-BR');
    expect(p).toMatchObject({ reference: 'Gênesis 1', verseStart: 1, verseEnd: 3 });
    expect(p.chapter.verses[0]!.t).toBe(VERSES.pt['Gen 1:1']);
    expect(p.chapter.next).toEqual({ book: 'Gen', bookName: 'Gênesis', chapter: 2 });
  });

  it('in the text asked for (textId), whatever the reader’s language', async () => {
    const p = await passage('João 3:16', 'pt-BR', '&textId=sparv1909');
    expect(p.reference).toBe('Juan 3:16');
    expect(p.chapter.text.id).toBe('sparv1909');
  });

  it('not a reference, or not one that exists → word search', async () => {
    for (const [q, locale] of [
      ['Juan 99', 'es-ES'],
      ['João 3:99', 'pt-BR'],
      ['Gênesis 7', 'pt-BR'],
      ['amor 3', 'pt-BR'],
      ['Lucas', 'pt-BR'],
    ] as const) {
      const r = await find(q, locale);
      expect(r.kind, q).toBe('results');
    }
    const words = await find('amor ao próximo', 'pt-BR');
    expect(words).toMatchObject({ kind: 'results', total: 2 });
  });

  it('scope=books and a sacred book that is not a Bible search words only', async () => {
    expect((await find('João 3:16', 'pt-BR', '&scope=books')).kind).toBe('results');
    expect((await find('João 3:16', 'pt-BR', '&textId=dhammapada-muller')).kind).toBe('results');
    expect((await find('João 3:16', 'pt-BR', '&scope=bible')).kind).toBe('passage');
  });

  it('without the reader’s default Bible, another one is used and named in the answer', async () => {
    const s = await createTestApp();
    try {
      await insertText(s, bibleFixture('en', 'kjv'));
      await insertText(s, bibleFixture('es', 'other-es'));
      const u = await insertUser(s);
      const res = await s.request({ url: '/api/scripture/search?q=Juan%203%3A16', cookie: u.cookie, locale: 'es-ES' });
      // No Reina-Valera: another Spanish Bible first.
      expect(res.json<Passage>().chapter.text.id).toBe('other-es');
      const pt = await s.request({
        url: '/api/scripture/search?q=Jo%C3%A3o%203%3A16',
        cookie: u.cookie,
        locale: 'pt-BR',
      });
      // No Portuguese Bible at all: the King James.
      expect(pt.json<Passage>()).toMatchObject({ kind: 'passage', reference: 'John 3:16' });
      expect(pt.json<Passage>().chapter.text).toMatchObject({ id: 'kjv', language: 'en' });
    } finally {
      await s.close();
    }
  });
});
