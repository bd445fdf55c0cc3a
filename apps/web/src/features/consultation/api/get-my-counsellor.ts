import { useQuery } from '@tanstack/react-query';
import type { AvailabilityDto, CounsellorSelfDto } from '@candeia/shared/schemas/consultation';
import { api } from '../../../lib/api.ts';
import { consultationKeys } from './keys.ts';

export interface MyCounsellorDto {
  /** Null until the counsellor saves a profile. */
  profile: CounsellorSelfDto | null;
  availability: AvailabilityDto;
}

/** GET /api/consultations/me: the counsellor's own profile and availability (403 NOT_A_COUNSELLOR for others). */
export function getMyCounsellor(): Promise<MyCounsellorDto> {
  return api<MyCounsellorDto>('/consultations/me');
}

/** `enabled` false: not asked (a member whose role says they are no counsellor). */
export function useMyCounsellor(enabled = true) {
  return useQuery({
    queryKey: consultationKeys.me,
    queryFn: getMyCounsellor,
    enabled,
    retry: false,
    staleTime: 60_000,
  });
}
