import type { ChatMessageDto } from '@candeia/shared/schemas/chat';
import { api } from '../../../lib/api.ts';
import { seg } from './keys.ts';

/**
 * POST /api/chat/messages/:id/stop: stops an answer being written; it costs only what was
 * written. The answer's stream then ends with its `done` event.
 */
export function stopAnswer(messageId: string): Promise<ChatMessageDto> {
  return api<ChatMessageDto>(`/chat/messages/${seg(messageId)}/stop`, { method: 'POST' });
}
