import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AvatarAdminDto, AvatarId } from '@candeia/shared/schemas/avatar';
import { api } from '../../../lib/api.ts';

export const adminAvatarKey = ['admin', 'avatar'] as const;

/** GET /api/admin/avatar: every member's avatar usage, the totals, and the six counsellors. */
export function getAdminAvatar(): Promise<AvatarAdminDto> {
  return api<AvatarAdminDto>('/admin/avatar');
}

export function useAdminAvatar() {
  return useQuery({ queryKey: adminAvatarKey, queryFn: getAdminAvatar });
}

/** PATCH /api/admin/avatar/counsellors/:id: makes a counsellor available, or not. */
export function setAvatarAvailable({ id, isAvailable }: { id: AvatarId; isAvailable: boolean }): Promise<void> {
  return api<void>(`/admin/avatar/counsellors/${id}`, { method: 'PATCH', body: { isAvailable } });
}

export function useSetAvatarAvailable() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: setAvatarAvailable,
    onSuccess: () => qc.invalidateQueries({ queryKey: adminAvatarKey }),
  });
}
