import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RELIGIONS,
  SACRED_BOOK_KEYS,
  THEMES,
  type BookDto,
  type CatalogueDto,
  type ChapterDto,
  type ThemeDto,
  type VerseOfTheDayDto,
} from '@candeia/shared/schemas/scripture';
import { dailyOrder, DAILY_REFS } from '../src/modules/scripture/themes.ts';
import { createTestApp } from './support/app.ts';
import { insertUser, setSubscriptionStatus, type TestUser } from './support/factories.ts';
import {
  bibleFixture,
  insertScriptureFixtures,
  insertText,
  moveClock,
  removeText,
  VERSES,
} from './support/scripture.ts';

const t = await createTestApp();
let user: TestUser;
beforeAll(async () => {
  await insertScriptureFixtures(t);
  user = await insertUser(t);
});
afterAll(async () => t.close());

const chapterUrl = (text: string, book: string, chapter: number | string) =>
  `/api/scripture/texts/${text}/books/${book}/chapters/${chapter}`;

describe('GET /api/scripture/catalogue', () => {
  it('lists the 13 religions and the 14 books, each with its installed texts (none = coming soon)', async () => {
    const res = await t.request({ url: '/api/scripture/catalogue' });
    expect(res.statusCode).toBe(200);
    const cat = res.json<CatalogueDto>();
    expect(cat.religions).toEqual([...RELIGIONS]);
    expect(cat.books.map((b) => b.key)).toEqual(SACRED_BOOK_KEYS);
    const bible = cat.books.find((b) => b.key === 'bible')!;
    expect(bible.religions).toEqual(['christianity', 'gnosticism']);
    // Languages in a fixed order (pt, en, es), not the reader's.
    expect(bible.texts.map((x) => x.id)).toEqual(['porblivre', 'kjv', 'sparv1909']);
    expect(bible.texts[0]).toMatchObject({
      id: 'porblivre',
      bookKey: 'bible',
      language: 'pt',
      licence: 'Test fixture',
      attribution: 'Fixture text porblivre, written for the tests.',
      translator: null,
    });
    expect(bible.texts[0]!.verseCount).toBeGreaterThan(20);
    expect(cat.books.find((b) => b.key === 'dhammapada')!.texts.map((x) => x.id)).toEqual(['dhammapada-muller']);
    expect(cat.books.find((b) => b.key === 'quran')!.texts).toEqual([]);
    expect(cat.books.find((b) => b.key === 'kojiki')!.texts).toEqual([]);
  });

  it('is public content with an ETag: a matching If-None-Match gets 304', async () => {
    const res = await t.request({ url: '/api/scripture/catalogue' });
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await t.request({ url: '/api/scripture/catalogue', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await t.request({ url: '/api/scripture/catalogue', headers: { 'if-none-match': '"nope"' } });
    expect(other.statusCode).toBe(200);
  });
});

describe('GET /api/scripture/texts/:textId/books', () => {
  it('lists the books in canonical order with names in the text’s language', async () => {
    const res = await t.request({ url: '/api/scripture/texts/sparv1909/books' });
    expect(res.statusCode).toBe(200);
    const books = res.json<BookDto[]>();
    expect(books[0]).toEqual({ code: 'Gen', ordinal: 1, name: 'Génesis', chapters: 50 });
    expect(books.map((b) => b.ordinal)).toEqual([...books.map((b) => b.ordinal)].sort((a, b) => a - b));
    expect(books.find((b) => b.code === 'John')!.name).toBe('Juan');
  });

  it('404 for a text that is not installed; 400 for a malformed id', async () => {
    const res = await t.request({ url: '/api/scripture/texts/nao-instalado/books', locale: 'en-US' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toEqual({ code: 'NOT_FOUND', message: expect.any(String) });
    expect((await t.request({ url: '/api/scripture/texts/Bad_Id/books' })).statusCode).toBe(400);
  });
});

describe('GET /api/scripture/texts/:textId/books/:book/chapters/:chapter', () => {
  it('returns the text, the book, the verses (paragraphs, headings) and the neighbours', async () => {
    const res = await t.request({ url: chapterUrl('porblivre', 'Gen', 1) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const ch = res.json<ChapterDto>();
    expect(ch.text.id).toBe('porblivre');
    expect(ch.book).toEqual({ code: 'Gen', ordinal: 1, name: 'Gênesis', chapters: 50 });
    expect(ch.chapter).toBe(1);
    expect(ch.verses).toEqual([
      { n: 1, t: VERSES.pt['Gen 1:1'], p: true, h: 'A criação' },
      { n: 2, t: VERSES.pt['Gen 1:2'] },
      { n: 3, t: VERSES.pt['Gen 1:3'] },
    ]);
    expect(ch.prev).toBeNull();
    expect(ch.next).toEqual({ book: 'Gen', bookName: 'Gênesis', chapter: 2 });
  });

  it('prev/next cross book boundaries, and the last chapter of the last book has no next', async () => {
    const gen50 = (await t.request({ url: chapterUrl('kjv', 'Gen', 50) })).json<ChapterDto>();
    expect(gen50.prev).toEqual({ book: 'Gen', bookName: 'Genesis', chapter: 49 });
    expect(gen50.next).toEqual({ book: 'Exod', bookName: 'Exodus', chapter: 1 });
    const exod1 = (await t.request({ url: chapterUrl('kjv', 'Exod', 1) })).json<ChapterDto>();
    expect(exod1.prev).toEqual({ book: 'Gen', bookName: 'Genesis', chapter: 50 });
    const rev22 = (await t.request({ url: chapterUrl('kjv', 'Rev', 22) })).json<ChapterDto>();
    expect(rev22.next).toBeNull();
    expect(rev22.prev).toEqual({ book: 'Rev', bookName: 'Revelation', chapter: 21 });
    // A single-book sacred text: chapters of the one book.
    const dhp = (await t.request({ url: chapterUrl('dhammapada-muller', 'main', 1) })).json<ChapterDto>();
    expect(dhp.prev).toBeNull();
    expect(dhp.next).toEqual({ book: 'main', bookName: 'Dhammapada', chapter: 2 });
  });

  it('book codes match without regard to case; the answer names the canonical code', async () => {
    const res = await t.request({ url: chapterUrl('kjv', 'john', 3) });
    expect(res.statusCode).toBe(200);
    expect(res.json<ChapterDto>().book.code).toBe('John');
  });

  it('404 for an unknown text, book, a chapter past the end or a chapter without verses; 400 for bad numbers', async () => {
    for (const url of [
      chapterUrl('nada', 'Gen', 1),
      chapterUrl('kjv', 'Tob', 1),
      chapterUrl('kjv', 'Gen', 51),
      chapterUrl('kjv', 'Gen', 7),
    ]) {
      const res = await t.request({ url, locale: 'pt-BR' });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    for (const url of [
      chapterUrl('kjv', 'Gen', 0),
      chapterUrl('kjv', 'Gen', 'x'),
      chapterUrl('kjv', 'Gen', 1001),
      chapterUrl('kjv', 'Gen', '1.5'),
      chapterUrl('KJV', 'Gen', 1),
      chapterUrl('kjv', 'G_n', 1),
    ])
      expect((await t.request({ url })).statusCode, url).toBe(400);
    // What the schema accepts beyond the plain form still works ("01" is chapter 1).
    const padded = await t.request({ url: chapterUrl('kjv', 'Gen', '01') });
    expect(padded.statusCode).toBe(200);
    expect(padded.json<ChapterDto>().chapter).toBe(1);
  });

  it('is public, cached with an ETag (304 on a match), and the same bytes each time', async () => {
    const first = await t.request({ url: chapterUrl('sparv1909', 'John', 3) });
    const second = await t.request({ url: chapterUrl('sparv1909', 'John', 3), cookie: user.cookie });
    expect(first.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(first.headers.etag).toBe(second.headers.etag);
    expect(first.headers['cache-control']).toBe('public, max-age=300');
    const cached = await t.request({
      url: chapterUrl('sparv1909', 'John', 3),
      headers: { 'if-none-match': `W/"x", ${String(first.headers.etag)}` },
    });
    expect(cached.statusCode).toBe(304);
  });

  it('a re-imported text is served fresh (new verses, new ETag), a removed one is gone', async () => {
    const before = await t.request({ url: chapterUrl('kjv', 'John', 3) });
    await insertText(t, {
      ...bibleFixture('en', 'kjv', { 'John 3:16': 'Changed wording for the re-import test.' }),
      checksum: 'fixture-2',
    });
    const after = await t.request({ url: chapterUrl('kjv', 'John', 3) });
    expect(after.json<ChapterDto>().verses.find((v) => v.n === 16)!.t).toBe('Changed wording for the re-import test.');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    await insertText(t, bibleFixture('en', 'kjv'));

    await insertText(t, { ...bibleFixture('en', 'web'), title: 'Temporary' });
    expect((await t.request({ url: chapterUrl('web', 'John', 3) })).statusCode).toBe(200);
    await removeText(t, 'web');
    expect((await t.request({ url: chapterUrl('web', 'John', 3) })).statusCode).toBe(404);
  });
});

describe('GET /api/scripture/themes', () => {
  it('needs a session', async () => {
    expect((await t.request({ url: '/api/scripture/themes' })).statusCode).toBe(401);
  });

  it('the eight themes with 2–3 quotes each, read from the reader’s Bible', async () => {
    for (const [locale, textId] of [
      ['pt-BR', 'porblivre'],
      ['en-US', 'kjv'],
      ['es-ES', 'sparv1909'],
    ] as const) {
      const res = await t.request({ url: '/api/scripture/themes', cookie: user.cookie, locale });
      expect(res.statusCode).toBe(200);
      const themes = res.json<ThemeDto[]>();
      expect(themes.map((x) => x.theme)).toEqual([...THEMES]);
      for (const th of themes) {
        expect(th.quotes.length, `${locale} ${th.theme}`).toBeGreaterThanOrEqual(2);
        expect(th.quotes.length).toBeLessThanOrEqual(3);
      }
      const anxiety = themes.find((x) => x.theme === 'anxiety')!;
      const phil = VERSES[textId === 'porblivre' ? 'pt' : textId === 'kjv' ? 'en' : 'es'];
      expect(anxiety.quotes[0]).toEqual({
        text: `${phil['Phil 4:6']} ${phil['Phil 4:7']}`,
        reference: `${locale === 'en-US' ? 'Philippians' : 'Filipenses'} 4:6-7`,
        textId,
        book: 'Phil',
        chapter: 4,
        verse: 6,
      });
      // Every quote's words are the installed verse, not text from the code.
      const rows = await t.query<{ content: string }>(
        `SELECT v.content FROM scripture_verses v JOIN scripture_books b ON b.id = v.book_id
         WHERE v.text_id = $1 AND b.code = '1Pet' AND v.chapter = 5 AND v.verse = 7`,
        [textId],
      );
      expect(anxiety.quotes[1]!.text).toBe(rows[0]!.content);
    }
  });

  it('adds apt quotes from other installed sacred books in the reader’s language', async () => {
    const en = (await t.request({ url: '/api/scripture/themes', cookie: user.cookie, locale: 'en-US' })).json<
      ThemeDto[]
    >();
    const love = en.find((x) => x.theme === 'love')!;
    expect(love.quotes.map((q) => q.textId)).toContain('dhammapada-muller');
    expect(love.quotes.find((q) => q.textId === 'dhammapada-muller')).toMatchObject({
      text: 'Hatred does not cease by hatred at any time; hatred ceases by love.',
      reference: 'Dhammapada 1:5',
    });
    const wisdom = en.find((x) => x.theme === 'wisdom')!;
    expect(wisdom.quotes.map((q) => q.textId)).toContain('tao-te-ching-legge');
    // A Portuguese reader gets Portuguese quotes only (three are available).
    const pt = (await t.request({ url: '/api/scripture/themes', cookie: user.cookie, locale: 'pt-BR' })).json<
      ThemeDto[]
    >();
    for (const th of pt)
      expect(
        th.quotes.every((q) => q.textId === 'porblivre'),
        th.theme,
      ).toBe(true);
  });

  it('missing texts are skipped: without a Bible in the reader’s language, another language fills in', async () => {
    const s = await createTestApp();
    try {
      await insertText(s, bibleFixture('en', 'kjv'));
      const u = await insertUser(s);
      const res = await s.request({ url: '/api/scripture/themes', cookie: u.cookie, locale: 'es-ES' });
      expect(res.statusCode).toBe(200);
      const themes = res.json<ThemeDto[]>();
      expect(themes.every((x) => x.quotes.length >= 2 && x.quotes.every((q) => q.textId === 'kjv'))).toBe(true);
      await removeText(s, 'kjv');
      const none = (await s.request({ url: '/api/scripture/themes', cookie: u.cookie })).json<ThemeDto[]>();
      expect(none.map((x) => x.quotes)).toEqual(THEMES.map(() => []));
    } finally {
      await s.close();
    }
  });
});

describe('GET /api/scripture/verse-of-the-day', () => {
  const votd = async (locale: string, cookie = user.cookie) => {
    const res = await t.request({ url: '/api/scripture/verse-of-the-day', cookie, locale });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<VerseOfTheDayDto>();
  };

  it('is the same for everyone on a UTC date, in the reader’s language', async () => {
    await moveClock(t, new Date('2026-05-01T00:00:01Z'));
    const other = await insertUser(t);
    const a = await votd('pt-BR');
    await moveClock(t, new Date('2026-05-01T23:59:59Z'));
    const b = await votd('pt-BR', other.cookie);
    expect(b).toEqual(a);
    expect(a.date).toBe('2026-05-01');
    expect(a.textId).toBe('porblivre');
    const ref = DAILY_REFS[dailyOrder(new Date('2026-05-01T00:00:00Z'))[0]!]!;
    expect(a).toMatchObject({ book: ref.book, chapter: ref.chapter, verse: ref.verse });
    const rows = await t.query<{ content: string }>(
      `SELECT v.content FROM scripture_verses v JOIN scripture_books b ON b.id = v.book_id
       WHERE v.text_id = 'porblivre' AND b.code = $1 AND v.chapter = $2 AND v.verse BETWEEN $3 AND $4
       ORDER BY v.verse`,
      [ref.book, ref.chapter, ref.verse, ref.to ?? ref.verse],
    );
    expect(a.text).toBe(rows.map((r) => r.content).join(' '));
    // Same passage, each reader's Bible.
    const en = await votd('en-US');
    const es = await votd('es-ES');
    expect([en.textId, es.textId]).toEqual(['kjv', 'sparv1909']);
    for (const x of [en, es])
      expect({ book: x.book, chapter: x.chapter, verse: x.verse }).toEqual({
        book: a.book,
        chapter: a.chapter,
        verse: a.verse,
      });
    expect(en.text).not.toBe(a.text);
  });

  it('changes from one day to the next, and covers the whole list over a cycle', async () => {
    const seen: string[] = [];
    for (let d = 0; d < DAILY_REFS.length; d++) {
      await moveClock(t, new Date(Date.UTC(2026, 6, 1 + d, 12)));
      const v = await votd('en-US');
      expect(v.date).toBe(new Date(Date.UTC(2026, 6, 1 + d)).toISOString().slice(0, 10));
      seen.push(v.reference);
    }
    for (let i = 1; i < seen.length; i++) expect(seen[i], `day ${i}`).not.toBe(seen[i - 1]);
    expect(new Set(seen).size).toBeGreaterThan(DAILY_REFS.length / 2);
  });

  it('two consecutive days never repeat, across many cycles', () => {
    const first = (day: number) => dailyOrder(new Date(day * 86_400_000))[0];
    for (let day = 20_000; day < 22_000; day++) expect(first(day + 1), String(day)).not.toBe(first(day));
  });

  it('skips a reference the Bible lacks; 404 when no Bible is installed', async () => {
    const s = await createTestApp();
    try {
      const u = await insertUser(s);
      expect((await s.request({ url: '/api/scripture/verse-of-the-day', cookie: u.cookie })).statusCode).toBe(404);
      await moveClock(s, new Date('2026-08-08T08:00:00Z'));
      const order = dailyOrder(new Date('2026-08-08T00:00:00Z'));
      const wanted = DAILY_REFS[order[0]!]!;
      const fixture = bibleFixture('pt', 'porblivre');
      for (const b of fixture.books) if (b.code === wanted.book) delete b.verses[`${wanted.chapter}:${wanted.verse}`];
      await insertText(s, fixture);
      const v = (
        await s.request({ url: '/api/scripture/verse-of-the-day', cookie: u.cookie })
      ).json<VerseOfTheDayDto>();
      const next = DAILY_REFS[order[1]!]!;
      expect({ book: v.book, chapter: v.chapter, verse: v.verse }).toEqual({
        book: next.book,
        chapter: next.chapter,
        verse: next.verse,
      });
    } finally {
      await s.close();
    }
  });
});

describe('reading position', () => {
  it('PUT saves per text, GET returns the latest of the Bibles or of the other books', async () => {
    const u = await insertUser(t);
    const get = (scope?: string) =>
      t.request({ url: `/api/scripture/position${scope ? `?scope=${scope}` : ''}`, cookie: u.cookie });
    expect((await get()).json()).toBeNull();
    await moveClock(t, new Date('2026-03-11T10:00:00Z'));
    const put = (payload: object) =>
      t.request({ method: 'PUT', url: '/api/scripture/position', cookie: u.cookie, payload });
    const saved = await put({ textId: 'kjv', book: 'john', chapter: 3, verse: 16 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      textId: 'kjv',
      book: 'John',
      chapter: 3,
      verse: 16,
      updatedAt: '2026-03-11T10:00:00.000Z',
    });
    await moveClock(t, new Date('2026-03-11T11:00:00Z'));
    await put({ textId: 'porblivre', book: 'Gen', chapter: 1 });
    await moveClock(t, new Date('2026-03-11T12:00:00Z'));
    await put({ textId: 'dhammapada-muller', book: 'main', chapter: 1, verse: 5 });
    expect((await get()).json()).toMatchObject({ textId: 'porblivre', book: 'Gen', chapter: 1, verse: null });
    expect((await get('bible')).json()).toMatchObject({ textId: 'porblivre' });
    expect((await get('books')).json()).toMatchObject({ textId: 'dhammapada-muller', verse: 5 });
    // One row per text: moving on in KJV updates it.
    await moveClock(t, new Date('2026-03-11T13:00:00Z'));
    await put({ textId: 'kjv', book: 'Rev', chapter: 22 });
    expect((await get('bible')).json()).toMatchObject({ textId: 'kjv', book: 'Rev', chapter: 22 });
    expect(
      await t.query('SELECT text_id FROM reading_positions WHERE user_id = $1 ORDER BY text_id', [u.user.id]),
    ).toEqual([{ text_id: 'dhammapada-muller' }, { text_id: 'kjv' }, { text_id: 'porblivre' }]);
  });

  it('refuses places that do not exist (404) and malformed bodies (400)', async () => {
    const put = (payload: object) =>
      t.request({ method: 'PUT', url: '/api/scripture/position', cookie: user.cookie, payload });
    for (const p of [
      { textId: 'nada', book: 'Gen', chapter: 1 },
      { textId: 'kjv', book: 'Tob', chapter: 1 },
      { textId: 'kjv', book: 'Gen', chapter: 99 },
      { textId: 'kjv', book: 'Gen', chapter: 1, verse: 40 },
    ])
      expect((await put(p)).statusCode, JSON.stringify(p)).toBe(404);
    for (const p of [
      { textId: 'kjv', book: 'Gen' },
      { textId: 'kjv', book: 'Gen', chapter: 1, userId: user.user.id },
    ])
      expect((await put(p)).statusCode, JSON.stringify(p)).toBe(400);
  });

  it('needs the plan’s bible flag and an active subscription', async () => {
    const u = await insertUser(t);
    await setSubscriptionStatus(t, u.user.id, 'canceled');
    await t.query('UPDATE user_subscriptions SET is_trial = false WHERE user_id = $1', [u.user.id]);
    const res = await t.request({ url: '/api/scripture/position', cookie: u.cookie, locale: 'en-US' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('SUBSCRIPTION_REQUIRED');
    // Reading the texts themselves stays open.
    expect((await t.request({ url: chapterUrl('kjv', 'John', 3), cookie: u.cookie })).statusCode).toBe(200);
  });
});
