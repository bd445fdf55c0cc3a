import type { ApiErrorBody, ErrorCode } from '@candeia/shared/errors';
import { currentLocale } from './i18n.ts';

export const SESSION_EXPIRED_EVENT = 'candeia:session-expired';

/** An API failure with its catalogue code, translated message and per-field messages. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields: Record<string, string> = {},
    readonly requestId?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Calls our JSON API: same-origin cookie, the current language, typed errors. */
export async function api<T>(
  path: string,
  opts: { method?: Method; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  const method = opts.method ?? 'GET';
  let res: Response;
  try {
    res = await fetch(`/api${path}`, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        'x-locale': currentLocale(),
        ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: opts.body !== undefined ? JSON.stringify(opts.body) : null,
      signal: opts.signal ?? null,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'NETWORK_ERROR', '');
  }
  if (res.status === 204) return undefined as T;
  const data: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const body = (data as ApiErrorBody | null)?.error;
    const code = body?.code ?? (res.status >= 500 ? 'SERVER_ERROR' : 'UNEXPECTED_ERROR');
    if (code === 'AUTH_SESSION_EXPIRED') window.dispatchEvent(new Event(SESSION_EXPIRED_EVENT));
    throw new ApiError(res.status, code, body?.message ?? '', body?.fields ?? {}, body?.requestId);
  }
  return data as T;
}
