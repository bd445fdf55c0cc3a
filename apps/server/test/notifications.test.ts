import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '@candeia/shared/constants';
import type { PostDto } from '@candeia/shared/schemas/community';
import {
  CREDITS_LOW_MARK,
  NOTIFICATIONS_PAGE_SIZE,
  type NotificationPageDto,
} from '@candeia/shared/schemas/notifications';
import { billingHousekeeping } from '../src/modules/billing/housekeeping.ts';
import { spend } from '../src/modules/credits/service.ts';
import { createTestApp, type TestRequestOptions } from './support/app.ts';
import { insertAccount, insertUser, uniqueIp, type TestUser } from './support/factories.ts';
import { openEventStream } from './support/sse.ts';

/**
 * Notifications (the bell and /notifications): each type made by its event, once, and not for
 * someone the member muted or blocked; the list, read marks, someone else's notification, and
 * the bell's live stream over the event bus.
 */

const t = await createTestApp();
let base: string;
let ana: TestUser;
let bruno: TestUser;
let carla: TestUser;
let admin: TestUser;
const handles: Record<string, string> = {};
beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.app.server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  ana = await insertUser(t, { firstName: 'Ana', lastName: 'Sino' });
  bruno = await insertUser(t, { firstName: 'Bruno', lastName: 'Sino' });
  carla = await insertUser(t, { firstName: 'Carla', lastName: 'Sino' });
  admin = await insertUser(t, { firstName: 'Admin', lastName: 'Sino', role: 'admin' });
  for (const [k, u] of Object.entries({ ana, bruno, carla })) {
    const res = await as(u, { url: '/api/community/me' });
    expect(res.statusCode, res.body).toBe(200);
    handles[k] = res.json<{ handle: string }>().handle;
  }
});
afterAll(async () => {
  t.app.server.closeAllConnections();
  await t.close();
});

const as = (u: TestUser | null, opts: TestRequestOptions) => t.request({ ...opts, cookie: u?.cookie ?? null });

