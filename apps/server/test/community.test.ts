import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommentDto, FeedPageDto, MemberDto, PostDto, PrayerListDto } from '@candeia/shared/schemas/community';
import { FEED_PAGE_SIZE, POSTS_PER_HOUR } from '@candeia/shared/schemas/community';
import { DEMO_USERS, seedDemo } from '../src/db/seed-demo.ts';
import { handleBase } from '../src/modules/community/service.ts';
import { createTestApp, type TestRequestOptions } from './support/app.ts';
import { moveClock } from './support/scripture.ts';
import { insertUser, setSubscriptionStatus, type TestUser } from './support/factories.ts';

const t = await createTestApp();
let ana: TestUser;
let bruno: TestUser;
let carla: TestUser;
const handles: Record<string, string> = {};
beforeAll(async () => {
  ana = await insertUser(t, { firstName: 'Ana', lastName: 'Conceição' });
  bruno = await insertUser(t, { firstName: 'Bruno', lastName: 'Lima' });
  carla = await insertUser(t, { firstName: 'Carla', lastName: 'Souza' });
  for (const [k, u] of Object.entries({ ana, bruno, carla })) {
    const res = await as(u, { url: '/api/community/me' });
    expect(res.statusCode, res.body).toBe(200);
    handles[k] = res.json<{ handle: string }>().handle;
  }
});
afterAll(async () => t.close());

const as = (u: TestUser | null, opts: TestRequestOptions) => t.request({ ...opts, cookie: u?.cookie ?? null });

