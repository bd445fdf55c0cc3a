import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { NotificationPageDto, UnreadDto } from '@candeia/shared/schemas/notifications';
import { api } from '../../../lib/api.ts';
import { notificationKeys } from './keys.ts';

/** POST /api/notifications/:id/read, or /read-all without an id. */
export function markRead(id: string | null): Promise<UnreadDto> {
  return api<UnreadDto>(id ? `/notifications/${encodeURIComponent(id)}/read` : '/notifications/read-all', {
    method: 'POST',
  });
}

/** Marks one notification read (an id) or all of them (null); the list and the bell follow at once. */
export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onMutate: (id) => {
      const at = new Date().toISOString();
      qc.setQueryData<InfiniteData<NotificationPageDto, string | null>>(notificationKeys.list, (d) =>
        d
          ? {
              ...d,
              pages: d.pages.map((p) => ({
                ...p,
                items: p.items.map((n) => (!n.readAt && (id === null || n.id === id) ? { ...n, readAt: at } : n)),
              })),
            }
          : d,
      );
    },
    onSuccess: (res) => qc.setQueryData<UnreadDto>(notificationKeys.unread, res),
    onError: () => void qc.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
