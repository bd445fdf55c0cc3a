import { afterAll, describe, expect, it } from 'vitest';
import type {
  CommentDto,
  CommunityMeDto,
  FeedPageDto,
  MemberDto,
  PostDto,
  PrayerListDto,
  RelationsDto,
} from '@candeia/shared/schemas/community';
import { REPORTS_PER_HOUR } from '@candeia/shared/schemas/community';
import type {
  ModerationItemDto,
  ModerationLogPage,
  ModerationQueueDto,
  ModerationSettingsDto,
  SuspensionDto,
} from '@candeia/shared/schemas/moderation';
import { cleanWords, matchWords } from '../src/modules/community/moderation/words.ts';
import { createTestApp, type TestRequestOptions } from './support/app.ts';
import { insertAccount, type TestUser } from './support/factories.ts';
import { moveClock } from './support/scripture.ts';

const t = await createTestApp();
afterAll(async () => t.close());

const as = (u: TestUser | null, opts: TestRequestOptions) => t.request({ ...opts, cookie: u?.cookie ?? null });
const admin = await insertAccount(t, { firstName: 'Ester', lastName: 'Admin', role: 'admin' });

/** A member with their handle (made by their first visit). */
async function newMember(firstName: string): Promise<TestUser & { handle: string }> {
  const u = await insertAccount(t, { firstName, lastName: 'Moderação' });
  const res = await as(u, { url: '/api/community/me' });
  expect(res.statusCode, res.body).toBe(200);
  return { ...u, handle: res.json<CommunityMeDto>().handle };
}

