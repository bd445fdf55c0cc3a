import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReportDto, ReportInput } from '@candeia/shared/schemas/community';
import { api } from '../../../lib/api.ts';
import { communityKeys, seg } from './keys.ts';

/** POST /api/community/posts/:id/report: the reader reports someone else's post (once while it is open). */
export function reportPost(input: { id: string } & ReportInput): Promise<ReportDto> {
  const { id, ...body } = input;
  return api<ReportDto>(`/community/posts/${seg(id)}/report`, { method: 'POST', body });
}

export function useReportPost() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: reportPost,
    networkMode: 'always',
    // The post now carries the reader's report (to withdraw it); a repeat refused by the server too.
    onSettled: (_r, _e, input) =>
      Promise.all([
        qc.invalidateQueries({ queryKey: communityKeys.post(input.id) }),
        qc.invalidateQueries({ queryKey: communityKeys.feeds }),
      ]),
  });
}
