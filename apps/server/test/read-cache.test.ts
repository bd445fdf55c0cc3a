import { describe, expect, it } from 'vitest';
import { ReadCache, ReadCaches, type CacheNotes, type ReadCacheScope } from '../src/lib/read-cache.ts';

/** A clock the test moves. */
function clock() {
  let t = 1_000;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('ReadCache', () => {
  it('keeps a copy for ttlMs, then answers nothing', () => {
    const c = clock();
    const cache = new ReadCache<string>({ ttlMs: 5_000, maxEntries: 10, now: c.now });
    cache.set('a', 'A', cache.generation);
    expect(cache.get('a')).toBe('A');
    c.advance(4_999);
    expect(cache.get('a')).toBe('A');
    c.advance(1);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('does not keep what was read before something was forgotten (the read may be older than the change)', () => {
    const cache = new ReadCache<string>({ ttlMs: 5_000, maxEntries: 10 });
    const before = cache.generation;
    cache.forget('member-1');
    cache.set('a', 'read before the change', before);
    expect(cache.get('a')).toBeUndefined();
    const clearedDuringRead = cache.generation;
    cache.clear();
    cache.set('b', 'also', clearedDuringRead);
    expect(cache.get('b')).toBeUndefined();
    cache.set('c', 'read after', cache.generation);
    expect(cache.get('c')).toBe('read after');
  });

  it("forgets one member's copies and keeps the others'", () => {
    const cache = new ReadCache<number>({ ttlMs: 5_000, maxEntries: 10 });
    cache.set('s1', 1, cache.generation, 'ana');
    cache.set('s2', 2, cache.generation, 'ana');
    cache.set('s3', 3, cache.generation, 'bruno');
    cache.forget('ana');
    expect([cache.get('s1'), cache.get('s2'), cache.get('s3')]).toEqual([undefined, undefined, 3]);
    cache.delete('s3');
    expect(cache.get('s3')).toBeUndefined();
  });

  it('holds at most maxEntries and maxBytes, dropping the oldest first; a copy over maxBytes is not kept', () => {
    const cache = new ReadCache<Buffer>({ ttlMs: 5_000, maxEntries: 3, maxBytes: 100, sizeOf: (b) => b.length });
    for (const k of ['a', 'b', 'c', 'd']) cache.set(k, Buffer.alloc(10), cache.generation, 'm');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(3);
    cache.set('big', Buffer.alloc(85), cache.generation);
    // Four copies: the oldest goes; then 10 + 10 + 85 > 100 bytes: the next oldest.
    expect([cache.get('b'), cache.get('c')]).toEqual([undefined, undefined]);
    expect(cache.get('d')?.length).toBe(10);
    expect(cache.get('big')?.length).toBe(85);
    cache.set('huge', Buffer.alloc(101), cache.generation);
    expect(cache.get('huge')).toBeUndefined();
    // The tag index follows what was dropped: forgetting still works on what is left.
    cache.forget('m');
    expect(cache.get('d')).toBeUndefined();
    expect(cache.get('big')?.length).toBe(85);
  });
});

/** Notes as the event bus gives them, driven by the test. */
function fakeNotes() {
  const notes = {
    connected: false,
    listens: 0,
    onNote: (_scope: ReadCacheScope) => {},
    resync: () => {},
    unlistened: false,
    fail: false,
    async listen(onNote: (scope: ReadCacheScope) => void, resync: () => void) {
      notes.listens++;
      if (notes.fail) throw new Error('database down');
      notes.onNote = onNote;
      notes.resync = resync;
      notes.connected = true;
      return () => {
        notes.unlistened = true;
      };
    },
  };
  return notes satisfies CacheNotes;
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('ReadCaches', () => {
  function make() {
    const notes = fakeNotes();
    const caches = new ReadCaches(notes);
    const opts = { ttlMs: 5_000, maxEntries: 100 };
    const sessions = caches.cache<string>('sessions', 'sessions', opts);
    const access = caches.cache<string>('access', 'access', opts);
    const pages = caches.cache<string>('community', 'pages', opts);
    const fill = () => {
      for (const [cache, v] of [
        [sessions, 's'],
        [access, 'a'],
        [pages, 'p'],
      ] as const) {
        cache.set('ana', v, cache.generation, 'ana');
        cache.set('bruno', v, cache.generation, 'bruno');
      }
    };
    const held = () =>
      [sessions, access, pages].map((c) => [c.get('ana') ?? null, c.get('bruno') ?? null].filter(Boolean).join(''));
    return { notes, caches, sessions, fill, held };
  }

  it('is not usable until the notes of other processes are listened to, nor while that connection is down', async () => {
    const { notes, caches, sessions } = make();
    expect(caches.usable()).toBe(false);
    await settle();
    expect(caches.usable()).toBe(true);
    expect(notes.listens).toBe(1);
    expect(caches.cache('sessions', 'sessions', { ttlMs: 1, maxEntries: 1 })).toBe(sessions);
    notes.connected = false;
    expect(caches.usable()).toBe(false);
  });

  it('tries to listen again when the database could not be reached', async () => {
    const { notes, caches } = make();
    notes.fail = true;
    expect(caches.usable()).toBe(false);
    await settle();
    notes.fail = false;
    expect(caches.usable()).toBe(false);
    await settle();
    expect(caches.usable()).toBe(true);
    expect(notes.listens).toBe(2);
  });

  it("a member's write drops their session and plan copies and every feed page; anyone else's drops all", async () => {
    const { caches, fill, held } = make();
    fill();
    caches.afterWrite('ana');
    expect(held()).toEqual(['s', 'a', '']);
    fill();
    caches.afterWrite(null);
    expect(held()).toEqual(['', '', '']);
  });

  it("a note drops its scope's copies; a reconnection drops all of them; closing stops listening", async () => {
    const { notes, caches, fill, held } = make();
    caches.usable();
    await settle();
    fill();
    notes.onNote('access');
    expect(held()).toEqual(['ss', '', 'pp']);
    notes.onNote('community');
    expect(held()).toEqual(['ss', '', '']);
    fill();
    notes.resync();
    expect(held()).toEqual(['', '', '']);
    caches.close();
    expect(notes.unlistened).toBe(true);
    expect(caches.usable()).toBe(false);
  });
});
