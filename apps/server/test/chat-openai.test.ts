import { TRIAL_CREDITS } from '@candeia/shared/schemas/billing';
import { readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { ChatEvent, ChatMessageDto, CitationDto, ConversationDetailDto } from '@candeia/shared/schemas/chat';
import { countTokens } from '../src/modules/chat/engine.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { balanceOf, expectLedgerInvariant } from './support/billing.ts';
import { answerText, eventsOf, parseSse, sendMessage, setCredits, sseEvents } from './support/chat.ts';
import { insertUser, type TestUser } from './support/factories.ts';
import { COMPLETIONS_PATH, startFakeOpenAi, type FakeAiRequest, type FakeOpenAi } from './support/fake-openai.ts';
import { bibleFixture, insertText, VERSES } from './support/scripture.ts';

/**
 * The chat against an OpenAI-compatible endpoint (issue "AI spiritual chat"; SECURITY.md 19, 20):
 * the real app with AI_BASE_URL pointed at a fake endpoint on loopback, the real database, and a
 * small Portuguese Bible so retrieval and grounding have passages.
 */

/** The error messages users read, straight from the translation files. */
const errorsIn = (locale: string) =>
  JSON.parse(
    readFileSync(new URL(`../../../packages/shared/src/i18n/${locale}/errors.json`, import.meta.url), 'utf8'),
  ) as Record<string, string>;
const ptErrors = errorsIn('pt-BR');
const esErrors = errorsIn('es-ES');

const QUESTION = 'O que significa João 3:16? Estou com muita ansiedade e não consigo dormir.';
const TRIAL = TRIAL_CREDITS;

let fake: FakeOpenAi;
let t: TestApp;
/** Every app of this file, checked after each test. */
const apps: TestApp[] = [];

async function chatApp(env: Record<string, string>): Promise<TestApp> {
  const app = await createTestApp(env);
  apps.push(app);
  await insertText(app, bibleFixture('pt', 'porblivre'));
  return app;
}

beforeAll(async () => {
  fake = await startFakeOpenAi();
  t = await chatApp(fake.env());
});

afterEach(async () => {
  const unexpected = [...fake.unexpected];
  const pending = fake.pending();
  fake.reset();
  expect(unexpected, 'requests the fake was not scripted for').toEqual([]);
  expect(pending, 'scripted behaviours left unused').toBe(0);
  for (const app of apps) {
    await expectLedgerInvariant(app);
    expect(await app.query("SELECT id FROM credit_reservations WHERE status = 'held'"), 'holds left').toEqual([]);
    expect(
      await app.query("SELECT id FROM chat_messages WHERE status = 'streaming'"),
      'answers left streaming',
    ).toEqual([]);
  }
});

afterAll(async () => {
  for (const app of apps) await app.close();
  await fake?.close();
});

// ---------- helpers ----------

interface Settlement {
  ledger: Array<{ kind: string; delta: number }>;
  reservation: { amount: number; actual_cost: number | null; status: string };
}

/** The ledger rows and the reservation of one answer (all carry the reference `chat:<id>`). */
async function settlementOf(app: TestApp, messageId: string): Promise<Settlement> {
  const ledger = await app.query<{ kind: string; delta: number }>(
    'SELECT kind, delta FROM credit_ledger WHERE reference = $1 ORDER BY id',
    [`chat:${messageId}`],
  );
  const [reservation] = await app.query<Settlement['reservation']>(
    'SELECT amount, actual_cost, status FROM credit_reservations WHERE idempotency_key = $1',
    [`chat:${messageId}`],
  );
  return { ledger, reservation: reservation! };
}

async function messageRow(app: TestApp, id: string) {
  const [row] = await app.query<{
    status: string;
    cost: number | null;
    content: string;
    engine: string;
    citations: CitationDto[];
    reservation_id: string | null;
  }>('SELECT status, cost, content, engine, citations, reservation_id FROM chat_messages WHERE id = $1', [id]);
  return row!;
}

const only = <T>(items: T[]): T => {
  expect(items).toHaveLength(1);
  return items[0]!;
};
const startOf = (events: ChatEvent[]) => only(eventsOf(events, 'start'));
const doneOf = (events: ChatEvent[]) => only(eventsOf(events, 'done'));
/** The event types in order, deltas collapsed: "start delta citations done". */
const shape = (events: ChatEvent[]) =>
  events
    .map((e) => e.type)
    .filter((type, i, all) => !(type === 'delta' && all[i - 1] === 'delta'))
    .join(' ');

function systemOf(req: FakeAiRequest): string {
  const first = req.body.messages?.[0];
  expect(first?.role).toBe('system');
  return String(first?.content);
}

/** The `[n] Reference (ABBR): "text"` lines of the system prompt. */
function promptPassages(system: string) {
  return [...system.matchAll(/^\[(\d+)\] (.+?) \(([^)]+)\): "(.*)"$/gmu)].map((m) => ({
    reference: m[2]!,
    abbreviation: m[3]!,
    text: m[4]!,
  }));
}

