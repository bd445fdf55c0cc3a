import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { scriptureKeys, seg } from './keys.ts';

/** DELETE /api/scripture/notes/:id. */
export function deleteNote(id: string): Promise<void> {
  return api<void>(`/scripture/notes/${seg(id)}`, { method: 'DELETE' });
}

export function useDeleteNote() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteNote,
    networkMode: 'always',
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: scriptureKeys.annotations }),
        qc.invalidateQueries({ queryKey: scriptureKeys.notes }),
      ]),
  });
}
