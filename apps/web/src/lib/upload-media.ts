import type { MediaDto } from '@candeia/shared/schemas/media';
import { ApiError, apiErrorOf } from './api.ts';
import { currentLocale } from './i18n.ts';

/**
 * POST /api/media: one photo or video, as multipart (the server reads its type from its bytes).
 * Sent with XMLHttpRequest, which reports the upload's progress (a video may be 100 MB on a
 * phone's connection); `onProgress` gets a fraction from 0 to 1.
 */
export function uploadMedia(
  file: File,
  opts: { signal?: AbortSignal; onProgress?: (fraction: number) => void } = {},
): Promise<MediaDto> {
  const form = new FormData();
  form.append('file', file, file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/media');
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('x-locale', currentLocale());
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) opts.onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      let data: unknown = null;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        /* not JSON: a proxy's page */
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(data as MediaDto);
      else reject(apiErrorOf(xhr.status, data));
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK_ERROR', ''));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
