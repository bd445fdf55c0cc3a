import { useQuery } from '@tanstack/react-query';
import type { ContentTextsDto } from '@candeia/shared/schemas/content-admin';
import { api } from '../../../lib/api.ts';

export const textsKey = ['admin', 'texts'] as const;

/** GET /api/admin/texts: the sacred texts the server knows, and their latest runs. */
export function getTexts(): Promise<ContentTextsDto> {
  return api<ContentTextsDto>('/admin/texts');
}

const running = (d: ContentTextsDto | undefined) =>
  !!d?.texts.some((t) => t.lastRun?.status === 'queued' || t.lastRun?.status === 'running');

/** Read every second while a run is queued or running, so its progress shows. */
export function useTexts() {
  return useQuery({
    queryKey: textsKey,
    queryFn: getTexts,
    refetchInterval: (q) => (running(q.state.data) ? 1000 : false),
  });
}
