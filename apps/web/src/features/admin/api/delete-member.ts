import type { AdminMemberDto, MemberActionInput } from '@candeia/shared/schemas/admin-members';
import { api } from '../../../lib/api.ts';
import { useMemberMutation } from './member-mutation.ts';

/** POST /api/admin/users/:userId/delete: closes the account now; its data is erased by a job. */
export function deleteMember(userId: string, input: MemberActionInput): Promise<AdminMemberDto> {
  return api<AdminMemberDto>(`/admin/users/${encodeURIComponent(userId)}/delete`, { method: 'POST', body: input });
}

export function useDeleteMember(userId: string) {
  return useMemberMutation(userId, (input: MemberActionInput) => deleteMember(userId, input));
}
