import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AvatarAdminDto,
  AvatarEvent,
  AvatarGalleryDto,
  AvatarSessionDetailDto,
  AvatarSessionDto,
  AvatarSessionPageDto,
  AvatarStartedDto,
} from '@candeia/shared/schemas/avatar';
import { translate } from '@candeia/shared/i18n/server';
import { createSession } from './support/accounts.ts';
import { createTestApp, type TestApp, type TestRequestOptions } from './support/app.ts';
import { planBySlug } from './support/billing.ts';
import { parseSse } from './support/chat.ts';
import { startFakeOpenAi, type FakeOpenAi } from './support/fake-openai.ts';
import { insertAccount, uniqueIp, type TestUser } from './support/factories.ts';
import { bibleFixture, insertText } from './support/scripture.ts';

/**
 * The avatar live session through the API on a real database: the gallery and its locks per
 * plan, the weekly allowance (spent, renewed after 7 days on the injected clock, premium cost,
 * never below zero under concurrent starts), answers in the counsellor's persona from the
 * built-in guide and from an OpenAI-compatible endpoint, the crisis check, the transcript,
 * favourites, recents, ratings, usage stats, the administrator's view, and server speech.
 */

const START = new Date('2027-03-01T12:00:00Z');
const DAY = 86_400_000;
const t = await createTestApp({ AI_STREAM_PACE_MS: '0' });
t.clock.set(START);
await insertText(t, bibleFixture('pt', 'porblivre'));
afterAll(async () => t.close());

const json = <T>(res: { statusCode: number; body: string; json: () => unknown }, status = 200): T => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
};

/** A request as `u`, signed in anew at the clock's time (sessions expire as the clock moves). */
async function as(u: TestUser | null, opts: TestRequestOptions, app: TestApp = t) {
  const cookie = u ? (await createSession(app.database.db, u.user.id, { now: app.clock.now() })).cookie : null;
  return app.request({ remoteAddress: uniqueIp(), ...opts, cookie });
}

async function onPlan(
  slug: 'gold' | 'diamond',
  opts: { firstName?: string } = {},
  app: TestApp = t,
): Promise<TestUser> {
  const u = await insertAccount(app, opts);
  const plan = await planBySlug(app, slug);
  await app.query(
    'UPDATE user_subscriptions SET plan_id = $1, status = $2, is_trial = false, trial_end_date = NULL WHERE user_id = $3',
    [plan.id, 'active', u.user.id],
  );
  return u;
}

const gallery = async (u: TestUser) =>
  json<AvatarGalleryDto>(await as(u, { method: 'GET', url: '/api/avatar/counsellors' }));
const start = (u: TestUser, avatarId: string, app: TestApp = t) =>
  as(u, { method: 'POST', url: '/api/avatar/sessions', payload: { avatarId } }, app);
async function started(u: TestUser, avatarId: string, app: TestApp = t): Promise<AvatarStartedDto> {
  return json<AvatarStartedDto>(await start(u, avatarId, app), 201);
}
async function say(u: TestUser, sessionId: string, content: string, app: TestApp = t) {
  const res = await as(
    u,
    { method: 'POST', url: `/api/avatar/sessions/${sessionId}/messages`, payload: { content, via: 'voice' } },
    app,
  );
  const events = res.statusCode === 200 ? (parseSse(res.body) as unknown as AvatarEvent[]) : [];
  const text = events.flatMap((e) => (e.type === 'delta' ? [e.text] : [])).join('');
  const done = events.find((e): e is Extract<AvatarEvent, { type: 'done' }> => e.type === 'done');
  return { res, events, text, done };
}
const chatBalance = async (u: TestUser) =>
  Number(
    (await t.query<{ balance: string }>('SELECT balance FROM credit_accounts WHERE user_id = $1', [u.user.id]))[0]
      ?.balance ?? 0,
  );

