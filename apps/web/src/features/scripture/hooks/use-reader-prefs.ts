import { useCallback, useSyncExternalStore } from 'react';
import { parsePrefs, PREFS_KEY, type ReaderPrefs } from '../lib/prefs.ts';

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cached: ReaderPrefs = parsePrefs(null);

/** The stored value; undefined when storage cannot be read (the page keeps its own copy). */
function read(): string | null | undefined {
  try {
    return window.localStorage.getItem(PREFS_KEY);
  } catch {
    return undefined;
  }
}

function snapshot(): ReaderPrefs {
  const raw = read();
  if (raw !== undefined && raw !== cachedRaw) {
    cachedRaw = raw;
    cached = parsePrefs(raw);
  }
  return cached;
}

function subscribe(onChange: () => void) {
  listeners.add(onChange);
  // Another tab changed the settings.
  const onStorage = (e: StorageEvent) => {
    if (e.key === PREFS_KEY) onChange();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onStorage);
  };
}

/** The reader's font size, verse numbers and parallel Bible, persisted on this device. */
export function useReaderPrefs(): [ReaderPrefs, (patch: Partial<ReaderPrefs>) => void] {
  const prefs = useSyncExternalStore(subscribe, snapshot, snapshot);
  const update = useCallback((patch: Partial<ReaderPrefs>) => {
    const next = { ...snapshot(), ...patch };
    try {
      window.localStorage.setItem(PREFS_KEY, JSON.stringify(next));
    } catch {
      /* storage full or blocked: the setting lasts for this page only */
      cachedRaw = JSON.stringify(next);
      cached = next;
    }
    for (const l of listeners) l();
  }, []);
  return [prefs, update];
}
