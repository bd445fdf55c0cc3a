import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { BookingDto, cancelSchema } from '@candeia/shared/schemas/consultation';
import { api } from '../../../lib/api.ts';
import { bookingChanged } from './booking-cache.ts';
import { seg } from './keys.ts';

/** POST /api/consultations/bookings/:id/cancel: cancels; `refundedCredits` says what came back. */
export function cancelBooking({ id, ...input }: { id: string } & z.input<typeof cancelSchema>) {
  return api<BookingDto>(`/consultations/bookings/${seg(id)}/cancel`, { method: 'POST', body: input });
}

export function useCancelBooking() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: cancelBooking, onSuccess: (b) => bookingChanged(qc, b, true) });
}
