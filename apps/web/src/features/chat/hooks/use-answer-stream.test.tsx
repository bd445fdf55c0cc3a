import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessageDto, ConversationDetailDto, ConversationDto } from '@candeia/shared/schemas/chat';
import type { ApiError } from '../../../lib/api.ts';
import { chatKeys } from '../api/keys.ts';
import { useAnswerStream, type StreamProblem } from './use-answer-stream.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const conversation: ConversationDto = {
  id: 'c1',
  title: 'Ansiedade',
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  lastMessageAt: '2026-01-01T00:00:00Z',
  messageCount: 2,
};
const msg = (over: Partial<ChatMessageDto>): ChatMessageDto => ({
  id: 'm',
  conversationId: 'c1',
  role: 'assistant',
  kind: 'answer',
  content: '',
  status: 'streaming',
  citations: [],
  cost: null,
  createdAt: '2026-01-01T00:00:00Z',
  ...over,
});
const user = msg({ id: 'u1', role: 'user', kind: 'message', content: 'Estou ansioso', status: 'done' });
const answer = msg({ id: 'a1' });

const sse = (type: string, data: unknown) => `event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;

/** A streamed response whose pieces are released by `next()`. */
function controlledStream() {
  let ctrl!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (ctrl = c) });
  const enc = new TextEncoder();
  return {
    response: new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    push: (text: string) => ctrl.enqueue(enc.encode(text)),
    close: () => ctrl.close(),
  };
}

function setup() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={qc}>{children}</QueryClientProvider>
  );
  const problems: StreamProblem[] = [];
  const starts: string[] = [];
  const hook = renderHook(
    () =>
      useAnswerStream({
        onStart: (ev) => starts.push(ev.conversation.id),
        onProblem: (p) => problems.push(p),
      }),
    { wrapper },
  );
  return { qc, hook, problems, starts };
}

describe('useAnswerStream', () => {
  it('shows the answer as it streams, then settles it with its cost and the balance left', async () => {
    const s = controlledStream();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => s.response),
    );
    const { qc, hook, starts } = setup();

    let done!: Promise<void>;
    act(() => {
      done = hook.result.current.send({ content: 'Estou ansioso' });
    });
    expect(hook.result.current.live).toMatchObject({ mode: 'send', conversationId: null, message: null });

    await act(async () => {
      s.push(sse('start', { conversation, userMessage: user, assistantMessage: answer, reserved: 100 }));
      s.push(sse('delta', { text: 'Olá, ' }));
      s.push(sse('delta', { text: 'Clara.' }));
    });
    await waitFor(() => expect(hook.result.current.live?.message?.content).toBe('Olá, Clara.'));
    expect(starts).toEqual(['c1']);
    expect(qc.getQueryData<ConversationDetailDto>(chatKeys.conversation('c1'))?.messages.map((m) => m.id)).toEqual([
      'u1',
      'a1',
    ]);

    const final = msg({ id: 'a1', content: 'Olá, Clara.', status: 'done', cost: 312 });
    await act(async () => {
      s.push(sse('done', { message: final, balance: 688 }));
      s.close();
      await done;
    });
    expect(hook.result.current.live).toBeNull();
    expect(hook.result.current.settled.a1).toEqual(final);
    expect(hook.result.current.balances.a1).toBe(688);
    expect(qc.getQueryData<ConversationDetailDto>(chatKeys.conversation('c1'))?.messages[1]).toEqual(final);
  });

  it('reports a refusal before start (nothing saved) and ends', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ error: { code: 'INSUFFICIENT_CREDITS', message: 'Sem créditos' } }, { status: 402 }),
      ),
    );
    const { hook, problems } = setup();
    await act(() => hook.result.current.send({ content: 'Oi' }));
    expect(hook.result.current.live).toBeNull();
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ stage: 'refused', mode: 'send' });
    expect((problems[0] as { error: ApiError }).error.code).toBe('INSUFFICIENT_CREDITS');
  });

  it('re-attaching replaces the text with the first delta, and a stop asked before start is sent after it', async () => {
    const s = controlledStream();
    const fetch = vi.fn(async (url: string) =>
      url.endsWith('/stop') ? Response.json(msg({ id: 'a1', status: 'stopped' })) : s.response,
    );
    vi.stubGlobal('fetch', fetch);
    const { hook } = setup();
    let done!: Promise<void>;
    act(() => {
      done = hook.result.current.attach('c1', msg({ id: 'a1', content: 'Olá' }));
    });
    act(() => hook.result.current.stop());
    expect(hook.result.current.live?.stopping).toBe(true);
    await waitFor(() =>
      expect(fetch.mock.calls.some(([u]) => String(u).endsWith('/chat/messages/a1/stop'))).toBe(true),
    );
    await act(async () => {
      s.push(sse('delta', { text: 'Olá, Clara' }));
    });
    await waitFor(() => expect(hook.result.current.live?.message?.content).toBe('Olá, Clara'));
    await act(async () => {
      s.push(sse('delta', { text: '!' }));
      s.push(
        sse('done', { message: msg({ id: 'a1', content: 'Olá, Clara!', status: 'stopped', cost: 4 }), balance: 9 }),
      );
      s.close();
      await done;
    });
    expect(hook.result.current.settled.a1?.status).toBe('stopped');
  });

  it('marks the answer failed on an error event', async () => {
    const s = controlledStream();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => s.response),
    );
    const { hook, problems } = setup();
    await act(async () => {
      const done = hook.result.current.regenerate('c1');
      s.push(sse('start', { conversation, userMessage: user, assistantMessage: answer, reserved: 100 }));
      s.push(sse('error', { code: 'CHAT_ENGINE_FAILED', message: 'Falhou', messageId: 'a1' }));
      s.close();
      await done;
    });
    expect(hook.result.current.settled.a1?.status).toBe('failed');
    expect(hook.result.current.failures.a1).toBe('Falhou');
    expect(problems[0]).toMatchObject({ stage: 'failed', code: 'CHAT_ENGINE_FAILED', mode: 'regenerate' });
  });
});
