/**
 * Where signing in goes back to. SPEC.md §2 sends anyone signed out who opens a signed-in link
 * to /; the link is remembered for this tab (sessionStorage) so that signing in, or signing up,
 * opens it after all. Only paths inside the app are ever followed.
 */

import { paths } from '@candeia/shared/routes';
import { localStore, sessionStore } from './storage.ts';

const KEY = 'candeia.returnTo';
const BASE = 'https://candeia.invalid';

/**
 * The path itself when it is a path of this app, else null. Refused: anything not starting
 * with exactly one `/` (`https://…`, `javascript:…`, `//host`), backslashes anywhere (browsers
 * read `/\host` as `//host`), control characters and whitespace the URL parser would drop, and
 * whatever resolves to another origin.
 */
export function safeReturnPath(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length > 2000) return null;
  if (!/^\/(?![/\\])/.test(raw)) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u0020\u007f]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  // Dot segments can turn into `//` once resolved (`/..//evil.com`): the result is checked again.
  const path = `${url.pathname}${url.search}${url.hash}`;
  return /^\/(?!\/)/.test(path) ? path : null;
}

/** Remembers the signed-in link someone signed out asked for. */
export function rememberReturnPath(path: string): void {
  const safe = safeReturnPath(path);
  if (!safe) return;
  try {
    sessionStore()?.setItem(KEY, safe);
  } catch {
    /* storage full or refused: the sign-in goes to /start */
  }
}

/** The remembered link, when there is one and it is still a path of this app. */
export function rememberedReturnPath(): string | null {
  try {
    return safeReturnPath(sessionStore()?.getItem(KEY) ?? null);
  } catch {
    return null;
  }
}

/** Forgets the remembered link (it has been opened signed in). */
export function forgetReturnPath(): void {
  try {
    sessionStore()?.removeItem(KEY);
  } catch {
    /* nothing to forget */
  }
}

/** Where to go once signed in: the `?next=` path, else the remembered link, else /start. */
export function signedInDestination(params: URLSearchParams): string {
  return safeReturnPath(params.get('next')) ?? rememberedReturnPath() ?? paths.start();
}

const SIGNED_IN_KEY = 'candeia.signedIn';

/**
 * Whether this browser had a session that ended without a sign-out (it expired while the tab
 * was closed): noted while signed in, forgotten on sign-out. A signed-in link opened then goes
 * to the login page with "Sua sessão expirou" (SPEC.md §2), not to the landing page.
 */
export function noteSignedIn(): void {
  try {
    localStore()?.setItem(SIGNED_IN_KEY, '1');
  } catch {
    /* storage refused: an ended session goes to / as for anyone signed out */
  }
}

export function forgetSignedIn(): void {
  try {
    localStore()?.removeItem(SIGNED_IN_KEY);
  } catch {
    /* nothing to forget */
  }
}

/** Whether a session of this browser ended without a sign-out (see noteSignedIn). */
export function hadSession(): boolean {
  try {
    return localStore()?.getItem(SIGNED_IN_KEY) === '1';
  } catch {
    return false;
  }
}
