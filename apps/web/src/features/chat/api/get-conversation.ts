import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConversationDetailDto } from '@candeia/shared/schemas/chat';
import { api } from '../../../lib/api.ts';
import { chatKeys, seg } from './keys.ts';

/** GET /api/chat/conversations/:id: the conversation and its messages, oldest first. */
export function getConversation(id: string): Promise<ConversationDetailDto> {
  return api<ConversationDetailDto>(`/chat/conversations/${seg(id)}`);
}

export const conversationQuery = (id: string) =>
  queryOptions({
    queryKey: chatKeys.conversation(id),
    queryFn: () => getConversation(id),
    retry: false,
  });

export function useConversation(id: string | undefined) {
  return useQuery({ ...conversationQuery(id ?? ''), enabled: !!id });
}
