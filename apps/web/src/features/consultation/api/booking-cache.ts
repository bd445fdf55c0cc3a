import type { QueryClient } from '@tanstack/react-query';
import type { BookingDto } from '@candeia/shared/schemas/consultation';
import { invalidateBalance } from '../../../lib/queries/balance.ts';
import { consultationKeys } from './keys.ts';

/**
 * After a booking changed (booked, moved, cancelled, noted, reviewed): the booking itself is put
 * in the cache, the lists refetch; with `freed`, what a change of time or credits touches too
 * (slots, each counsellor's next slot, the balance).
 */
export function bookingChanged(qc: QueryClient, booking: BookingDto, freed = false): Promise<unknown> {
  qc.setQueryData(consultationKeys.booking(booking.id), booking);
  return Promise.all([
    qc.invalidateQueries({ queryKey: consultationKeys.bookings }),
    ...(freed
      ? [
          qc.invalidateQueries({ queryKey: consultationKeys.slots }),
          qc.invalidateQueries({ queryKey: consultationKeys.counsellors }),
          invalidateBalance(qc),
        ]
      : []),
  ]);
}