async function post(u: TestUser, body: string, isPrayer = false): Promise<PostDto> {
  const res = await as(u, { method: 'POST', url: '/api/community/posts', payload: { body, isPrayer } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<PostDto>();
}
const feed = async (u: TestUser, which: 'following' | 'discover', before?: string) =>
  (await as(u, { url: `/api/community/feed?feed=${which}${before ? `&before=${before}` : ''}` })).json<FeedPageDto>();

describe('handles', () => {
  it('are made from the name, accents dropped, never from the e-mail', () => {
    expect(handleBase('Maria José', 'da Silva')).toBe('maria.jose.da.silva');
    expect(handleBase('Ñoño', 'Álvarez-Peña')).toBe('nono.alvarez.pena');
    expect(handleBase('李', '王')).toBe('membro');
    expect(handles.ana).toBe('ana.conceicao');
    expect(handles.ana).not.toContain(ana.email.split('@')[0]);
  });

  it('a second member with the same name gets the name and digits', async () => {
    const twin = await insertUser(t, { firstName: 'Ana', lastName: 'Conceição' });
    const { handle } = (await as(twin, { url: '/api/community/me' })).json<{ handle: string }>();
    expect(handle).toMatch(/^ana\.conceicao[0-9]+$/);
  });
});

describe('posts and feeds', () => {
  it('a post of text is published; an empty one is refused with the spec message, in each language', async () => {
    const p = await post(ana, '  Bom dia, comunidade!  ');
    expect(p).toMatchObject({
      body: 'Bom dia, comunidade!',
      author: { handle: handles.ana, name: 'Ana Conceição' },
      mine: true,
      isPrayer: false,
      reactionCount: 0,
      commentCount: 0,
    });
    for (const [locale, message] of [
      ['pt-BR', 'Seu post precisa ter texto ou uma mídia'],
      ['en-US', 'Your post needs to have text or media'],
    ] as const) {
      const res = await as(ana, { method: 'POST', url: '/api/community/posts', payload: { body: '   ' }, locale });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields.body).toBe(message);
    }
  });

  it('Descobrir shows everyone; Seguindo shows the people followed and oneself', async () => {
    const b = await post(bruno, 'Post do Bruno');
    const c = await post(carla, 'Post da Carla');
    const discover = await feed(ana, 'discover');
    expect(discover.items.map((p) => p.id)).toEqual(expect.arrayContaining([b.id, c.id]));
    let following = await feed(ana, 'following');
    expect(following.items.map((p) => p.id)).not.toContain(b.id);
    expect(following.items.every((p) => p.author.handle === handles.ana)).toBe(true);

    const f = await as(ana, {
      method: 'PUT',
      url: `/api/community/members/${handles.bruno}/follow`,
      payload: { on: true },
    });
    expect(f.json<MemberDto>()).toMatchObject({ followed: true, followers: 1, me: false });
    following = await feed(ana, 'following');
    expect(following.items.map((p) => p.id)).toContain(b.id);
    expect(following.items.map((p) => p.id)).not.toContain(c.id);

    await as(ana, { method: 'PUT', url: `/api/community/members/${handles.bruno}/follow`, payload: { on: false } });
    expect((await feed(ana, 'following')).items.map((p) => p.id)).not.toContain(b.id);
  });

  it('pages by cursor with no post twice and none missed, and counts newer posts', async () => {
    const u = await insertUser(t, { firstName: 'Davi', lastName: 'Pages' });
    const made: string[] = [];
    for (let i = 0; i < FEED_PAGE_SIZE + 5; i++) {
      // Five at the same instant, the cursor holds the time and the id; twenty minutes between
      // the fives, under the hourly post limit and the session's idle time.
      if (i % 5 === 0) t.clock.advance(20 * 60_000);
      made.push((await post(u, `n${i}`)).id);
    }
    // The other members' sessions stay alive past the hour that went by.
    await moveClock(t, t.clock.now());
    const { handle } = (await as(u, { url: '/api/community/me' })).json<{ handle: string }>();
    const first = (await as(u, { url: `/api/community/members/${handle}/posts` })).json<FeedPageDto>();
    expect(first.items).toHaveLength(FEED_PAGE_SIZE);
    expect(first.next).not.toBeNull();
    const second = (
      await as(u, { url: `/api/community/members/${handle}/posts?before=${first.next}` })
    ).json<FeedPageDto>();
    expect(second.next).toBeNull();
    const seen = [...first.items, ...second.items].map((p) => p.id);
    expect(new Set(seen).size).toBe(made.length);
    expect(seen.sort()).toEqual([...made].sort());
    // Newest first: by time, then by id within the same time.
    const times = [...first.items, ...second.items].map((p) => p.createdAt);
    expect(times).toEqual([...times].sort().reverse());

    const newest = first.items[0]!;
    const oldest = second.items.at(-1)!;
    expect((await as(u, { url: `/api/community/feed/new?feed=following&after=${newest.id}` })).json()).toEqual({
      count: 0,
    });
    const n = await as(u, { url: `/api/community/feed/new?feed=following&after=${oldest.id}` });
    expect(n.json()).toEqual({ count: FEED_PAGE_SIZE + 4 });
  });

  it('only the author edits or deletes a post; a deleted post is gone for everyone', async () => {
    const p = await post(bruno, 'Texto original');
    const other = await as(ana, { method: 'PATCH', url: `/api/community/posts/${p.id}`, payload: { body: 'hack' } });
    expect(other.statusCode).toBe(404);
    const edited = await as(bruno, {
      method: 'PATCH',
      url: `/api/community/posts/${p.id}`,
      payload: { body: 'Texto novo' },
    });
    expect(edited.json<PostDto>()).toMatchObject({ body: 'Texto novo', editedAt: expect.any(String) });
    expect((await as(ana, { method: 'DELETE', url: `/api/community/posts/${p.id}` })).statusCode).toBe(404);
    expect((await as(bruno, { method: 'DELETE', url: `/api/community/posts/${p.id}` })).statusCode).toBe(204);
    expect((await as(ana, { url: `/api/community/posts/${p.id}` })).statusCode).toBe(404);
    expect((await feed(ana, 'discover')).items.map((x) => x.id)).not.toContain(p.id);
  });

  it('posts per hour are limited per member', async () => {
    const u = await insertUser(t);
    for (let i = 0; i < POSTS_PER_HOUR; i++) await post(u, `p${i}`);
    const res = await as(u, { method: 'POST', url: '/api/community/posts', payload: { body: 'one more' } });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });
});

describe('reactions, prayers and comments', () => {
  it('a reaction counts once per member and can be taken back', async () => {
    const p = await post(carla, 'Gratidão');
    for (let i = 0; i < 3; i++)
      await as(ana, { method: 'PUT', url: `/api/community/posts/${p.id}/reaction`, payload: { on: true } });
    const r = await as(bruno, { method: 'PUT', url: `/api/community/posts/${p.id}/reaction`, payload: { on: true } });
    expect(r.json<PostDto>()).toMatchObject({ reactionCount: 2, reacted: true });
    const off = await as(ana, { method: 'PUT', url: `/api/community/posts/${p.id}/reaction`, payload: { on: false } });
    expect(off.json<PostDto>()).toMatchObject({ reactionCount: 1, reacted: false });
  });

  it('"Orei por você" on a prayer request: a count, the author sees who, and marks it answered', async () => {
    const p = await post(ana, 'Orem pela saúde da minha mãe', true);
    expect(p.isPrayer).toBe(true);
    await as(bruno, { method: 'PUT', url: `/api/community/posts/${p.id}/prayer`, payload: { on: true } });
    const c = await as(carla, { method: 'PUT', url: `/api/community/posts/${p.id}/prayer`, payload: { on: true } });
    expect(c.json<PostDto>()).toMatchObject({ prayerCount: 2, prayed: true });
    // Not on one's own request, and not on an ordinary post.
    expect(
      (await as(ana, { method: 'PUT', url: `/api/community/posts/${p.id}/prayer`, payload: { on: true } })).statusCode,
    ).toBe(400);
    const plain = await post(ana, 'Só um post');
    expect(
      (await as(bruno, { method: 'PUT', url: `/api/community/posts/${plain.id}/prayer`, payload: { on: true } }))
        .statusCode,
    ).toBe(404);

    const who = await as(ana, { url: `/api/community/posts/${p.id}/prayers` });
    expect(
      who
        .json<PrayerListDto>()
        .items.map((i) => i.author.handle)
        .sort(),
    ).toEqual([handles.bruno, handles.carla].sort());
    expect((await as(bruno, { url: `/api/community/posts/${p.id}/prayers` })).statusCode).toBe(404);

    expect(
      (await as(bruno, { method: 'POST', url: `/api/community/posts/${p.id}/answered`, payload: {} })).statusCode,
    ).toBe(404);
    const answered = await as(ana, {
      method: 'POST',
      url: `/api/community/posts/${p.id}/answered`,
      payload: { testimony: 'Ela teve alta hoje!' },
    });
    expect(answered.json<PostDto>()).toMatchObject({
      answeredAt: expect.any(String),
      testimony: 'Ela teve alta hoje!',
    });
  });

  it('comments: add, list, edit by their author, delete by their author or the post’s', async () => {
    const p = await post(bruno, 'Comentem');
    const add = await as(ana, {
      method: 'POST',
      url: `/api/community/posts/${p.id}/comments`,
      payload: { body: 'Amém!' },
    });
    expect(add.statusCode, add.body).toBe(201);
    const c = add.json<CommentDto>();
    const c2 = (
      await as(carla, { method: 'POST', url: `/api/community/posts/${p.id}/comments`, payload: { body: 'Lindo' } })
    ).json<CommentDto>();
    expect((await as(ana, { url: `/api/community/posts/${p.id}` })).json<PostDto>().commentCount).toBe(2);

    const empty = await as(ana, {
      method: 'POST',
      url: `/api/community/posts/${p.id}/comments`,
      payload: { body: '' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields.body).toBe('Escreva o comentário.');

    const hijack = await as(carla, {
      method: 'PATCH',
      url: `/api/community/posts/${p.id}/comments/${c.id}`,
      payload: { body: 'x' },
    });
    expect(hijack.statusCode).toBe(404);
    const edit = await as(ana, {
      method: 'PATCH',
      url: `/api/community/posts/${p.id}/comments/${c.id}`,
      payload: { body: 'Amém, irmão!' },
    });
    expect(edit.json<CommentDto>()).toMatchObject({ body: 'Amém, irmão!', mine: true, editedAt: expect.any(String) });

    expect(
      (await as(carla, { method: 'DELETE', url: `/api/community/posts/${p.id}/comments/${c.id}` })).statusCode,
    ).toBe(404);
    expect(
      (await as(bruno, { method: 'DELETE', url: `/api/community/posts/${p.id}/comments/${c2.id}` })).statusCode,
    ).toBe(204);
    expect((await as(ana, { method: 'DELETE', url: `/api/community/posts/${p.id}/comments/${c.id}` })).statusCode).toBe(
      204,
    );
    const list = await as(ana, { url: `/api/community/posts/${p.id}/comments` });
    expect(list.json<{ items: CommentDto[] }>().items).toEqual([]);
    expect((await as(ana, { url: `/api/community/posts/${p.id}` })).json<PostDto>().commentCount).toBe(0);
  });

  it('a shared post and its comments are readable signed out; commenting needs a session', async () => {
    const p = await post(carla, 'Para compartilhar');
    await as(ana, { method: 'POST', url: `/api/community/posts/${p.id}/comments`, payload: { body: 'Que bom' } });
    const view = await as(null, { url: `/api/community/posts/${p.id}` });
    expect(view.statusCode).toBe(200);
    expect(view.json<PostDto>()).toMatchObject({ body: 'Para compartilhar', mine: false, reacted: false });
    const comments = await as(null, { url: `/api/community/posts/${p.id}/comments` });
    expect(comments.json<{ items: CommentDto[] }>().items.map((c) => c.body)).toEqual(['Que bom']);
    const write = await as(null, {
      method: 'POST',
      url: `/api/community/posts/${p.id}/comments`,
      payload: { body: 'oi' },
    });
    expect(write.statusCode).toBe(401);
    expect((await as(null, { url: '/api/community/feed' })).statusCode).toBe(401);
  });
});

describe('members and access', () => {
  it('a member page counts posts, followers and following, and lists them', async () => {
    await as(carla, { method: 'PUT', url: `/api/community/members/${handles.bruno}/follow`, payload: { on: true } });
    const page = (await as(carla, { url: `/api/community/members/${handles.bruno}` })).json<MemberDto>();
    expect(page).toMatchObject({ handle: handles.bruno, name: 'Bruno Lima', followed: true, me: false });
    expect(page.posts).toBeGreaterThan(0);
    const followers = await as(carla, { url: `/api/community/members/${handles.bruno}/followers` });
    expect(followers.json().items).toEqual([{ handle: handles.carla, name: 'Carla Souza' }]);
    const following = await as(bruno, { url: `/api/community/members/${handles.carla}/following` });
    expect(following.json().items.map((m: { handle: string }) => m.handle)).toContain(handles.bruno);
    expect(
      (await as(bruno, { method: 'PUT', url: `/api/community/members/${handles.bruno}/follow`, payload: { on: true } }))
        .statusCode,
    ).toBe(400);
    expect((await as(bruno, { url: '/api/community/members/nobody.here' })).statusCode).toBe(404);
  });

  it('without the plan’s community flag the feed says why', async () => {
    const u = await insertUser(t);
    await setSubscriptionStatus(t, u.user.id, 'canceled');
    await t.query(
      `UPDATE user_subscriptions SET is_trial = false, status = 'active',
         plan_id = (SELECT id FROM subscription_plans WHERE slug = 'free') WHERE user_id = $1`,
      [u.user.id],
    );
    const res = await as(u, { url: '/api/community/feed' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FEATURE_NOT_IN_PLAN');
  });

  it('refuses unknown fields and bad ids without a 5xx', async () => {
    expect(
      (await as(ana, { method: 'POST', url: '/api/community/posts', payload: { body: 'x', authorId: bruno.user.id } }))
        .statusCode,
    ).toBe(400);
    expect((await as(ana, { url: '/api/community/posts/not-a-uuid' })).statusCode).toBe(400);
    expect((await as(ana, { url: '/api/community/feed?before=garbage' })).statusCode).toBe(400);
    expect((await as(ana, { url: '/api/community/members/..%2F..' })).statusCode).toBe(400);
  });
});

describe('demo data', () => {
  it('the laptop demo opens on a welcome and a prayer request, written once', async () => {
    await seedDemo(t.database.db, t.clock.now());
    await seedDemo(t.database.db, t.clock.now());
    const rows = await t.query<{ body: string; is_prayer: boolean; prayer_count: number; comment_count: number }>(
      `SELECT p.body, p.is_prayer, p.prayer_count, p.comment_count FROM community_posts p
       JOIN users u ON u.id = p.author_id WHERE u.email = ANY($1) ORDER BY p.created_at`,
      [DEMO_USERS.map((u) => u.email)],
    );
    expect(rows.map((r) => [r.is_prayer, r.prayer_count, r.comment_count])).toEqual([
      [false, 0, 0],
      [true, 1, 1],
    ]);
    expect(rows[0]!.body).toMatch(/^Bem-vindos à comunidade/);
  });
});