/** The text of a reference ("João 3:16-18") in a text, read from the database. */
async function textOf(app: TestApp, textId: string, reference: string): Promise<string | null> {
  const m = /^(.+) (\d+):(\d+)(?:-(\d+))?$/u.exec(reference);
  if (!m) return null;
  const [row] = await app.query<{ text: string | null }>(
    `SELECT string_agg(v.content, ' ' ORDER BY v.verse) AS text
     FROM scripture_verses v JOIN scripture_books b ON b.id = v.book_id
     WHERE b.text_id = $1 AND b.name = $2 AND v.chapter = $3 AND v.verse BETWEEN $4 AND $5`,
    [textId, m[1], Number(m[2]), Number(m[3]), Number(m[4] ?? m[3])],
  );
  return row?.text ?? null;
}

/** What a failed answer looks like to the user and in the books: refunded in full, nothing charged. */
async function expectFailedAndRefunded(
  app: TestApp,
  u: TestUser,
  before: number,
  res: { statusCode: number; headers: Record<string, unknown> },
  events: ChatEvent[],
  locale: { errors: Record<string, string> } = { errors: ptErrors },
) {
  // No 5xx from our API: the stream had begun; the failure is an event in it.
  expect(res.statusCode).toBe(200);
  expect(String(res.headers['content-type'])).toMatch(/^text\/event-stream/);
  expect(shape(events)).toMatch(/^start( delta)? error done$/);
  const start = startOf(events);
  const id = start.assistantMessage.id;
  expect(start.reserved).toBeGreaterThan(0);
  const error = only(eventsOf(events, 'error'));
  expect(error).toEqual({
    type: 'error',
    code: 'CHAT_ENGINE_FAILED',
    message: locale.errors.CHAT_ENGINE_FAILED,
    messageId: id,
  });
  const done = doneOf(events);
  expect(done.message).toMatchObject({ id, status: 'failed', cost: 0 });
  expect(done.balance).toBe(before);
  expect(await balanceOf(app, u.user.id)).toBe(before);
  expect(await settlementOf(app, id)).toEqual({
    ledger: [
      { kind: 'reserve', delta: -start.reserved },
      { kind: 'reserve_refund', delta: start.reserved },
    ],
    reservation: { amount: start.reserved, actual_cost: 0, status: 'refunded' },
  });
  const row = await messageRow(app, id);
  expect(row.status).toBe('failed');
  expect(row.cost).toBe(0);
  return { id, start, error, done };
}

// ---------- tests ----------

