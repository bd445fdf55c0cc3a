import { useQuery } from '@tanstack/react-query';
import type { BookingDto } from '@candeia/shared/schemas/consultation';
import { api } from '../../../lib/api.ts';
import { consultationKeys, qs } from './keys.ts';

export type BookingSide = 'member' | 'counsellor';
export type BookingWhen = 'upcoming' | 'past' | 'all';

/** GET /api/consultations/bookings: the reader's bookings as a member, or the sessions booked with them. */
export function getBookings(as: BookingSide, when: BookingWhen): Promise<{ bookings: BookingDto[] }> {
  return api(`/consultations/bookings${qs({ as, when })}`);
}

export function useBookings(as: BookingSide, when: BookingWhen, enabled = true) {
  return useQuery({
    queryKey: consultationKeys.bookingList(as, when),
    queryFn: () => getBookings(as, when),
    enabled,
    retry: false,
  });
}
