import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { BookingDto, outcomeSchema } from '@candeia/shared/schemas/consultation';
import { api } from '../../../lib/api.ts';
import { bookingChanged } from './booking-cache.ts';
import { seg } from './keys.ts';

/** POST /api/consultations/bookings/:id/outcome: the counsellor marks a begun session completed or missed. */
export function setOutcome({ id, ...input }: { id: string } & z.input<typeof outcomeSchema>) {
  return api<BookingDto>(`/consultations/bookings/${seg(id)}/outcome`, { method: 'POST', body: input });
}

export function useSetOutcome() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: setOutcome, onSuccess: (b) => bookingChanged(qc, b) });
}
