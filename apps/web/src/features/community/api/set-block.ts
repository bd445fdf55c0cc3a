import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { seg } from './keys.ts';
import { refreshAfterRelation } from './relation-cache.ts';
import type { RelationState } from './set-mute.ts';

/** PUT /api/community/members/:handle/block: neither sees the other any more; follows both ways end. */
export function setBlock(input: { handle: string; on: boolean }): Promise<RelationState> {
  return api<RelationState>(`/community/members/${seg(input.handle)}/block`, {
    method: 'PUT',
    body: { on: input.on },
  });
}

export function useSetBlock() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: setBlock,
    networkMode: 'always',
    onSuccess: (_r, input) => refreshAfterRelation(qc, input.handle),
  });
}
