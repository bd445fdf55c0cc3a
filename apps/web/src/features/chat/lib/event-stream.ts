import type { ChatEvent } from '@candeia/shared/schemas/chat';
import type { Method } from '../../../lib/api.ts';
import { eventStream } from '../../../lib/event-stream.ts';
import { toChatEvent } from './sse.ts';

/** Opens one of the chat's event streams (lib/event-stream.ts): the answer's events as they arrive. */
export function chatEventStream(
  path: string,
  opts: { method?: Method; body?: unknown; signal: AbortSignal },
): AsyncGenerator<ChatEvent, void, undefined> {
  return eventStream(path, opts, toChatEvent);
}
