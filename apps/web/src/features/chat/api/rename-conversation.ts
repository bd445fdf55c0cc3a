import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConversationDetailDto, ConversationDto, RenameConversationInput } from '@candeia/shared/schemas/chat';
import { api } from '../../../lib/api.ts';
import { chatKeys, seg } from './keys.ts';

/** PATCH /api/chat/conversations/:id: a new title. */
export function renameConversation({ id, title }: RenameConversationInput & { id: string }): Promise<ConversationDto> {
  return api<ConversationDto>(`/chat/conversations/${seg(id)}`, { method: 'PATCH', body: { title } });
}

export function useRenameConversation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: renameConversation,
    onSuccess: (conversation) => {
      qc.setQueryData<ConversationDetailDto>(chatKeys.conversation(conversation.id), (old) =>
        old ? { ...old, title: conversation.title, updatedAt: conversation.updatedAt } : old,
      );
      return qc.invalidateQueries({ queryKey: chatKeys.conversations });
    },
  });
}
