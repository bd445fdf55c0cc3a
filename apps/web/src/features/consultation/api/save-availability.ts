import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AvailabilityDto, AvailabilityInput } from '@candeia/shared/schemas/consultation';
import { api } from '../../../lib/api.ts';
import type { MyCounsellorDto } from './get-my-counsellor.ts';
import { consultationKeys } from './keys.ts';

/** PUT /api/consultations/me/availability: the weekly windows and the date overrides. */
export function saveAvailability(input: AvailabilityInput): Promise<AvailabilityDto> {
  return api<AvailabilityDto>('/consultations/me/availability', { method: 'PUT', body: input });
}

export function useSaveAvailability() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveAvailability,
    onSuccess: (availability) => {
      qc.setQueryData<MyCounsellorDto>(consultationKeys.me, (me) => (me ? { ...me, availability } : me));
      return Promise.all([
        // `listed` depends on having a window.
        qc.invalidateQueries({ queryKey: consultationKeys.me }),
        qc.invalidateQueries({ queryKey: consultationKeys.counsellors }),
        qc.invalidateQueries({ queryKey: consultationKeys.slots }),
      ]);
    },
  });
}
