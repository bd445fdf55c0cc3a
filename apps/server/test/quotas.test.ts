import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  CHAT_CONVERSATIONS_MAX,
  SCRIPTURE_FAVOURITES_MAX,
  SCRIPTURE_NOTES_MAX,
  SUPPORTED_LOCALES,
} from '@candeia/shared/constants';
import { translate } from '@candeia/shared/i18n/server';
import { CHAT_RATE_LIMIT } from '@candeia/shared/schemas/chat';
import { createTestApp, type TestApp } from './support/app.ts';
import { balanceOf, expectLedgerInvariant } from './support/billing.ts';
import { giveCredits, sendMessage } from './support/chat.ts';
import { insertUser, type TestUser } from './support/factories.ts';
import { insertScriptureFixtures, VERSES } from './support/scripture.ts';

/**
 * Per-account storage limits (constants.ts): at the limit a new note, favourite or conversation
 * is refused with 409 and a translated message; deleting one makes room; parallel creations
 * one short of the limit add exactly one.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await insertScriptureFixtures(t);
});
afterAll(() => t?.close());
afterEach(async () => expectLedgerInvariant(t));

/** Single verses of the Portuguese fixture Bible: distinct, existing passages. */
const PASSAGES = Object.keys(VERSES.pt).map((ref) => {
  const [book, cv] = ref.split(' ') as [string, string];
  const [chapter, verse] = cv.split(':').map(Number) as [number, number];
  return { textId: 'porblivre', book, chapter, verseStart: verse, verseEnd: verse };
});

const count = async (table: string, userId: string) =>
  Number((await t.query<{ n: number }>(`SELECT count(*) AS n FROM ${table} WHERE user_id = $1`, [userId]))[0]!.n);

/** `n` rows for the user, written straight into the table (what years of use would leave). */
async function fill(kind: 'notes' | 'favourites' | 'conversations', userId: string, n: number) {
  if (kind === 'notes')
    await t.query(
      `INSERT INTO scripture_notes (user_id, text_id, book_code, chapter, verse_start, verse_end, body)
       SELECT $1, 'porblivre', 'Gen', 1, 1, 1, 'Anotação ' || g FROM generate_series(1, $2) g`,
      [userId, n],
    );
  else if (kind === 'favourites')
    // Chapters past any real one: never the same passage as the ones the tests add.
    await t.query(
      `INSERT INTO scripture_favourites (user_id, text_id, book_code, chapter, verse_start, verse_end)
       SELECT $1, 'kjv', 'Ps', 1000 + g, 1, 1 FROM generate_series(1, $2) g`,
      [userId, n],
    );
  else
    await t.query(
      `INSERT INTO chat_conversations (user_id, title) SELECT $1, 'Conversa ' || g FROM generate_series(1, $2) g`,
      [userId, n],
    );
}

const addNote = (u: TestUser, i = 0, locale = 'pt-BR') =>
  t.request({
    method: 'POST',
    url: '/api/scripture/notes',
    cookie: u.cookie,
    locale,
    payload: { ...PASSAGES[i % PASSAGES.length], body: `Minha anotação ${i}` },
  });
const addFavourite = (u: TestUser, i = 0, locale = 'pt-BR') =>
  t.request({
    method: 'POST',
    url: '/api/scripture/favourites',
    cookie: u.cookie,
    locale,
    payload: PASSAGES[i % PASSAGES.length],
  });

/** The refusal, translated in every locale (and not the key). */
async function expectLimit(send: (locale: string) => ReturnType<typeof addNote>, code: string) {
  for (const locale of SUPPORTED_LOCALES) {
    const res = await send(locale);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error).toEqual({ code, message: translate(locale, `errors:${code}`) });
    expect(res.json().error.message).not.toBe(`errors:${code}`);
  }
}

describe(`notes: ${SCRIPTURE_NOTES_MAX} per account`, () => {
  it('the last one fits; one more is refused, translated; deleting one makes room', async () => {
    const u = await insertUser(t);
    await fill('notes', u.user.id, SCRIPTURE_NOTES_MAX - 1);
    const last = await addNote(u, 1);
    expect(last.statusCode, last.body).toBe(201);
    expect(await count('scripture_notes', u.user.id)).toBe(SCRIPTURE_NOTES_MAX);
    await expectLimit((locale) => addNote(u, 2, locale), 'NOTES_LIMIT_REACHED');
    expect(await count('scripture_notes', u.user.id)).toBe(SCRIPTURE_NOTES_MAX);
    // Editing is not creating: still allowed at the limit.
    const edit = await t.request({
      method: 'PATCH',
      url: `/api/scripture/notes/${last.json().id}`,
      cookie: u.cookie,
      payload: { body: 'Editada no limite' },
    });
    expect(edit.statusCode).toBe(200);
    const del = await t.request({ method: 'DELETE', url: `/api/scripture/notes/${last.json().id}`, cookie: u.cookie });
    expect(del.statusCode).toBe(204);
    expect((await addNote(u, 3)).statusCode).toBe(201);
    // Another account is not affected.
    expect((await addNote(await insertUser(t), 4)).statusCode).toBe(201);
  });

  it('20 parallel notes one short of the limit: exactly one is saved', async () => {
    const u = await insertUser(t);
    await fill('notes', u.user.id, SCRIPTURE_NOTES_MAX - 1);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => addNote(u, i)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, ...Array(19).fill(409)]);
    expect(await count('scripture_notes', u.user.id)).toBe(SCRIPTURE_NOTES_MAX);
  });
});

