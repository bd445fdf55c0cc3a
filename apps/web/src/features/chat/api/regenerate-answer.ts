import type { ChatEvent } from '@candeia/shared/schemas/chat';
import { chatEventStream } from '../lib/event-stream.ts';
import { seg } from './keys.ts';

/**
 * POST /api/chat/conversations/:id/regenerate: a new answer to the conversation's last
 * message, streamed; it replaces the previous answer (whose id is then gone).
 */
export function regenerateAnswer(conversationId: string, signal: AbortSignal): AsyncGenerator<ChatEvent> {
  return chatEventStream(`/chat/conversations/${seg(conversationId)}/regenerate`, { method: 'POST', signal });
}
