import { api } from '../../../lib/api.ts';

/** POST /api/media (shared with the counsellor's photo). */
export { uploadMedia } from '../../../lib/upload-media.ts';

/** DELETE /api/media/:id: takes back an upload not yet posted. */
export function discardMedia(id: string): Promise<void> {
  return api<void>(`/media/${id}`, { method: 'DELETE' });
}
