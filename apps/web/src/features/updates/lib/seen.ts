import { localStore } from '../../../lib/storage.ts';

/** The newest release this device has shown on /updates. */
const KEY = 'candeia.updates.seen';

export function lastSeenRelease(): string | null {
  return localStore()?.getItem(KEY) ?? null;
}

export function markReleaseSeen(id: string): void {
  localStore()?.setItem(KEY, id);
}
