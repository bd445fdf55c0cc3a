import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { seg } from './keys.ts';
import { refreshAfterRelation } from './relation-cache.ts';

export interface RelationState {
  muted: boolean;
  blocked: boolean;
}

/** PUT /api/community/members/:handle/mute: their posts and comments leave the reader's feeds (they are not told). */
export function setMute(input: { handle: string; on: boolean }): Promise<RelationState> {
  return api<RelationState>(`/community/members/${seg(input.handle)}/mute`, { method: 'PUT', body: { on: input.on } });
}

export function useSetMute() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: setMute,
    networkMode: 'always',
    onSuccess: (_r, input) => refreshAfterRelation(qc, input.handle),
  });
}
