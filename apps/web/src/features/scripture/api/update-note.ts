import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { NoteDto, updateNoteSchema } from '@candeia/shared/schemas/scripture';
import { api } from '../../../lib/api.ts';
import { scriptureKeys, seg } from './keys.ts';

export type UpdateNoteInput = z.output<typeof updateNoteSchema>;

/** PATCH /api/scripture/notes/:id: changes a note's text. */
export function updateNote({ id, ...body }: UpdateNoteInput & { id: string }): Promise<NoteDto> {
  return api<NoteDto>(`/scripture/notes/${seg(id)}`, { method: 'PATCH', body });
}

export function useUpdateNote() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateNote,
    networkMode: 'always',
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: scriptureKeys.annotations }),
        qc.invalidateQueries({ queryKey: scriptureKeys.notes }),
      ]),
  });
}
