import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { BookingDto, reviewSchema } from '@candeia/shared/schemas/consultation';
import { api } from '../../../lib/api.ts';
import { bookingChanged } from './booking-cache.ts';
import { consultationKeys, seg } from './keys.ts';

/** POST /api/consultations/bookings/:id/review: the member rates a completed session, once. */
export function reviewBooking({ id, ...input }: { id: string } & z.input<typeof reviewSchema>) {
  return api<BookingDto>(`/consultations/bookings/${seg(id)}/review`, { method: 'POST', body: input });
}

export function useReviewBooking() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: reviewBooking,
    onSuccess: (b) =>
      Promise.all([bookingChanged(qc, b), qc.invalidateQueries({ queryKey: consultationKeys.counsellors })]),
  });
}
