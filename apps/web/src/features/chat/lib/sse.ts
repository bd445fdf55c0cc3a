import { CHAT_EVENT_TYPES, type ChatEvent } from '@candeia/shared/schemas/chat';
import { toTypedEvent, type SseMessage } from '../../../lib/sse.ts';

const TYPES = new Set<string>(CHAT_EVENT_TYPES);

/**
 * The chat event an SSE message carries (the event name is its type), or null for anything
 * else: an unknown event name, or data that is not a JSON object.
 */
export function toChatEvent(msg: SseMessage): ChatEvent | null {
  return toTypedEvent<ChatEvent>(msg, TYPES);
}
