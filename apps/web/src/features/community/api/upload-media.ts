import type { MediaDto } from '@candeia/shared/schemas/media';
import { api, ApiError, apiErrorOf } from '../../../lib/api.ts';
import { currentLocale } from '../../../lib/i18n.ts';

/** POST /api/media: one photo, as multipart (the server reads its type from its bytes). */
export async function uploadMedia(file: File, signal?: AbortSignal): Promise<MediaDto> {
  const form = new FormData();
  form.append('file', file, file.name);
  let res: Response;
  try {
    res = await fetch('/api/media', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/json', 'x-locale': currentLocale() },
      body: form,
      signal: signal ?? null,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'NETWORK_ERROR', '');
  }
  const data: unknown = await res.json().catch(() => null);
  if (!res.ok) throw apiErrorOf(res.status, data);
  return data as MediaDto;
}

/** DELETE /api/media/:id: takes back an upload not yet posted. */
export function discardMedia(id: string): Promise<void> {
  return api<void>(`/media/${id}`, { method: 'DELETE' });
}
