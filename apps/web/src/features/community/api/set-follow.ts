import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MemberDto } from '@candeia/shared/schemas/community';
import { api } from '../../../lib/api.ts';
import { communityKeys, seg } from './keys.ts';

/** PUT /api/community/members/:handle/follow: follow or unfollow. */
export function setFollow(input: { handle: string; on: boolean }): Promise<MemberDto> {
  return api<MemberDto>(`/community/members/${seg(input.handle)}/follow`, { method: 'PUT', body: { on: input.on } });
}

export function useSetFollow() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: setFollow,
    networkMode: 'always',
    onSuccess: (member) => {
      qc.setQueryData(communityKeys.member(member.handle), member);
      return Promise.all([
        qc.invalidateQueries({ queryKey: communityKeys.feed('following') }),
        qc.invalidateQueries({ queryKey: ['community', 'follows'] }),
      ]);
    },
  });
}
