import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ConversationDto,
  ConversationPageDto,
  ReachDto,
  StartConversationInput,
  ThreadPageDto,
} from '@candeia/shared/schemas/messages';
import { api } from '../../../lib/api.ts';
import { messageKeys } from './keys.ts';

/** GET /api/messages/conversations: a page of the member's conversations, newest activity first. */
export function getConversations(before: string | null): Promise<ConversationPageDto> {
  return api<ConversationPageDto>(`/messages/conversations${before ? `?before=${encodeURIComponent(before)}` : ''}`);
}

export function useConversations() {
  return useInfiniteQuery({
    queryKey: messageKeys.list,
    queryFn: ({ pageParam }) => getConversations(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });
}

/** GET /api/messages/conversations/:id: the conversation, its read marks, and whether one can write. */
export function useConversation(id: string | undefined) {
  return useQuery({
    queryKey: messageKeys.conversation(id ?? ''),
    queryFn: () => api<ConversationDto>(`/messages/conversations/${encodeURIComponent(id!)}`),
    enabled: !!id,
  });
}

/** GET /api/messages/conversations/:id/messages: the newest page first, then older ones on demand. */
export function useThread(id: string | undefined) {
  return useInfiniteQuery({
    queryKey: messageKeys.thread(id ?? ''),
    queryFn: ({ pageParam }) =>
      api<ThreadPageDto>(
        `/messages/conversations/${encodeURIComponent(id!)}/messages${pageParam ? `?before=${pageParam}` : ''}`,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    enabled: !!id,
  });
}

/** Whether the reader may write to someone (and the conversation they have with them). */
export function useReach(
  who: { userId?: string | undefined; handle?: string | undefined },
  version: string | number = 0,
  enabled = true,
) {
  const q = who.userId ? `userId=${encodeURIComponent(who.userId)}` : `handle=${encodeURIComponent(who.handle ?? '')}`;
  return useQuery({
    queryKey: messageKeys.reach(who, version),
    queryFn: () => api<ReachDto>(`/messages/reach?${q}`),
    enabled: enabled && !!(who.userId || who.handle),
    staleTime: 30_000,
    retry: false,
  });
}

/** POST /api/messages/conversations: starts the conversation with someone, or opens the one there. */
export function useStartConversation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (who: StartConversationInput) =>
      api<ConversationDto>('/messages/conversations', { method: 'POST', body: who }),
    onSuccess: (c) => qc.setQueryData(messageKeys.conversation(c.id), c),
  });
}
