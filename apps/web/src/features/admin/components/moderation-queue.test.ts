import { describe, expect, it } from 'vitest';
import type { ModerationItemDto } from '@candeia/shared/schemas/moderation';
import { actionsFor } from './moderation-queue.tsx';
import { wordsOf } from './moderation-settings.tsx';

const item = (over: Partial<ModerationItemDto>): ModerationItemDto => ({
  kind: 'post',
  id: 'p1',
  postId: 'p1',
  body: 'x',
  isPrayer: false,
  status: 'published',
  heldReason: null,
  matchedWords: [],
  sensitive: false,
  createdAt: '2026-03-01T12:00:00.000Z',
  author: { handle: 'a.b', name: 'A B', suspended: false, suspendedUntil: null },
  reportCount: 1,
  reasons: [{ reason: 'spam', count: 1 }],
  notes: [],
  firstReportedAt: '2026-03-01T12:00:00.000Z',
  ...over,
});

describe('the actions offered for a queue item (what the server takes in each state)', () => {
  it.each([
    ['a reported post', item({}), ['hide', 'sensitive', 'dismiss', 'remove']],
    ['a reported post already sensitive', item({ sensitive: true }), ['hide', 'dismiss', 'remove']],
    ['a held post, not reported', item({ status: 'held', reportCount: 0 }), ['approve', 'remove']],
    ['a hidden post reported again', item({ status: 'hidden' }), ['dismiss', 'remove']],
    ['a reported comment', item({ kind: 'comment' }), ['hide', 'sensitive', 'dismiss', 'remove']],
  ] as const)('%s', (_label, it_, expected) => {
    expect(actionsFor(it_)).toEqual(expected);
  });
});

describe('a word list as typed', () => {
  it('one word or phrase per line; blank lines and spaces around left out', () => {
    expect(wordsOf('  palavrão \n\ncompre agora\r\n   \nscam')).toEqual(['palavrão', 'compre agora', 'scam']);
    expect(wordsOf('')).toEqual([]);
  });
});
