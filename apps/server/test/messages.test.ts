import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '@candeia/shared/constants';
import { translate } from '@candeia/shared/i18n/server';
import {
  CONVERSATIONS_PAGE_SIZE,
  MESSAGE_MAX,
  MESSAGE_PREVIEW_MAX,
  MESSAGES_PAGE_SIZE,
  MESSAGES_PER_MINUTE,
  NEW_CONVERSATIONS_PER_DAY,
  type AdminMessageReportDto,
  type ConversationDto,
  type ConversationPageDto,
  type MessageDto,
  type ThreadPageDto,
} from '@candeia/shared/schemas/messages';
import type { NotificationPageDto } from '@candeia/shared/schemas/notifications';
import { exportData } from '../src/modules/account/export.ts';
import { createTestApp, type TestApp, type TestRequestOptions } from './support/app.ts';
import { createSession } from './support/accounts.ts';
import { insertAccount, type TestUser } from './support/factories.ts';
import { openEventStream } from './support/sse.ts';

/**
 * Messages (/messages): who may write to whom (a booking; mutual follows only when the
 * administration allows it), one conversation per pair under concurrency, sending, the list and
 * the thread's pages, a retried send written once, read marks, blocks both ways (the community's
 * list), reports, the limits, "not found" for anyone else, the live stream (also from another
 * server process), one notification per burst, and what erasing an account leaves.
 */

const t = await createTestApp();
// A second server process on the same database, as behind the cluster's balancer.
const t2 = await createTestApp({}, { sameDatabaseAs: t });
let admin: TestUser;
const bases: Record<'one' | 'two', string> = { one: '', two: '' };

async function listen(app: TestApp): Promise<string> {
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.app.server.address();
  return `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
}

beforeAll(async () => {
  admin = await insertAccount(t, { role: 'admin', firstName: 'Admin' });
  bases.one = await listen(t);
  bases.two = await listen(t2);
});
afterAll(async () => {
  t.app.server.closeAllConnections();
  t2.app.server.closeAllConnections();
  await t2.close();
  await t.close();
});

const as = (u: TestUser | null, opts: TestRequestOptions) => t.request({ ...opts, cookie: u?.cookie ?? null });

let named = 0;
/** A member with a first name of their own (names show in the list). */
const person = async (firstName: string) => insertAccount(t, { firstName, lastName: `Teste${++named}` });

/** A counsellor (an administrator's choice) with a display name. */
async function counsellor(displayName: string): Promise<TestUser> {
  const c = await person(displayName.split(' ').at(-1)!);
  await t.query(
    "INSERT INTO counsellors (user_id, display_name, languages, specialties) VALUES ($1, $2, '{pt-BR}', '{luto}')",
    [c.user.id, displayName],
  );
  return c;
}

let bookings = 0;
/** A booking of `m` with `c`, as the booking service leaves it (any state), each at its own hour. */
async function book(c: TestUser, m: TestUser, status: 'booked' | 'completed' | 'cancelled' = 'booked') {
  bookings += 1;
  await t.query(
    `INSERT INTO consultations (counsellor_id, member_id, starts_at, ends_at, blocked_until, price_credits, cancel_cutoff_hours, status)
     VALUES ($1, $2, now() + make_interval(hours => $4::int), now() + make_interval(hours => $4::int, mins => 50),
             now() + make_interval(hours => $4::int, mins => 60), 0, 24, $3)`,
    [c.user.id, m.user.id, status, 48 + bookings * 2],
  );
}

/** A new session for a member after the clock moved past the idle limit. */
async function refresh(...us: TestUser[]) {
  for (const u of us) u.cookie = (await createSession(t.database.db, u.user.id, { now: t.clock.now() })).cookie;
}

async function start(u: TestUser, who: { userId?: string; handle?: string }, status = [200, 201]) {
  const res = await as(u, { method: 'POST', url: '/api/messages/conversations', payload: who });
  expect(status, res.body).toContain(res.statusCode);
  return res;
}

async function open(u: TestUser, who: TestUser): Promise<ConversationDto> {
  return (await start(u, { userId: who.user.id })).json<ConversationDto>();
}

let keys = 0;
const key = () => `key-${Date.now().toString(36)}-${++keys}`;

async function send(u: TestUser, conversationId: string, body: string, clientKey = key()) {
  return as(u, {
    method: 'POST',
    url: `/api/messages/conversations/${conversationId}/messages`,
    payload: { body, clientKey },
  });
}

async function sent(u: TestUser, conversationId: string, body: string): Promise<MessageDto> {
  const res = await send(u, conversationId, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<MessageDto>();
}

async function list(u: TestUser, before?: string): Promise<ConversationPageDto> {
  const res = await as(u, { url: `/api/messages/conversations${before ? `?before=${before}` : ''}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ConversationPageDto>();
}

