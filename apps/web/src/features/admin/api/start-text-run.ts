import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContentAction, ContentRunDto } from '@candeia/shared/schemas/content-admin';
import { api } from '../../../lib/api.ts';
import { textsKey } from './get-texts.ts';

/** POST /api/admin/texts/:textId/runs: install or re-import a text (a queued job). */
export function startTextRun({ textId, action }: { textId: string; action: ContentAction }): Promise<ContentRunDto> {
  return api<ContentRunDto>(`/admin/texts/${encodeURIComponent(textId)}/runs`, { method: 'POST', body: { action } });
}

export function useStartTextRun() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: startTextRun, onSettled: () => qc.invalidateQueries({ queryKey: textsKey }) });
}
