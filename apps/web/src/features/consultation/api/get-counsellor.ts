import { useQuery } from '@tanstack/react-query';
import type { CounsellorDto } from '@candeia/shared/schemas/consultation';
import { api } from '../../../lib/api.ts';
import { consultationKeys, seg } from './keys.ts';

/** GET /api/consultations/counsellors/:id: one counsellor's public profile. */
export function getCounsellor(id: string): Promise<CounsellorDto> {
  return api<CounsellorDto>(`/consultations/counsellors/${seg(id)}`);
}

export function useCounsellor(id: string | null) {
  return useQuery({
    queryKey: consultationKeys.counsellor(id ?? ''),
    queryFn: () => getCounsellor(id!),
    enabled: !!id,
    retry: false,
  });
}
