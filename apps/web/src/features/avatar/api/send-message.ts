import { AVATAR_EVENT_TYPES, type AvatarEvent, type AvatarMessageInput } from '@candeia/shared/schemas/avatar';
import { eventStream } from '../../../lib/event-stream.ts';
import { toTypedEvent } from '../../../lib/sse.ts';

const TYPES = new Set<string>(AVATAR_EVENT_TYPES);

/**
 * POST /api/avatar/sessions/:id/messages: what the member said (typed or spoken), then the
 * counsellor's answer as it is written (start, delta…, citations, done). A refusal throws an
 * ApiError before any event.
 */
export function sendMessage(
  sessionId: string,
  input: AvatarMessageInput,
  signal: AbortSignal,
): AsyncGenerator<AvatarEvent, void, undefined> {
  return eventStream(
    `/avatar/sessions/${encodeURIComponent(sessionId)}/messages`,
    { method: 'POST', body: input, signal },
    (msg) => toTypedEvent<AvatarEvent>(msg, TYPES),
  );
}
