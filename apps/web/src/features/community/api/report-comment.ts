import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReportDto, ReportInput } from '@candeia/shared/schemas/community';
import { api } from '../../../lib/api.ts';
import { communityKeys, seg } from './keys.ts';

/** POST /api/community/posts/:id/comments/:commentId/report: the reader reports someone else's comment. */
export function reportComment(input: { postId: string; id: string } & ReportInput): Promise<ReportDto> {
  const { postId, id, ...body } = input;
  return api<ReportDto>(`/community/posts/${seg(postId)}/comments/${seg(id)}/report`, { method: 'POST', body });
}

export function useReportComment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: reportComment,
    networkMode: 'always',
    onSettled: (_r, _e, input) => qc.invalidateQueries({ queryKey: communityKeys.comments(input.postId) }),
  });
}
