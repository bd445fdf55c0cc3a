import { useQuery } from '@tanstack/react-query';
import type { AdminMemberDto } from '@candeia/shared/schemas/admin-members';
import { api } from '../../../lib/api.ts';

export const memberKey = (userId: string) => ['admin', 'member', userId] as const;

/** GET /api/admin/users/:userId: one member as the administration sees them. */
export function getMember(userId: string): Promise<AdminMemberDto> {
  return api<AdminMemberDto>(`/admin/users/${encodeURIComponent(userId)}`);
}

export function useMember(userId: string) {
  return useQuery({ queryKey: memberKey(userId), queryFn: () => getMember(userId) });
}
