import { api } from '../../../lib/api.ts';

/** POST /api/avatar/sessions/:id/stop: stops the answer being written (what was said is kept). */
export function stopAnswer(sessionId: string): Promise<void> {
  return api<void>(`/avatar/sessions/${encodeURIComponent(sessionId)}/stop`, { method: 'POST' });
}
