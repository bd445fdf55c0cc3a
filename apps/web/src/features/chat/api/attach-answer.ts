import type { ChatEvent } from '@candeia/shared/schemas/chat';
import { chatEventStream } from '../lib/event-stream.ts';
import { seg } from './keys.ts';

/**
 * GET /api/chat/messages/:id/stream: re-attaches to an answer (after a reload): one delta with
 * all the text so far, then the live deltas, citations and done; an answer already finished
 * sends citations and done at once.
 */
export function attachAnswer(messageId: string, signal: AbortSignal): AsyncGenerator<ChatEvent> {
  return chatEventStream(`/chat/messages/${seg(messageId)}/stream`, { signal });
}
