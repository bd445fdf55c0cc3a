/**
 * The browser's storages, or null where they are refused (private modes, blocked cookies):
 * callers then go on without remembering.
 */
export function localStore(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}