describe('an answer from the OpenAI-compatible endpoint', () => {
  it('streams start → deltas → citations → done, sends the grounded prompt, and charges the reported usage', async () => {
    const u = await insertUser(t);
    const before = await balanceOf(t, u.user.id);
    expect(before).toBe(TRIAL);
    const pieces = [
      'Maria, sinto muito ',
      'por essas noites difíceis. ',
      'Como diz João 3:16, ',
      'você é amada. ',
      'O que pesa mais hoje?',
    ];
    fake.reply(pieces, { prompt_tokens: 321, completion_tokens: 45 });

    const { res, events } = await sendMessage(t, u.cookie, QUESTION, { locale: 'pt-BR' });

    expect(res.statusCode, res.body).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/^text\/event-stream/);
    expect(shape(events)).toBe('start delta citations done');
    expect(answerText(events)).toBe(pieces.join(''));
    const start = startOf(events);
    expect(start.userMessage).toMatchObject({ role: 'user', content: QUESTION, status: 'done', cost: null });
    expect(start.assistantMessage).toMatchObject({
      role: 'assistant',
      kind: 'answer',
      status: 'streaming',
      cost: null,
    });
    const id = start.assistantMessage.id;

    // What the model was sent.
    const req = only(fake.requests);
    expect(req.method).toBe('POST');
    expect(req.path).toBe(COMPLETIONS_PATH);
    expect(req.headers.authorization).toBe('Bearer test-key');
    expect(req.body).toMatchObject({ model: 'fake-model', stream: true, stream_options: { include_usage: true } });
    expect(req.body.max_tokens).toBeGreaterThanOrEqual(120);
    expect(req.body.max_tokens).toBeLessThanOrEqual(t.config.AI_MAX_OUTPUT_TOKENS);
    const messages = req.body.messages!;
    expect(messages).toHaveLength(2);
    expect(messages.at(-1)).toEqual({ role: 'user', content: QUESTION });
    const system = systemOf(req);
    expect(system).toContain('Quote ONLY the passages listed below');
    expect(system).toContain('Never cite, invent or paraphrase-cite any other verse');
    expect(system).toContain('Brazilian Portuguese');
    const passages = promptPassages(system);
    // The passage the message names comes first, with its real text; every other one is real too.
    expect(passages[0]).toEqual({ reference: 'João 3:16', abbreviation: 'PORBLIVRE', text: VERSES.pt['John 3:16'] });
    expect(passages.length).toBeGreaterThan(1);
    for (const p of passages) expect(await textOf(t, 'porblivre', p.reference), p.reference).toBe(p.text);

    // The cited passage is linked.
    const citations = only(eventsOf(events, 'citations')).citations;
    expect(citations).toEqual([
      {
        label: 'João 3:16',
        valid: true,
        textId: 'porblivre',
        bookKey: 'bible',
        book: 'John',
        chapter: 3,
        verse: 16,
        verseEnd: 16,
      },
    ]);

    // Cost: prompt + completion tokens as reported, well under the reservation.
    const cost = 321 + 45;
    expect(start.reserved).toBeGreaterThan(cost);
    const done = doneOf(events);
    expect(done.message).toMatchObject({ id, status: 'done', cost, content: pieces.join(''), citations });
    expect(done.balance).toBe(before - cost);
    expect(await balanceOf(t, u.user.id)).toBe(before - cost);
    expect(await settlementOf(t, id)).toEqual({
      ledger: [
        { kind: 'reserve', delta: -start.reserved },
        { kind: 'reserve_refund', delta: start.reserved - cost },
      ],
      reservation: { amount: start.reserved, actual_cost: cost, status: 'committed' },
    });
    const row = await messageRow(t, id);
    expect(row).toMatchObject({
      status: 'done',
      cost,
      content: pieces.join(''),
      engine: 'openai-compatible:fake-model',
      citations,
    });

    // And the conversation reads back the same.
    const detail = await t.request({ url: `/api/chat/conversations/${start.conversation.id}`, cookie: u.cookie });
    expect(detail.statusCode, detail.body).toBe(200);
    const messagesBack = detail.json<ConversationDetailDto>().messages;
    expect(messagesBack.map((m: ChatMessageDto) => [m.role, m.status, m.cost])).toEqual([
      ['user', 'done', null],
      ['assistant', 'done', cost],
    ]);
  });

  it('never charges more than was reserved, whatever usage the endpoint reports', async () => {
    const u = await insertUser(t);
    fake.reply(['Uma resposta breve.'], { prompt_tokens: 50_000, completion_tokens: 50_000 });
    const { res, events } = await sendMessage(t, u.cookie, QUESTION);
    expect(res.statusCode, res.body).toBe(200);
    const { reserved, assistantMessage } = startOf(events);
    expect(reserved).toBeLessThan(100_000);
    expect(doneOf(events).message).toMatchObject({ status: 'done', cost: reserved });
    expect(await balanceOf(t, u.user.id)).toBe(TRIAL - reserved);
    expect(await settlementOf(t, assistantMessage.id)).toEqual({
      ledger: [{ kind: 'reserve', delta: -reserved }],
      reservation: { amount: reserved, actual_cost: reserved, status: 'committed' },
    });
  });

  it('charges the estimate (prompt + answer words × 1.3) when the endpoint reports no usage', async () => {
    const u = await insertUser(t);
    const pieces = ['Respire fundo, ', 'um passo de cada vez.'];
    fake.reply(pieces, null);
    const { events } = await sendMessage(t, u.cookie, QUESTION);
    const req = only(fake.requests);
    expect(req.body.stream_options).toEqual({ include_usage: true });
    const estimate =
      req.body.messages!.reduce((n, m) => n + countTokens(String(m.content)), 0) + countTokens(pieces.join(''));
    const { reserved } = startOf(events);
    expect(estimate).toBeLessThan(reserved);
    expect(doneOf(events).message).toMatchObject({ status: 'done', cost: estimate });
    expect(await balanceOf(t, u.user.id)).toBe(TRIAL - estimate);
  });

  it('sends the earlier turns of the conversation to the model', async () => {
    const u = await insertUser(t);
    const first = ['Sinto muito. ', 'Quer me contar mais?'];
    fake.reply(first);
    const one = await sendMessage(t, u.cookie, QUESTION);
    const conversationId = startOf(one.events).conversation.id;
    const second = 'Obrigada. Hoje estou um pouco melhor, mas ainda tenho medo.';
    fake.reply(['Que bom saber disso.']);
    const two = await sendMessage(t, u.cookie, second, { conversationId });
    expect(two.res.statusCode, two.res.body).toBe(200);
    expect(startOf(two.events).conversation.id).toBe(conversationId);
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1]!.body.messages!.slice(1)).toEqual([
      { role: 'user', content: QUESTION },
      { role: 'assistant', content: first.join('') },
      { role: 'user', content: second },
    ]);
  });
});

