import type { ChatEvent, ChatMessageDto, ConversationDetailDto } from '@candeia/shared/schemas/chat';

type StartEvent = Extract<ChatEvent, { type: 'start' }>;

/**
 * A conversation after an answer's `start`: a new message is added with its answer; a
 * regenerated answer replaces everything after the message it answers.
 */
export function applyStart(old: ConversationDetailDto | undefined, ev: StartEvent): ConversationDetailDto {
  const messages = old?.messages ?? [];
  const at = messages.findIndex((m) => m.id === ev.userMessage.id);
  const kept =
    at === -1
      ? [...messages.filter((m) => m.id !== ev.assistantMessage.id), ev.userMessage]
      : messages.slice(0, at + 1);
  return { ...(old ?? {}), ...ev.conversation, messages: [...kept, ev.assistantMessage] };
}

/** The conversation with `message` written in (replacing the one with its id, else added). */
export function withMessage(old: ConversationDetailDto | undefined, message: ChatMessageDto) {
  if (!old) return old;
  const at = old.messages.findIndex((m) => m.id === message.id);
  const messages = at === -1 ? [...old.messages, message] : old.messages.map((m, i) => (i === at ? message : m));
  return { ...old, messages };
}

/**
 * What the screen shows: the stored messages, each replaced by its settled version when the
 * screen saw it finish (the cache may lag a moment), and the answer being written, live.
 */
export function shownMessages(
  stored: readonly ChatMessageDto[],
  settled: Readonly<Record<string, ChatMessageDto>>,
  live: ChatMessageDto | null,
): ChatMessageDto[] {
  const out = stored.map((m) => settled[m.id] ?? m);
  if (!live) return out;
  const at = out.findIndex((m) => m.id === live.id);
  if (at === -1) out.push(live);
  else out[at] = live;
  return out;
}
