import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactMessageDto, InboxReplyInput } from '@candeia/shared/schemas/contact';
import { api } from '../../../lib/api.ts';
import { inboxKey } from './get-inbox.ts';

const path = (id: string) => `/admin/inbox/${encodeURIComponent(id)}`;

function useInboxMutation<I, O>(fn: (input: I) => Promise<O>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: inboxKey }) });
}

/** POST /api/admin/inbox/:id/read: opening a message marks it read. */
export const useMarkRead = () =>
  useInboxMutation((id: string) => api<ContactMessageDto>(`${path(id)}/read`, { method: 'POST' }));

/** PUT /api/admin/inbox/:id/handled: handled, or open again. */
export const useSetHandled = () =>
  useInboxMutation(({ id, handled }: { id: string; handled: boolean }) =>
    api<ContactMessageDto>(`${path(id)}/handled`, { method: 'PUT', body: { handled } }),
  );

/** POST /api/admin/inbox/:id/replies: a reply mailed to the sender. */
export const useReply = () =>
  useInboxMutation(({ id, input }: { id: string; input: InboxReplyInput }) =>
    api<ContactMessageDto>(`${path(id)}/replies`, { method: 'POST', body: input }),
  );

/** DELETE /api/admin/inbox/:id: the message and its replies. */
export const useDeleteMessage = () => useInboxMutation((id: string) => api<void>(path(id), { method: 'DELETE' }));
