import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * A fake OpenAI-compatible chat endpoint on loopback, for the app's OpenAiEngine pointed at it
 * through AI_BASE_URL (ENGINEERING.md 12). It implements POST /v1/chat/completions with
 * `stream: true` as OpenAI does (SSE chunks, a finish chunk, a usage chunk when
 * `stream_options.include_usage` was asked, then `[DONE]`), and answers each request with the
 * next behaviour the test scripted (reply, errorMidStream, hang, status). Every request is
 * recorded; one that was not scripted for (another path, no behaviour left, not streaming) is
 * answered 404 and kept in `unexpected`: tests assert it stays empty.
 */

export interface FakeAiBody {
  model?: string;
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  messages?: Array<{ role: string; content: unknown }>;
  max_tokens?: number;
  [key: string]: unknown;
}

export interface FakeAiRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: FakeAiBody;
  /** The client closed the connection before the fake finished answering (a stop or a timeout). */
  aborted: boolean;
  /** Content pieces actually written to the client. */
  sent: string[];
}

export interface FakeUsage {
  prompt_tokens: number;
  completion_tokens: number;
}

/** The pieces of an answer, fixed or made from the request (e.g. quoting the passages it was given). */
export type Pieces = string[] | ((req: FakeAiRequest) => string[]);

type Behaviour =
  | { kind: 'reply'; pieces: Pieces; usage: FakeUsage | null | undefined; delayMs: number }
  | { kind: 'errorMidStream'; pieces: Pieces; how: 'destroy' | 'error-chunk' }
  | { kind: 'hang'; beforeHeaders: boolean }
  | { kind: 'status'; status: number; body: unknown };

export interface FakeOpenAi {
  port: number;
  requests: FakeAiRequest[];
  unexpected: FakeAiRequest[];
  /** Environment for createTestApp: the app's engine talks to this server. */
  env(extra?: Record<string, string>): Record<string, string>;
  /**
   * The next request streams `pieces` (one chunk each, `delayMs` apart), a stop chunk, then the
   * usage (default: 11 prompt tokens and one per piece; null: none even when asked).
   */
  reply(pieces: Pieces, usage?: FakeUsage | null, opts?: { delayMs?: number }): void;
  /**
   * The next request streams `piecesBefore`, then fails: 'destroy' cuts the connection (no finish
   * chunk, no [DONE]); 'error-chunk' sends an OpenAI error object as a chunk, then ends the stream.
   */
  errorMidStream(piecesBefore: Pieces, how?: 'destroy' | 'error-chunk'): void;
  /**
   * The next request gets its 200 and event-stream headers (or, with beforeHeaders, not even
   * those), then nothing until the client or close() ends it.
   */
  hang(opts?: { beforeHeaders?: boolean }): void;
  /** The next request is answered `status` with a JSON body (OpenAI's error shape by default). */
  status(status: number, body?: unknown): void;
  /** Behaviours scripted and not used yet. */
  pending(): number;
  /** Resolves when `count` requests (all kinds) have been received. */
  received(count: number): Promise<void>;
  /** Forgets requests and scripted behaviours. */
  reset(): void;
  /** Stops listening and destroys every open connection (hung ones included). */
  close(): Promise<void>;
}

