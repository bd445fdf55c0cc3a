import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostDto } from '@candeia/shared/schemas/community';
import { createTestApp } from './support/app.ts';
import { insertUser, type TestUser } from './support/factories.ts';
import { openEventStream } from './support/sse.ts';

/**
 * The open feed's stream (`GET /api/community/feed/events`, server-sent events over the event
 * bus): a "post" note when someone else publishes (Seguindo: someone followed), nothing for one's
 * own posts, held posts or people not followed; an approved post is told when it goes out.
 */

const t = await createTestApp();
let base: string;
let ana: TestUser;
let bruno: TestUser;
let carla: TestUser;
let admin: TestUser;
beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.app.server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  ana = await insertUser(t, { firstName: 'Ana', lastName: 'Ao Vivo' });
  bruno = await insertUser(t, { firstName: 'Bruno', lastName: 'Ao Vivo' });
  carla = await insertUser(t, { firstName: 'Carla', lastName: 'Ao Vivo' });
  admin = await insertUser(t, { firstName: 'Admin', lastName: 'Ao Vivo', role: 'admin' });
  const handle = (await t.request({ url: '/api/community/me', cookie: bruno.cookie })).json<{ handle: string }>()
    .handle;
  const follow = await t.request({
    method: 'PUT',
    url: `/api/community/members/${handle}/follow`,
    cookie: ana.cookie,
    payload: { on: true },
  });
  expect(follow.statusCode, follow.body).toBe(200);
});
afterAll(async () => {
  // This test's own fetches keep their idle connections open; the app would wait for them.
  t.app.server.closeAllConnections();
  await t.close();
});

/** An open feed stream: the notes it received so far, and how to close it. */
async function listen(u: TestUser, feed: 'following' | 'discover') {
  const stream = await openEventStream(`${base}/api/community/feed/events?feed=${feed}`, u.cookie, t.config.APP_URL);
  expect(stream.res.status).toBe(200);
  expect(stream.res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
  // The subscription is in place once the first bytes (the retry line) arrived.
  await expect.poll(() => stream.res.bodyUsed).toBe(true);
  return {
    get notes() {
      return stream.events.map((e) => e.event);
    },
    close: stream.close,
  };
}

const publish = async (u: TestUser, body: string) => {
  const res = await t.request({ method: 'POST', url: '/api/community/posts', cookie: u.cookie, payload: { body } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<PostDto>();
};

/** Long enough for a note that would come (they are sent within a second of the post). */
const quiet = () => new Promise((r) => setTimeout(r, 1_800));

describe('the open feed is told of new posts', () => {
  it('Seguindo hears of posts by the people followed, not of others or of one’s own; Descobrir of everyone else’s', async () => {
    const following = await listen(ana, 'following');
    const discover = await listen(carla, 'discover');
    await quiet();

    await publish(bruno, 'Bom dia, irmãos');
    await expect.poll(() => following.notes, { timeout: 5_000 }).toEqual(['post']);
    await expect.poll(() => discover.notes, { timeout: 5_000 }).toEqual(['post']);

    // Carla is not followed by Ana; Ana's own post is not news to Ana.
    await publish(carla, 'Uma palavra de Carla');
    await publish(ana, 'Uma palavra de Ana');
    await quiet();
    expect(following.notes).toEqual(['post']);
    // Carla hears of Ana's post, not of her own.
    await expect.poll(() => discover.notes, { timeout: 5_000 }).toEqual(['post', 'post']);

    // The count the page then asks for applies the feed's rules.
    const newest = (await t.request({ url: '/api/community/feed?feed=following', cookie: ana.cookie })).json<{
      items: PostDto[];
    }>();
    expect(newest.items.map((p) => p.body)).toContain('Bom dia, irmãos');
    await Promise.all([following.close(), discover.close()]);
  });

  it('a held post is not told until an administrator approves it', async () => {
    const settings = await t.request({
      method: 'PUT',
      url: '/api/admin/community/settings',
      cookie: admin.cookie,
      payload: { holdFirstPosts: 0, words: { pt: ['palavrão'], en: [], es: [] } },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const feed = await listen(carla, 'discover');
    await quiet();
    const held = await publish(bruno, 'Isto tem um palavrão');
    expect(held.status).toBe('held');
    await quiet();
    expect(feed.notes).toEqual([]);
    const approve = await t.request({
      method: 'POST',
      url: `/api/admin/community/posts/${held.id}/moderate`,
      cookie: admin.cookie,
      payload: { action: 'approve' },
    });
    expect(approve.statusCode, approve.body).toBe(204);
    await expect.poll(() => feed.notes, { timeout: 5_000 }).toEqual(['post']);
    await feed.close();
  });

  it('posts close together make one note', async () => {
    const feed = await listen(carla, 'discover');
    await quiet();
    await Promise.all([publish(bruno, 'um'), publish(ana, 'dois'), publish(bruno, 'três')]);
    await quiet();
    expect(feed.notes).toEqual(['post']);
    await feed.close();
  });

  it('a member holds a few streams at once, not a flood: the seventh is refused 429 until one closes', async () => {
    const six = await Promise.all(Array.from({ length: 6 }, () => listen(carla, 'discover')));
    const seventh = await fetch(`${base}/api/community/feed/events?feed=discover`, {
      headers: { cookie: carla.cookie, origin: t.config.APP_URL, 'sec-fetch-site': 'same-origin' },
    });
    expect(seventh.status).toBe(429);
    await seventh.body?.cancel();
    await six[0]!.close();
    // Once the server has seen the close, a stream opens again.
    await expect
      .poll(async () => {
        const ctrl = new AbortController();
        const again = await fetch(`${base}/api/community/feed/events?feed=discover`, {
          headers: { cookie: carla.cookie, origin: t.config.APP_URL, 'sec-fetch-site': 'same-origin' },
          signal: ctrl.signal,
        });
        ctrl.abort();
        await again.body?.cancel().catch(() => undefined);
        return again.status;
      })
      .toBe(200);
    await Promise.all(six.slice(1).map((s) => s.close()));
  });

  it('twelve streams opened at once: six are served, six refused 429', async () => {
    const ctrl = new AbortController();
    const statuses = await Promise.all(
      Array.from({ length: 12 }, async () => {
        const res = await fetch(`${base}/api/community/feed/events?feed=discover`, {
          headers: { cookie: ana.cookie, origin: t.config.APP_URL, 'sec-fetch-site': 'same-origin' },
          signal: ctrl.signal,
        });
        return res.status;
      }),
    );
    ctrl.abort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(6);
    expect(statuses.filter((s) => s === 429)).toHaveLength(6);
  });

  it('needs a session and the community: a visitor gets 401', async () => {
    const res = await fetch(`${base}/api/community/feed/events?feed=discover`);
    expect(res.status).toBe(401);
    await res.body?.cancel();
  });
});
