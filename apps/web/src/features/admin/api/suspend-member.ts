import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SuspendInput, SuspensionDto } from '@candeia/shared/schemas/moderation';
import { api } from '../../../lib/api.ts';
import { moderationKeys } from './moderation-keys.ts';

/** PUT /api/admin/community/members/:handle/suspension: until a moment (null: until lifted), and why. */
export function suspendMember({ handle, input }: { handle: string; input: SuspendInput }): Promise<SuspensionDto> {
  return api<SuspensionDto>(`/admin/community/members/${encodeURIComponent(handle)}/suspension`, {
    method: 'PUT',
    body: input,
  });
}

export function useSuspendMember() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: suspendMember,
    onSuccess: () => qc.invalidateQueries({ queryKey: moderationKeys.all }),
  });
}
