import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FeedPageDto, PostDto } from '@candeia/shared/schemas/community';
import { createTestApp, type TestApp, type TestRequestOptions } from './support/app.ts';
import { sha256 } from '../src/lib/tokens.ts';
import { insertUser, setSubscriptionStatus, type TestUser } from './support/factories.ts';

/**
 * The read caches (lib/read-cache.ts, decision 034) with two server processes on one database,
 * as `npm run start:cluster` runs them: a copy one process holds never outlives a change made in
 * the other, nor one made in SQL by someone else (PostgreSQL's triggers send the note). A change
 * made through a process is seen by that process at once: its next request already reads afresh.
 */

let a: TestApp;
let b: TestApp;
let ana: TestUser;
let bruno: TestUser;
const handles: Record<string, string> = {};

beforeAll(async () => {
  a = await createTestApp();
  b = await createTestApp({}, { sameDatabaseAs: a });
  ana = await insertUser(a, { firstName: 'Ana', lastName: 'Prado' });
  bruno = await insertUser(a, { firstName: 'Bruno', lastName: 'Reis' });
  for (const [k, u] of Object.entries({ ana, bruno })) {
    const res = await on(a, u, { url: '/api/community/me' });
    expect(res.statusCode, res.body).toBe(200);
    handles[k] = res.json<{ handle: string }>().handle;
  }
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const on = (t: TestApp, u: TestUser, opts: TestRequestOptions) => t.request({ ...opts, cookie: u.cookie });
const discover = async (t: TestApp, u: TestUser) => {
  const res = await on(t, u, { url: '/api/community/feed?feed=discover' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<FeedPageDto>().items.map((p) => p.body);
};

/** The copies a process holds, by cache. */
const held = (t: TestApp, name: 'community.feedPages' | 'auth.sessions' | 'billing.access') =>
  t.app.deps.caches.cache(
    name === 'community.feedPages' ? 'community' : name === 'auth.sessions' ? 'sessions' : 'access',
    name,
    {
      ttlMs: 1,
      maxEntries: 1,
    },
  ).size;

/** Waits for `check` to pass: a note from PostgreSQL arrives a few milliseconds after the commit. */
const eventually = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 3_000, interval: 20 });

/** Reads until the process holds copies (the first read only starts listening for notes). */
async function warm(t: TestApp, u: TestUser) {
  await eventually(async () => {
    await discover(t, u);
    expect(held(t, 'community.feedPages')).toBeGreaterThan(0);
  });
}

describe('feed pages', () => {
  it("a post made through one process is in the other's next page once the note arrives, and at once in its own", async () => {
    await warm(b, ana);
    await warm(a, ana);
    const created = await on(a, bruno, {
      method: 'POST',
      url: '/api/community/posts',
      payload: { body: 'Paz a todos' },
    });
    expect(created.statusCode, created.body).toBe(201);
    // The writer's process: no wait at all.
    expect(await discover(a, ana)).toContain('Paz a todos');
    await eventually(async () => expect(await discover(b, ana)).toContain('Paz a todos'));
  });

  it('the copy is what is served while nothing changes', async () => {
    await warm(b, ana);
    const before = await on(b, ana, { url: '/api/community/feed?feed=discover' });
    // A change no trigger notes (a table outside the caches' scope) does not drop it: the same bytes.
    await a.query(`SELECT pg_notify('unrelated', '{}')`);
    const again = await on(b, ana, { url: '/api/community/feed?feed=discover' });
    expect(again.body).toBe(before.body);
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    // Compressed as the client accepts (once per copy), the same page.
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
      ['br;q=0, gzip;q=0.5', 'gzip', gunzipSync],
    ] as const) {
      const res = await b.request({
        url: '/api/community/feed?feed=discover',
        cookie: ana.cookie,
        headers: { 'accept-encoding': accept },
      });
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers.vary).toContain('accept-encoding');
      expect(decode(res.rawPayload).toString()).toBe(before.body);
    }
  });

  it("a block made through one process hides the blocked member's posts in the other; an edit in SQL shows too", async () => {
    const post = (
      await on(a, bruno, { method: 'POST', url: '/api/community/posts', payload: { body: 'Oração da manhã' } })
    ).json<PostDto>();
    await eventually(async () => expect(await discover(b, ana)).toContain('Oração da manhã'));
    await warm(b, ana);
    // As an admin at psql would: no request, only the trigger's note.
    await a.query('UPDATE community_posts SET body = $1 WHERE id = $2', ['Oração da noite', post.id]);
    await eventually(async () => expect(await discover(b, ana)).toContain('Oração da noite'));

    const blocked = await on(a, ana, {
      method: 'PUT',
      url: `/api/community/members/${handles.bruno}/block`,
      payload: { on: true },
    });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(await discover(a, ana)).not.toContain('Oração da noite');
    await eventually(async () => expect(await discover(b, ana)).not.toContain('Oração da noite'));
    await on(a, ana, { method: 'PUT', url: `/api/community/members/${handles.bruno}/block`, payload: { on: false } });
  });
});

