import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { BookingDto, bookSchema } from '@candeia/shared/schemas/consultation';
import { api } from '../../../lib/api.ts';
import { bookingChanged } from './booking-cache.ts';

/** POST /api/consultations/bookings: books a slot, paid in credits. */
export function createBooking(input: z.input<typeof bookSchema>): Promise<BookingDto> {
  return api<BookingDto>('/consultations/bookings', { method: 'POST', body: input });
}

export function useCreateBooking() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createBooking, onSuccess: (b) => bookingChanged(qc, b, true) });
}
