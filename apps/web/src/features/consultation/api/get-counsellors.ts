import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CounsellorDto } from '@candeia/shared/schemas/consultation';
import { api } from '../../../lib/api.ts';
import { consultationKeys, qs } from './keys.ts';

export interface CounsellorFilters {
  language?: string;
  specialty?: string;
  /** The member's zone: each counsellor's next free slot comes with it. */
  tz: string;
}

/** GET /api/consultations/counsellors: the listed counsellors (needs the plan's `live`). */
export function getCounsellors(filters: CounsellorFilters): Promise<{ counsellors: CounsellorDto[] }> {
  return api(`/consultations/counsellors${qs({ ...filters })}`);
}

export function useCounsellors(filters: CounsellorFilters) {
  return useQuery({
    queryKey: consultationKeys.counsellorList(filters),
    queryFn: () => getCounsellors(filters),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