describe('grounding', () => {
  it('links real references and marks made-up or uninstalled ones as unverified', async () => {
    // A verse that exists in any Bible but not in the installed fixture text.
    expect(await textOf(t, 'porblivre', 'Gênesis 3:5')).toBeNull();
    const u = await insertUser(t);
    fake.reply([
      'Como diz João 3:16, você é amada. ',
      'E João 3:17-18 continua. No princípio, Gênesis 1:1, tudo começou. ',
      'Mateus 99:99 e João 40:1 também dizem isso, ',
      'assim como Gênesis 3:5.',
    ]);
    const { res, events } = await sendMessage(t, u.cookie, QUESTION);
    expect(res.statusCode, res.body).toBe(200);
    const citations = only(eventsOf(events, 'citations')).citations;
    const byLabel = new Map(citations.map((c) => [c.label, c]));
    // Given to the model.
    expect(byLabel.get('João 3:16')).toEqual({
      label: 'João 3:16',
      valid: true,
      textId: 'porblivre',
      bookKey: 'bible',
      book: 'John',
      chapter: 3,
      verse: 16,
      verseEnd: 16,
    });
    // Not given, but installed (a range within the text): looked up and linked.
    expect(byLabel.get('João 3:17-18')).toEqual({
      label: 'João 3:17-18',
      valid: true,
      textId: 'porblivre',
      bookKey: 'bible',
      book: 'John',
      chapter: 3,
      verse: 17,
      verseEnd: 18,
    });
    // Not given, but installed: looked up and linked.
    expect(byLabel.get('Gênesis 1:1')).toEqual({
      label: 'Gênesis 1:1',
      valid: true,
      textId: 'porblivre',
      bookKey: 'bible',
      book: 'Gen',
      chapter: 1,
      verse: 1,
      verseEnd: 1,
    });
    const unverified = {
      valid: false,
      textId: null,
      bookKey: null,
      book: null,
      chapter: null,
      verse: null,
      verseEnd: null,
    };
    for (const label of ['Mateus 99:99', 'João 40:1', 'Gênesis 3:5'])
      expect(byLabel.get(label), label).toEqual({ label, ...unverified });
    expect(citations).toHaveLength(6);
    // Stored with the answer, as sent.
    const id = startOf(events).assistantMessage.id;
    expect((await messageRow(t, id)).citations).toEqual(citations);
    expect(doneOf(events).message.citations).toEqual(citations);
  });
});

