import type { AdminMemberDto } from '@candeia/shared/schemas/admin-members';
import { api } from '../../../lib/api.ts';
import { useMemberMutation } from './member-mutation.ts';

/** POST /api/admin/users/:userId/verification-mail: a new e-mail confirmation link to the member. */
export function sendVerification(userId: string): Promise<AdminMemberDto> {
  return api<AdminMemberDto>(`/admin/users/${encodeURIComponent(userId)}/verification-mail`, { method: 'POST' });
}

export function useSendVerification(userId: string) {
  return useMemberMutation(userId, () => sendVerification(userId));
}
