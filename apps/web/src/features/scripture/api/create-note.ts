import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { createNoteSchema, NoteDto } from '@candeia/shared/schemas/scripture';
import { api } from '../../../lib/api.ts';
import { scriptureKeys } from './keys.ts';

export type CreateNoteInput = z.output<typeof createNoteSchema>;

/** POST /api/scripture/notes: a private note on a verse or range. */
export function createNote(input: CreateNoteInput): Promise<NoteDto> {
  return api<NoteDto>('/scripture/notes', { method: 'POST', body: input });
}

export function useCreateNote() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createNote,
    networkMode: 'always',
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: scriptureKeys.annotations }),
        qc.invalidateQueries({ queryKey: scriptureKeys.notes }),
      ]),
  });
}
