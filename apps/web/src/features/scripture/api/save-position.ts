import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { PositionDto, positionSchema } from '@candeia/shared/schemas/scripture';
import { api } from '../../../lib/api.ts';
import { scriptureKeys } from './keys.ts';

export type SavePositionInput = z.output<typeof positionSchema>;

/** PUT /api/scripture/position: remembers the chapter (and verse) the user is reading. */
export function savePosition(input: SavePositionInput): Promise<PositionDto> {
  return api<PositionDto>('/scripture/position', { method: 'PUT', body: input });
}

export function useSavePosition() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: savePosition,
    networkMode: 'always',
    onSuccess: () => qc.invalidateQueries({ queryKey: scriptureKeys.position }),
  });
}