describe('the gallery', () => {
  it('shows six counsellors, three premium, with the locks of each plan', async () => {
    const trialist = await insertAccount(t);
    const g = await gallery(trialist);
    expect(g.counsellors.map((c) => c.id)).toEqual(['helena', 'tiago', 'benedita', 'samuel', 'ines', 'jonas']);
    expect(g.counsellors.filter((c) => c.isPremium).map((c) => c.id)).toEqual(['samuel', 'ines', 'jonas']);
    expect(new Set(g.counsellors.map((c) => c.voice.gender))).toEqual(new Set(['female', 'male']));
    expect(g.counsellors.every((c) => c.language === 'pt-BR' && c.imageUrl === `/avatars/${c.id}.svg`)).toBe(true);
    expect(g.counsellors.every((c) => c.description && c.specialties.length >= 2)).toBe(true);
    // The trial has no `live`: everything is locked by the plan, and shown.
    expect(g.access).toEqual({ live: false, premium: false });
    expect(g.counsellors.every((c) => c.lock === 'plan')).toBe(true);
    expect(g.allowance).toEqual({ weekly: 15, remaining: 15, used: 0, weekStartedAt: null, renewsAt: null });
    expect(g.stats.total_sessions).toBe(0);

    const gold = await gallery(await onPlan('gold'));
    expect(gold.counsellors.map((c) => [c.id, c.lock, c.cost])).toEqual([
      ['helena', null, 1],
      ['tiago', null, 1],
      ['benedita', null, 1],
      ['samuel', 'premium', 2],
      ['ines', 'premium', 2],
      ['jonas', 'premium', 2],
    ]);
    const diamond = await gallery(await onPlan('diamond'));
    expect(diamond.counsellors.every((c) => c.lock === null)).toBe(true);
    expect(diamond.speech).toBe('browser');
  });

  it('speaks the member’s language', async () => {
    const u = await onPlan('gold');
    const es = json<AvatarGalleryDto>(await as(u, { method: 'GET', url: '/api/avatar/counsellors', locale: 'es-ES' }));
    expect(es.counsellors[0]!.specialties).toContain('Duelo');
    const en = json<AvatarGalleryDto>(await as(u, { method: 'GET', url: '/api/avatar/counsellors', locale: 'en-US' }));
    expect(en.counsellors[0]!.specialties).toContain('Grief');
  });

  it('keeps favourites and the 5 most recent counsellors on the server', async () => {
    const u = await onPlan('diamond');
    expect((await as(u, { method: 'PUT', url: '/api/avatar/counsellors/ines/favorite' })).statusCode).toBe(204);
    expect((await as(u, { method: 'PUT', url: '/api/avatar/counsellors/tiago/favorite' })).statusCode).toBe(204);
    expect((await as(u, { method: 'PUT', url: '/api/avatar/counsellors/ines/favorite' })).statusCode).toBe(204);
    let g = await gallery(u);
    expect(g.favorites).toEqual(['ines', 'tiago']);
    expect(g.counsellors.filter((c) => c.isFavorite).map((c) => c.id)).toEqual(['tiago', 'ines']);
    expect((await as(u, { method: 'DELETE', url: '/api/avatar/counsellors/ines/favorite' })).statusCode).toBe(204);
    expect((await as(u, { method: 'PUT', url: '/api/avatar/counsellors/nobody/favorite' })).statusCode).toBe(400);

    const order = ['helena', 'tiago', 'benedita', 'samuel', 'ines', 'jonas', 'tiago'];
    for (const [i, id] of order.entries()) {
      t.clock.set(new Date(START.getTime() + i * 60_000));
      await started(u, id);
    }
    t.clock.set(START);
    g = await gallery(u);
    expect(g.favorites).toEqual(['tiago']);
    expect(g.recent).toEqual(['tiago', 'jonas', 'ines', 'samuel', 'benedita']);
  });
});

