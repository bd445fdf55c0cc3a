import { ApiError, apiErrorOf, apiFetch, type Method } from './api.ts';
import { SseParser, type SseMessage } from './sse.ts';

/**
 * Opens one of the API's event streams (the chat's answers, the avatar's): the same request as `api` (same-origin cookie,
 * the current language, JSON body), then the answer's events as they arrive. A refusal
 * (a JSON error with a 4xx status, nothing saved) throws an ApiError before any event, as
 * does a network failure; aborting `signal` ends the loop with an AbortError.
 */
export async function* eventStream<E>(
  path: string,
  opts: { method?: Method; body?: unknown; signal: AbortSignal },
  toEvent: (msg: SseMessage) => E | null,
): AsyncGenerator<E, void, undefined> {
  let res: Response;
  try {
    res = await apiFetch(path, { ...opts, accept: 'text/event-stream' });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'NETWORK_ERROR', '');
  }
  if (!res.ok) throw apiErrorOf(res.status, await res.json().catch(() => null));
  if (!res.body) throw new ApiError(res.status, 'UNEXPECTED_ERROR', '');

  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  const parser = new SseParser();
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<string>;
      try {
        chunk = await reader.read();
      } catch (err) {
        if ((err as Error).name === 'AbortError' || opts.signal.aborted) throw err;
        throw new ApiError(0, 'NETWORK_ERROR', '');
      }
      if (chunk.done) break;
      for (const msg of parser.push(chunk.value)) {
        const event = toEvent(msg);
        if (event) yield event;
      }
    }
    parser.end();
  } finally {
    // Leaving early (a `done` seen, the screen closed) lets go of the connection.
    reader.cancel().catch(() => undefined);
  }
}
