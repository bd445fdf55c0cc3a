import type { AdminMemberDto } from '@candeia/shared/schemas/admin-members';
import { api } from '../../../lib/api.ts';
import { useMemberMutation } from './member-mutation.ts';

/** DELETE /api/admin/users/:userId/suspension: the account can sign in again. */
export function liftAccountSuspension(userId: string): Promise<AdminMemberDto> {
  return api<AdminMemberDto>(`/admin/users/${encodeURIComponent(userId)}/suspension`, { method: 'DELETE' });
}

export function useLiftAccountSuspension(userId: string) {
  return useMemberMutation(userId, () => liftAccountSuspension(userId));
}