async function thread(u: TestUser, id: string, before?: string): Promise<ThreadPageDto> {
  const res = await as(u, { url: `/api/messages/conversations/${id}/messages${before ? `?before=${before}` : ''}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ThreadPageDto>();
}

async function view(u: TestUser, id: string): Promise<ConversationDto> {
  const res = await as(u, { url: `/api/messages/conversations/${id}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ConversationDto>();
}

async function handleOf(u: TestUser): Promise<string> {
  const res = await as(u, { url: '/api/community/me' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ handle: string }>().handle;
}

async function follow(u: TestUser, handle: string, on = true) {
  const res = await as(u, { method: 'PUT', url: `/api/community/members/${handle}/follow`, payload: { on } });
  expect(res.statusCode, res.body).toBe(200);
}

async function memberMessages(on: boolean) {
  const res = await as(admin, {
    method: 'PUT',
    url: '/api/admin/community/settings',
    payload: { holdFirstPosts: 0, words: { pt: [], en: [], es: [] }, memberMessages: on },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().memberMessages).toBe(on);
}

const errorOf = (res: { json: () => { error: { code: string; message: string } } }) => res.json().error;

describe('who may write to whom', () => {
  it('a member and a counsellor with a booking, either of them starting; nobody without one', async () => {
    const clara = await counsellor('Irmã Clara');
    const ana = await person('Ana');
    const rui = await person('Rui');
    const refused = await start(ana, { userId: clara.user.id }, [403]);
    expect(errorOf(refused)).toEqual({
      code: 'MESSAGES_NOT_ALLOWED',
      message: translate('pt-BR', 'errors:MESSAGES_NOT_ALLOWED'),
    });
    const english = await as(ana, {
      method: 'POST',
      url: '/api/messages/conversations',
      payload: { userId: clara.user.id },
      locale: 'en-US',
    });
    expect(errorOf(english).message).toBe(translate('en-US', 'errors:MESSAGES_NOT_ALLOWED'));
    expect((await as(ana, { url: `/api/messages/reach?userId=${clara.user.id}` })).json()).toEqual({
      allowed: false,
      conversationId: null,
    });

    await book(clara, ana);
    const made = await start(ana, { userId: clara.user.id }, [201]);
    const c = made.json<ConversationDto>();
    expect(c).toMatchObject({
      other: { name: 'Irmã Clara', counsellor: true, deleted: false },
      last: null,
      unread: 0,
      canSend: true,
      cannotSend: null,
      blocked: false,
    });
    // Opened again, by either side: the same conversation.
    expect((await start(ana, { userId: clara.user.id }, [200])).json<ConversationDto>().id).toBe(c.id);
    const fromClara = (await start(clara, { userId: ana.user.id }, [200])).json<ConversationDto>();
    expect(fromClara.id).toBe(c.id);
    expect(fromClara.other).toMatchObject({ name: expect.stringMatching(/^Ana /), counsellor: false });
    expect((await as(ana, { url: `/api/messages/reach?userId=${clara.user.id}` })).json()).toEqual({
      allowed: true,
      conversationId: c.id,
    });
    // A counsellor does not make every member reachable: Rui has no booking with Clara.
    expect(errorOf(await start(clara, { userId: rui.user.id }, [403])).code).toBe('MESSAGES_NOT_ALLOWED');
    // Nor oneself, nor nobody.
    expect(errorOf(await start(ana, { userId: ana.user.id }, [403])).code).toBe('MESSAGES_NOT_ALLOWED');
    expect(errorOf(await start(ana, { userId: '00000000-0000-4000-8000-000000000000' }, [403])).code).toBe(
      'MESSAGES_NOT_ALLOWED',
    );
    const neither = await start(ana, {}, [400]);
    expect(neither.json().error.fields.userId).toBe(translate('pt-BR', 'validation:message.whom'));
  });

  it('a booking that took place, or was cancelled, still joins the two', async () => {
    const clara = await counsellor('Irmã Helena');
    const past = await person('Paula');
    const cancelled = await person('Caio');
    await book(clara, past, 'completed');
    await book(clara, cancelled, 'cancelled');
    expect((await open(past, clara)).canSend).toBe(true);
    expect((await open(clara, cancelled)).canSend).toBe(true);
  });

  it('members who follow each other, only while the administration allows it', async () => {
    const bia = await person('Bia');
    const davi = await person('Davi');
    const eva = await person('Eva');
    const [hb, hd, he] = [await handleOf(bia), await handleOf(davi), await handleOf(eva)];
    await follow(bia, hd);
    await follow(davi, hb);
    await follow(bia, he); // Eva does not follow Bia back.

    // Off by default.
    expect((await as(admin, { url: '/api/admin/community/settings' })).json().memberMessages).toBe(false);
    expect(errorOf(await start(bia, { handle: hd }, [403])).code).toBe('MESSAGES_NOT_ALLOWED');
    try {
      await memberMessages(true);
      expect(errorOf(await start(bia, { handle: he }, [403])).code).toBe('MESSAGES_NOT_ALLOWED');
      expect((await as(bia, { url: `/api/messages/reach?handle=${hd}` })).json()).toMatchObject({ allowed: true });
      const c = (await start(bia, { handle: hd }, [201])).json<ConversationDto>();
      expect(c.other).toMatchObject({ name: expect.stringMatching(/^Davi /), handle: hd, counsellor: false });
      await sent(bia, c.id, 'Oi, Davi!');
      // Saving the moderation settings without the switch leaves it as it is.
      const words = await as(admin, {
        method: 'PUT',
        url: '/api/admin/community/settings',
        payload: { holdFirstPosts: 0, words: { pt: [], en: [], es: [] } },
      });
      expect(words.json().memberMessages).toBe(true);
      // Unfollowed, the conversation stays, and no one writes in it.
      await follow(davi, hb, false);
      expect(await view(bia, c.id)).toMatchObject({ canSend: false, cannotSend: 'unavailable' });
      expect(errorOf(await send(bia, c.id, 'Ainda aí?')).code).toBe('MESSAGES_NOT_ALLOWED');
      await follow(davi, hb);
      expect((await view(bia, c.id)).canSend).toBe(true);
      // Switched off: the same.
      await memberMessages(false);
      expect(errorOf(await send(davi, c.id, 'Oi, Bia!')).code).toBe('MESSAGES_NOT_ALLOWED');
      expect((await thread(davi, c.id)).items.map((m) => m.body)).toEqual(['Oi, Davi!']);
    } finally {
      await memberMessages(false);
    }
  });
});

describe('one conversation per pair', () => {
  it('starts arriving together, from both sides, make one conversation', async () => {
    const clara = await counsellor('Irmã Rute');
    const ana = await person('Alma');
    await book(clara, ana);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        i % 2 ? start(ana, { userId: clara.user.id }) : start(clara, { userId: ana.user.id }),
      ),
    );
    const ids = new Set(results.map((r) => r.json<ConversationDto>().id));
    expect(ids.size).toBe(1);
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    const [a, b] = [ana.user.id, clara.user.id].sort();
    expect(
      await t.query('SELECT count(*)::int AS n FROM message_conversations WHERE user_a = $1 AND user_b = $2', [a, b]),
    ).toEqual([{ n: 1 }]);
  });
});

describe('sending, the list and the thread', () => {
  it('trims, refuses empty and too long text with a translated message, and keeps both sides’ lists in order', async () => {
    const clara = await counsellor('Irmã Marta');
    const ana = await person('Aline');
    const bruno = await person('Bruno');
    await book(clara, ana);
    await book(clara, bruno);
    const withAna = await open(clara, ana);
    const withBruno = await open(clara, bruno);
    // Not in the lists before a message.
    expect((await list(clara)).items).toHaveLength(0);

    const empty = await send(clara, withAna.id, '   \n ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields.body).toBe(translate('pt-BR', 'validation:message.required'));
    const long = await as(clara, {
      method: 'POST',
      url: `/api/messages/conversations/${withAna.id}/messages`,
      payload: { body: 'a'.repeat(MESSAGE_MAX + 1), clientKey: key() },
      locale: 'es-ES',
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields.body).toBe(translate('es-ES', 'validation:message.tooLong'));
    expect((await send(clara, withAna.id, 'x', 'no')).statusCode).toBe(400);

    const hello = await sent(clara, withAna.id, '  Olá, Aline. Como você está?  ');
    expect(hello).toMatchObject({ body: 'Olá, Aline. Como você está?', mine: true, removed: false });
    t.clock.advance(1000);
    const long2 = `${'Paz. '.repeat(60)}fim`;
    await sent(clara, withBruno.id, long2);
    t.clock.advance(1000);

    const claras = await list(clara);
    expect(claras.items.map((c) => c.id)).toEqual([withBruno.id, withAna.id]);
    expect(claras.items[0]!.last!.body.length).toBeLessThanOrEqual(MESSAGE_PREVIEW_MAX + 1);
    expect(long2.startsWith(claras.items[0]!.last!.body.slice(0, -1))).toBe(true);
    expect(claras.items[0]!.last!.body.endsWith('…')).toBe(true);
    expect(claras.unread).toBe(0);

    const anas = await list(ana);
    expect(anas.items).toHaveLength(1);
    expect(anas.items[0]).toMatchObject({
      id: withAna.id,
      other: { name: 'Irmã Marta', counsellor: true },
      last: { body: 'Olá, Aline. Como você está?', mine: false },
      unread: 1,
    });
    expect(anas.unread).toBe(1);

    // Aline answers: her conversation comes first for Clara.
    await sent(ana, withAna.id, 'Estou bem, graças a Deus.');
    expect((await list(clara)).items.map((c) => c.id)).toEqual([withAna.id, withBruno.id]);
    expect((await list(clara)).unread).toBe(1);
    // Answering marks what came before as read.
    expect((await list(ana)).unread).toBe(0);
  });

  it('pages a long thread backwards, and a long list forwards', async () => {
    const clara = await counsellor('Irmã Lia');
    const ana = await person('Ester');
    await book(clara, ana);
    const c = await open(ana, clara);
    const total = MESSAGES_PAGE_SIZE + 5;
    for (let i = 1; i <= total; i++) {
      if (i % MESSAGES_PER_MINUTE === 0) t.clock.advance(61_000);
      await sent(i % 2 ? ana : clara, c.id, `Mensagem ${i}`);
    }
    const newest = await thread(ana, c.id);
    expect(newest.items).toHaveLength(MESSAGES_PAGE_SIZE);
    expect(newest.items.at(-1)!.body).toBe(`Mensagem ${total}`);
    expect(newest.items[0]!.body).toBe('Mensagem 6');
    expect(newest.next).not.toBeNull();
    const older = await thread(ana, c.id, newest.next!);
    expect(older.items.map((m) => m.body)).toEqual([1, 2, 3, 4, 5].map((i) => `Mensagem ${i}`));
    expect(older.next).toBeNull();
    // Mine and theirs, each with the key only on one's own.
    expect(older.items[0]).toMatchObject({ mine: true, clientKey: expect.any(String) });
    expect(older.items[1]).toMatchObject({ mine: false, clientKey: null });

    // A counsellor with more clients than a page: each client writes first.
    const many = await counsellor('Irmã Joana');
    const clients: string[] = [];
    for (let i = 0; i <= CONVERSATIONS_PAGE_SIZE; i++) {
      const m = await person(`Cliente${i}`);
      await book(many, m);
      const cc = await open(m, many);
      await sent(m, cc.id, `Olá ${i}`);
      clients.push(cc.id);
      t.clock.advance(10);
    }
    const first = await list(many);
    expect(first.items).toHaveLength(CONVERSATIONS_PAGE_SIZE);
    expect(first.unread).toBe(CONVERSATIONS_PAGE_SIZE + 1);
    expect(first.items[0]!.id).toBe(clients.at(-1));
    const second = await list(many, first.next!);
    expect(second.items.map((x) => x.id)).toEqual([clients[0]]);
    expect(second.next).toBeNull();
  });

  it('a retried send is written once: the same key gives back the same message', async () => {
    const clara = await counsellor('Irmã Eunice');
    const ana = await person('Iara');
    await book(clara, ana);
    const c = await open(ana, clara);
    const k = key();
    const first = await send(ana, c.id, 'Obrigada pela conversa.', k);
    expect(first.statusCode).toBe(201);
    const again = await send(ana, c.id, 'Obrigada pela conversa.', k);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    // Sent five times at once (a flaky connection): one message.
    const k2 = key();
    const burst = await Promise.all(Array.from({ length: 5 }, () => send(ana, c.id, 'Até breve!', k2)));
    expect(burst.every((r) => [200, 201].includes(r.statusCode))).toBe(true);
    expect(new Set(burst.map((r) => r.json().id)).size).toBe(1);
    expect((await thread(clara, c.id)).items.map((m) => m.body)).toEqual(['Obrigada pela conversa.', 'Até breve!']);
  });
});

describe('read marks', () => {
  it('the other side sees how far one read; the unread counts follow', async () => {
    const clara = await counsellor('Irmã Dulce');
    const ana = await person('Olga');
    await book(clara, ana);
    const c = await open(ana, clara);
    const m1 = await sent(ana, c.id, 'Primeira');
    const m2 = await sent(ana, c.id, 'Segunda');
    expect((await view(ana, c.id)).otherReadSeq).toBe(0);
    expect((await view(clara, c.id)).unread).toBe(2);

    const read = await as(clara, {
      method: 'POST',
      url: `/api/messages/conversations/${c.id}/read`,
      payload: { upTo: m1.id },
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({ unread: 1 });
    expect((await view(ana, c.id)).otherReadSeq).toBe(m1.seq);
    expect((await view(clara, c.id)).unread).toBe(1);
    await as(clara, { method: 'POST', url: `/api/messages/conversations/${c.id}/read`, payload: { upTo: m2.id } });
    expect((await view(ana, c.id)).otherReadSeq).toBe(m2.seq);
    // A read mark never goes back.
    await as(clara, { method: 'POST', url: `/api/messages/conversations/${c.id}/read`, payload: { upTo: m1.id } });
    expect((await view(ana, c.id)).otherReadSeq).toBe(m2.seq);
    expect((await as(clara, { url: '/api/messages/unread' })).json()).toEqual({ unread: 0 });
  });
});

describe('blocks', () => {
  it('a block from the conversation stops both sides, is the community’s block, and unblocking lets them write again', async () => {
    const clara = await counsellor('Irmã Glória');
    const ana = await person('Vera');
    await book(clara, ana);
    const claraHandle = await handleOf(clara);
    const c = await open(ana, clara);
    await sent(clara, c.id, 'Bom dia, Vera.');

    const blocked = await as(ana, {
      method: 'PUT',
      url: `/api/messages/conversations/${c.id}/block`,
      payload: { on: true },
    });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json()).toMatchObject({ blocked: true, canSend: false, cannotSend: 'blocked' });
    expect(await view(clara, c.id)).toMatchObject({ blocked: false, canSend: false, cannotSend: 'unavailable' });
    for (const u of [ana, clara]) {
      const res = await send(u, c.id, 'Olá?');
      expect(res.statusCode).toBe(403);
      expect(errorOf(res)).toEqual({
        code: 'MESSAGES_BLOCKED',
        message: translate('pt-BR', 'errors:MESSAGES_BLOCKED'),
      });
    }
    expect(
      await t.query('SELECT count(*)::int AS n FROM community_blocks WHERE blocker_id = $1 AND blocked_id = $2', [
        ana.user.id,
        clara.user.id,
      ]),
    ).toEqual([{ n: 1 }]);
    // The community lists her among Vera's blocks.
    const relations = await as(ana, { url: '/api/community/relations' });
    expect(relations.json().blocked).toEqual([{ handle: claraHandle, name: expect.stringMatching(/^Glória /) }]);

    await as(ana, { method: 'PUT', url: `/api/messages/conversations/${c.id}/block`, payload: { on: false } });
    expect((await view(clara, c.id)).canSend).toBe(true);
    expect((await send(clara, c.id, 'Que bom falar de novo.')).statusCode).toBe(201);
  });

  it('a block made in the community stops the messages too', async () => {
    const clara = await counsellor('Irmã Sara');
    const ana = await person('Lina');
    await book(clara, ana);
    const c = await open(ana, clara);
    const handle = await handleOf(clara);
    const res = await as(ana, { method: 'PUT', url: `/api/community/members/${handle}/block`, payload: { on: true } });
    expect(res.statusCode, res.body).toBe(200);
    expect(errorOf(await send(clara, c.id, 'Olá?')).code).toBe('MESSAGES_BLOCKED');
    expect(errorOf(await send(ana, c.id, 'Olá?')).code).toBe('MESSAGES_BLOCKED');
    // Opened again, the conversation is there, and says no one can write.
    expect((await start(clara, { userId: ana.user.id }, [200])).json()).toMatchObject({
      id: c.id,
      canSend: false,
      cannotSend: 'unavailable',
    });
  });
});

describe('reports', () => {
  it('the receiver reports a message once; the administrators remove it; its text is gone for both', async () => {
    const clara = await counsellor('Irmã Teresa');
    const ana = await person('Nina');
    await book(clara, ana);
    const c = await open(ana, clara);
    const rude = await sent(clara, c.id, 'Uma mensagem que ofende.');
    const mine = await sent(ana, c.id, 'Por quê?');
    const url = (m: MessageDto) => `/api/messages/conversations/${c.id}/messages/${m.id}/report`;

    const own = await as(ana, { method: 'POST', url: url(mine), payload: { reason: 'spam' } });
    expect(own.statusCode).toBe(400);
    expect(errorOf(own).code).toBe('REPORT_OWN_CONTENT');
    const bad = await as(ana, { method: 'POST', url: url(rude), payload: { reason: 'rude' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.reason).toBe(translate('pt-BR', 'validation:report.reason'));
    const made = await as(ana, {
      method: 'POST',
      url: url(rude),
      payload: { reason: 'harassment', note: 'Já é a terceira vez.' },
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ reason: 'harassment' });
    const twice = await as(ana, { method: 'POST', url: url(rude), payload: { reason: 'harassment' } });
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice).code).toBe('REPORT_DUPLICATE');

    expect((await as(ana, { url: '/api/admin/messages/reports' })).statusCode).toBe(403);
    const queue = await as(admin, { url: '/api/admin/messages/reports' });
    expect(queue.statusCode).toBe(200);
    const item = queue.json<{ items: AdminMessageReportDto[] }>().items.find((r) => r.message.id === rude.id)!;
    expect(item).toMatchObject({
      reason: 'harassment',
      note: 'Já é a terceira vez.',
      reporter: { name: expect.stringMatching(/^Nina /) },
      sender: { name: expect.stringMatching(/^Teresa /) },
      message: { body: 'Uma mensagem que ofende.', removed: false },
    });
    const resolved = await as(admin, {
      method: 'POST',
      url: `/api/admin/messages/reports/${item.id}/resolve`,
      payload: { action: 'remove' },
    });
    expect(resolved.statusCode, resolved.body).toBe(204);
    for (const u of [ana, clara]) {
      const shown = (await thread(u, c.id)).items.find((m) => m.id === rude.id)!;
      expect(shown).toMatchObject({ body: '', removed: true });
    }
    expect(
      (await as(admin, { url: '/api/admin/messages/reports' }))
        .json<{ items: AdminMessageReportDto[] }>()
        .items.some((r) => r.id === item.id),
    ).toBe(false);
    // Closed: it is not resolved twice.
    const again = await as(admin, {
      method: 'POST',
      url: `/api/admin/messages/reports/${item.id}/resolve`,
      payload: { action: 'dismiss' },
    });
    expect(again.statusCode).toBe(404);
  });
});

describe('limits', () => {
  it('too many messages in a minute, or new conversations in a day: a translated 429 with Retry-After', async () => {
    const clara = await counsellor('Irmã Ana');
    const ana = await person('Rosa');
    await book(clara, ana);
    t.clock.advance(61_000);
    const c = await open(ana, clara);
    for (let i = 0; i < MESSAGES_PER_MINUTE; i++) expect((await send(ana, c.id, `${i}`)).statusCode).toBe(201);
    const fast = await send(ana, c.id, 'Mais uma');
    expect(fast.statusCode).toBe(429);
    expect(fast.headers['retry-after']).toBeDefined();
    expect(errorOf(fast)).toEqual({
      code: 'MESSAGES_TOO_FAST',
      message: translate('pt-BR', 'errors:MESSAGES_TOO_FAST'),
    });
    t.clock.advance(61_000);
    expect((await send(ana, c.id, 'Mais uma')).statusCode).toBe(201);

    const busy = await counsellor('Irmã Cida');
    for (let i = 0; i < NEW_CONVERSATIONS_PER_DAY; i++) {
      const m = await person(`Novo${i}`);
      await book(busy, m);
      await open(busy, m);
    }
    const late = await person('Tardio');
    await book(busy, late);
    const refused = await start(busy, { userId: late.user.id }, [429]);
    expect(errorOf(refused).code).toBe('MESSAGES_NEW_LIMIT');
    expect(refused.headers['retry-after']).toBeDefined();
    // The late member may still start it from their side; the next day, so may she.
    expect((await start(late, { userId: busy.user.id }, [201])).statusCode).toBe(201);
    t.clock.advance(DAY_MS);
    const other = await person('Amanhã');
    await book(busy, other);
    await refresh(busy, other, admin);
    expect((await start(busy, { userId: other.user.id }, [201])).statusCode).toBe(201);
  });
});

describe('someone else’s conversation', () => {
  it('is not found on every route, and nothing changes', async () => {
    const clara = await counsellor('Irmã Zélia');
    const ana = await person('Júlia');
    const outsider = await person('Otto');
    await book(clara, ana);
    await book(clara, outsider);
    const c = await open(ana, clara);
    const m = await sent(clara, c.id, 'Só para Júlia.');
    const before = JSON.stringify(
      await Promise.all([
        t.query('SELECT * FROM message_conversations WHERE id = $1', [c.id]),
        t.query('SELECT * FROM messages WHERE conversation_id = $1 ORDER BY seq', [c.id]),
        t.query('SELECT * FROM community_blocks WHERE blocker_id = $1 OR blocked_id = $1', [outsider.user.id]),
      ]),
    );
    const base = `/api/messages/conversations/${c.id}`;
    const calls: TestRequestOptions[] = [
      { url: base },
      { url: `${base}/messages` },
      { method: 'POST', url: `${base}/messages`, payload: { body: 'Intruso', clientKey: key() } },
      { method: 'POST', url: `${base}/read`, payload: { upTo: m.id } },
      { method: 'PUT', url: `${base}/block`, payload: { on: true } },
      { method: 'POST', url: `${base}/messages/${m.id}/report`, payload: { reason: 'spam' } },
    ];
    for (const call of calls) {
      const res = await as(outsider, call);
      expect(res.statusCode, `${call.method ?? 'GET'} ${call.url}`).toBe(404);
      expect(res.body).not.toContain('Júlia');
    }
    expect((await list(outsider)).items).toHaveLength(0);
    const after = JSON.stringify(
      await Promise.all([
        t.query('SELECT * FROM message_conversations WHERE id = $1', [c.id]),
        t.query('SELECT * FROM messages WHERE conversation_id = $1 ORDER BY seq', [c.id]),
        t.query('SELECT * FROM community_blocks WHERE blocker_id = $1 OR blocked_id = $1', [outsider.user.id]),
      ]),
    );
    expect(after).toBe(before);
    // A message of another conversation is not found in one's own.
    const own = await open(outsider, clara);
    const res = await as(outsider, {
      method: 'POST',
      url: `/api/messages/conversations/${own.id}/read`,
      payload: { upTo: m.id },
    });
    expect(res.statusCode).toBe(404);
    expect((await as(null, { url: '/api/messages/conversations' })).statusCode).toBe(401);
    expect((await as(null, { url: '/api/messages/events' })).statusCode).toBe(401);
  });
});

describe('live', () => {
  /** An open messages stream of `u` on one of the two server processes. */
  async function stream(u: TestUser, on: 'one' | 'two') {
    const s = await openEventStream(`${bases[on]}/api/messages/events`, u.cookie, t.config.APP_URL);
    expect(s.res.status).toBe(200);
    expect(s.res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const parsed = () => s.events.map((e) => ({ event: e.event, ...(JSON.parse(e.data) as object) }));
    return { parsed, close: s.close };
  }

  it('a message and a read mark reach the other side’s open tabs, on another server process too', async () => {
    const clara = await counsellor('Irmã Vitória');
    const ana = await person('Mel');
    await book(clara, ana);
    const c = await open(ana, clara);
    const anaTab = await stream(ana, 'two');
    const claraTab = await stream(clara, 'one');
    try {
      await expect.poll(() => anaTab.parsed()).toEqual([{ event: 'count', type: 'count', unread: 0 }]);
      await expect.poll(() => claraTab.parsed().length).toBe(1);
      const m = await sent(clara, c.id, 'Está tudo bem?');
      await expect
        .poll(() => anaTab.parsed(), { timeout: 5000 })
        .toEqual(
          expect.arrayContaining([
            { event: 'conversation', type: 'conversation', conversationId: c.id, kind: 'message' },
            { event: 'count', type: 'count', unread: 1 },
          ]),
        );
      // The sender's other tabs hear of it too.
      await expect
        .poll(() => claraTab.parsed().some((e) => 'kind' in e && e.kind === 'message'), { timeout: 5000 })
        .toBe(true);
      await as(ana, { method: 'POST', url: `/api/messages/conversations/${c.id}/read`, payload: { upTo: m.id } });
      await expect
        .poll(() => claraTab.parsed().some((e) => 'kind' in e && e.kind === 'read'), { timeout: 5000 })
        .toBe(true);
      await expect
        .poll(() => anaTab.parsed().at(-1), { timeout: 5000 })
        .toEqual({ event: 'count', type: 'count', unread: 0 });
    } finally {
      await anaTab.close();
      await claraTab.close();
    }
  });

  it('a stream takes no query', async () => {
    const u = await person('Quinta');
    const res = await as(u, { url: `/api/messages/events?userId=${u.user.id}` });
    expect(res.statusCode).toBe(400);
  });
});

describe('the bell', () => {
  async function messageNotes(u: TestUser) {
    const res = await as(u, { url: '/api/notifications' });
    return res.json<NotificationPageDto>().items.filter((n) => n.type === 'message');
  }

  it('a burst of messages makes one unread notification; read, the next message makes a new one', async () => {
    const clara = await counsellor('Irmã Luz');
    const ana = await person('Flor');
    await book(clara, ana);
    t.clock.advance(61_000);
    const c = await open(clara, ana);
    let last: MessageDto | undefined;
    for (let i = 0; i < 6; i++) last = await sent(clara, c.id, `Parte ${i}`);
    const notes = await messageNotes(ana);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      actor: { name: expect.stringMatching(/^Luz /) },
      data: { conversationId: c.id },
      readAt: null,
    });
    // Nothing for the one who wrote.
    expect(await messageNotes(clara)).toHaveLength(0);

    // Reading the conversation reads its notification too.
    await as(ana, { method: 'POST', url: `/api/messages/conversations/${c.id}/read`, payload: { upTo: last!.id } });
    const read = await messageNotes(ana);
    expect(read).toHaveLength(1);
    expect(read[0]!.readAt).not.toBeNull();
    for (let i = 0; i < 3; i++) await sent(clara, c.id, `Mais ${i}`);
    const again = await messageNotes(ana);
    expect(again).toHaveLength(2);
    expect(again.filter((n) => n.readAt === null)).toHaveLength(1);
  });
});

describe('erasure', () => {
  it('an erased member’s messages go; the other keeps theirs, read-only; the export holds one’s own words only', async () => {
    const clara = await counsellor('Irmã Aurora');
    const ana = await person('Sofia');
    await book(clara, ana);
    t.clock.advance(61_000);
    const c = await open(ana, clara);
    await sent(ana, c.id, 'Palavras da Sofia');
    await sent(clara, c.id, 'Palavras da Aurora');
    const report = await as(ana, {
      method: 'POST',
      url: `/api/messages/conversations/${c.id}/messages/${(await thread(ana, c.id)).items[1]!.id}/report`,
      payload: { reason: 'other' },
    });
    expect(report.statusCode).toBe(201);

    const data = await exportData(t.app.deps, ana.user.id);
    expect(data.tables.messages!.map((m) => m.body)).toEqual(['Palavras da Sofia']);
    expect(data.tables.message_conversations).toHaveLength(1);
    expect(JSON.stringify(data.tables)).not.toContain('Palavras da Aurora');
    expect(JSON.stringify(data.tables.message_conversations)).not.toContain(clara.user.id);
    expect(JSON.stringify(data.tables.messages)).not.toContain(clara.user.id);

    const res = await as(ana, { method: 'POST', url: '/api/account/delete', payload: { password: ana.password } });
    expect(res.statusCode, res.body).toBe(200);
    await t.jobs.settle('account-erase', 30_000);

    expect(await t.query('SELECT count(*)::int AS n FROM messages WHERE sender_id = $1', [ana.user.id])).toEqual([
      { n: 0 },
    ]);
    expect(
      await t.query('SELECT count(*)::int AS n FROM message_reports WHERE reporter_id = $1', [ana.user.id]),
    ).toEqual([{ n: 0 }]);
    const items = (await thread(clara, c.id)).items;
    expect(items.map((m) => m.body)).toEqual(['Palavras da Aurora']);
    const shown = await view(clara, c.id);
    expect(shown).toMatchObject({
      other: { name: '', handle: null, deleted: true, counsellor: false },
      last: { body: 'Palavras da Aurora', mine: true },
      canSend: false,
      cannotSend: 'deleted',
    });
    expect(errorOf(await send(clara, c.id, 'Sofia?')).code).toBe('MESSAGES_ACCOUNT_GONE');
  });
});
