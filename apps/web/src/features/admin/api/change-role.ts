import type { AdminMemberDto, ChangeRoleInput } from '@candeia/shared/schemas/admin-members';
import { api } from '../../../lib/api.ts';
import { useMemberMutation } from './member-mutation.ts';

/** PUT /api/admin/users/:userId/role: member, counsellor or administrator, with the reason. */
export function changeRole(userId: string, input: ChangeRoleInput): Promise<AdminMemberDto> {
  return api<AdminMemberDto>(`/admin/users/${encodeURIComponent(userId)}/role`, { method: 'PUT', body: input });
}

export function useChangeRole(userId: string) {
  return useMemberMutation(userId, (input: ChangeRoleInput) => changeRole(userId, input));
}
