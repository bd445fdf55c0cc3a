import type { ChatEvent, SendMessageInput } from '@candeia/shared/schemas/chat';
import { chatEventStream } from '../lib/event-stream.ts';

/**
 * POST /api/chat/messages: sends a message (in a new conversation when no id) and streams the
 * answer. A refusal (no credits, validation, busy…) throws an ApiError before any event.
 */
export function sendMessage(input: SendMessageInput, signal: AbortSignal): AsyncGenerator<ChatEvent> {
  return chatEventStream('/chat/messages', { method: 'POST', body: input, signal });
}
