import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { scriptureKeys, seg } from './keys.ts';

/** DELETE /api/scripture/favourites/:id. */
export function deleteFavourite(id: string): Promise<void> {
  return api<void>(`/scripture/favourites/${seg(id)}`, { method: 'DELETE' });
}

export function useDeleteFavourite() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteFavourite,
    networkMode: 'always',
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: scriptureKeys.annotations }),
        qc.invalidateQueries({ queryKey: scriptureKeys.favourites }),
      ]),
  });
}
