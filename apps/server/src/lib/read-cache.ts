/**
 * Short-lived copies, in this process, of what nearly every request reads again: a session, a
 * member's plan access, a feed page (decision 034). Each copy is thrown away
 *   - at once, in this process, when a request that may write (any method but GET, HEAD and
 *     OPTIONS) is answered: the member's own copies, or all of them when an admin, a webhook or
 *     a signed-out caller wrote (`plugins/read-caches.ts`);
 *   - in every process, when PostgreSQL's triggers on the tables behind them note a change on the
 *     `read_caches` channel (migration 0024): other processes, jobs, an admin's SQL;
 *   - after `ttlMs` in any case, should a note ever be lost.
 * While the event bus's listening connection is down, nothing is read from the copies: notes sent
 * meanwhile are lost, so the copies are dropped when it comes back.
 */

/** Monotonic milliseconds: a test's clock may move, a copy's age may not. */
const monotonic = () => performance.now();

interface Entry<V> {
  value: V;
  at: number;
  tag: string | null;
  bytes: number;
}

export interface ReadCacheOptions<V> {
  ttlMs: number;
  /** At most this many copies, or this many bytes (`sizeOf`): the oldest go first. */
  maxEntries: number;
  maxBytes?: number;
  sizeOf?: (value: V) => number;
  now?: () => number;
}

/**
 * One cache. A reader takes the `generation` before it reads the source and passes it to set():
 * if anything was forgotten meanwhile, what it read may be older than the change, and is not kept.
 */
export class ReadCache<V> {
  private readonly map = new Map<string, Entry<V>>();
  private readonly byTag = new Map<string, Set<string>>();
  private gen = 0;
  private bytes = 0;
  private readonly now: () => number;

  constructor(private readonly opts: ReadCacheOptions<V>) {
    this.now = opts.now ?? monotonic;
  }

  get generation(): number {
    return this.gen;
  }

  get size(): number {
    return this.map.size;
  }

  get(key: string): V | undefined {
    const e = this.map.get(key);
    if (!e) return undefined;
    if (this.now() - e.at >= this.opts.ttlMs) {
      this.remove(key, e);
      return undefined;
    }
    return e.value;
  }

  /** Keeps `value` under `key` unless something was forgotten since `generation` was taken. */
  set(key: string, value: V, generation: number, tag: string | null = null): void {
    if (generation !== this.gen) return;
    const bytes = this.opts.sizeOf?.(value) ?? 0;
    if (this.opts.maxBytes !== undefined && bytes > this.opts.maxBytes) return;
    const old = this.map.get(key);
    if (old) this.remove(key, old);
    this.map.set(key, { value, at: this.now(), tag, bytes });
    this.bytes += bytes;
    if (tag) {
      let keys = this.byTag.get(tag);
      if (!keys) this.byTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
    // A Map iterates in insertion order: the first entries are the oldest.
    for (const [k, e] of this.map) {
      if (
        this.map.size <= this.opts.maxEntries &&
        (this.opts.maxBytes === undefined || this.bytes <= this.opts.maxBytes)
      )
        break;
      this.remove(k, e);
    }
  }

  delete(key: string): void {
    const e = this.map.get(key);
    if (e) this.remove(key, e);
    this.gen++;
  }

  /** Forgets every copy set with `tag` (a member's id). */
  forget(tag: string): void {
    const keys = this.byTag.get(tag);
    if (keys) for (const key of [...keys]) this.remove(key, this.map.get(key)!);
    this.gen++;
  }

  clear(): void {
    this.map.clear();
    this.byTag.clear();
    this.bytes = 0;
    this.gen++;
  }

  private remove(key: string, e: Entry<V>): void {
    this.map.delete(key);
    this.bytes -= e.bytes;
    if (e.tag) {
      const keys = this.byTag.get(e.tag);
      keys?.delete(key);
      if (keys?.size === 0) this.byTag.delete(e.tag);
    }
  }
}

/** What a `read_caches` note names: the copies made from those tables. */
export const READ_CACHE_SCOPES = ['sessions', 'access', 'community'] as const;
export type ReadCacheScope = (typeof READ_CACHE_SCOPES)[number];

/** What ReadCaches needs of the event bus. */
export interface CacheNotes {
  readonly connected: boolean;
  /** Listens to the notes; `resync` when the connection came back (notes were lost). */
  listen(onNote: (scope: ReadCacheScope) => void, resync: () => void): Promise<() => void>;
}

/**
 * The app's caches, by scope. Modules make theirs with `cache(scope, name, options)` (once per app;
 * the same name gives the same cache) and read them only when `usable()` says so.
 */
export class ReadCaches {
  private readonly caches = new Map<string, { scope: ReadCacheScope; cache: ReadCache<unknown> }>();
  private listening: Promise<void> | null = null;
  private unlisten: (() => void) | null = null;
  private closed = false;

  constructor(private readonly notes: CacheNotes | null) {}

  cache<V>(scope: ReadCacheScope, name: string, opts: ReadCacheOptions<V>): ReadCache<V> {
    let found = this.caches.get(name);
    if (!found) {
      found = { scope, cache: new ReadCache(opts) as unknown as ReadCache<unknown> };
      this.caches.set(name, found);
    }
    return found.cache as unknown as ReadCache<V>;
  }

  /**
   * True when copies may be read: the notes of other processes arrive. Starts listening on the
   * first call; until the listening connection is up (or while it is down), false.
   */
  usable(): boolean {
    if (!this.notes || this.closed) return false;
    if (!this.listening) {
      this.listening = this.notes
        .listen(
          (scope) => this.clearScope(scope),
          () => this.clearAll(),
        )
        .then((unlisten) => {
          if (this.closed) unlisten();
          else this.unlisten = unlisten;
        })
        .catch(() => {
          // The database could not be reached: try again on a later call.
          this.listening = null;
        });
      return false;
    }
    return this.notes.connected;
  }

  /** A member wrote something: their own copies go (their session, their plan, every feed page). */
  afterWrite(userId: string | null): void {
    for (const { scope, cache } of this.caches.values()) {
      if (scope === 'community' || !userId) cache.clear();
      else cache.forget(userId);
    }
  }

  clearScope(scope: ReadCacheScope): void {
    for (const c of this.caches.values()) if (c.scope === scope) c.cache.clear();
  }

  clearAll(): void {
    for (const c of this.caches.values()) c.cache.clear();
  }

  /** The app closes: no more copies, no more listening. */
  close(): void {
    this.closed = true;
    this.unlisten?.();
    this.unlisten = null;
    this.clearAll();
  }
}
