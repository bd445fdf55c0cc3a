import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { createFavouriteSchema, FavouriteDto } from '@candeia/shared/schemas/scripture';
import { api } from '../../../lib/api.ts';
import { scriptureKeys } from './keys.ts';

export type CreateFavouriteInput = z.output<typeof createFavouriteSchema>;

/** POST /api/scripture/favourites: marks a verse or range as a favourite. */
export function createFavourite(input: CreateFavouriteInput): Promise<FavouriteDto> {
  return api<FavouriteDto>('/scripture/favourites', { method: 'POST', body: input });
}

export function useCreateFavourite() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createFavourite,
    // Fail at once offline (with a clear message) instead of waiting for the network.
    networkMode: 'always',
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: scriptureKeys.annotations }),
        qc.invalidateQueries({ queryKey: scriptureKeys.favourites }),
      ]),
  });
}