describe('the weekly allowance', () => {
  it('pays each start (2 for a premium counsellor), runs out, and is renewed 7 days after the week began', async () => {
    const u = await onPlan('diamond');
    const chatBefore = await chatBalance(u);
    const first = await started(u, 'samuel');
    expect(first.allowance).toMatchObject({ remaining: 13, used: 2, weekStartedAt: START.toISOString() });
    expect(first.allowance.renewsAt).toBe(new Date(START.getTime() + 7 * DAY).toISOString());
    for (let i = 0; i < 6; i++) await started(u, 'ines'); // 2 + 12 = 14
    const last = await started(u, 'helena'); // 15
    expect(last.allowance.remaining).toBe(0);
    const refused = await start(u, 'helena');
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error).toMatchObject({
      code: 'AVATAR_CREDITS_EXHAUSTED',
      message: translate('pt-BR', 'errors:AVATAR_CREDITS_EXHAUSTED'),
    });
    // Chat credits are never spent in avatar sessions.
    expect(await chatBalance(u)).toBe(chatBefore);

    t.clock.set(new Date(START.getTime() + 7 * DAY - 1000));
    expect((await start(u, 'helena')).statusCode).toBe(402);
    expect((await gallery(u)).allowance.remaining).toBe(0);
    t.clock.set(new Date(START.getTime() + 7 * DAY));
    expect((await gallery(u)).allowance).toMatchObject({ remaining: 15, weekStartedAt: null });
    const renewed = await started(u, 'jonas');
    expect(renewed.allowance).toMatchObject({
      remaining: 13,
      used: 2,
      weekStartedAt: new Date(START.getTime() + 7 * DAY).toISOString(),
    });
    const stats = (await gallery(u)).stats;
    expect(stats).toMatchObject({
      total_sessions: 9,
      total_credits_used: 17,
      current_week_sessions: 1,
      current_week_credits: 2,
    });
    t.clock.set(START);
  });

  it('never goes below zero when starts race', async () => {
    const u = await onPlan('gold');
    const results = await Promise.all(Array.from({ length: 30 }, () => start(u, 'tiago')));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(15);
    expect(codes.filter((c) => c === 402)).toHaveLength(15);
    const [row] = await t.query<{ used: number }>('SELECT used FROM avatar_allowances WHERE user_id = $1', [u.user.id]);
    expect(row!.used).toBe(15);
    // One session runs at a time: each start ended the one before.
    const running = await t.query('SELECT id FROM avatar_sessions WHERE user_id = $1 AND ended_at IS NULL', [
      u.user.id,
    ]);
    expect(running).toHaveLength(1);
  });
});

describe('plans and premium counsellors', () => {
  it('refuses without `live`, and premium counsellors without Diamante, with translated messages', async () => {
    const trialist = await insertAccount(t);
    const noLive = await start(trialist, 'helena');
    expect(noLive.statusCode).toBe(403);
    expect(noLive.json().error.code).toBe('FEATURE_NOT_IN_PLAN');
    const gold = await onPlan('gold');
    const premium = await as(gold, {
      method: 'POST',
      url: '/api/avatar/sessions',
      payload: { avatarId: 'ines' },
      locale: 'en-US',
    });
    expect(premium.statusCode).toBe(403);
    expect(premium.json().error).toMatchObject({
      code: 'AVATAR_PREMIUM_REQUIRED',
      message: translate('en-US', 'errors:AVATAR_PREMIUM_REQUIRED'),
    });
    expect((await gallery(gold)).allowance.remaining).toBe(15);
    expect((await start(null as unknown as TestUser, 'helena')).statusCode).toBe(401);
  });
});

