import { describe, expect, it } from 'vitest';
import type { ChatMessageDto, ConversationDetailDto, ConversationDto } from '@candeia/shared/schemas/chat';
import { applyStart, shownMessages, withMessage } from './messages.ts';

const conversation: ConversationDto = {
  id: 'c1',
  title: 'T',
  createdAt: 'x',
  updatedAt: 'x',
  lastMessageAt: 'x',
  messageCount: 0,
};
const m = (id: string, role: 'user' | 'assistant', status: ChatMessageDto['status'] = 'done'): ChatMessageDto => ({
  id,
  conversationId: 'c1',
  role,
  kind: role === 'user' ? 'message' : 'answer',
  content: id,
  status,
  citations: [],
  cost: null,
  createdAt: 'x',
});
const detail = (...messages: ChatMessageDto[]): ConversationDetailDto => ({ ...conversation, messages });
const start = (user: ChatMessageDto, answer: ChatMessageDto) =>
  ({ type: 'start', conversation, userMessage: user, assistantMessage: answer, reserved: 1 }) as const;

describe('applyStart', () => {
  it('adds a new message and its answer (to a conversation not loaded yet too)', () => {
    expect(
      applyStart(undefined, start(m('u1', 'user'), m('a1', 'assistant', 'streaming'))).messages.map((x) => x.id),
    ).toEqual(['u1', 'a1']);
    expect(
      applyStart(
        detail(m('u1', 'user'), m('a1', 'assistant')),
        start(m('u2', 'user'), m('a2', 'assistant')),
      ).messages.map((x) => x.id),
    ).toEqual(['u1', 'a1', 'u2', 'a2']);
  });

  it('a regenerated answer replaces what followed the message it answers', () => {
    const old = detail(m('u1', 'user'), m('a1', 'assistant'), m('u2', 'user'), m('a2', 'assistant', 'failed'));
    expect(
      applyStart(old, start(m('u2', 'user'), m('a3', 'assistant', 'streaming'))).messages.map((x) => x.id),
    ).toEqual(['u1', 'a1', 'u2', 'a3']);
  });
});

describe('shownMessages and withMessage', () => {
  it('shows settled versions over stored ones, and the live answer in its place or at the end', () => {
    const stored = [m('u1', 'user'), m('a1', 'assistant', 'streaming')];
    const settled = { a1: { ...m('a1', 'assistant'), content: 'final' } };
    expect(shownMessages(stored, settled, null)[1]!.content).toBe('final');
    const live = { ...m('a1', 'assistant', 'streaming'), content: 'live' };
    expect(shownMessages(stored, settled, live)[1]!.content).toBe('live');
    expect(shownMessages([m('u1', 'user')], {}, live).map((x) => x.id)).toEqual(['u1', 'a1']);
  });

  it('writes a message into a loaded conversation only', () => {
    expect(withMessage(undefined, m('a1', 'assistant'))).toBeUndefined();
    expect(withMessage(detail(m('a1', 'assistant', 'streaming')), m('a1', 'assistant'))!.messages[0]!.status).toBe(
      'done',
    );
  });
});