export const FAKE_AI_KEY = 'test-key';
export const FAKE_AI_MODEL = 'fake-model';
export const COMPLETIONS_PATH = '/v1/chat/completions';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const requests: FakeAiRequest[] = [];
  const unexpected: FakeAiRequest[] = [];
  const script: Behaviour[] = [];
  const sockets = new Set<Socket>();
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  let seq = 0;

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const openAiError = (message: string, type: string, code: string | null = null) => ({
    error: { message, type, param: null, code },
  });

  async function stream(req: FakeAiRequest, res: ServerResponse, b: Exclude<Behaviour, { kind: 'status' }>) {
    if (b.kind === 'hang' && b.beforeHeaders) return;
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    res.flushHeaders();
    if (b.kind === 'hang') return; // nothing more: the client's timeout (or close()) ends it
    const id = `chatcmpl-fake-${++seq}`;
    const created = Math.floor(Date.now() / 1000);
    const model = req.body.model ?? FAKE_AI_MODEL;
    const chunk = (extra: Record<string, unknown>) =>
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, ...extra })}\n\n`;
    const open = () => !res.destroyed && !res.writableEnded;
    const pieces = typeof b.pieces === 'function' ? b.pieces(req) : b.pieces;
    for (const [i, content] of pieces.entries()) {
      if (b.kind === 'reply' && b.delayMs > 0 && i > 0) await sleep(b.delayMs);
      if (!open()) return;
      const delta = i === 0 ? { role: 'assistant', content } : { content };
      res.write(chunk({ choices: [{ index: 0, delta, finish_reason: null }] }));
      req.sent.push(content);
    }
    if (b.kind === 'errorMidStream') {
      // Let the pieces reach the client before failing.
      await sleep(20);
      if (b.how === 'destroy') {
        res.socket?.destroy();
        return;
      }
      res.write(
        `data: ${JSON.stringify(openAiError('The server had an error while processing your request.', 'server_error'))}\n\n`,
      );
      res.end('data: [DONE]\n\n');
      return;
    }
    if (b.delayMs > 0) await sleep(b.delayMs);
    if (!open()) return;
    res.write(chunk({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] }));
    const usage = b.usage === undefined ? { prompt_tokens: 11, completion_tokens: pieces.length } : b.usage;
    if (usage && req.body.stream_options?.include_usage === true)
      res.write(
        chunk({
          choices: [],
          usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
        }),
      );
    res.end('data: [DONE]\n\n');
  }

  const server: Server = createServer((raw: IncomingMessage, res: ServerResponse) => {
    let text = '';
    raw.setEncoding('utf8');
    raw.on('data', (c: string) => (text += c));
    raw.on('end', () => {
      const url = new URL(raw.url ?? '/', 'http://fake');
      let body: FakeAiBody = {};
      try {
        body = text ? (JSON.parse(text) as FakeAiBody) : {};
      } catch {
        body = { unparsable: text };
      }
      const req: FakeAiRequest = {
        method: raw.method ?? 'GET',
        path: url.pathname,
        headers: raw.headers,
        body,
        aborted: false,
        sent: [],
      };
      requests.push(req);
      res.on('close', () => {
        if (!res.writableFinished) req.aborted = true;
      });
      for (const w of [...waiters])
        if (requests.length >= w.count) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve();
        }

      const behaviour =
        req.method === 'POST' && req.path === COMPLETIONS_PATH && body.stream === true ? script.shift() : undefined;
      if (!behaviour) {
        unexpected.push(req);
        return json(
          res,
          404,
          openAiError(`Unexpected request to the fake: ${req.method} ${req.path}`, 'invalid_request_error'),
        );
      }
      if (behaviour.kind === 'status') return json(res, behaviour.status, behaviour.body);
      stream(req, res, behaviour).catch(() => res.destroy());
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;

  return {
    port,
    requests,
    unexpected,
    env: (extra = {}) => ({
      AI_BASE_URL: `http://127.0.0.1:${port}/v1`,
      AI_API_KEY: FAKE_AI_KEY,
      AI_MODEL: FAKE_AI_MODEL,
      AI_TIMEOUT_MS: '10000',
      ...extra,
    }),
    reply: (pieces, usage, opts = {}) => void script.push({ kind: 'reply', pieces, usage, delayMs: opts.delayMs ?? 0 }),
    errorMidStream: (pieces, how = 'destroy') => void script.push({ kind: 'errorMidStream', pieces, how }),
    hang: (opts = {}) => void script.push({ kind: 'hang', beforeHeaders: opts.beforeHeaders ?? false }),
    status: (status, body) =>
      void script.push({
        kind: 'status',
        status,
        body:
          body ??
          (status === 429
            ? openAiError('Rate limit reached for requests', 'requests', 'rate_limit_exceeded')
            : openAiError('The server had an error while processing your request.', 'server_error')),
      }),
    pending: () => script.length,
    received: (count) =>
      requests.length >= count ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ count, resolve })),
    reset: () => {
      requests.length = 0;
      unexpected.length = 0;
      script.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
