import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { chatKeys, seg } from './keys.ts';

/** DELETE /api/chat/conversations/:id: the conversation and all its messages. */
export function deleteConversation(id: string): Promise<void> {
  return api<void>(`/chat/conversations/${seg(id)}`, { method: 'DELETE' });
}

export function useDeleteConversation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteConversation,
    onSuccess: (_void, id) => {
      qc.removeQueries({ queryKey: chatKeys.conversation(id) });
      return qc.invalidateQueries({ queryKey: chatKeys.conversations });
    },
  });
}
