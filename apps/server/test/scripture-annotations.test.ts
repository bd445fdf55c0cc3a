import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChapterAnnotationsDto, FavouriteDto, NoteDto, Paged } from '@candeia/shared/schemas/scripture';
import { createTestApp, type TestRequestOptions } from './support/app.ts';
import { insertUser, type TestUser } from './support/factories.ts';
import { insertScriptureFixtures, insertText, moveClock, removeText, VERSES } from './support/scripture.ts';

const t = await createTestApp();
let a: TestUser;
let b: TestUser;
beforeAll(async () => {
  await insertScriptureFixtures(t);
  a = await insertUser(t, { firstName: 'Alice' });
  b = await insertUser(t, { firstName: 'Bianca' });
});
afterAll(async () => t.close());

const as = (u: TestUser, opts: TestRequestOptions) => t.request({ ...opts, cookie: u.cookie });
const passage = { textId: 'porblivre', book: 'John', chapter: 3, verseStart: 16, verseEnd: 17 };

async function addNote(u: TestUser, body: string, over: Partial<typeof passage> = {}): Promise<NoteDto> {
  const res = await as(u, { method: 'POST', url: '/api/scripture/notes', payload: { ...passage, ...over, body } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<NoteDto>();
}
async function addFavourite(u: TestUser, over: Partial<typeof passage> = {}): Promise<FavouriteDto> {
  const res = await as(u, { method: 'POST', url: '/api/scripture/favourites', payload: { ...passage, ...over } });
  expect([200, 201], res.body).toContain(res.statusCode);
  return res.json<FavouriteDto>();
}

describe('favourites', () => {
  it('POST saves a verse range with its excerpt and reference; the same range again is the same favourite', async () => {
    await moveClock(t, new Date('2026-03-10T12:00:00Z'));
    const res = await as(a, {
      method: 'POST',
      url: '/api/scripture/favourites',
      payload: { ...passage, book: 'john' },
    });
    expect(res.statusCode).toBe(201);
    const fav = res.json<FavouriteDto>();
    expect(fav).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      textId: 'porblivre',
      book: 'John',
      bookName: 'João',
      chapter: 3,
      verseStart: 16,
      verseEnd: 17,
      excerpt: `${VERSES.pt['John 3:16']} ${VERSES.pt['John 3:17']}`,
      reference: 'João 3:16-17',
      createdAt: '2026-03-10T12:00:00.000Z',
    });
    const again = await as(a, { method: 'POST', url: '/api/scripture/favourites', payload: passage });
    expect(again.statusCode).toBe(200);
    expect(again.json<FavouriteDto>().id).toBe(fav.id);
  });

  it('GET lists the reader’s own, newest first, filtered by text, paged', async () => {
    const u = await insertUser(t);
    await moveClock(t, new Date('2026-03-10T12:01:00Z'));
    await addFavourite(u, { textId: 'kjv', verseStart: 16, verseEnd: 16 });
    await moveClock(t, new Date('2026-03-10T12:02:00Z'));
    await addFavourite(u, { textId: 'porblivre', book: 'Gen', chapter: 1, verseStart: 1, verseEnd: 1 });
    await moveClock(t, new Date('2026-03-10T12:03:00Z'));
    await addFavourite(u, { textId: 'kjv', book: 'Phil', chapter: 4, verseStart: 13, verseEnd: 13 });
    const all = (await as(u, { url: '/api/scripture/favourites' })).json<Paged<FavouriteDto>>();
    expect(all).toMatchObject({ total: 3, page: 1, pageSize: 20 });
    expect(all.items.map((f) => f.reference)).toEqual(['Philippians 4:13', 'Gênesis 1:1', 'John 3:16']);
    const kjv = (await as(u, { url: '/api/scripture/favourites?textId=kjv' })).json<Paged<FavouriteDto>>();
    expect(kjv.items.map((f) => f.reference)).toEqual(['Philippians 4:13', 'John 3:16']);
    const page2 = (await as(u, { url: '/api/scripture/favourites?page=2&pageSize=2' })).json<Paged<FavouriteDto>>();
    expect(page2).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page2.items.map((f) => f.reference)).toEqual(['John 3:16']);
  });

  it('DELETE removes one (204), then 404', async () => {
    const u = await insertUser(t);
    const fav = await addFavourite(u);
    expect((await as(u, { method: 'DELETE', url: `/api/scripture/favourites/${fav.id}` })).statusCode).toBe(204);
    expect((await as(u, { method: 'DELETE', url: `/api/scripture/favourites/${fav.id}` })).statusCode).toBe(404);
    expect((await as(u, { url: '/api/scripture/favourites' })).json<Paged<FavouriteDto>>().total).toBe(0);
  });
});

