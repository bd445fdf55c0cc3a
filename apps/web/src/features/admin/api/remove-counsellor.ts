import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { adminCounsellorsKey } from './get-admin-counsellors.ts';
import { adminUsersKey } from './get-users.ts';

/** DELETE /api/admin/counsellors/:userId: the member is no longer a counsellor. */
export function removeCounsellor(userId: string): Promise<void> {
  return api<void>(`/admin/counsellors/${encodeURIComponent(userId)}`, { method: 'DELETE' });
}

export function useRemoveCounsellor() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: removeCounsellor,
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: adminCounsellorsKey }),
        qc.invalidateQueries({ queryKey: adminUsersKey }),
      ]),
  });
}
