/** The messages' queries: the list, the unread count, each conversation and its thread, whom one may write to. */
export const messageKeys = {
  all: ['messages'] as const,
  list: ['messages', 'list'] as const,
  unread: ['messages', 'unread'] as const,
  conversation: (id: string) => ['messages', 'conversation', id] as const,
  thread: (id: string) => ['messages', 'thread', id] as const,
  reach: (who: { userId?: string | undefined; handle?: string | undefined }, version: string | number = 0) =>
    ['messages', 'reach', who.userId ?? '', who.handle ?? '', version] as const,
};