describe('failures refund the reservation (SECURITY.md 20)', () => {
  // A failure goes to the app's logger, never printed by the SDK (its default prints the request body).
  let consoleError: MockInstance<typeof console.error>;
  beforeEach(() => {
    consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    const calls = consoleError.mock.calls;
    consoleError.mockRestore();
    expect(calls, 'printed to stderr').toEqual([]);
  });

  it.each(['destroy', 'error-chunk'] as const)(
    'an error mid-stream (%s) fails the answer and refunds it',
    async (how) => {
      const u = await insertUser(t);
      fake.errorMidStream(['Maria, sinto muito ', 'por isso. '], how);
      const { res, events } = await sendMessage(t, u.cookie, QUESTION, { locale: 'es-ES' });
      await expectFailedAndRefunded(t, u, TRIAL, res, events, { errors: esErrors });
      expect(only(fake.requests).sent).toEqual(['Maria, sinto muito ', 'por isso. ']);
    },
  );

  it.each([
    [500, undefined],
    [429, undefined],
    [500, 'Internal Server Error'],
  ] as const)('an upstream %i (%s) fails the answer with no 5xx from the API, and refunds it', async (status, body) => {
    const u = await insertUser(t);
    fake.status(status, body);
    const { res, events } = await sendMessage(t, u.cookie, QUESTION);
    await expectFailedAndRefunded(t, u, TRIAL, res, events);
    // No retry: a retry would restart an answer the user already sees.
    expect(fake.requests).toHaveLength(1);
  });

  it('a failure is logged without the conversation’s words (SECURITY.md 26)', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logged = await createTestApp(fake.env({ LOG_LEVEL: 'trace' }), {
      loggerInstance: pino({ level: 'trace' }, stream),
    });
    apps.push(logged);
    await insertText(logged, bibleFixture('pt', 'porblivre'));
    const u = await insertUser(logged);
    fake.status(500);
    const secret = 'Segredo pessoal de Maria sobre a irmã dela';
    const { events } = await sendMessage(logged, u.cookie, secret);
    expect(events.at(-1)).toMatchObject({ type: 'done', message: { status: 'failed' } });
    const log = lines.join('');
    expect(log).toContain('chat answer failed');
    expect(log).not.toContain('Segredo pessoal');
    expect(log).not.toContain('Quote ONLY');
  });

  it('a failed answer is left out of the next turn’s history', async () => {
    const u = await insertUser(t);
    fake.errorMidStream(['Meia resposta'], 'destroy');
    const one = await sendMessage(t, u.cookie, QUESTION);
    expect(doneOf(one.events).message.status).toBe('failed');
    fake.reply(['Agora sim.']);
    const two = await sendMessage(t, u.cookie, 'Pode tentar de novo, por favor?', {
      conversationId: startOf(one.events).conversation.id,
    });
    expect(doneOf(two.events).message.status).toBe('done');
    expect(fake.requests[1]!.body.messages!.slice(1)).toEqual([
      { role: 'user', content: QUESTION },
      { role: 'user', content: 'Pode tentar de novo, por favor?' },
    ]);
  });

  describe('with AI_TIMEOUT_MS=300', () => {
    let slow: TestApp;
    beforeAll(async () => {
      slow = await chatApp(fake.env({ AI_TIMEOUT_MS: '300' }));
    });

    it.each([false, true])(
      'a hung upstream (before headers: %s) times out, fails and refunds',
      async (beforeHeaders) => {
        const u = await insertUser(slow);
        fake.hang({ beforeHeaders });
        const { res, events } = await sendMessage(slow, u.cookie, QUESTION);
        await expectFailedAndRefunded(slow, u, TRIAL, res, events);
        expect(answerText(events)).toBe('');
        // The upstream call was given up, not left open.
        const req = only(fake.requests);
        await vi.waitFor(() => expect(req.aborted).toBe(true));
      },
    );

    it('a stream that pauses longer than the timeout mid-answer fails too', async () => {
      const u = await insertUser(slow);
      fake.reply(['Primeira parte. ', 'Segunda parte, tarde demais.'], undefined, { delayMs: 1500 });
      const { res, events } = await sendMessage(slow, u.cookie, QUESTION);
      await expectFailedAndRefunded(slow, u, TRIAL, res, events);
      expect(answerText(events)).toBe('Primeira parte. ');
      const req = only(fake.requests);
      await vi.waitFor(() => expect(req.aborted).toBe(true));
      expect(req.sent).toEqual(['Primeira parte. ']);
    });
  });

  it('a refused connection fails the answer with no 5xx, and refunds it', async () => {
    const gone = await startFakeOpenAi();
    const env = gone.env();
    await gone.close();
    const app = await chatApp(env);
    const u = await insertUser(app);
    const { res, events } = await sendMessage(app, u.cookie, QUESTION);
    await expectFailedAndRefunded(app, u, TRIAL, res, events);
  });
});

