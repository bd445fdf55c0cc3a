import type { AdminMemberDto, MemberActionInput } from '@candeia/shared/schemas/admin-members';
import { api } from '../../../lib/api.ts';
import { useMemberMutation } from './member-mutation.ts';

/** POST /api/admin/users/:userId/unlock: lifts a sign-in lockout. */
export function unlockMember(userId: string, input: MemberActionInput): Promise<AdminMemberDto> {
  return api<AdminMemberDto>(`/admin/users/${encodeURIComponent(userId)}/unlock`, { method: 'POST', body: input });
}

export function useUnlockMember(userId: string) {
  return useMemberMutation(userId, (input: MemberActionInput) => unlockMember(userId, input));
}
