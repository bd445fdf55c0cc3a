import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ConversationPageDto } from '@candeia/shared/schemas/chat';
import { api } from '../../../lib/api.ts';
import { chatKeys } from './keys.ts';

/** GET /api/chat/conversations?page=: the user's conversations, latest activity first. */
export function getConversations(page: number): Promise<ConversationPageDto> {
  return api<ConversationPageDto>(`/chat/conversations?page=${page}`);
}

export const conversationsQuery = () =>
  infiniteQueryOptions({
    queryKey: chatKeys.conversations,
    queryFn: ({ pageParam }) => getConversations(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    retry: false,
  });

/** Every page loaded so far ("Carregar mais" asks for the next one). */
export function useConversations() {
  return useInfiniteQuery(conversationsQuery());
}