describe("a request that may write (the writer's own process)", () => {
  it("drops the writer's own session and plan copies and every feed page before its answer leaves, even when it wrote nothing", async () => {
    await warm(a, ana);
    await warm(a, bruno);
    const sessions = a.app.deps.caches.cache<unknown>('sessions', 'auth.sessions', { ttlMs: 1, maxEntries: 1 });
    const hash = (u: TestUser) => sha256(u.cookie.slice('candeia_session='.length));
    expect(sessions.get(hash(ana))).toBeDefined();
    expect(sessions.get(hash(bruno))).toBeDefined();
    // Refused for its empty body: no row changed, so no trigger sends a note. The rule alone acts.
    const refused = await on(a, bruno, { method: 'POST', url: '/api/community/posts', payload: { body: ' ' } });
    expect(refused.statusCode).toBe(400);
    expect(held(a, 'community.feedPages')).toBe(0);
    expect(sessions.get(hash(bruno))).toBeUndefined();
    expect(sessions.get(hash(ana))).toBeDefined();
    // A read drops nothing.
    await warm(a, ana);
    await on(a, bruno, { url: '/api/community/feed?feed=following' });
    expect(held(a, 'community.feedPages')).toBeGreaterThan(0);
    expect(sessions.get(hash(ana))).toBeDefined();
  });
});

describe('sessions', () => {
  it('a logout through one process ends the session in the other too; in its own at once', async () => {
    const user = await insertUser(a);
    // Both processes hold a copy of the session.
    for (const t of [a, b]) {
      await eventually(async () => {
        expect((await on(t, user, { url: '/api/profile' })).statusCode).toBe(200);
        expect(held(t, 'auth.sessions')).toBeGreaterThan(0);
      });
    }
    expect((await on(a, user, { method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(200);
    expect((await on(a, user, { url: '/api/profile' })).statusCode).toBe(401);
    await eventually(async () => expect((await on(b, user, { url: '/api/profile' })).statusCode).toBe(401));
  });

  it('a session ended in SQL, or an account suspended there, is refused by every process', async () => {
    const one = await insertUser(a);
    const two = await insertUser(a);
    for (const u of [one, two])
      await eventually(async () => {
        expect((await on(b, u, { url: '/api/profile' })).statusCode).toBe(200);
        expect(held(b, 'auth.sessions')).toBeGreaterThan(0);
      });
    await a.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1', [one.user.id]);
    await eventually(async () => expect((await on(b, one, { url: '/api/profile' })).statusCode).toBe(401));
    await a.query('UPDATE users SET suspended_at = now() WHERE id = $1', [two.user.id]);
    await eventually(async () => expect((await on(b, two, { url: '/api/profile' })).statusCode).toBe(401));
  });
});

describe('plan access', () => {
  it("a subscription changed in SQL (a job, another process) closes the community in every process's next request", async () => {
    const carla = await insertUser(a, { firstName: 'Carla', lastName: 'Dias' });
    await eventually(async () => {
      expect((await on(b, carla, { url: '/api/community/feed?feed=discover' })).statusCode).toBe(200);
      expect(held(b, 'billing.access')).toBeGreaterThan(0);
    });
    await setSubscriptionStatus(a, carla.user.id, 'canceled');
    await eventually(async () => {
      const res = await on(b, carla, { url: '/api/community/feed?feed=discover' });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('SUBSCRIPTION_REQUIRED');
    });
  });
});

// Last: it moves the clock both processes share, so every earlier session would look idle.
describe('the idle limit', () => {
  it('a copy that looks idle is read again first: a member active on the other process is not signed out', async () => {
    const user = await insertUser(a);
    await eventually(async () => {
      expect((await on(b, user, { url: '/api/profile' })).statusCode).toBe(200);
      expect(held(b, 'auth.sessions')).toBeGreaterThan(0);
    });
    a.clock.advance(20 * 60_000);
    // Seen on A: the row's last-seen time moves forward (no note: the app only moves it forward).
    expect((await on(a, user, { url: '/api/profile' })).statusCode).toBe(200);
    a.clock.advance(15 * 60_000);
    // B's copy was seen 35 minutes ago, the database 15: the session lives.
    expect((await on(b, user, { url: '/api/profile' })).statusCode).toBe(200);
    await eventually(async () => {
      expect((await on(b, user, { url: '/api/profile' })).statusCode).toBe(200);
      expect(held(b, 'auth.sessions')).toBeGreaterThan(0);
    });
    // Set back by hand, the note reaches B's copy: idle.
    await a.query(`UPDATE sessions SET last_seen_at = $1::timestamptz - interval '31 minutes' WHERE user_id = $2`, [
      a.clock.now(),
      user.user.id,
    ]);
    await eventually(async () => expect((await on(b, user, { url: '/api/profile' })).statusCode).toBe(401));
  });
});
