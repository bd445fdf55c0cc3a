import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CounsellorProfileInput, CounsellorSelfDto } from '@candeia/shared/schemas/consultation';
import { api } from '../../../lib/api.ts';
import type { MyCounsellorDto } from './get-my-counsellor.ts';
import { consultationKeys } from './keys.ts';

/** PUT /api/consultations/me/profile: the counsellor's profile and booking rules. */
export function saveProfile(input: CounsellorProfileInput): Promise<CounsellorSelfDto> {
  return api<CounsellorSelfDto>('/consultations/me/profile', { method: 'PUT', body: input });
}

export function useSaveProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveProfile,
    onSuccess: (profile) => {
      qc.setQueryData<MyCounsellorDto>(consultationKeys.me, (me) => (me ? { ...me, profile } : me));
      return Promise.all([
        qc.invalidateQueries({ queryKey: consultationKeys.counsellors }),
        qc.invalidateQueries({ queryKey: consultationKeys.slots }),
      ]);
    },
  });
}
