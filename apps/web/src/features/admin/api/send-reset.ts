import type { AdminMemberDto } from '@candeia/shared/schemas/admin-members';
import { api } from '../../../lib/api.ts';
import { useMemberMutation } from './member-mutation.ts';

/** POST /api/admin/users/:userId/password-reset: a password reset link to the member. */
export function sendReset(userId: string): Promise<AdminMemberDto> {
  return api<AdminMemberDto>(`/admin/users/${encodeURIComponent(userId)}/password-reset`, { method: 'POST' });
}

export function useSendReset(userId: string) {
  return useMemberMutation(userId, () => sendReset(userId));
}
