import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { BookingDto, rescheduleSchema } from '@candeia/shared/schemas/consultation';
import { api } from '../../../lib/api.ts';
import { bookingChanged } from './booking-cache.ts';
import { seg } from './keys.ts';

/** POST /api/consultations/bookings/:id/reschedule: moves a booking (before its refund cutoff). */
export function rescheduleBooking({ id, ...input }: { id: string } & z.input<typeof rescheduleSchema>) {
  return api<BookingDto>(`/consultations/bookings/${seg(id)}/reschedule`, { method: 'POST', body: input });
}

export function useRescheduleBooking() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: rescheduleBooking, onSuccess: (b) => bookingChanged(qc, b, true) });
}