describe('a session', () => {
  it('greets, answers in the counsellor’s persona with checked citations, keeps the transcript, and ends', async () => {
    const u = await onPlan('gold', { firstName: 'Marta' });
    const s = await started(u, 'helena');
    expect(s.session).toMatchObject({
      avatarId: 'helena',
      isActive: true,
      creditsUsed: 1,
      messagesCount: 1,
      language: 'pt',
    });
    expect(s.session.endsAt).toBe(new Date(START.getTime() + 20 * 60_000).toISOString());
    expect(s.session.messages[0]).toMatchObject({ kind: 'greeting', role: 'assistant' });
    expect(s.session.messages[0]!.content).toContain('Marta');
    expect(s.session.messages[0]!.content).toContain('Helena');

    const answer = await say(u, s.session.id, 'Perdi minha mãe no mês passado e sinto muita saudade dela.');
    expect(answer.res.statusCode, answer.res.body).toBe(200);
    expect(answer.events[0]!.type).toBe('start');
    // Helena's own opening (guide:persona.helena) and one of her practices.
    const openers = [
      translate('pt-BR', 'guide:persona.helena.openerName.0', { name: 'Marta' }),
      translate('pt-BR', 'guide:persona.helena.openerName.1', { name: 'Marta' }),
      translate('pt-BR', 'guide:persona.helena.opener.0'),
      translate('pt-BR', 'guide:persona.helena.opener.1'),
    ];
    expect(
      openers.some((o) => answer.text.startsWith(o)),
      answer.text,
    ).toBe(true);
    expect(answer.done!.message).toMatchObject({ kind: 'answer', status: 'done' });
    expect(answer.done!.message.content).toBe(answer.text);
    expect(answer.done!.message.citations.some((c) => c.valid)).toBe(true);
    for (const c of answer.done!.message.citations) expect(answer.text).toContain(c.label);
    expect(answer.done!.session.messagesCount).toBe(3);

    const detail = json<AvatarSessionDetailDto>(
      await as(u, { method: 'GET', url: `/api/avatar/sessions/${s.session.id}` }),
    );
    expect(detail.messages.map((m) => [m.role, m.kind, m.via])).toEqual([
      ['assistant', 'greeting', null],
      ['user', 'message', 'voice'],
      ['assistant', 'answer', null],
    ]);
    expect(detail.counsellor.displayName).toBe('Helena Prado');

    const ended = json<AvatarSessionDto>(
      await as(u, { method: 'POST', url: `/api/avatar/sessions/${s.session.id}/end` }),
    );
    expect(ended).toMatchObject({ isActive: false, endedAt: START.toISOString() });
    const after = await say(u, s.session.id, 'Mais uma coisa');
    expect(after.res.statusCode).toBe(409);
    expect(after.res.json().error.code).toBe('AVATAR_SESSION_ENDED');

    const page = json<AvatarSessionPageDto>(await as(u, { method: 'GET', url: '/api/avatar/sessions' }));
    expect(page.items.map((i) => [i.id, i.counsellorName])).toEqual([[s.session.id, 'Helena Prado']]);
  });

  it('offers the counsellor’s own practice when the message names no theme', async () => {
    const u = await onPlan('gold');
    const s = await started(u, 'tiago');
    const answer = await say(u, s.session.id, 'Queria só conversar um pouco com você hoje.');
    const practices = [0, 1, 2].map((i) => translate('pt-BR', `guide:persona.tiago.practice.${i}`));
    expect(
      practices.some((p) => answer.text.includes(p)),
      answer.text,
    ).toBe(true);
  });

  it('ends by itself after 20 minutes', async () => {
    const u = await onPlan('gold');
    const s = await started(u, 'tiago');
    t.clock.set(new Date(START.getTime() + 20 * 60_000));
    const late = await say(u, s.session.id, 'Estou ansioso com o trabalho');
    expect(late.res.statusCode).toBe(409);
    const detail = json<AvatarSessionDetailDto>(
      await as(u, { method: 'GET', url: `/api/avatar/sessions/${s.session.id}` }),
    );
    expect(detail).toMatchObject({ isActive: false, endedAt: detail.endsAt });
    t.clock.set(START);
  });

  it('answers signs of crisis with the helpline first, whatever the persona', async () => {
    const u = await onPlan('diamond');
    const s = await started(u, 'samuel');
    const answer = await say(u, s.session.id, 'Não aguento mais, quero me matar.');
    expect(answer.done!.message.kind).toBe('crisis');
    expect(answer.text.startsWith(translate('pt-BR', 'guide:crisis.helpline'))).toBe(true);
    expect(answer.text).toContain('188');
  });

  it('keeps another member’s session out of reach', async () => {
    const owner = await onPlan('gold');
    const other = await onPlan('gold');
    const s = await started(owner, 'benedita');
    for (const [method, path, payload] of [
      ['GET', '', undefined],
      ['POST', '/end', undefined],
      ['POST', '/stop', undefined],
      ['POST', '/rating', { rating: 5 }],
      ['POST', '/messages', { content: 'Olá' }],
    ] as const) {
      const res = await as(other, { method, url: `/api/avatar/sessions/${s.session.id}${path}`, payload });
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
    const list = json<AvatarSessionPageDto>(await as(other, { method: 'GET', url: '/api/avatar/sessions' }));
    expect(list.total).toBe(0);
    expect((await as(null, { method: 'GET', url: `/api/avatar/sessions/${s.session.id}` })).statusCode).toBe(401);
  });

  it('counts ratings into the counsellor’s rating, and usage into the member’s stats', async () => {
    const before = (await gallery(await onPlan('gold'))).counsellors.find((c) => c.id === 'benedita')!;
    const u = await onPlan('gold');
    const s1 = await started(u, 'benedita');
    t.clock.set(new Date(START.getTime() + 5 * 60_000));
    json(await as(u, { method: 'POST', url: `/api/avatar/sessions/${s1.session.id}/end` }));
    const s2 = await started(u, 'benedita');
    t.clock.set(new Date(START.getTime() + 30 * 60_000)); // s2 ran its 20 minutes
    json(await as(u, { method: 'POST', url: `/api/avatar/sessions/${s1.session.id}/rating`, payload: { rating: 4 } }));
    json(await as(u, { method: 'POST', url: `/api/avatar/sessions/${s2.session.id}/rating`, payload: { rating: 2 } }));
    json(await as(u, { method: 'POST', url: `/api/avatar/sessions/${s2.session.id}/rating`, payload: { rating: 5 } }));
    expect(
      (await as(u, { method: 'POST', url: `/api/avatar/sessions/${s2.session.id}/rating`, payload: { rating: 6 } }))
        .statusCode,
    ).toBe(400);
    const g = await gallery(u);
    const after = g.counsellors.find((c) => c.id === 'benedita')!;
    expect(after.ratingCount).toBe(before.ratingCount + 2);
    expect(after.sessionCount).toBe(before.sessionCount + 2);
    expect(g.stats).toEqual({
      total_sessions: 2,
      total_duration_seconds: 5 * 60 + 20 * 60,
      total_credits_used: 2,
      average_session_duration: (25 * 60) / 2,
      last_session_at: new Date(START.getTime() + 5 * 60_000).toISOString(),
      current_week_sessions: 2,
      current_week_credits: 2,
    });
    t.clock.set(START);
  });
});

describe('the administrator', () => {
  it('sees every member’s usage and can make a counsellor unavailable', async () => {
    const admin = await insertAccount(t, { role: 'admin' });
    const u = await onPlan('gold');
    await started(u, 'helena');
    const view = json<AvatarAdminDto>(await as(admin, { method: 'GET', url: '/api/admin/avatar' }));
    expect(view.rows.find((r) => r.userId === u.user.id)).toMatchObject({
      email: u.email,
      total_sessions: 1,
      total_credits_used: 1,
    });
    expect(view.totals.members).toBeGreaterThan(0);
    expect((await as(u, { method: 'GET', url: '/api/admin/avatar' })).statusCode).toBe(403);

    const off = () =>
      as(admin, { method: 'PATCH', url: '/api/admin/avatar/counsellors/jonas', payload: { isAvailable: false } });
    expect((await off()).statusCode).toBe(204);
    const d = await onPlan('diamond');
    expect((await gallery(d)).counsellors.find((c) => c.id === 'jonas')!.isAvailable).toBe(false);
    const refused = await start(d, 'jonas');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('AVATAR_UNAVAILABLE');
    await as(admin, { method: 'PATCH', url: '/api/admin/avatar/counsellors/jonas', payload: { isAvailable: true } });
    expect((await start(d, 'jonas')).statusCode).toBe(201);
  });
});

describe('with an OpenAI-compatible endpoint', () => {
  let fake: FakeOpenAi;
  let audio: Server;
  let ai: TestApp;
  const heard: { path: string; type: string; body: Buffer }[] = [];

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    // The endpoint's speech paths (the fake chat endpoint answers only completions).
    audio = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks);
        heard.push({ path: req.url ?? '', type: req.headers['content-type'] ?? '', body });
        if (req.url === '/v1/audio/transcriptions') {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ text: ' Estou com medo do futuro. ' }));
        } else if (req.url === '/v1/audio/speech') {
          res.writeHead(200, { 'content-type': 'audio/mpeg' });
          res.end(Buffer.from('ID3-fake-mp3'));
        } else if (req.url === '/v1/chat/completions') {
          // Forwarded to the fake chat endpoint, so one base URL serves everything.
          const forward = fetch(`http://127.0.0.1:${fake.port}/v1/chat/completions`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: req.headers.authorization ?? '' },
            body,
          });
          void forward.then(async (r) => {
            res.writeHead(r.status, { 'content-type': r.headers.get('content-type') ?? 'text/event-stream' });
            for await (const chunk of r.body!) res.write(chunk);
            res.end();
          });
        } else {
          res.writeHead(404);
          res.end();
        }
      });
    });
    await new Promise<void>((r) => audio.listen(0, '127.0.0.1', r));
    const port = (audio.address() as AddressInfo).port;
    ai = await createTestApp({ ...fake.env(), AI_BASE_URL: `http://127.0.0.1:${port}/v1`, AI_SPEECH: 'true' });
    ai.clock.set(START);
    await insertText(ai, bibleFixture('pt', 'porblivre'));
  });
  afterAll(async () => {
    await ai.close();
    await fake.close();
    await new Promise((r) => audio.close(r));
  });

  it('sends the counsellor’s persona in the system prompt', async () => {
    const u = await onPlan('diamond', { firstName: 'Rui' }, ai);
    const s = await started(u, 'jonas', ai);
    expect((await as(u, { method: 'GET', url: '/api/avatar/counsellors' }, ai)).json().speech).toBe('server');
    fake.reply(['Rui, ', 'dúvida também é caminho.']);
    const answer = await say(u, s.session.id, 'Tenho dúvidas sobre a minha fé', ai);
    expect(answer.text).toBe('Rui, dúvida também é caminho.');
    const system = String(fake.requests.at(-1)!.body.messages![0]!.content);
    expect(system).toContain('You are Jonas Almeida');
    expect(system).toContain('faith and doubt');
    expect(system).toContain('live voice session');
    expect(system).toContain('Brazilian Portuguese');
    expect(fake.unexpected).toEqual([]);
  });

  it('hears a recording and speaks a sentence through the endpoint, for the session’s owner only', async () => {
    const u = await onPlan('gold', {}, ai);
    const other = await onPlan('gold', {}, ai);
    const s = await started(u, 'helena', ai);
    const recording = Buffer.from('OggS-fake-recording');
    const text = await as(
      u,
      {
        method: 'POST',
        url: `/api/avatar/sessions/${s.session.id}/transcribe`,
        payload: recording,
        headers: { 'content-type': 'audio/webm' },
      },
      ai,
    );
    expect(json<{ text: string }>(text)).toEqual({ text: 'Estou com medo do futuro.' });
    const sent = heard.find((h) => h.path === '/v1/audio/transcriptions')!;
    expect(sent.type).toMatch(/^multipart\/form-data/);
    expect(sent.body.includes(recording)).toBe(true);
    expect(sent.body.toString()).toContain('name="language"\r\n\r\npt');

    const speech = await as(
      u,
      { method: 'POST', url: `/api/avatar/sessions/${s.session.id}/speech`, payload: { text: 'Olá, Marta.' } },
      ai,
    );
    expect(speech.statusCode).toBe(200);
    expect(speech.headers['content-type']).toBe('audio/mpeg');
    expect(speech.rawPayload.toString()).toBe('ID3-fake-mp3');
    const asked = JSON.parse(heard.find((h) => h.path === '/v1/audio/speech')!.body.toString()) as Record<
      string,
      string
    >;
    expect(asked).toMatchObject({ input: 'Olá, Marta.', voice: 'nova' });

    const theirs = await as(
      other,
      { method: 'POST', url: `/api/avatar/sessions/${s.session.id}/speech`, payload: { text: 'Olá' } },
      ai,
    );
    expect(theirs.statusCode).toBe(404);
    const html = await as(
      u,
      {
        method: 'POST',
        url: `/api/avatar/sessions/${s.session.id}/transcribe`,
        payload: '<html>',
        headers: { 'content-type': 'text/html' },
      },
      ai,
    );
    expect([400, 415]).toContain(html.statusCode);
    const big = await as(
      u,
      {
        method: 'POST',
        url: `/api/avatar/sessions/${s.session.id}/transcribe`,
        payload: Buffer.alloc(5 * 1024 * 1024),
        headers: { 'content-type': 'audio/webm' },
      },
      ai,
    );
    expect(big.statusCode).toBe(413);
  });

  it('counts a member’s speech calls whatever address they come from', async () => {
    const u = await onPlan('gold', {}, ai);
    const s = await started(u, 'tiago', ai);
    const cookie = (await createSession(ai.database.db, u.user.id, { now: ai.clock.now() })).cookie;
    const speak = () =>
      ai.request({
        method: 'POST',
        url: `/api/avatar/sessions/${s.session.id}/speech`,
        payload: { text: 'Respira comigo.' },
        cookie,
        remoteAddress: uniqueIp(),
      });
    const codes: number[] = [];
    for (let i = 0; i < 121; i++) codes.push((await speak()).statusCode);
    expect(codes.slice(0, 120).every((c) => c === 200)).toBe(true);
    expect(codes[120]).toBe(429);
  });

  it('refuses server speech where it is not configured', async () => {
    const u = await onPlan('gold');
    const s = await started(u, 'helena');
    const res = await as(u, {
      method: 'POST',
      url: `/api/avatar/sessions/${s.session.id}/speech`,
      payload: { text: 'Olá' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('AVATAR_SPEECH_UNAVAILABLE');
  });
});
