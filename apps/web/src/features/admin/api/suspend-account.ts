import type { AdminMemberDto, SuspendAccountInput } from '@candeia/shared/schemas/admin-members';
import { api } from '../../../lib/api.ts';
import { useMemberMutation } from './member-mutation.ts';

/** PUT /api/admin/users/:userId/suspension: suspends the whole account (sign-in refused, sessions ended). */
export function suspendAccount(userId: string, input: SuspendAccountInput): Promise<AdminMemberDto> {
  return api<AdminMemberDto>(`/admin/users/${encodeURIComponent(userId)}/suspension`, { method: 'PUT', body: input });
}

export function useSuspendAccount(userId: string) {
  return useMemberMutation(userId, (input: SuspendAccountInput) => suspendAccount(userId, input));
}