describe('notes', () => {
  it('POST, PATCH (updatedAt moves, body trimmed), GET with a text filter on the body, DELETE', async () => {
    const u = await insertUser(t);
    await moveClock(t, new Date('2026-03-12T09:00:00Z'));
    const note = await addNote(u, '  Deus amou o mundo: lembrar na oração  ');
    expect(note).toMatchObject({
      textId: 'porblivre',
      book: 'John',
      bookName: 'João',
      reference: 'João 3:16-17',
      body: 'Deus amou o mundo: lembrar na oração',
      createdAt: '2026-03-12T09:00:00.000Z',
      updatedAt: '2026-03-12T09:00:00.000Z',
    });
    expect(note.excerpt).toBe(`${VERSES.pt['John 3:16']} ${VERSES.pt['John 3:17']}`);
    await moveClock(t, new Date('2026-03-12T10:00:00Z'));
    const other = await addNote(u, 'Sobre a luz 100% e o_sublinhado', {
      book: 'Gen',
      chapter: 1,
      verseStart: 3,
      verseEnd: 3,
    });
    await moveClock(t, new Date('2026-03-12T11:00:00Z'));
    const patched = await as(u, {
      method: 'PATCH',
      url: `/api/scripture/notes/${note.id}`,
      payload: { body: ' Nova ' },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json<NoteDto>()).toMatchObject({
      id: note.id,
      body: 'Nova',
      createdAt: '2026-03-12T09:00:00.000Z',
      updatedAt: '2026-03-12T11:00:00.000Z',
    });
    const list = (await as(u, { url: '/api/scripture/notes' })).json<Paged<NoteDto>>();
    expect(list.items.map((n) => n.id)).toEqual([note.id, other.id]);
    const q = async (s: string) =>
      (await as(u, { url: `/api/scripture/notes?q=${encodeURIComponent(s)}` }))
        .json<Paged<NoteDto>>()
        .items.map((n) => n.id);
    expect(await q('LUZ')).toEqual([other.id]);
    // LIKE wildcards in the filter are plain characters.
    expect(await q('100%')).toEqual([other.id]);
    expect(await q('%')).toEqual([other.id]);
    expect(await q('o_s')).toEqual([other.id]);
    expect(await q('_')).toEqual([other.id]);
    expect(await q('nada disso')).toEqual([]);
    const byText = (await as(u, { url: '/api/scripture/notes?textId=kjv' })).json<Paged<NoteDto>>();
    expect(byText.total).toBe(0);
    expect((await as(u, { method: 'DELETE', url: `/api/scripture/notes/${note.id}` })).statusCode).toBe(204);
    expect((await as(u, { url: '/api/scripture/notes' })).json<Paged<NoteDto>>().total).toBe(1);
  });

  it('a long range gets a shortened excerpt; a text removed later keeps its notes, without excerpt', async () => {
    const u = await insertUser(t);
    const line = (v: number) => `Versículo ${v} de um capítulo comprido, escrito só para este teste de trecho curto.`;
    await insertText(t, {
      id: 'long-test',
      bookKey: 'analects',
      language: 'pt',
      books: [
        {
          code: 'main',
          name: 'Longo',
          ordinal: 1,
          chapterCount: 1,
          verses: Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`1:${i + 1}`, line(i + 1)])),
        },
      ],
    });
    const short = await addNote(u, 'Dois', {
      textId: 'long-test',
      book: 'main',
      chapter: 1,
      verseStart: 1,
      verseEnd: 2,
    });
    expect(short.excerpt).toBe(`${line(1)} ${line(2)}`);
    const long = await addNote(u, 'Todos', {
      textId: 'long-test',
      book: 'main',
      chapter: 1,
      verseStart: 1,
      verseEnd: 12,
    });
    expect(long.reference).toBe('Longo 1:1-12');
    expect(long.excerpt.endsWith('…')).toBe(true);
    expect(long.excerpt.length).toBeLessThanOrEqual(601);
    expect(long.excerpt.length).toBeGreaterThan(480);
    expect(
      Array.from({ length: 12 }, (_, i) => line(i + 1))
        .join(' ')
        .startsWith(long.excerpt.slice(0, -1)),
    ).toBe(true);

    await removeText(t, 'long-test');
    const list = (await as(u, { url: '/api/scripture/notes?textId=long-test' })).json<Paged<NoteDto>>();
    expect(list.total).toBe(2);
    expect(list.items.find((n) => n.id === long.id)).toMatchObject({
      bookName: 'main',
      excerpt: '',
      reference: 'main 1:1-12',
      body: 'Todos',
    });
  });
});

