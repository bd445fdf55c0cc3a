import { useQuery } from '@tanstack/react-query';
import type { BookingDto } from '@candeia/shared/schemas/consultation';
import { api } from '../../../lib/api.ts';
import { consultationKeys, seg } from './keys.ts';

/** GET /api/consultations/bookings/:id: one booking (its two participants only). */
export function getBooking(id: string): Promise<BookingDto> {
  return api<BookingDto>(`/consultations/bookings/${seg(id)}`);
}

export function useBooking(id: string | null) {
  return useQuery({
    queryKey: consultationKeys.booking(id ?? ''),
    queryFn: () => getBooking(id!),
    enabled: !!id,
    retry: false,
  });
}
