import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminMemberDto } from '@candeia/shared/schemas/admin-members';
import { memberKey } from './get-member.ts';
import { adminUsersKey } from './get-users.ts';

/**
 * What every act on a member does to the cache: the answer is the member as they are now (the
 * panel shows it at once) and the users list is read again (role, lock and status columns).
 */
export function useMemberMutation<I>(userId: string, fn: (input: I) => Promise<AdminMemberDto>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (member) => {
      qc.setQueryData(memberKey(userId), member);
      return qc.invalidateQueries({ queryKey: adminUsersKey });
    },
  });
}