describe('stop', () => {
  it('stops a slow answer from a second request: it keeps what was written and costs only that', async () => {
    const u = await insertUser(t);
    const pieces = Array.from({ length: 60 }, (_, i) => `parte ${i + 1}. `);
    // Usage would only come at the very end: a stopped answer is charged by the estimate.
    fake.reply(pieces, { prompt_tokens: 1, completion_tokens: 1 }, { delayMs: 100 });

    const res = await t.request({
      method: 'POST',
      url: '/api/chat/messages',
      cookie: u.cookie,
      payload: { content: QUESTION },
      payloadAsStream: true,
    });
    expect(res.statusCode).toBe(200);
    const events: ChatEvent[] = [];
    let stop: ReturnType<TestApp['request']> | null = null;
    for await (const event of sseEvents(res.stream())) {
      events.push(event);
      // Once the answer is under way, the user presses stop (another request, as the web app does).
      if (event.type === 'delta' && !stop)
        stop = t.request({
          method: 'POST',
          url: `/api/chat/messages/${startOf(events).assistantMessage.id}/stop`,
          cookie: u.cookie,
        });
    }
    const stopped = await stop!;
    expect(stopped.statusCode, stopped.body).toBe(200);

    expect(shape(events)).toMatch(/^start delta( citations)? done$/);
    const { reserved, assistantMessage } = startOf(events);
    const written = answerText(events);
    expect(written.length).toBeGreaterThan(0);
    expect(written.length).toBeLessThan(pieces.join('').length);
    expect(pieces.join('').startsWith(written)).toBe(true);

    const req = only(fake.requests);
    const estimate = req.body.messages!.reduce((n, m) => n + countTokens(String(m.content)), 0) + countTokens(written);
    const cost = Math.min(estimate, reserved);
    expect(cost).toBeGreaterThan(0);
    const done = doneOf(events);
    expect(done.message).toMatchObject({ id: assistantMessage.id, status: 'stopped', content: written, cost });
    expect(stopped.json<ChatMessageDto>()).toMatchObject({
      id: assistantMessage.id,
      status: 'stopped',
      content: written,
      cost,
    });
    expect(done.balance).toBe(TRIAL - cost);
    expect(await balanceOf(t, u.user.id)).toBe(TRIAL - cost);
    expect(await settlementOf(t, assistantMessage.id)).toEqual({
      ledger: [
        { kind: 'reserve', delta: -reserved },
        ...(reserved > cost ? [{ kind: 'reserve_refund', delta: reserved - cost }] : []),
      ],
      reservation: { amount: reserved, actual_cost: cost, status: 'committed' },
    });
    expect(await messageRow(t, assistantMessage.id)).toMatchObject({ status: 'stopped', content: written, cost });

    // The upstream call was cancelled: the fake stopped writing long before the end.
    await vi.waitFor(() => expect(req.aborted).toBe(true));
    expect(req.sent.length).toBeLessThan(pieces.length);

    // Stopping again changes nothing.
    const again = await t.request({
      method: 'POST',
      url: `/api/chat/messages/${assistantMessage.id}/stop`,
      cookie: u.cookie,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json<ChatMessageDto>()).toMatchObject({ status: 'stopped', cost });
    expect(await balanceOf(t, u.user.id)).toBe(TRIAL - cost);
  });
});

describe('concurrency (SECURITY.md 17, 20)', () => {
  it('8 concurrent messages on credits for a few answers: each answered or refused 402, never below zero', async () => {
    const u = await insertUser(t);
    // Every answer costs at least its prompt estimate (≥ 250) + the least answer (120): 2000
    // credits can never pay for 8, whatever the order.
    const start = 2000;
    await setCredits(t, u.user.id, start);
    for (let i = 0; i < 8; i++)
      fake.reply([`Resposta ${i + 1}.`], { prompt_tokens: 50_000, completion_tokens: 50_000 });

    const results = await Promise.all(Array.from({ length: 8 }, () => sendMessage(t, u.cookie, QUESTION)));

    const answered = results.filter((r) => r.res.statusCode === 200);
    const refused = results.filter((r) => r.res.statusCode !== 200);
    for (const r of refused) {
      expect(r.res.statusCode, r.res.body).toBe(402);
      expect(r.res.json()).toMatchObject({ error: { code: 'INSUFFICIENT_CREDITS' } });
    }
    expect(answered.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);

    let charged = 0;
    for (const r of answered) {
      const done = doneOf(r.events);
      expect(done.message.status).toBe('done');
      const { reserved } = startOf(r.events);
      expect(done.message.cost).toBe(reserved);
      expect(done.balance).toBeGreaterThanOrEqual(0);
      charged += done.message.cost!;
    }
    expect(charged).toBeLessThanOrEqual(start);
    expect(await balanceOf(t, u.user.id)).toBe(start - charged);
    // Only answered messages reached the model, and only they left a conversation behind.
    expect(fake.requests).toHaveLength(answered.length);
    expect(fake.pending()).toBe(refused.length);
    fake.reset();
    const [{ n }] = (await t.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM chat_conversations WHERE user_id = $1',
      [u.user.id],
    )) as [{ n: number }];
    expect(n).toBe(answered.length);
    const reservations = await t.query<{ status: string }>(
      'SELECT status FROM credit_reservations WHERE user_id = $1',
      [u.user.id],
    );
    expect(reservations.map((r) => r.status)).toEqual(answered.map(() => 'committed'));
  });
});

