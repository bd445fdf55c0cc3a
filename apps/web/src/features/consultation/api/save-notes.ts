import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { BookingDto, notesSchema } from '@candeia/shared/schemas/consultation';
import { api } from '../../../lib/api.ts';
import { bookingChanged } from './booking-cache.ts';
import { seg } from './keys.ts';

/** PUT /api/consultations/bookings/:id/notes: the counsellor's private and shared notes. */
export function saveNotes({ id, ...input }: { id: string } & z.input<typeof notesSchema>) {
  return api<BookingDto>(`/consultations/bookings/${seg(id)}/notes`, { method: 'PUT', body: input });
}

export function useSaveNotes() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveNotes, onSuccess: (b) => bookingChanged(qc, b) });
}
