import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCounsellorDto } from '@candeia/shared/schemas/consultation';
import { api } from '../../../lib/api.ts';
import { adminCounsellorsKey } from './get-admin-counsellors.ts';
import { adminUsersKey } from './get-users.ts';

/** POST /api/admin/counsellors: makes the member with this e-mail a counsellor. */
export function makeCounsellor(input: { email: string }): Promise<AdminCounsellorDto> {
  return api<AdminCounsellorDto>('/admin/counsellors', { method: 'POST', body: input });
}

export function useMakeCounsellor() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: makeCounsellor,
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: adminCounsellorsKey }),
        qc.invalidateQueries({ queryKey: adminUsersKey }),
      ]),
  });
}