describe('safety with the OpenAI-compatible endpoint (the guide-safety issue)', () => {
  it('despair said softly never reaches the model: the helpline answers first, free', async () => {
    for (const [message, locale, country, helpline] of [
      ['Queria dormir e não acordar mais', 'pt-BR', 'Brasil', 'CVV'],
      ['my family would be better off without me', 'en-US', 'USA', '988'],
      ['Ya no le veo sentido a seguir viviendo', 'es-ES', 'España', '024'],
    ] as const) {
      const u = await insertUser(t, { country });
      const { res, events } = await sendMessage(t, u.cookie, message, { locale });
      expect(res.statusCode, res.body).toBe(200);
      const done = only(eventsOf(events, 'done'));
      expect(done.message.kind).toBe('crisis');
      expect(done.message.cost).toBe(0);
      expect(answerText(events).split('\n\n')[0]).toContain(helpline);
    }
    // The fake was scripted for nothing: any request would fail this test (afterEach).
    expect(fake.requests).toHaveLength(0);
  });

  it('the model is never given a passage on the never-quote list, and its citation of one is not linked', async () => {
    const app = await chatApp(fake.env());
    // A Bible where Êxodo 22:18 exists (a made-up line) beside the usual fixture verses.
    await insertText(
      app,
      bibleFixture('pt', 'porblivre', { 'Exod 22:18': 'Linha inventada de teste para este versículo.' }),
    );
    const u = await insertUser(app);
    fake.reply(['Leia Êxodo 22:18 e também João 3:16.']);
    const { res, events } = await sendMessage(app, u.cookie, 'O que significa Êxodo 22:18? Estou com medo.');
    expect(res.statusCode, res.body).toBe(200);
    const passages = promptPassages(systemOf(only(fake.requests)));
    expect(passages.length).toBeGreaterThan(0);
    expect(passages.map((p) => p.reference)).not.toContain('Êxodo 22:18');
    const citations = only(eventsOf(events, 'citations')).citations;
    expect(citations.map((c) => c.label)).toEqual(['João 3:16']);
  });

  it('words near despair ask the model to name the helpline', async () => {
    const u = await insertUser(t);
    fake.reply(['Estou aqui com você. O que aconteceu hoje?']);
    const { res } = await sendMessage(t, u.cookie, 'Não aguento mais, me sinto sem saída');
    expect(res.statusCode, res.body).toBe(200);
    const system = systemOf(only(fake.requests));
    expect(system).toContain('may signal despair');
    expect(system).toContain('188');
  });
});

// parseSse is shared with other chat tests: it must reject what is not an answer stream.
describe('parseSse', () => {
  it('reads events, skips comments, and refuses a name that differs from the data', () => {
    const body =
      ': ping\n\nevent: delta\ndata: {"type":"delta","text":"a"}\n\nevent: delta\ndata: {"type":"delta","text":"b"}\n\n';
    expect(parseSse(body)).toEqual([
      { type: 'delta', text: 'a' },
      { type: 'delta', text: 'b' },
    ]);
    expect(() => parseSse('event: done\ndata: {"type":"delta","text":"a"}\n\n')).toThrow(/differs/);
    expect(() => parseSse('event: delta\ndata: {"type":"delta","text":"a"}')).toThrow(/blank line/);
  });
});