/** Each post and comment a second after the last: feeds and comments are ordered by time. */
async function post(u: TestUser, body: string, isPrayer = false): Promise<PostDto> {
  t.clock.advance(1000);
  const res = await as(u, { method: 'POST', url: '/api/community/posts', payload: { body, isPrayer } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<PostDto>();
}
async function comment(u: TestUser, postId: string, body: string): Promise<CommentDto> {
  t.clock.advance(1000);
  const res = await as(u, { method: 'POST', url: `/api/community/posts/${postId}/comments`, payload: { body } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<CommentDto>();
}
const feedIds = async (u: TestUser, which: 'following' | 'discover') =>
  (await as(u, { url: `/api/community/feed?feed=${which}` })).json<FeedPageDto>().items.map((p) => p.id);
const commentBodies = async (u: TestUser | null, postId: string) =>
  (await as(u, { url: `/api/community/posts/${postId}/comments` }))
    .json<{ items: CommentDto[] }>()
    .items.map((c) => c.body);
const put = (u: TestUser, url: string, on: boolean) => as(u, { method: 'PUT', url, payload: { on } });
const follow = (u: TestUser, handle: string, on = true) => put(u, `/api/community/members/${handle}/follow`, on);
const mute = (u: TestUser, handle: string, on = true) => put(u, `/api/community/members/${handle}/mute`, on);
const block = (u: TestUser, handle: string, on = true) => put(u, `/api/community/members/${handle}/block`, on);
const reportPost = (u: TestUser, id: string, payload: object = { reason: 'spam' }) =>
  as(u, { method: 'POST', url: `/api/community/posts/${id}/report`, payload });
const moderatePost = (id: string, action: string, reason = '') =>
  as(admin, { method: 'POST', url: `/api/admin/community/posts/${id}/moderate`, payload: { action, reason } });
const moderateComment = (id: string, action: string, reason = '') =>
  as(admin, { method: 'POST', url: `/api/admin/community/comments/${id}/moderate`, payload: { action, reason } });
const queue = async () => (await as(admin, { url: '/api/admin/community/queue' })).json<ModerationQueueDto>().items;
const lastLog = async () =>
  (await as(admin, { url: '/api/admin/community/log?pageSize=1' })).json<ModerationLogPage>().items[0]!;
const saveSettings = (payload: object) => as(admin, { method: 'PUT', url: '/api/admin/community/settings', payload });

describe('listed words', () => {
  it('match whole words, ignoring case and accents; phrases across spaces and punctuation', () => {
    expect(matchWords('Que AÇÃO feia!', ['acao'])).toEqual(['acao']);
    expect(matchWords('uma reação', ['ação'])).toEqual([]);
    expect(matchWords('palavrões', ['palavrão'])).toEqual([]);
    expect(matchWords('Isso é um Palavrão.', ['palavrão'])).toEqual(['palavrão']);
    expect(matchWords('compre   agora, já!', ['compre agora'])).toEqual(['compre agora']);
    expect(matchWords('compre-agora', ['compre agora'])).toEqual(['compre agora']);
    expect(matchWords('a+b (c)', ['a+b', '(c)', '***'])).toEqual(['a+b', '(c)']);
    expect(cleanWords(['  Spam ', 'spam', '', 'Ação', 'acao', 'dois  espaços'])).toEqual([
      'Spam',
      'Ação',
      'dois espaços',
    ]);
  });
});

describe('mute', () => {
  it('a muted member’s posts and comments leave my feeds and post pages; they are not told; unmute brings them back', async () => {
    const ana = await newMember('Ana');
    const beto = await newMember('Beto');
    const caio = await newMember('Caio');
    await follow(ana, beto.handle);
    const bPost = await post(beto, 'Post do Beto para silenciar');
    const cPost = await post(caio, 'Post do Caio');
    await comment(beto, cPost.id, 'Comentário do Beto');
    await comment(caio, cPost.id, 'Comentário do Caio');

    const muted = await mute(ana, beto.handle);
    expect(muted.statusCode, muted.body).toBe(200);
    expect(muted.json()).toEqual({ muted: true, blocked: false });
    expect(await feedIds(ana, 'following')).not.toContain(bPost.id);
    expect(await feedIds(ana, 'discover')).not.toContain(bPost.id);
    expect(await feedIds(ana, 'discover')).toContain(cPost.id);
    expect(await commentBodies(ana, cPost.id)).toEqual(['Comentário do Caio']);
    // Others still see Beto; Beto is not told.
    expect(await feedIds(caio, 'discover')).toContain(bPost.id);
    expect(await commentBodies(caio, cPost.id)).toEqual(['Comentário do Beto', 'Comentário do Caio']);
    const anaForBeto = (await as(beto, { url: `/api/community/members/${ana.handle}` })).json<MemberDto>();
    expect(anaForBeto).toMatchObject({ muted: false, blocked: false });
    // Beto's own page (where Ana unmutes) still shows his posts, and says so.
    const page = (await as(ana, { url: `/api/community/members/${beto.handle}` })).json<MemberDto>();
    expect(page).toMatchObject({ muted: true, blocked: false, followed: true });
    const posts = (await as(ana, { url: `/api/community/members/${beto.handle}/posts` })).json<FeedPageDto>();
    expect(posts.items.map((p) => p.id)).toContain(bPost.id);
    expect((await as(ana, { url: '/api/community/relations' })).json<RelationsDto>().muted).toEqual([
      { handle: beto.handle, name: 'Beto Moderação' },
    ]);
    // The pill of new posts does not count them either.
    const older = await post(caio, 'Âncora');
    await post(beto, 'Mais um do Beto');
    expect((await as(ana, { url: `/api/community/feed/new?feed=discover&after=${older.id}` })).json()).toEqual({
      count: 0,
    });

    expect((await mute(ana, beto.handle, false)).json()).toEqual({ muted: false, blocked: false });
    expect(await feedIds(ana, 'following')).toContain(bPost.id);
    expect(await commentBodies(ana, cPost.id)).toEqual(['Comentário do Beto', 'Comentário do Caio']);
    expect((await mute(ana, ana.handle)).statusCode).toBe(400);
  });
});

describe('block', () => {
  it('blocked members never see each other, both directions; follows go; nothing across it', async () => {
    const dora = await newMember('Dora');
    const edu = await newMember('Edu');
    const fabi = await newMember('Fabi');
    await follow(dora, edu.handle);
    await follow(edu, dora.handle);
    await follow(fabi, edu.handle);
    const dPrayer = await post(dora, 'Pedido da Dora', true);
    await put(edu, `/api/community/posts/${dPrayer.id}/prayer`, true);
    await put(fabi, `/api/community/posts/${dPrayer.id}/prayer`, true);
    const ePost = await post(edu, 'Post do Edu');
    const fPost = await post(fabi, 'Post da Fabi');
    await comment(edu, fPost.id, 'Edu comenta');
    await comment(dora, fPost.id, 'Dora comenta');

    const blocked = await block(dora, edu.handle);
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json()).toEqual({ muted: false, blocked: true });
    // The follows both ways are gone.
    const follows = await t.query(
      'SELECT 1 FROM community_follows WHERE (follower_id = $1 AND followee_id = $2) OR (follower_id = $2 AND followee_id = $1)',
      [dora.user.id, edu.user.id],
    );
    expect(follows).toEqual([]);

    for (const [me, other, theirPost] of [
      [dora, edu, ePost],
      [edu, dora, dPrayer],
    ] as const) {
      expect(await feedIds(me, 'discover')).not.toContain(theirPost.id);
      expect(await feedIds(me, 'following')).not.toContain(theirPost.id);
      expect((await as(me, { url: `/api/community/posts/${theirPost.id}` })).statusCode).toBe(404);
      expect((await as(me, { url: `/api/community/posts/${theirPost.id}/comments` })).statusCode).toBe(404);
      expect((await commentBodies(me, fPost.id)).length).toBe(1);
      expect((await as(me, { url: `/api/community/members/${other.handle}/posts` })).statusCode).toBe(404);
      expect((await as(me, { url: `/api/community/members/${other.handle}/followers` })).statusCode).toBe(404);
      expect((await follow(me, other.handle)).statusCode).toBe(404);
      expect((await put(me, `/api/community/posts/${theirPost.id}/reaction`, true)).statusCode).toBe(404);
      expect(
        (
          await as(me, {
            method: 'POST',
            url: `/api/community/posts/${theirPost.id}/comments`,
            payload: { body: 'oi' },
          })
        ).statusCode,
      ).toBe(404);
      expect((await reportPost(me, theirPost.id)).statusCode).toBe(404);
    }
    expect((await put(edu, `/api/community/posts/${dPrayer.id}/prayer`, false)).statusCode).toBe(404);
    // Member pages: the blocked member gets 404, like a missing member; the blocker sees only the way back.
    expect((await as(edu, { url: `/api/community/members/${dora.handle}` })).statusCode).toBe(404);
    const page = (await as(dora, { url: `/api/community/members/${edu.handle}` })).json<MemberDto>();
    expect(page).toMatchObject({ blocked: true, followers: 0, following: 0, posts: 0, followed: false });
    // Lists: Dora's prayer list no longer names Edu; Fabi's following list shows Edu to others, not to Dora.
    const prayers = (await as(dora, { url: `/api/community/posts/${dPrayer.id}/prayers` })).json<PrayerListDto>();
    expect(prayers.items.map((p) => p.author.handle)).toEqual([fabi.handle]);
    const fabiFollows = async (u: TestUser) =>
      (await as(u, { url: `/api/community/members/${fabi.handle}/following` }))
        .json<{ items: { handle: string }[] }>()
        .items.map((m) => m.handle);
    expect(await fabiFollows(dora)).toEqual([]);
    expect(await fabiFollows(fabi)).toEqual([edu.handle]);
    // Fabi sees both as before.
    expect(await commentBodies(fabi, fPost.id)).toEqual(['Edu comenta', 'Dora comenta']);
    expect((await as(dora, { url: '/api/community/relations' })).json<RelationsDto>().blocked).toEqual([
      { handle: edu.handle, name: 'Edu Moderação' },
    ]);
    // Edu cannot block back through a page he cannot see; Dora unblocks from her list.
    expect((await block(edu, dora.handle)).statusCode).toBe(404);
    expect((await block(dora, edu.handle, false)).json()).toEqual({ muted: false, blocked: false });
    expect((await as(edu, { url: `/api/community/members/${dora.handle}` })).statusCode).toBe(200);
    expect(await feedIds(dora, 'discover')).toContain(ePost.id);
    // The follows are not restored.
    expect((await as(dora, { url: `/api/community/members/${edu.handle}` })).json<MemberDto>().followed).toBe(false);
  });

  it('unblocking works even when both blocked each other', async () => {
    const g = await newMember('Gil');
    const h = await newMember('Hana');
    await block(g, h.handle);
    // Hana blocks back through the block list of her own: only possible before, so the row is written directly.
    await t.query('INSERT INTO community_blocks (blocker_id, blocked_id) VALUES ($1, $2)', [h.user.id, g.user.id]);
    expect((await block(g, h.handle, false)).statusCode).toBe(200);
    expect((await as(g, { url: `/api/community/members/${h.handle}` })).statusCode).toBe(404);
    expect((await block(h, g.handle, false)).json()).toEqual({ muted: false, blocked: false });
    expect((await as(g, { url: `/api/community/members/${h.handle}` })).statusCode).toBe(200);
  });
});

describe('reports', () => {
  it('a member reports someone else’s post or comment once; not their own; with a reason from the list', async () => {
    const ivo = await newMember('Ivo');
    const jade = await newMember('Jade');
    const p = await post(jade, 'Post reportável');
    const own = await reportPost(jade, p.id);
    expect(own.statusCode).toBe(400);
    expect(own.json().error).toMatchObject({
      code: 'REPORT_OWN_CONTENT',
      message: 'Você não pode denunciar o seu próprio conteúdo.',
    });

    for (const [locale, reason, note] of [
      ['pt-BR', 'Escolha o motivo da denúncia.', 'A observação pode ter até 500 caracteres.'],
      ['en-US', 'Choose a reason for the report.', 'The note can have up to 500 characters.'],
    ] as const) {
      const noReason = await as(ivo, {
        method: 'POST',
        url: `/api/community/posts/${p.id}/report`,
        payload: { reason: 'bored' },
        locale,
      });
      expect(noReason.statusCode).toBe(400);
      expect(noReason.json().error.fields.reason).toBe(reason);
      const long = await as(ivo, {
        method: 'POST',
        url: `/api/community/posts/${p.id}/report`,
        payload: { reason: 'other', note: 'x'.repeat(501) },
        locale,
      });
      expect(long.json().error.fields.note).toBe(note);
    }

    const first = await reportPost(ivo, p.id, { reason: 'harassment', note: '  Ofensivo  ' });
    expect(first.statusCode, first.body).toBe(201);
    const reportId = first.json<{ id: string }>().id;
    expect(first.json()).toMatchObject({ reason: 'harassment' });
    const again = await reportPost(ivo, p.id, { reason: 'spam' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('REPORT_DUPLICATE');
    expect((await as(ivo, { url: `/api/community/posts/${p.id}` })).json<PostDto>().reportId).toBe(reportId);
    expect((await as(jade, { url: `/api/community/posts/${p.id}` })).json<PostDto>().reportId).toBeNull();

    // A comment: Jade's comment on Ivo's post.
    const ivoPost = await post(ivo, 'Post do Ivo');
    const c = await comment(jade, ivoPost.id, 'Comentário da Jade');
    const url = `/api/community/posts/${ivoPost.id}/comments/${c.id}/report`;
    expect((await as(jade, { method: 'POST', url, payload: { reason: 'spam' } })).statusCode).toBe(400);
    const cr = await as(ivo, { method: 'POST', url, payload: { reason: 'inappropriate' } });
    expect(cr.statusCode, cr.body).toBe(201);
    expect((await as(ivo, { method: 'POST', url, payload: { reason: 'spam' } })).statusCode).toBe(409);
    const list = (await as(ivo, { url: `/api/community/posts/${ivoPost.id}/comments` })).json<{
      items: CommentDto[];
    }>();
    expect(list.items[0]!.reportId).toBe(cr.json<{ id: string }>().id);
    // A comment on another post's id is not found.
    expect(
      (
        await as(ivo, {
          method: 'POST',
          url: `/api/community/posts/${p.id}/comments/${c.id}/report`,
          payload: { reason: 'spam' },
        })
      ).statusCode,
    ).toBe(404);

    // Only the reporter withdraws a report; then it can be made again.
    expect((await as(jade, { method: 'DELETE', url: `/api/community/reports/${reportId}` })).statusCode).toBe(404);
    expect((await as(ivo, { method: 'DELETE', url: `/api/community/reports/${reportId}` })).statusCode).toBe(204);
    expect((await reportPost(ivo, p.id)).statusCode).toBe(201);
  });

  it('reports per member are limited per hour', async () => {
    const k = await newMember('Kleber');
    const l = await newMember('Lia');
    for (let i = 0; i < REPORTS_PER_HOUR; i++) {
      const p = await post(l, `rl${i}`);
      expect((await reportPost(k, p.id)).statusCode).toBe(201);
    }
    const p = await post(l, 'one more');
    const res = await reportPost(k, p.id);
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });
});

describe('the moderation queue and its actions', () => {
  it('groups reports by item; hide: gone for everyone but the author, who sees it marked; logged', async () => {
    const mara = await newMember('Mara');
    const nina = await newMember('Nina');
    const otto = await newMember('Otto');
    const p = await post(mara, 'Conteúdo ofensivo de teste');
    await comment(otto, p.id, 'um comentário');
    await reportPost(nina, p.id, { reason: 'harassment', note: 'Me ofendeu' });
    await reportPost(otto, p.id, { reason: 'harassment' });
    const item = (await queue()).find((i) => i.id === p.id)!;
    expect(item).toMatchObject<Partial<ModerationItemDto>>({
      kind: 'post',
      body: 'Conteúdo ofensivo de teste',
      status: 'published',
      reportCount: 2,
      reasons: [{ reason: 'harassment', count: 2 }],
      notes: ['Me ofendeu'],
      author: { handle: mara.handle, name: 'Mara Moderação', suspended: false, suspendedUntil: null },
    });

    const hide = await moderatePost(p.id, 'hide', 'Ataque pessoal');
    expect(hide.statusCode, hide.body).toBe(204);
    expect((await queue()).find((i) => i.id === p.id)).toBeUndefined();
    expect(await feedIds(nina, 'discover')).not.toContain(p.id);
    expect((await as(nina, { url: `/api/community/posts/${p.id}` })).statusCode).toBe(404);
    expect((await as(null, { url: `/api/community/posts/${p.id}` })).statusCode).toBe(404);
    expect((await as(nina, { url: `/api/community/posts/${p.id}/comments` })).statusCode).toBe(404);
    const forAuthor = (await as(mara, { url: `/api/community/posts/${p.id}` })).json<PostDto>();
    expect(forAuthor.status).toBe('hidden');
    expect(await feedIds(mara, 'following')).toContain(p.id);
    // Nobody reacts to a hidden post, its author included; its author may still delete it.
    expect((await put(otto, `/api/community/posts/${p.id}/reaction`, true)).statusCode).toBe(404);
    const log = await lastLog();
    expect(log).toMatchObject({
      action: 'hide',
      targetType: 'post',
      targetId: p.id,
      member: { handle: mara.handle, name: 'Mara Moderação' },
      admin: { name: 'Ester Admin', email: admin.email },
      reason: 'Ataque pessoal',
    });
    expect(Date.parse(log.at)).toBe(t.clock.now().getTime());
    const closed = await t.query<{ status: string; resolution: string }>(
      'SELECT status, resolution FROM community_reports WHERE post_id = $1',
      [p.id],
    );
    expect(closed).toEqual([
      { status: 'closed', resolution: 'hidden' },
      { status: 'closed', resolution: 'hidden' },
    ]);
    // Done already: the queue may be stale.
    expect((await moderatePost(p.id, 'hide')).statusCode).toBe(409);
    expect((await moderatePost(p.id, 'dismiss')).json().error.code).toBe('MODERATION_NOT_APPLICABLE');
  });

  it('remove: gone for everyone, its author too; sensitive: shown marked; dismiss: reports closed, the post stays', async () => {
    const pia = await newMember('Pia');
    const rui = await newMember('Rui');
    const [a, b, c] = [await post(pia, 'Remover'), await post(pia, 'Sensível'), await post(pia, 'Inocente')];
    for (const p of [a, b, c]) await reportPost(rui, p.id, { reason: 'inappropriate' });

    expect((await moderatePost(a.id, 'remove', 'Fora das regras')).statusCode).toBe(204);
    expect((await as(pia, { url: `/api/community/posts/${a.id}` })).statusCode).toBe(404);
    expect(await feedIds(pia, 'following')).not.toContain(a.id);
    expect(await lastLog()).toMatchObject({ action: 'remove', targetId: a.id, reason: 'Fora das regras' });

    expect((await moderatePost(b.id, 'sensitive')).statusCode).toBe(204);
    for (const u of [pia, rui]) {
      const seen = (await as(u, { url: `/api/community/posts/${b.id}` })).json<PostDto>();
      expect(seen).toMatchObject({ sensitive: true, status: 'published', reportId: null });
    }
    expect((await as(null, { url: `/api/community/posts/${b.id}` })).json<PostDto>().sensitive).toBe(true);
    expect(await lastLog()).toMatchObject({ action: 'sensitive', targetId: b.id });

    expect((await moderatePost(c.id, 'dismiss', 'Nada de errado')).statusCode).toBe(204);
    expect(await feedIds(rui, 'discover')).toContain(c.id);
    expect(await lastLog()).toMatchObject({ action: 'dismiss', targetId: c.id, reason: 'Nada de errado' });
    // A new report after a dismissal opens the item again.
    expect((await reportPost(rui, c.id)).statusCode).toBe(201);
    expect((await queue()).some((i) => i.id === c.id)).toBe(true);
    // A published post is not "approved".
    expect((await moderatePost(c.id, 'approve')).statusCode).toBe(409);
    expect((await moderatePost(crypto.randomUUID(), 'hide')).statusCode).toBe(404);
  });

  it('comments: hide (its author still sees it, marked), remove, sensitive, dismiss; the post’s count follows', async () => {
    const sara = await newMember('Sara');
    const tito = await newMember('Tito');
    const p = await post(sara, 'Post com comentários');
    const [c1, c2, c3, c4] = [
      await comment(tito, p.id, 'c1'),
      await comment(tito, p.id, 'c2'),
      await comment(tito, p.id, 'c3'),
      await comment(tito, p.id, 'c4'),
    ];
    for (const c of [c1, c2, c3, c4])
      await as(sara, {
        method: 'POST',
        url: `/api/community/posts/${p.id}/comments/${c.id}/report`,
        payload: { reason: 'spam' },
      });
    const items = (await queue()).filter((i) => i.kind === 'comment' && i.postId === p.id);
    expect(items.map((i) => i.body).sort()).toEqual(['c1', 'c2', 'c3', 'c4']);

    expect((await moderateComment(c1.id, 'hide')).statusCode).toBe(204);
    expect((await moderateComment(c2.id, 'remove')).statusCode).toBe(204);
    expect((await moderateComment(c3.id, 'sensitive')).statusCode).toBe(204);
    expect((await moderateComment(c4.id, 'dismiss')).statusCode).toBe(204);
    expect(await commentBodies(sara, p.id)).toEqual(['c3', 'c4']);
    const titoSees = (await as(tito, { url: `/api/community/posts/${p.id}/comments` })).json<{
      items: CommentDto[];
    }>().items;
    expect(titoSees.map((c) => [c.body, c.status, c.sensitive])).toEqual([
      ['c1', 'hidden', false],
      ['c3', 'published', true],
      ['c4', 'published', false],
    ]);
    expect((await as(sara, { url: `/api/community/posts/${p.id}` })).json<PostDto>().commentCount).toBe(2);
    expect(await lastLog()).toMatchObject({ action: 'dismiss', targetType: 'comment', targetId: c4.id });
    // A hidden comment is not edited; its author may delete it (the count does not move again).
    expect(
      (
        await as(tito, {
          method: 'PATCH',
          url: `/api/community/posts/${p.id}/comments/${c1.id}`,
          payload: { body: 'x' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await as(tito, { method: 'DELETE', url: `/api/community/posts/${p.id}/comments/${c1.id}` })).statusCode,
    ).toBe(204);
    expect((await as(sara, { url: `/api/community/posts/${p.id}` })).json<PostDto>().commentCount).toBe(2);
    expect((await moderateComment(c2.id, 'remove')).statusCode).toBe(409);
  });

  it('admin routes refuse members (403) and take the acting admin', async () => {
    const u = await newMember('Ulisses');
    for (const [method, url] of [
      ['GET', '/api/admin/community/queue'],
      ['GET', '/api/admin/community/log'],
      ['GET', '/api/admin/community/settings'],
      ['GET', '/api/admin/community/suspensions'],
    ] as const)
      expect((await as(u, { method, url })).statusCode).toBe(403);
    const p = await post(u, 'meu post');
    const res = await as(u, {
      method: 'POST',
      url: `/api/admin/community/posts/${p.id}/moderate`,
      payload: { action: 'remove' },
    });
    expect(res.statusCode).toBe(403);
    expect((await as(u, { url: `/api/community/posts/${p.id}` })).statusCode).toBe(200);
  });
});

describe('suspension', () => {
  it('refuses posting, commenting and reacting with a translated message saying until when; it ends by itself', async () => {
    const vera = await newMember('Vera');
    const wil = await newMember('Wil');
    const p = await post(wil, 'Post do Wil');
    const until = new Date(t.clock.now().getTime() + 2 * 24 * 60 * 60_000);
    const res = await as(admin, {
      method: 'PUT',
      url: `/api/admin/community/members/${vera.handle}/suspension`,
      payload: { until: until.toISOString(), reason: 'Spam repetido' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<SuspensionDto>()).toMatchObject({
      member: { handle: vera.handle },
      until: until.toISOString(),
      reason: 'Spam repetido',
    });
    expect(await lastLog()).toMatchObject({
      action: 'suspend',
      targetType: 'member',
      member: { handle: vera.handle },
      reason: 'Spam repetido',
      until: until.toISOString(),
    });
    const me = (await as(vera, { url: '/api/community/me' })).json<CommunityMeDto>();
    expect(me).toEqual({ handle: vera.handle, suspended: true, suspendedUntil: until.toISOString() });

    const refused = await as(vera, { method: 'POST', url: '/api/community/posts', payload: { body: 'oi' } });
    expect(refused.statusCode).toBe(403);
    const error = refused.json().error;
    expect(error.code).toBe('COMMUNITY_SUSPENDED_UNTIL');
    expect(error.params).toEqual({ until: until.toISOString() });
    const day = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeZone: 'UTC' }).format(until);
    expect(error.message).toContain(`suspensa até ${day}`);
    const en = await as(vera, {
      method: 'POST',
      url: '/api/community/posts',
      payload: { body: 'hi' },
      locale: 'en-US',
    });
    expect(en.json().error.message).toMatch(/^Your participation in the community is suspended until /);
    for (const attempt of [
      { method: 'POST', url: `/api/community/posts/${p.id}/comments`, payload: { body: 'oi' } },
      { method: 'PUT', url: `/api/community/posts/${p.id}/reaction`, payload: { on: true } },
    ] as const)
      expect((await as(vera, attempt)).json().error.code).toBe('COMMUNITY_SUSPENDED_UNTIL');
    // Reading and reporting still work.
    expect((await as(vera, { url: '/api/community/feed' })).statusCode).toBe(200);
    expect((await reportPost(vera, p.id)).statusCode).toBe(201);
    const running = (await as(admin, { url: '/api/admin/community/suspensions' })).json<{ items: SuspensionDto[] }>();
    expect(running.items.map((s) => s.member.handle)).toContain(vera.handle);

    await moveClock(t, new Date(until.getTime() + 60_000));
    expect((await as(vera, { url: '/api/community/me' })).json<CommunityMeDto>().suspended).toBe(false);
    await post(vera, 'De volta');
    const after = (await as(admin, { url: '/api/admin/community/suspensions' })).json<{ items: SuspensionDto[] }>();
    expect(after.items.map((s) => s.member.handle)).not.toContain(vera.handle);
  });

  it('without an end date it lasts until lifted; lifting is logged; no end in the past, not oneself', async () => {
    const xavi = await newMember('Xavi');
    const url = `/api/admin/community/members/${xavi.handle}/suspension`;
    const past = await as(admin, {
      method: 'PUT',
      url,
      payload: { until: new Date(t.clock.now().getTime() - 1000).toISOString() },
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.fields.until).toBe('A data de término precisa estar no futuro.');
    expect((await as(admin, { method: 'PUT', url, payload: { until: 'amanhã' } })).json().error.fields.until).toBe(
      'Informe uma data de término válida.',
    );
    expect((await as(admin, { method: 'PUT', url, payload: {} })).statusCode).toBe(200);
    const refused = await as(xavi, { method: 'POST', url: '/api/community/posts', payload: { body: 'oi' } });
    expect(refused.json().error).toMatchObject({ code: 'COMMUNITY_SUSPENDED' });
    expect(refused.json().error.params).toBeUndefined();
    expect((await as(xavi, { url: '/api/community/me' })).json<CommunityMeDto>()).toMatchObject({
      suspended: true,
      suspendedUntil: null,
    });
    expect((await as(admin, { method: 'DELETE', url })).statusCode).toBe(204);
    expect(await lastLog()).toMatchObject({ action: 'unsuspend', member: { handle: xavi.handle } });
    await post(xavi, 'Liberado');
    expect((await as(admin, { method: 'DELETE', url })).statusCode).toBe(404);

    const adminHandle = (await as(admin, { url: '/api/community/me' })).json<CommunityMeDto>().handle;
    expect(
      (await as(admin, { method: 'PUT', url: `/api/admin/community/members/${adminHandle}/suspension`, payload: {} }))
        .statusCode,
    ).toBe(400);
    expect(
      (await as(admin, { method: 'PUT', url: '/api/admin/community/members/ninguem.aqui/suspension', payload: {} }))
        .statusCode,
    ).toBe(404);
  });
});

describe('held posts', () => {
  it('the first N posts of a new member wait for review, seen only by their author; approve or remove', async () => {
    const saved = await saveSettings({ holdFirstPosts: 2, words: { pt: [], en: [], es: [] } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await lastLog()).toMatchObject({ action: 'settings', targetType: 'settings', member: null });
    const yara = await newMember('Yara');
    const zeca = await newMember('Zeca');
    const first = await post(yara, 'Meu primeiro post');
    expect(first.status).toBe('held');
    expect((await as(yara, { url: `/api/community/posts/${first.id}` })).json<PostDto>().status).toBe('held');
    expect(await feedIds(yara, 'following')).toContain(first.id);
    expect(await feedIds(zeca, 'discover')).not.toContain(first.id);
    expect((await as(zeca, { url: `/api/community/posts/${first.id}` })).statusCode).toBe(404);
    expect((await reportPost(zeca, first.id)).statusCode).toBe(404);
    const item = (await queue()).find((i) => i.id === first.id)!;
    expect(item).toMatchObject({ status: 'held', heldReason: 'first_posts', reportCount: 0, matchedWords: [] });

    const second = await post(yara, 'Segundo post');
    expect(second.status).toBe('held');
    expect((await moderatePost(second.id, 'remove', 'Propaganda')).statusCode).toBe(204);
    expect((await as(yara, { url: `/api/community/posts/${second.id}` })).statusCode).toBe(404);

    t.clock.advance(60_000);
    expect((await moderatePost(first.id, 'approve')).statusCode).toBe(204);
    expect(await lastLog()).toMatchObject({ action: 'approve', targetId: first.id, member: { handle: yara.handle } });
    const approved = (await as(zeca, { url: `/api/community/posts/${first.id}` })).json<PostDto>();
    expect(approved).toMatchObject({ status: 'published', createdAt: t.clock.now().toISOString() });
    expect((await feedIds(zeca, 'discover'))[0]).toBe(first.id);
    // One went out; the next is still held (two must); then none.
    const third = await post(yara, 'Terceiro');
    expect(third.status).toBe('held');
    expect((await moderatePost(third.id, 'approve')).statusCode).toBe(204);
    expect((await post(yara, 'Quarto')).status).toBe('published');
    // Members who posted before are not held.
    await saveSettings({ holdFirstPosts: 0, words: { pt: [], en: [], es: [] } });
    expect((await post(zeca, 'Sem espera')).status).toBe('published');
  });

  it('a post holding a listed word (whole word, any case or accent, any language list) is held; so is an edit', async () => {
    const saved = await saveSettings({
      holdFirstPosts: 0,
      words: { pt: [' Palavrão ', 'palavrao', 'compre agora'], en: ['scam'], es: ['estafa'] },
    });
    expect(saved.json<ModerationSettingsDto>().words).toEqual({
      pt: ['Palavrão', 'compre agora'],
      en: ['scam'],
      es: ['estafa'],
    });
    expect((await as(admin, { url: '/api/admin/community/settings' })).json<ModerationSettingsDto>()).toMatchObject({
      holdFirstPosts: 0,
      words: { pt: ['Palavrão', 'compre agora'], en: ['scam'], es: ['estafa'] },
    });
    const ana = await newMember('Amanda');
    const held = await post(ana, 'Que PALAVRAO feio!');
    expect(held.status).toBe('held');
    expect((await post(ana, 'Uma ESTAFA, cuidado')).status).toBe('held');
    expect((await post(ana, 'Compre   AGORA!')).status).toBe('held');
    expect((await post(ana, 'Palavrões e scammers não contam')).status).toBe('published');
    const item = (await queue()).find((i) => i.id === held.id)!;
    expect(item).toMatchObject({ heldReason: 'words', matchedWords: ['Palavrão'] });

    const fine = await post(ana, 'Texto limpo');
    const edited = await as(ana, {
      method: 'PATCH',
      url: `/api/community/posts/${fine.id}`,
      payload: { body: 'Agora é um scam' },
    });
    expect(edited.json<PostDto>().status).toBe('held');
    await saveSettings({ holdFirstPosts: 0, words: { pt: [], en: [], es: [] } });
  });

  it('settings are validated with translated messages', async () => {
    const neg = await saveSettings({ holdFirstPosts: -1, words: { pt: [], en: [], es: [] } });
    expect(neg.statusCode).toBe(400);
    expect(neg.json().error.fields.holdFirstPosts).toBe('Informe um número inteiro de 0 a 50.');
    const long = await saveSettings({ holdFirstPosts: 0, words: { pt: ['x'.repeat(61)], en: [], es: [] } });
    expect(long.json().error.fields['words.pt.0']).toBe('Cada palavra pode ter de 1 a 60 caracteres.');
    const en = await as(admin, {
      method: 'PUT',
      url: '/api/admin/community/settings',
      payload: { holdFirstPosts: 1.5, words: { pt: [], en: [], es: [] } },
      locale: 'en-US',
    });
    expect(en.json().error.fields.holdFirstPosts).toBe('Enter a whole number from 0 to 50.');
  });
});
