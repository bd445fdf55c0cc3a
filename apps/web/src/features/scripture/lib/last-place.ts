import type { ScriptureArea } from '@candeia/shared/routes';
import { LAST_PLACE_KEY } from './prefs.ts';

export interface Place {
  textId: string;
  book: string;
  chapter: number;
}

function readAll(): Partial<Record<ScriptureArea, Place>> {
  try {
    const v = JSON.parse(window.localStorage.getItem(LAST_PLACE_KEY) ?? '{}') as unknown;
    return v && typeof v === 'object' ? (v as Partial<Record<ScriptureArea, Place>>) : {};
  } catch {
    return {};
  }
}

/** The last chapter opened in the area on this device (the server keeps it per user too). */
export function readLastPlace(area: ScriptureArea): Place | null {
  const p = readAll()[area];
  if (!p || typeof p.textId !== 'string' || typeof p.book !== 'string' || !Number.isInteger(p.chapter)) return null;
  return p;
}

export function storeLastPlace(area: ScriptureArea, place: Place): void {
  try {
    window.localStorage.setItem(LAST_PLACE_KEY, JSON.stringify({ ...readAll(), [area]: place }));
  } catch {
    /* storage blocked: the server's copy remains */
  }
}