async function post(u: TestUser, body: string, isPrayer = false): Promise<PostDto> {
  const res = await as(u, { method: 'POST', url: '/api/community/posts', payload: { body, isPrayer } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<PostDto>();
}

async function list(u: TestUser, before?: string): Promise<NotificationPageDto> {
  const res = await as(u, { url: `/api/notifications${before ? `?before=${before}` : ''}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<NotificationPageDto>();
}

const ofType = async (u: TestUser, type: string) => (await list(u)).items.filter((n) => n.type === type);

const put = (u: TestUser, url: string, on: boolean) => as(u, { method: 'PUT', url, payload: { on } });

describe('what makes a notification', () => {
  it('a follow tells the followed member once, with who followed (unfollowing and following again tells nothing new)', async () => {
    const follow = `/api/community/members/${handles.ana}/follow`;
    expect((await put(bruno, follow, true)).statusCode).toBe(200);
    expect((await put(bruno, follow, false)).statusCode).toBe(200);
    expect((await put(bruno, follow, true)).statusCode).toBe(200);
    const follows = await ofType(ana, 'follow');
    expect(follows).toHaveLength(1);
    expect(follows[0]).toMatchObject({ actor: { name: 'Bruno Sino', handle: handles.bruno }, readAt: null });
    // The one who followed is told nothing.
    expect(await ofType(bruno, 'follow')).toHaveLength(0);
  });

  it('a comment, an "Amém" and an "Orei por você" tell the author, with the post; nothing for one’s own', async () => {
    const p = await post(ana, 'Peço oração pela minha família.', true);
    const comment = await as(bruno, {
      method: 'POST',
      url: `/api/community/posts/${p.id}/comments`,
      payload: { body: 'Estou orando.' },
    });
    expect(comment.statusCode).toBe(201);
    expect((await put(bruno, `/api/community/posts/${p.id}/reaction`, true)).statusCode).toBe(200);
    expect((await put(bruno, `/api/community/posts/${p.id}/reaction`, false)).statusCode).toBe(200);
    expect((await put(bruno, `/api/community/posts/${p.id}/reaction`, true)).statusCode).toBe(200);
    expect((await put(bruno, `/api/community/posts/${p.id}/prayer`, true)).statusCode).toBe(200);
    // Ana's own comment and "Amém" on her post tell no one.
    await as(ana, { method: 'POST', url: `/api/community/posts/${p.id}/comments`, payload: { body: 'Obrigada!' } });
    await put(ana, `/api/community/posts/${p.id}/reaction`, true);

    for (const type of ['comment', 'reaction', 'prayer']) {
      const items = (await ofType(ana, type)).filter((n) => n.data.postId === p.id);
      expect(items, type).toHaveLength(1);
      expect(items[0]!.actor?.name).toBe('Bruno Sino');
    }
    expect((await list(bruno)).items.filter((n) => n.data.postId === p.id)).toHaveLength(0);
  });

  it('a member muted or blocked by the author tells them nothing', async () => {
    const p = await post(ana, 'Um dia de gratidão.');
    expect((await put(ana, `/api/community/members/${handles.carla}/mute`, true)).statusCode).toBe(200);
    await as(carla, { method: 'POST', url: `/api/community/posts/${p.id}/comments`, payload: { body: 'Amém!' } });
    await put(carla, `/api/community/posts/${p.id}/reaction`, true);
    await put(carla, `/api/community/members/${handles.ana}/follow`, true);
    const fromCarla = (await list(ana)).items.filter((n) => n.actor?.handle === handles.carla);
    expect(fromCarla).toHaveLength(0);
    // Unmuted, Carla's next comment is told.
    await put(ana, `/api/community/members/${handles.carla}/mute`, false);
    await as(carla, { method: 'POST', url: `/api/community/posts/${p.id}/comments`, payload: { body: 'Bom dia!' } });
    expect((await list(ana)).items.filter((n) => n.actor?.handle === handles.carla)).toHaveLength(1);
  });

  it('a moderator’s decision on a post tells its author, without naming the moderator', async () => {
    const p = await post(carla, 'Uma publicação a rever.');
    const res = await as(admin, {
      method: 'POST',
      url: `/api/admin/community/posts/${p.id}/moderate`,
      payload: { action: 'hide', reason: '' },
    });
    expect(res.statusCode, res.body).toBe(204);
    const told = await ofType(carla, 'moderation');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ actor: null, data: { target: 'post', outcome: 'hide', postId: p.id } });
  });

  it('credits going under the low mark tell the member once, not each spend after', async () => {
    const u = await insertAccount(t, { credits: CREDITS_LOW_MARK + 5 });
    await spend(t.database.db, u.user.id, 3, 'low-1', null, t.clock.now());
    expect(await ofType(u, 'credits_low')).toHaveLength(0);
    await spend(t.database.db, u.user.id, 3, 'low-2', null, t.clock.now());
    await spend(t.database.db, u.user.id, 3, 'low-3', null, t.clock.now());
    const told = await ofType(u, 'credits_low');
    expect(told).toHaveLength(1);
    expect(told[0]!.data).toEqual({ balance: CREDITS_LOW_MARK - 1 });
  });

  it('a trial ending in 3 days tells the member once, however often the job runs', async () => {
    const u = await insertUser(t);
    const endsAt = new Date(t.clock.now().getTime() + 2 * DAY_MS);
    await t.query('UPDATE user_subscriptions SET trial_end_date = $2 WHERE user_id = $1', [u.user.id, endsAt]);
    await billingHousekeeping(t.app.deps);
    await billingHousekeeping(t.app.deps);
    const told = await ofType(u, 'trial_ending');
    expect(told).toHaveLength(1);
    expect(told[0]!.data).toEqual({ endsAt: endsAt.toISOString() });
    // A trial ending later is not told yet.
    const later = await insertUser(t);
    await billingHousekeeping(t.app.deps);
    expect(await ofType(later, 'trial_ending')).toHaveLength(0);
  });
});

describe('the list and read marks', () => {
  it('pages newest first; unread counts; one read, then all read', async () => {
    const u = await insertUser(t, { firstName: 'Dora', lastName: 'Sino' });
    const { handle } = (await as(u, { url: '/api/community/me' })).json<{ handle: string }>();
    const p = await post(u, 'Muitos comentários, por favor.');
    for (let i = 0; i < NOTIFICATIONS_PAGE_SIZE + 2; i++) {
      // Past the comments' per-minute limit now and then.
      if (i % 6 === 5) t.clock.advance(60_000);
      const res = await as(i % 2 ? bruno : carla, {
        method: 'POST',
        url: `/api/community/posts/${p.id}/comments`,
        payload: { body: `Comentário ${i}` },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    t.clock.advance(1000);
    await put(bruno, `/api/community/members/${handle}/follow`, true);
    const first = await list(u);
    expect(first.items).toHaveLength(NOTIFICATIONS_PAGE_SIZE);
    expect(first.unread).toBe(NOTIFICATIONS_PAGE_SIZE + 3);
    expect(first.items[0]!.type).toBe('follow');
    expect(first.next).not.toBeNull();
    const second = await list(u, first.next!);
    expect(second.items).toHaveLength(3);
    expect(second.next).toBeNull();
    expect(new Set([...first.items, ...second.items].map((n) => n.id)).size).toBe(NOTIFICATIONS_PAGE_SIZE + 3);

    const one = first.items[0]!.id;
    const read = await as(u, { method: 'POST', url: `/api/notifications/${one}/read` });
    expect(read.json()).toEqual({ unread: NOTIFICATIONS_PAGE_SIZE + 2 });
    expect((await list(u)).items[0]!.readAt).not.toBeNull();
    // Someone else's notification is not found, and stays unread.
    const theirs = (await list(ana)).items.find((n) => !n.readAt)!;
    expect((await as(u, { method: 'POST', url: `/api/notifications/${theirs.id}/read` })).statusCode).toBe(404);
    expect((await list(ana)).items.find((n) => n.id === theirs.id)!.readAt).toBeNull();

    const all = await as(u, { method: 'POST', url: '/api/notifications/read-all' });
    expect(all.json()).toEqual({ unread: 0 });
    expect((await as(u, { url: '/api/notifications/unread' })).json()).toEqual({ unread: 0 });
  });

  it('read marks in a loop are refused past 300 a minute', async () => {
    const u = await insertUser(t);
    const remoteAddress = uniqueIp();
    for (let i = 0; i < 300; i++) {
      const res = await as(u, { method: 'POST', url: '/api/notifications/read-all', remoteAddress });
      expect(res.statusCode).toBe(200);
    }
    const refused = await as(u, { method: 'POST', url: '/api/notifications/read-all', remoteAddress });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('needs a session', async () => {
    expect((await as(null, { url: '/api/notifications' })).statusCode).toBe(401);
    expect((await as(null, { url: '/api/notifications/events' })).statusCode).toBe(401);
  });
});

describe('the bell’s stream', () => {
  /** An open bell: the counts it received so far, and how to close it. */
  async function bell(u: TestUser) {
    const stream = await openEventStream(`${base}/api/notifications/events`, u.cookie, t.config.APP_URL);
    expect(stream.res.status).toBe(200);
    expect(stream.res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    return {
      get counts() {
        return stream.events
          .filter((e) => e.event === 'count')
          .map((e) => (JSON.parse(e.data) as { unread: number }).unread);
      },
      close: stream.close,
    };
  }

  it('gives the count at once, then the new count when someone comments, and when it is read elsewhere', async () => {
    const u = await insertUser(t, { firstName: 'Elisa', lastName: 'Sino' });
    const p = await post(u, 'Alguém por aí?');
    t.clock.advance(60_000);
    const b = await bell(u);
    const other = await bell(bruno);
    try {
      await expect.poll(() => b.counts).toEqual([0]);
      const res = await as(carla, {
        method: 'POST',
        url: `/api/community/posts/${p.id}/comments`,
        payload: { body: 'Sim!' },
      });
      expect(res.statusCode, res.body).toBe(201);
      await expect.poll(() => b.counts.at(-1), { timeout: 5000 }).toBe(1);
      await as(u, { method: 'POST', url: '/api/notifications/read-all' });
      await expect.poll(() => b.counts.at(-1), { timeout: 5000 }).toBe(0);
      // Bruno's bell heard nothing of Elisa's.
      const brunoCounts = [...other.counts];
      expect(new Set(brunoCounts).size).toBeLessThanOrEqual(1);
    } finally {
      await b.close();
      await other.close();
    }
  });
});
