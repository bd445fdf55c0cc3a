import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SlotsDto } from '@candeia/shared/schemas/consultation';
import { api } from '../../../lib/api.ts';
import { consultationKeys, qs, seg } from './keys.ts';

export interface SlotsQuery {
  counsellorId: string;
  /** The first local day, `YYYY-MM-DD` in `tz`. */
  from: string;
  days: number;
  tz: string;
  /** The booking being moved: its own time shows as free. */
  excluding?: string;
}

/** GET /api/consultations/counsellors/:id/slots: free slots by day, in the member's zone. */
export function getSlots(q: SlotsQuery): Promise<SlotsDto> {
  return api<SlotsDto>(
    `/consultations/counsellors/${seg(q.counsellorId)}/slots${qs({ from: q.from, days: q.days, tz: q.tz, excluding: q.excluding })}`,
  );
}

export function useSlots(q: SlotsQuery | null) {
  return useQuery({
    queryKey: consultationKeys.slotsOf(q ?? { counsellorId: '', from: '', days: 0, tz: '' }),
    queryFn: () => getSlots(q!),
    enabled: !!q,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
