import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatEvent } from '@candeia/shared/schemas/chat';
import { ApiError } from '../../../lib/api.ts';
import { chatEventStream } from './event-stream.ts';

afterEach(() => vi.unstubAllGlobals());

/** A response whose body arrives in the given pieces. */
function streamed(pieces: string[], status = 200): Response {
  const bytes = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const p of pieces) controller.enqueue(bytes.encode(p));
      controller.close();
    },
  });
  return new Response(body, { status, headers: { 'content-type': 'text/event-stream' } });
}

async function collect(gen: AsyncGenerator<ChatEvent>): Promise<ChatEvent[]> {
  const out: ChatEvent[] = [];
  for await (const ev of gen) out.push(ev);
  return out;
}

describe('chatEventStream', () => {
  it('sends the request like the JSON API (cookie, language, JSON body) and yields the events', async () => {
    const fetch = vi.fn(async () =>
      streamed([
        'event: delta\ndata: {"te',
        'xt":"Olá"}\n\n: ping\n\n',
        'event: done\ndata: {"balance":5,"message":{}}\n\n',
      ]),
    );
    vi.stubGlobal('fetch', fetch);
    const events = await collect(
      chatEventStream('/chat/messages', {
        method: 'POST',
        body: { content: 'oi' },
        signal: new AbortController().signal,
      }),
    );
    expect(events).toEqual([
      { type: 'delta', text: 'Olá' },
      { type: 'done', balance: 5, message: {} },
    ]);
    const [url, init] = fetch.mock.calls[0]! as unknown as [string, RequestInit];
    expect(url).toBe('/api/chat/messages');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect(init.body).toBe('{"content":"oi"}');
    expect(init.headers).toMatchObject({ accept: 'text/event-stream', 'content-type': 'application/json' });
    expect((init.headers as Record<string, string>)['x-locale']).toBeTruthy();
  });

  it('throws the API error of a refusal before any event', async () => {
    const body = { error: { code: 'INSUFFICIENT_CREDITS', message: 'Créditos insuficientes' } };
    vi.stubGlobal('fetch', async () => Response.json(body, { status: 402 }));
    const error = await collect(chatEventStream('/chat/messages', { signal: new AbortController().signal })).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 402, code: 'INSUFFICIENT_CREDITS', message: 'Créditos insuficientes' });
  });

  it('turns a failed connection into NETWORK_ERROR, and lets an abort through', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(collect(chatEventStream('/x', { signal: new AbortController().signal }))).rejects.toMatchObject({
      code: 'NETWORK_ERROR',
    });
    vi.stubGlobal('fetch', async () => {
      throw new DOMException('aborted', 'AbortError');
    });
    await expect(collect(chatEventStream('/x', { signal: new AbortController().signal }))).rejects.toMatchObject({
      name: 'AbortError',
    });
  });
});
