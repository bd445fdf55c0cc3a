import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { CHAT_EVENT_TYPES, type ChatEvent } from '@candeia/shared/schemas/chat';
import * as credits from '../../src/modules/credits/service.ts';
import type { TestApp } from './app.ts';

/** Chat test helpers: reading an answer's Server-Sent Events, and giving a user credits. */

function parseBlock(block: string): ChatEvent | null {
  let name: string | null = null;
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line === '' || line.startsWith(':')) continue; // a comment (the keep-alive ping)
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') name = value;
    else if (field === 'data') data.push(value);
    else throw new Error(`unexpected SSE field "${field}" in: ${block}`);
  }
  if (data.length === 0) {
    if (name !== null) throw new Error(`SSE event "${name}" without data`);
    return null;
  }
  const event = JSON.parse(data.join('\n')) as ChatEvent;
  if (!(CHAT_EVENT_TYPES as readonly string[]).includes(event.type))
    throw new Error(`unknown chat event ${event.type}`);
  if (name !== event.type) throw new Error(`SSE event name "${name}" differs from its data's type "${event.type}"`);
  return event;
}

/** The events of an SSE body (`event: <type>` / `data: <json>` blocks; comment lines skipped). */
export function parseSse(body: string): ChatEvent[] {
  const text = body.replace(/\r\n?/g, '\n');
  if (text && !text.endsWith('\n\n'))
    throw new Error(`SSE body does not end with a blank line: ${JSON.stringify(text.slice(-80))}`);
  return text
    .split('\n\n')
    .map(parseBlock)
    .filter((e): e is ChatEvent => e !== null);
}

/** The events of an SSE stream as they arrive (for a test that acts mid-answer). */
export async function* sseEvents(stream: Readable): AsyncGenerator<ChatEvent> {
  let buffer = '';
  for await (const chunk of stream) {
    buffer += (typeof chunk === 'string' ? chunk : (chunk as Buffer).toString('utf8')).replace(/\r\n?/g, '\n');
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const event = parseBlock(buffer.slice(0, end));
      buffer = buffer.slice(end + 2);
      if (event) yield event;
      end = buffer.indexOf('\n\n');
    }
  }
  if (buffer.trim()) throw new Error(`SSE stream ended mid-event: ${buffer}`);
}

/** The events of one type, narrowed. */
export function eventsOf<T extends ChatEvent['type']>(
  events: ChatEvent[],
  type: T,
): Array<Extract<ChatEvent, { type: T }>> {
  return events.filter((e): e is Extract<ChatEvent, { type: T }> => e.type === type);
}

/** The answer's text: its deltas joined. */
export function answerText(events: ChatEvent[]): string {
  return eventsOf(events, 'delta')
    .map((e) => e.text)
    .join('');
}

/** Gives the user `amount` credits (an admin grant with a fresh key), as the app would. */
export async function giveCredits(t: TestApp, userId: string, amount: number): Promise<void> {
  await credits.grant(
    t.database.db,
    userId,
    amount,
    'admin_grant',
    `test-grant:${randomBytes(8).toString('hex')}`,
    'test',
    t.clock.now(),
  );
}

/** Brings the user's balance to exactly `target`, through the ledger (a grant or a spend). */
export async function setCredits(t: TestApp, userId: string, target: number): Promise<void> {
  const now = await credits.balance(t.database.db, userId);
  const key = `test-set:${randomBytes(8).toString('hex')}`;
  if (target > now) await credits.grant(t.database.db, userId, target - now, 'admin_grant', key, 'test', t.clock.now());
  else if (target < now) await credits.spend(t.database.db, userId, now - target, key, 'test', t.clock.now());
}

/** POST /api/chat/messages and its events (inject gives the whole stream once the answer ends). */
export async function sendMessage(
  t: TestApp,
  cookie: string,
  content: string,
  opts: { conversationId?: string; locale?: string } = {},
) {
  const res = await t.request({
    method: 'POST',
    url: '/api/chat/messages',
    cookie,
    locale: opts.locale,
    payload: { content, ...(opts.conversationId ? { conversationId: opts.conversationId } : {}) },
  });
  const events = res.statusCode === 200 ? parseSse(res.body) : [];
  return { res, events };
}

/** The events of a streamed answer read over real HTTP (a fetch Response), as they come. */
export async function* responseEvents(res: Response): AsyncGenerator<ChatEvent> {
  if (res.status !== 200) throw new Error(`${res.status} ${await res.text()}`);
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of res.body!) {
    buffer += decoder.decode(chunk as Uint8Array, { stream: true });
    let cut;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, cut + 2);
      buffer = buffer.slice(cut + 2);
      yield* parseSse(block);
    }
  }
}

/** Opens an answer's stream over HTTP at `url` as the browser app would; yields its events. */
export async function* openStream(
  url: string,
  opts: { cookie: string; origin: string; body?: unknown; signal?: AbortSignal | undefined },
): AsyncGenerator<ChatEvent> {
  const res = await fetch(url, {
    method: opts.body === undefined ? 'GET' : 'POST',
    headers: {
      cookie: opts.cookie,
      origin: opts.origin,
      'sec-fetch-site': 'same-origin',
      ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: opts.body === undefined ? null : JSON.stringify(opts.body),
    signal: opts.signal ?? null,
  });
  yield* responseEvents(res);
}

/** The first and last events of an answer's stream. */
export type StartEvent = Extract<ChatEvent, { type: 'start' }>;
export type DoneEvent = Extract<ChatEvent, { type: 'done' }>;