describe(`favourites: ${SCRIPTURE_FAVOURITES_MAX} per account`, () => {
  it('the last one fits; one more is refused, translated; a passage saved already is still answered', async () => {
    const u = await insertUser(t);
    await fill('favourites', u.user.id, SCRIPTURE_FAVOURITES_MAX - 1);
    const last = await addFavourite(u, 0);
    expect(last.statusCode, last.body).toBe(201);
    await expectLimit((locale) => addFavourite(u, 1, locale), 'FAVOURITES_LIMIT_REACHED');
    expect(await count('scripture_favourites', u.user.id)).toBe(SCRIPTURE_FAVOURITES_MAX);
    const same = await addFavourite(u, 0);
    expect(same.statusCode).toBe(200);
    expect(same.json().id).toBe(last.json().id);
    const del = await t.request({
      method: 'DELETE',
      url: `/api/scripture/favourites/${last.json().id}`,
      cookie: u.cookie,
    });
    expect(del.statusCode).toBe(204);
    expect((await addFavourite(u, 1)).statusCode).toBe(201);
  });

  it('20 parallel favourites (20 different passages) one short of the limit: exactly one is saved', async () => {
    const u = await insertUser(t);
    await fill('favourites', u.user.id, SCRIPTURE_FAVOURITES_MAX - 1);
    expect(PASSAGES.length).toBeGreaterThanOrEqual(20);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => addFavourite(u, i)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, ...Array(19).fill(409)]);
    expect(await count('scripture_favourites', u.user.id)).toBe(SCRIPTURE_FAVOURITES_MAX);
  });
});

describe(`chat conversations: ${CHAT_CONVERSATIONS_MAX} per account`, () => {
  it('the last one fits; then a new conversation is refused (nothing charged) but an existing one goes on', async () => {
    const u = await insertUser(t);
    await giveCredits(t, u.user.id, 50_000);
    await fill('conversations', u.user.id, CHAT_CONVERSATIONS_MAX - 1);
    const last = await sendMessage(t, u.cookie, 'Preciso de paz para dormir');
    expect(last.res.statusCode, last.res.body).toBe(200);
    const start = last.events.find((e) => e.type === 'start');
    if (start?.type !== 'start') throw new Error(last.res.body);
    expect(await count('chat_conversations', u.user.id)).toBe(CHAT_CONVERSATIONS_MAX);

    const balance = await balanceOf(t, u.user.id);
    const messages = await count('chat_messages', u.user.id);
    for (const locale of SUPPORTED_LOCALES) {
      const refused = await sendMessage(t, u.cookie, 'Uma nova conversa, por favor', { locale });
      expect(refused.res.statusCode, refused.res.body).toBe(409);
      expect(refused.res.json().error).toEqual({
        code: 'CONVERSATIONS_LIMIT_REACHED',
        message: translate(locale, 'errors:CONVERSATIONS_LIMIT_REACHED'),
      });
    }
    expect(await count('chat_conversations', u.user.id)).toBe(CHAT_CONVERSATIONS_MAX);
    expect(await count('chat_messages', u.user.id)).toBe(messages);
    expect(await balanceOf(t, u.user.id)).toBe(balance);
    // The conversation that exists takes more messages.
    const more = await sendMessage(t, u.cookie, 'E amanhã?', { conversationId: start.conversation.id });
    expect(more.res.statusCode, more.res.body).toBe(200);
  });

  it(`${CHAT_RATE_LIMIT} parallel new conversations (the per-minute most) one short of the limit: exactly one; every hold refunded`, async () => {
    const u = await insertUser(t);
    await giveCredits(t, u.user.id, 50_000);
    await fill('conversations', u.user.id, CHAT_CONVERSATIONS_MAX - 1);
    const before = await balanceOf(t, u.user.id);
    const results = await Promise.all(
      Array.from({ length: CHAT_RATE_LIMIT }, (_, i) => sendMessage(t, u.cookie, `Preciso de esperança ${i}`)),
    );
    const codes = results.map((r) => r.res.statusCode).sort();
    expect(codes).toEqual([200, ...Array(CHAT_RATE_LIMIT - 1).fill(409)]);
    for (const r of results.filter((x) => x.res.statusCode === 409))
      expect(r.res.json().error.code).toBe('CONVERSATIONS_LIMIT_REACHED');
    expect(await count('chat_conversations', u.user.id)).toBe(CHAT_CONVERSATIONS_MAX);
    // Only the answer that was written cost anything; the refused ones' holds came back.
    const done = results.flatMap((r) => r.events).find((e) => e.type === 'done');
    if (done?.type !== 'done') throw new Error('no answer');
    expect(await balanceOf(t, u.user.id)).toBe(before - done.message.cost!);
    expect(
      await t.query("SELECT id FROM credit_reservations WHERE user_id = $1 AND status = 'held'", [u.user.id]),
    ).toEqual([]);
  });
});