describe('chapter annotations', () => {
  it('the reader’s favourites and notes on one chapter, in verse order; nobody else’s', async () => {
    const u = await insertUser(t);
    await addFavourite(u, { verseStart: 18, verseEnd: 18 });
    await addFavourite(u, { verseStart: 16, verseEnd: 16 });
    await addFavourite(u, { chapter: 1, book: 'Gen', verseStart: 1, verseEnd: 1 });
    await addNote(u, 'Nota em João 3', { verseStart: 17, verseEnd: 18 });
    await addNote(b, 'Nota da Bianca em João 3');
    const res = await as(u, { url: '/api/scripture/texts/porblivre/books/John/chapters/3/annotations' });
    expect(res.statusCode).toBe(200);
    const ann = res.json<ChapterAnnotationsDto>();
    expect(ann.favourites.map((f) => f.reference)).toEqual(['João 3:16', 'João 3:18']);
    expect(ann.notes.map((n) => n.body)).toEqual(['Nota em João 3']);
    expect(res.body).not.toContain('Bianca');
    expect((await as(u, { url: '/api/scripture/texts/porblivre/books/John/chapters/99/annotations' })).statusCode).toBe(
      404,
    );
  });
});

describe('SECURITY 13: user B can never read, change or delete user A’s favourites and notes', () => {
  it('B gets 404 for A’s ids (never 403), nothing changes, and A’s data never shows', async () => {
    const note = await addNote(a, 'Segredo da Alice');
    const fav = await addFavourite(a, { verseStart: 18, verseEnd: 18 });
    const rowsOfA = async () =>
      JSON.stringify([
        await t.query('SELECT * FROM scripture_notes WHERE user_id = $1 ORDER BY id', [a.user.id]),
        await t.query('SELECT * FROM scripture_favourites WHERE user_id = $1 ORDER BY id', [a.user.id]),
      ]);
    const before = await rowsOfA();
    for (const [method, url, payload] of [
      ['PATCH', `/api/scripture/notes/${note.id}`, { body: 'Trocada pela Bianca' }],
      ['DELETE', `/api/scripture/notes/${note.id}`, undefined],
      ['DELETE', `/api/scripture/favourites/${fav.id}`, undefined],
      ['PATCH', `/api/scripture/notes/${randomUUID()}`, { body: 'x' }],
      ['DELETE', `/api/scripture/favourites/${randomUUID()}`, undefined],
    ] as const) {
      const res = await as(b, { method, url, ...(payload ? { payload } : {}), locale: 'en-US' });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
      expect(res.body).not.toContain('Alice');
    }
    for (const url of [
      '/api/scripture/notes',
      `/api/scripture/notes?q=Segredo`,
      '/api/scripture/favourites',
      '/api/scripture/texts/porblivre/books/John/chapters/3/annotations',
    ]) {
      const res = await as(b, { url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).not.toContain('Segredo da Alice');
      expect(res.body).not.toContain(note.id);
      expect(res.body).not.toContain(fav.id);
    }
    // Trying to post as A is refused by the strict schema.
    const forged = await as(b, {
      method: 'POST',
      url: '/api/scripture/notes',
      payload: { ...passage, body: 'x', userId: a.user.id },
    });
    expect(forged.statusCode).toBe(400);
    expect(await rowsOfA()).toBe(before);
    // A still has them.
    expect((await as(a, { url: '/api/scripture/notes?q=Segredo' })).json<Paged<NoteDto>>().items[0]!.id).toBe(note.id);
    expect((await as(a, { method: 'DELETE', url: `/api/scripture/favourites/${fav.id}` })).statusCode).toBe(204);
  });
});

describe('validation', () => {
  const post = (url: string, payload: object, locale: string) =>
    as(a, { method: 'POST', url: `/api/scripture/${url}`, payload, locale });

  it('a note over 5000 characters, or empty: translated field messages', async () => {
    const long = await post('notes', { ...passage, body: 'x'.repeat(5001) }, 'pt-BR');
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toMatchObject({
      code: 'VALIDATION_LENGTH_ERROR',
      fields: { body: 'A anotação pode ter até 5000 caracteres.' },
    });
    expect((await post('notes', { ...passage, body: 'x'.repeat(5000) }, 'pt-BR')).statusCode).toBe(201);
    const empty = await post('notes', { ...passage, body: '   ' }, 'en-US');
    expect(empty.json().error).toMatchObject({
      code: 'VALIDATION_REQUIRED_FIELD',
      fields: { body: 'Write your note.' },
    });
    const missing = await post('notes', { ...passage }, 'es-ES');
    expect(missing.json().error).toMatchObject({
      code: 'VALIDATION_REQUIRED_FIELD',
      fields: { body: 'Escribe tu nota.' },
    });
    const note = await addNote(a, 'ok');
    const patch = await as(a, {
      method: 'PATCH',
      url: `/api/scripture/notes/${note.id}`,
      payload: { body: 'y'.repeat(5001) },
      locale: 'en-US',
    });
    expect(patch.json().error.fields).toEqual({ body: 'A note can have up to 5000 characters.' });
  });

  it('a range that ends before it starts: translated message on verseEnd', async () => {
    for (const url of ['notes', 'favourites']) {
      const res = await post(
        url,
        { ...passage, verseStart: 17, verseEnd: 16, ...(url === 'notes' ? { body: 'x' } : {}) },
        'en-US',
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'VALIDATION_INVALID_FORMAT',
        fields: { verseEnd: 'The last verse must come after the first.' },
      });
    }
    const pt = await post('favourites', { ...passage, verseStart: 17, verseEnd: 16 }, 'pt-BR');
    expect(pt.json().error.fields).toEqual({ verseEnd: 'O versículo final deve vir depois do inicial.' });
  });

  it('a text, book, chapter or verse that does not exist: 404, nothing saved', async () => {
    const count = async () =>
      (
        await t.query<{ n: number }>('SELECT count(*)::int AS n FROM scripture_notes WHERE user_id = $1', [a.user.id])
      )[0]!.n;
    const before = await count();
    for (const over of [
      { textId: 'nada' },
      { book: 'Tob' },
      { chapter: 22 },
      { chapter: 7, book: 'Gen' },
      { verseStart: 18, verseEnd: 19 },
      { verseStart: 1, verseEnd: 1 },
    ]) {
      for (const url of ['notes', 'favourites']) {
        const res = await post(url, { ...passage, ...over, ...(url === 'notes' ? { body: 'x' } : {}) }, 'en-US');
        expect(res.statusCode, `${url} ${JSON.stringify(over)}`).toBe(404);
      }
    }
    expect(await count()).toBe(before);
  });

  it('malformed ids, unknown fields and bad paging are 400', async () => {
    expect((await as(a, { method: 'DELETE', url: '/api/scripture/notes/not-a-uuid' })).statusCode).toBe(400);
    expect((await as(a, { url: '/api/scripture/notes?pageSize=101' })).statusCode).toBe(400);
    expect((await as(a, { url: '/api/scripture/favourites?page=0' })).statusCode).toBe(400);
    const extra = await post('favourites', { ...passage, role: 'admin' }, 'en-US');
    expect(extra.statusCode).toBe(400);
  });
});

describe('access', () => {
  it('signed out: 401; without the plan’s bible flag: 403 FEATURE_NOT_IN_PLAN', async () => {
    expect((await t.request({ url: '/api/scripture/notes' })).statusCode).toBe(401);
    const u = await insertUser(t);
    await t.query(
      `UPDATE subscription_plans SET features = '{"bible":false,"chat":true,"community":true,"live":false,"referral_program":false}'
       WHERE slug = 'platinum'`,
    );
    await t.query(
      `UPDATE user_subscriptions SET is_trial = false, status = 'active', trial_end_date = NULL,
         plan_id = (SELECT id FROM subscription_plans WHERE slug = 'platinum') WHERE user_id = $1`,
      [u.user.id],
    );
    for (const [method, url] of [
      ['GET', '/api/scripture/notes'],
      ['GET', '/api/scripture/favourites'],
      ['POST', '/api/scripture/favourites'],
      ['GET', '/api/scripture/position'],
      ['GET', '/api/scripture/texts/kjv/books/John/chapters/3/annotations'],
    ] as const) {
      const res = await as(u, { method, url, ...(method === 'POST' ? { payload: passage } : {}), locale: 'en-US' });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.code).toBe('FEATURE_NOT_IN_PLAN');
    }
  });
});
