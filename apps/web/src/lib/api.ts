import type { ApiErrorBody, ErrorCode } from '@candeia/shared/errors';
import { currentLocale } from './i18n.ts';

export const SESSION_EXPIRED_EVENT = 'candeia:session-expired';

let signingOut = false;

/**
 * A sign-out under way (or done): a request that was in flight when the session ended meets the
 * ended session, which is then not an expiry to announce. Cleared when a session begins again.
 */
export function setSigningOut(value: boolean): void {
  signingOut = value;
}

export function isSigningOut(): boolean {
  return signingOut;
}

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

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Calls our JSON API: same-origin cookie, the current language, typed errors. */
export async function api<T>(
  path: string,
  opts: { method?: Method; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  const method = opts.method ?? 'GET';
  let res: Response;
  try {
    res = await apiFetch(path, { method, body: opts.body, signal: opts.signal, accept: 'application/json' });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'NETWORK_ERROR', '');
  }
  if (res.status === 204) return undefined as T;
  const data: unknown = await res.json().catch(() => null);
  if (!res.ok) throw apiErrorOf(res.status, data);
  return data as T;
}

/**
 * The request `api` makes (same-origin cookie, the current language, JSON body), without
 * reading the response: for responses that are not JSON, such as an event stream.
 */
export function apiFetch(
  path: string,
  opts: { method?: Method; body?: unknown; signal?: AbortSignal | undefined; accept: string },
): Promise<Response> {
  return fetch(`/api${path}`, {
    method: opts.method ?? 'GET',
    credentials: 'same-origin',
    headers: {
      accept: opts.accept,
      'x-locale': currentLocale(),
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: opts.body !== undefined ? JSON.stringify(opts.body) : null,
    signal: opts.signal ?? null,
  });
}

/** The ApiError of a failed response's parsed body (null when it was not JSON). */
export function apiErrorOf(status: number, data: unknown): ApiError {
  const body = (data as ApiErrorBody | null)?.error;
  const code = body?.code ?? (status >= 500 ? 'SERVER_ERROR' : 'UNEXPECTED_ERROR');
  if (code === 'AUTH_SESSION_EXPIRED' && !signingOut) window.dispatchEvent(new Event(SESSION_EXPIRED_EVENT));
  return new ApiError(status, code, body?.message ?? '', body?.fields ?? {}, body?.requestId);
}
