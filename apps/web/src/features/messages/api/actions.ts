import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { ReportInput } from '@candeia/shared/schemas/community';
import type {
  ConversationDto,
  MessageDto,
  MessageReportDto,
  MessagesUnreadDto,
  SendMessageInput,
  ThreadPageDto,
} from '@candeia/shared/schemas/messages';
import { api } from '../../../lib/api.ts';
import { messageKeys } from './keys.ts';

/** Puts a message written (or received) into the thread's newest page, once. */
export function withMessage(
  data: InfiniteData<ThreadPageDto, string | null> | undefined,
  m: MessageDto,
): InfiniteData<ThreadPageDto, string | null> | undefined {
  if (!data || data.pages.some((p) => p.items.some((x) => x.id === m.id))) return data;
  const [newest, ...older] = data.pages;
  if (!newest) return data;
  const items = [...newest.items, m].sort((a, b) => a.seq - b.seq);
  return { ...data, pages: [{ ...newest, items }, ...older] };
}

/** POST /api/messages/conversations/:id/messages: the same key on every retry of one message. */
export function useSendMessage(conversationId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SendMessageInput) =>
      api<MessageDto>(`/messages/conversations/${encodeURIComponent(conversationId)}/messages`, {
        method: 'POST',
        body: input,
      }),
    onSuccess: (m) => {
      qc.setQueryData<InfiniteData<ThreadPageDto, string | null>>(messageKeys.thread(conversationId), (d) =>
        withMessage(d, m),
      );
      void qc.invalidateQueries({ queryKey: messageKeys.list });
      void qc.invalidateQueries({ queryKey: messageKeys.conversation(conversationId) });
    },
    // A refusal may mean the conversation changed (a block): read it again.
    onError: () => void qc.invalidateQueries({ queryKey: messageKeys.conversation(conversationId) }),
  });
}

/** POST /api/messages/conversations/:id/read: read up to a message; the count follows. */
export function useMarkRead(conversationId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (upTo: string) =>
      api<MessagesUnreadDto>(`/messages/conversations/${encodeURIComponent(conversationId)}/read`, {
        method: 'POST',
        body: { upTo },
      }),
    onSuccess: (res) => {
      qc.setQueryData<MessagesUnreadDto>(messageKeys.unread, res);
      qc.setQueryData<ConversationDto>(messageKeys.conversation(conversationId), (c) => (c ? { ...c, unread: 0 } : c));
      void qc.invalidateQueries({ queryKey: messageKeys.list });
    },
  });
}

/** PUT /api/messages/conversations/:id/block: blocks (or unblocks) the other, everywhere. */
export function useBlock(conversationId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) =>
      api<ConversationDto>(`/messages/conversations/${encodeURIComponent(conversationId)}/block`, {
        method: 'PUT',
        body: { on },
      }),
    onSuccess: (c) => {
      qc.setQueryData(messageKeys.conversation(conversationId), c);
      void qc.invalidateQueries({ queryKey: ['messages', 'reach'] });
      // The community's pages show blocks too.
      void qc.invalidateQueries({ queryKey: ['community'] });
    },
  });
}

/** POST …/messages/:messageId/report. */
export function useReportMessage(conversationId: string) {
  return useMutation({
    mutationFn: ({ messageId, ...input }: ReportInput & { messageId: string }) =>
      api<MessageReportDto>(
        `/messages/conversations/${encodeURIComponent(conversationId)}/messages/${encodeURIComponent(messageId)}/report`,
        { method: 'POST', body: input },
      ),
  });
}
