import { localStore } from '../../../lib/storage.ts';

/** A visitor's dismissals stay on this device (a member's are kept by the server). */
const KEY = 'candeia.alerts.dismissed';
/** Enough for every alert that could be up at once; the oldest fall off. */
const KEEP = 50;

export function dismissedHere(): string[] {
  try {
    const raw: unknown = JSON.parse(localStore()?.getItem(KEY) ?? '[]');
    return Array.isArray(raw) ? raw.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

export function dismissHere(id: string): void {
  const next = [...dismissedHere().filter((x) => x !== id), id].slice(-KEEP);
  localStore()?.setItem(KEY, JSON.stringify(next));
}
