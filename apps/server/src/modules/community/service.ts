import {
  COMMENTS_PER_MINUTE,
  FEED_PAGE_SIZE,
  POSTS_PER_HOUR,
  REPORTS_PER_HOUR,
  type CommentDto,
  type CommunityMeDto,
  type FeedPageDto,
  type MemberDto,
  type PostDto,
  type PostStatus,
  type PrayerListDto,
  type RelationsDto,
  type ReportDto,
  type ReportReason,
} from '@candeia/shared/schemas/community';
import type { FastifyReply } from 'fastify';
import { MINUTE_MS } from '@candeia/shared/constants';
import { requireAccess } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { EncodedBody } from '../../lib/encoded-body.ts';
import { limit } from '../../lib/rate-limit.ts';
import type { Actor, Deps } from '../../types.ts';
import { requireFeature } from '../billing/index.ts';
import { attachToPost, findPosted, mediaOfPosts, sendMedia, type MediaVariant } from '../media/index.ts';
import { matchWords } from './moderation/words.ts';
import { notify, type Notice } from '../notifications/index.ts';
import * as repo from './repository.ts';
import { channels } from '../../events/channels.ts';

/** The signed-in member behind a community call, past the plan's `community` flag. */
async function gate(deps: Deps, actor: Actor): Promise<string> {
  const { userId, role } = requireAccess(actor, 'community.use');
  await requireFeature(deps, { userId, role }, 'community');
  return userId;
}

/** The same, with the member's handle made (their posts and comments show under it). */
async function member(deps: Deps, actor: Actor): Promise<string> {
  const userId = await gate(deps, actor);
  if (!withHandle.has(userId)) {
    await ensureHandle(deps, userId);
    if (withHandle.size >= WITH_HANDLE_MAX) withHandle.clear();
    withHandle.add(userId);
  }
  return userId;
}

/**
 * Members this process has seen with a handle. A handle is made once and never changes or goes
 * (only with the account, whose sessions go first), so each member's feed calls after the first
 * skip that query. Cleared whole when full: the next call of each simply looks again.
 */
const withHandle = new Set<string>();
const WITH_HANDLE_MAX = 100_000;

/** A suspension that has not ended at `now`. */
export const suspensionRuns = (s: { until: Date | null } | null, now: Date) => !!s && (!s.until || s.until > now);

/**
 * The same, for what writes: posting, commenting, reacting, praying, editing. A member the
 * moderation suspended reads only, and is told until when.
 */
async function writer(deps: Deps, actor: Actor): Promise<string> {
  const me = await member(deps, actor);
  const s = await repo.suspensionOf(deps.db, me);
  if (suspensionRuns(s, deps.clock.now())) {
    if (s!.until)
      throw new AppError('COMMUNITY_SUSPENDED_UNTIL', undefined, undefined, { until: s!.until.toISOString() });
    throw new AppError('COMMUNITY_SUSPENDED');
  }
  return me;
}

/** Every listed word of the moderation settings, whatever its language. */
function listedWords(settings: Awaited<ReturnType<typeof repo.moderationSettings>>): string[] {
  return [...settings.wordsPt, ...settings.wordsEn, ...settings.wordsEs];
}

/** 'words' when the text holds a listed word (the post then waits for review). */
async function holdForWords(deps: Deps, text: string): Promise<'words' | null> {
  const settings = await repo.moderationSettings(deps.db);
  return matchWords(text, listedWords(settings)).length > 0 ? 'words' : null;
}

/** "Maria José da Silva" → "maria.jose.da.silva" (letters and digits only, accents dropped). */
export function handleBase(firstName: string, lastName: string): string {
  const base = `${firstName} ${lastName}`
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.+|\.+$/g, '')
    .slice(0, 30)
    .replace(/\.+$/, '');
  return base.length >= 2 ? base : 'membro';
}

/** The member's handle, made on the first visit from the name (with digits when it is taken). */
export async function ensureHandle(deps: Pick<Deps, 'db' | 'clock'>, userId: string): Promise<string> {
  const existing = await repo.findHandle(deps.db, userId);
  if (existing) return existing;
  const name = await repo.userName(deps.db, userId);
  if (!name) throw new AppError('AUTH_REQUIRED');
  const base = handleBase(name.firstName, name.lastName);
  for (let attempt = 0; attempt < 20; attempt++) {
    const digits = attempt === 0 ? '' : String(Math.floor(Math.random() * 10 ** Math.min(2 + attempt, 6)));
    if (await repo.insertMember(deps.db, userId, `${base}${digits}`, deps.clock.now())) break;
    // Another request of the same member made it meanwhile.
    const made = await repo.findHandle(deps.db, userId);
    if (made) return made;
  }
  const handle = await repo.findHandle(deps.db, userId);
  if (!handle) throw new AppError('SERVER_ERROR');
  return handle;
}

const author = (r: { handle: string; firstName: string; lastName: string }) => ({
  handle: r.handle,
  name: `${r.firstName} ${r.lastName}`.trim(),
});

function toPostDto(r: NonNullable<Awaited<ReturnType<typeof repo.findPost>>>, viewerId: string | null): PostDto {
  const p = r.post;
  return {
    id: p.id,
    status: p.status as PostStatus,
    sensitive: p.sensitive,
    reportId: r.reportId ?? null,
    author: author(r),
    body: p.body,
    isPrayer: p.isPrayer,
    answeredAt: p.answeredAt?.toISOString() ?? null,
    testimony: p.testimony,
    reactionCount: p.reactionCount,
    prayerCount: p.prayerCount,
    commentCount: p.commentCount,
    reacted: Boolean(r.reacted),
    prayed: Boolean(r.prayed),
    mine: viewerId === p.authorId,
    createdAt: p.createdAt.toISOString(),
    editedAt: p.editedAt?.toISOString() ?? null,
    media: [],
  };
}

const cursorOf = (p: { createdAt: Date; id: string }) => `${String(p.createdAt.getTime()).padStart(13, '0')}_${p.id}`;

function parseCursor(s: string | undefined): repo.Cursor | null {
  if (!s) return null;
  const [ms, id] = s.split('_');
  return { at: new Date(Number(ms)), id: id! };
}

/** Where a post's media are served: with the post, so whoever may read the post may see them. */
const mediaBase = (postId: string) => `/api/community/posts/${postId}/media`;

/** The posts with their photos and videos (one query for all of them). */
async function withMedia(deps: Deps, posts: PostDto[]): Promise<PostDto[]> {
  const media = await mediaOfPosts(
    deps,
    posts.map((p) => p.id),
    mediaBase,
  );
  return posts.map((p) => ({ ...p, media: media.get(p.id) ?? [] }));
}

/** One post as its reader gets it; NOT_FOUND when it is gone or not theirs to see. */
async function postFor(deps: Deps, id: string, viewerId: string | null): Promise<PostDto> {
  const row = await repo.findPost(deps.db, id, viewerId);
  if (!row) throw new AppError('NOT_FOUND');
  const [post] = await withMedia(deps, [toPostDto(row, viewerId)]);
  return post!;
}

async function page(
  deps: Deps,
  rows: Awaited<ReturnType<typeof repo.feedPage>>,
  viewerId: string | null,
): Promise<FeedPageDto> {
  const more = rows.length > FEED_PAGE_SIZE;
  const items = rows.slice(0, FEED_PAGE_SIZE);
  const last = items.at(-1);
  return {
    items: await withMedia(
      deps,
      items.map((r) => toPostDto(r, viewerId)),
    ),
    next: more && last ? cursorOf(last.post) : null,
  };
}

// ---------- Feeds and posts ----------

async function feedOf(
  deps: Deps,
  me: string,
  q: { feed: 'following' | 'discover'; before?: string | undefined },
): Promise<FeedPageDto> {
  const rows = await repo.feedPage(deps.db, {
    viewerId: me,
    feed: q.feed,
    cursor: parseCursor(q.before),
    limit: FEED_PAGE_SIZE + 1,
  });
  return page(deps, rows, me);
}

/** How long a feed page's copy is kept in this process at most (decision 034). */
const PAGE_COPY_TTL_MS = 60_000;

/**
 * This process's copies of feed pages, as sent (the JSON, and compressed as clients asked), by
 * reader, feed and cursor. A copy's size is counted when it is kept: its compressed forms, made
 * later, add about half of it at most.
 */
const pageCopies = (deps: Pick<Deps, 'caches'>) =>
  deps.caches.cache<EncodedBody>('community', 'community.feedPages', {
    ttlMs: PAGE_COPY_TTL_MS,
    maxEntries: 20_000,
    maxBytes: 64 * 1024 * 1024,
    sizeOf: (b) => b.bytes,
  });

/**
 * A feed page as the route sends it: the JSON of the page, compressed as each client accepts. A reader asking for the same page again
 * gets this process's copy while nothing behind it changed (lib/read-cache.ts; decision 034).
 * The plan and the session are checked first, every time.
 */
export async function feedBody(
  deps: Deps,
  actor: Actor,
  q: { feed: 'following' | 'discover'; before?: string | undefined },
): Promise<EncodedBody> {
  const me = await member(deps, actor);
  const copies = pageCopies(deps);
  const usable = deps.caches.usable();
  const key = `${me}|${q.feed}|${q.before ?? ''}`;
  const copy = usable ? copies.get(key) : undefined;
  if (copy) return copy;
  const generation = copies.generation;
  const body = new EncodedBody(Buffer.from(JSON.stringify(await feedOf(deps, me, q))));
  if (usable) copies.set(key, body, generation, me);
  return body;
}

export async function newCount(
  deps: Deps,
  actor: Actor,
  q: { feed: 'following' | 'discover'; after: string },
): Promise<{ count: number }> {
  const me = await member(deps, actor);
  return { count: await repo.countNewer(deps.db, { viewerId: me, feed: q.feed, afterId: q.after }) };
}

/**
 * A new post. It waits for review ('held', seen by its author only) when it holds a listed word,
 * or when its author has had fewer posts go out than the first posts the settings hold.
 */
export async function createPost(
  deps: Deps,
  actor: Actor,
  input: { body: string; isPrayer: boolean; mediaIds: string[] },
): Promise<PostDto> {
  const me = await writer(deps, actor);
  await limit(deps.db, `community:post:${me}`, { max: POSTS_PER_HOUR, windowMs: 60 * MINUTE_MS }, deps.clock.now());
  const settings = await repo.moderationSettings(deps.db);
  const held =
    matchWords(input.body, listedWords(settings)).length > 0
      ? 'words'
      : settings.holdFirstPosts > 0 && (await repo.publishedPostCount(deps.db, me)) < settings.holdFirstPosts
        ? 'first_posts'
        : null;
  // The post and its photos together: an upload that is not the author's fails the whole post.
  const id = await deps.db.transaction(async (tx) => {
    const postId = await repo.insertPost(tx, {
      authorId: me,
      body: input.body,
      isPrayer: input.isPrayer,
      createdAt: deps.clock.now(),
      held,
    });
    await attachToPost(tx, me, postId, input.mediaIds);
    // Open feeds hear of it at commit (a held post, once approved).
    if (!held) await deps.events.publish(channels.communityPost, { authorId: me }, tx);
    return postId;
  });
  return postFor(deps, id, me);
}

/** The most followed members a Seguindo stream listens for; beyond them the pill waits for a poll. */
const STREAM_FOLLOWEES_MAX = 5000;

/**
 * What an open feed is told as it happens (`GET /feed/events`): `onPost` is called when a post
 * that may be new to this reader goes out: by someone else, and for Seguindo by someone they
 * follow (as of when the stream opened). It tells nothing of the post: the page then asks
 * `/feed/new`, which applies blocks, mutes and reviews. Calls `onResync` when notes may have been
 * missed (the bus reconnected). Resolves to the function that stops it.
 */
export async function feedEvents(
  deps: Deps,
  actor: Actor,
  feed: 'following' | 'discover',
  on: { post: () => void; resync: () => void },
): Promise<() => void> {
  const me = await member(deps, actor);
  const followees = feed === 'following' ? new Set(await repo.followeeIds(deps.db, me, STREAM_FOLLOWEES_MAX)) : null;
  return deps.events.subscribe(
    channels.communityPost,
    ({ authorId }) => {
      if (authorId !== me && (!followees || followees.has(authorId))) on.post();
    },
    { resync: on.resync },
  );
}

/**
 * One post, for its own page. A shared link opens it signed out too (read only: commenting and
 * the rest need a session); signed in, the plan's `community` flag applies.
 */
export async function getPost(deps: Deps, actor: Actor, id: string): Promise<PostDto> {
  const viewer = actor.userId ? await member(deps, actor) : null;
  return postFor(deps, id, viewer);
}

/** A photo or video of a post, to whoever may read the post (a shared link: signed out too). */
export async function postMedia(
  deps: Deps,
  actor: Actor,
  reply: FastifyReply,
  p: { id: string; mediaId: string; variant: MediaVariant; range: string | undefined },
): Promise<FastifyReply> {
  const viewer = actor.userId ? await member(deps, actor) : null;
  if (!(await repo.findPost(deps.db, p.id, viewer))) throw new AppError('NOT_FOUND');
  const row = await findPosted(deps, p.id, p.mediaId);
  if (!row) throw new AppError('NOT_FOUND');
  return sendMedia(deps, reply, row, p.variant, p.range);
}

/** The author changes the text; a listed word sends the post (back) to review. */
export async function editPost(deps: Deps, actor: Actor, id: string, input: { body: string }): Promise<PostDto> {
  const me = await writer(deps, actor);
  const hold = await holdForWords(deps, input.body);
  if (!(await repo.updatePostBody(deps.db, id, me, input.body, deps.clock.now(), hold)))
    throw new AppError('NOT_FOUND');
  return postFor(deps, id, me);
}

export async function deletePost(deps: Deps, actor: Actor, id: string): Promise<void> {
  const me = await member(deps, actor);
  if (!(await repo.removePost(deps.db, id, me))) throw new AppError('NOT_FOUND');
}

export async function answerPrayer(
  deps: Deps,
  actor: Actor,
  id: string,
  input: { testimony: string },
): Promise<PostDto> {
  const me = await writer(deps, actor);
  const testimony = input.testimony.trim() || null;
  const hold = testimony ? await holdForWords(deps, testimony) : null;
  if (!(await repo.markAnswered(deps.db, id, me, testimony, deps.clock.now(), hold))) throw new AppError('NOT_FOUND');
  return postFor(deps, id, me);
}

/**
 * Tells a member what another did to them (a follow, a comment, "Amém", "Orei por você"), in the
 * act's transaction, unless they muted or blocked the one who acted (or are blocked by them).
 */
async function tell(
  deps: Deps,
  db: Parameters<typeof repo.relation>[0],
  to: string,
  actorId: string,
  n: Omit<Notice, 'userId' | 'actorId'>,
): Promise<void> {
  if (to === actorId) return;
  const rel = await repo.relation(db, to, actorId);
  if (rel.muted || rel.blocked || rel.blockedBy) return;
  await notify(db, { ...n, userId: to, actorId }, deps.clock.now());
}

/** A published post the member may act on (none across a block), or NOT_FOUND. */
async function openPost(db: Deps['db'], id: string, me: string) {
  const post = await repo.postFor(db, id, me);
  if (!post || post.status !== 'published') throw new AppError('NOT_FOUND');
  return post;
}

/** The reader's reaction ("Amém") on a post: on or off, idempotent. */
export async function react(deps: Deps, actor: Actor, id: string, on: boolean): Promise<PostDto> {
  const me = await writer(deps, actor);
  await deps.db.transaction(async (tx) => {
    const post = await openPost(tx, id, me);
    await repo.setMark(tx, 'reaction', { postId: id, userId: me, on, at: deps.clock.now() });
    if (on)
      await tell(deps, tx, post.authorId, me, { type: 'reaction', data: { postId: id }, key: `reaction:${id}:${me}` });
  });
  return postFor(deps, id, me);
}

/** "Orei por você" on a prayer request of someone else: on or off, idempotent. */
export async function pray(deps: Deps, actor: Actor, id: string, on: boolean): Promise<PostDto> {
  const me = await writer(deps, actor);
  await deps.db.transaction(async (tx) => {
    const post = await openPost(tx, id, me);
    if (!post.isPrayer) throw new AppError('NOT_FOUND');
    if (post.authorId === me) throw new AppError('BAD_REQUEST');
    await repo.setMark(tx, 'prayer', { postId: id, userId: me, on, at: deps.clock.now() });
    if (on)
      await tell(deps, tx, post.authorId, me, { type: 'prayer', data: { postId: id }, key: `prayer:${id}:${me}` });
  });
  return postFor(deps, id, me);
}

/** Who prayed for a prayer request: for its author only. */
export async function prayers(deps: Deps, actor: Actor, id: string): Promise<PrayerListDto> {
  const me = await member(deps, actor);
  const post = await repo.postFor(deps.db, id, me);
  if (!post || post.authorId !== me) throw new AppError('NOT_FOUND');
  const rows = await repo.listPrayers(deps.db, id, me, 200);
  return { items: rows.map((r) => ({ author: author(r), at: r.at.toISOString() })) };
}

// ---------- Comments ----------

const toCommentDto = (
  r: NonNullable<Awaited<ReturnType<typeof repo.findComment>>>,
  viewerId: string | null,
): CommentDto => ({
  id: r.comment.id,
  status: r.comment.status === 'hidden' ? 'hidden' : 'published',
  sensitive: r.comment.sensitive,
  reportId: r.reportId ?? null,
  author: author(r),
  body: r.comment.body,
  mine: r.comment.authorId === viewerId,
  createdAt: r.comment.createdAt.toISOString(),
  editedAt: r.comment.editedAt?.toISOString() ?? null,
});

/**
 * A post's comments, oldest first; readable with the post (signed out too). None of a member the
 * reader muted or blocked or is blocked by.
 */
export async function comments(deps: Deps, actor: Actor, postId: string): Promise<{ items: CommentDto[] }> {
  const viewer = actor.userId ? await member(deps, actor) : null;
  if (!(await repo.postFor(deps.db, postId, viewer))) throw new AppError('NOT_FOUND');
  const rows = await repo.listComments(deps.db, postId, viewer, 500);
  return { items: rows.map((r) => toCommentDto(r, viewer)) };
}

export async function addComment(
  deps: Deps,
  actor: Actor,
  postId: string,
  input: { body: string },
): Promise<CommentDto> {
  const me = await writer(deps, actor);
  await limit(deps.db, `community:comment:${me}`, { max: COMMENTS_PER_MINUTE, windowMs: MINUTE_MS }, deps.clock.now());
  const id = await deps.db.transaction(async (tx) => {
    const post = await openPost(tx, postId, me);
    const commentId = await repo.insertComment(tx, {
      postId,
      authorId: me,
      body: input.body,
      createdAt: deps.clock.now(),
    });
    await tell(deps, tx, post.authorId, me, { type: 'comment', data: { postId }, key: `comment:${commentId}` });
    return commentId;
  });
  return toCommentDto((await repo.findComment(deps.db, postId, id, me))!, me);
}

export async function editComment(
  deps: Deps,
  actor: Actor,
  postId: string,
  id: string,
  input: { body: string },
): Promise<CommentDto> {
  const me = await writer(deps, actor);
  if (!(await repo.updateComment(deps.db, postId, id, me, input.body, deps.clock.now())))
    throw new AppError('NOT_FOUND');
  return toCommentDto((await repo.findComment(deps.db, postId, id, me))!, me);
}

export async function deleteComment(deps: Deps, actor: Actor, postId: string, id: string): Promise<void> {
  const me = await member(deps, actor);
  const done = await deps.db.transaction((tx) => repo.deleteComment(tx, postId, id, me));
  if (!done) throw new AppError('NOT_FOUND');
}

// ---------- Members and follows ----------

async function memberOrThrow(deps: Deps, handle: string) {
  const m = await repo.memberByHandle(deps.db, handle);
  if (!m) throw new AppError('NOT_FOUND');
  return m;
}

/**
 * Another member as the viewer may see them: NOT_FOUND when either blocked the other (or, with
 * `blockerSees`, only when they blocked the viewer: the blocker still reaches the page to unblock).
 */
async function visibleMember(deps: Deps, viewer: string, handle: string, blockerSees = false) {
  const m = await memberOrThrow(deps, handle);
  const rel =
    m.userId === viewer
      ? { muted: false, blocked: false, blockedBy: false }
      : await repo.relation(deps.db, viewer, m.userId);
  if (rel.blockedBy || (rel.blocked && !blockerSees)) throw new AppError('NOT_FOUND');
  return { ...m, ...rel };
}

export async function me(deps: Deps, actor: Actor): Promise<CommunityMeDto> {
  const userId = await gate(deps, actor);
  const handle = await ensureHandle(deps, userId);
  const s = await repo.suspensionOf(deps.db, userId);
  const suspended = suspensionRuns(s, deps.clock.now());
  return { handle, suspended, suspendedUntil: suspended ? (s!.until?.toISOString() ?? null) : null };
}

/**
 * A member's page. A member who blocked the reader is not found; one the reader blocked shows
 * only their name and the way back (no counts, no posts).
 */
export async function memberPage(deps: Deps, actor: Actor, handle: string): Promise<MemberDto> {
  const viewer = await member(deps, actor);
  const m = await visibleMember(deps, viewer, handle, true);
  const counts = m.blocked
    ? { followers: 0, following: 0, posts: 0, followed: false }
    : await repo.memberCounts(deps.db, m.userId, viewer);
  return {
    handle: m.handle,
    name: `${m.firstName} ${m.lastName}`.trim(),
    followers: counts.followers,
    following: counts.following,
    posts: counts.posts,
    followed: Boolean(counts.followed),
    me: m.userId === viewer,
    muted: m.muted,
    blocked: m.blocked,
    joinedAt: m.joinedAt.toISOString(),
  };
}

export async function memberPosts(
  deps: Deps,
  actor: Actor,
  handle: string,
  q: { before?: string | undefined },
): Promise<FeedPageDto> {
  const viewer = await member(deps, actor);
  const m = await visibleMember(deps, viewer, handle);
  const rows = await repo.feedPage(deps.db, {
    viewerId: viewer,
    feed: 'author',
    authorId: m.userId,
    cursor: parseCursor(q.before),
    limit: FEED_PAGE_SIZE + 1,
  });
  return page(deps, rows, viewer);
}

export async function setFollow(deps: Deps, actor: Actor, handle: string, on: boolean): Promise<MemberDto> {
  const viewer = await member(deps, actor);
  const m = await visibleMember(deps, viewer, handle);
  if (m.userId === viewer) throw new AppError('BAD_REQUEST');
  await deps.db.transaction(async (tx) => {
    if (!on) return repo.unfollow(tx, viewer, m.userId);
    await repo.follow(tx, viewer, m.userId, deps.clock.now());
    await tell(deps, tx, m.userId, viewer, { type: 'follow', key: `follow:${viewer}` });
  });
  return memberPage(deps, actor, handle);
}

export async function followList(
  deps: Deps,
  actor: Actor,
  handle: string,
  which: 'followers' | 'following',
): Promise<{ items: { handle: string; name: string }[] }> {
  const viewer = await member(deps, actor);
  const m = await visibleMember(deps, viewer, handle);
  const rows = await repo.followList(deps.db, m.userId, which, viewer, 500);
  return { items: rows.map(author) };
}

// ---------- Mutes and blocks ----------

/**
 * Mutes or unmutes a member: their posts and comments leave the reader's feeds and post pages
 * (their page still shows them); they are not told.
 */
export async function setMute(
  deps: Deps,
  actor: Actor,
  handle: string,
  on: boolean,
): Promise<{ muted: boolean; blocked: boolean }> {
  const viewer = await member(deps, actor);
  const m = await visibleMember(deps, viewer, handle, true);
  if (m.userId === viewer) throw new AppError('BAD_REQUEST');
  await repo.setMute(deps.db, viewer, m.userId, on, deps.clock.now());
  return { muted: on, blocked: m.blocked };
}

/**
 * Blocks or unblocks a member. Blocked, the two no longer see each other (posts, comments,
 * pages, lists), every follow between them goes, and neither can comment, react, pray or follow
 * across it. Unblocking works even when the other blocked the reader too.
 */
export async function setBlock(
  deps: Deps,
  actor: Actor,
  handle: string,
  on: boolean,
): Promise<{ muted: boolean; blocked: boolean }> {
  const viewer = await member(deps, actor);
  const m = on ? await visibleMember(deps, viewer, handle, true) : await memberOrThrow(deps, handle);
  if (m.userId === viewer) throw new AppError('BAD_REQUEST');
  await deps.db.transaction((tx) => repo.setBlock(tx, viewer, m.userId, on, deps.clock.now()));
  const rel = await repo.relation(deps.db, viewer, m.userId);
  return { muted: rel.muted, blocked: rel.blocked };
}

/** The members the reader muted and blocked (for their own page, to undo either). */
export async function relations(deps: Deps, actor: Actor): Promise<RelationsDto> {
  const viewer = await member(deps, actor);
  const [muted, blocked] = await Promise.all([
    repo.relationList(deps.db, viewer, 'muted', 500),
    repo.relationList(deps.db, viewer, 'blocked', 500),
  ]);
  return { muted: muted.map(author), blocked: blocked.map(author) };
}

// ---------- Reports ----------

/**
 * A member reports someone else's published post, or a comment on it (`commentId`): one open
 * report per member and item, a few an hour. A suspended member may still report.
 */
export async function report(
  deps: Deps,
  actor: Actor,
  target: { postId: string; commentId?: string },
  input: { reason: ReportReason; note: string },
): Promise<ReportDto> {
  const me = await member(deps, actor);
  await limit(deps.db, `community:report:${me}`, { max: REPORTS_PER_HOUR, windowMs: 60 * MINUTE_MS }, deps.clock.now());
  const post = await openPost(deps.db, target.postId, me);
  let authorId = post.authorId;
  if (target.commentId) {
    const comment = await repo.commentFor(deps.db, target.postId, target.commentId);
    if (!comment) throw new AppError('NOT_FOUND');
    if (comment.authorId !== me) {
      const rel = await repo.relation(deps.db, me, comment.authorId);
      if (rel.blocked || rel.blockedBy) throw new AppError('NOT_FOUND');
    }
    authorId = comment.authorId;
  }
  if (authorId === me) throw new AppError('REPORT_OWN_CONTENT');
  const row = await repo.insertReport(deps.db, {
    reporterId: me,
    postId: target.postId,
    commentId: target.commentId ?? null,
    reason: input.reason,
    note: input.note,
    at: deps.clock.now(),
  });
  if (!row) throw new AppError('REPORT_DUPLICATE');
  return { id: row.id, reason: row.reason as ReportReason, createdAt: row.createdAt.toISOString() };
}

/** The reporter withdraws their open report (nobody else's). */
export async function withdrawReport(deps: Deps, actor: Actor, id: string): Promise<void> {
  const me = await member(deps, actor);
  if (!(await repo.withdrawReport(deps.db, id, me))) throw new AppError('NOT_FOUND');
}

// ---------- Demo data ----------

/**
 * A first page for the laptop demo (SEED_DEMO): a welcome from the demo administrator and a
 * prayer request from the demo member, with an "Orei por você" and a comment. Written once:
 * nothing is added when the demo members have posted before.
 */
export async function seedDemoPosts(deps: Pick<Deps, 'db' | 'clock'>, member: string, admin: string): Promise<void> {
  if (
    (await repo.feedPage(deps.db, { viewerId: null, feed: 'author', authorId: member, cursor: null, limit: 1 })).length
  )
    return;
  await ensureHandle(deps, member);
  await ensureHandle(deps, admin);
  const now = deps.clock.now().getTime();
  await repo.insertPost(deps.db, {
    authorId: admin,
    body: 'Bem-vindos à comunidade da Candeia! Aqui partilhamos a caminhada, pedimos oração e oramos uns pelos outros. Que a paz esteja com todos.',
    isPrayer: false,
    createdAt: new Date(now - 2 * 60 * 60_000),
  });
  const prayer = await repo.insertPost(deps.db, {
    authorId: member,
    body: 'Peço oração pela minha família nesta semana de mudanças. Obrigada a quem puder orar!',
    isPrayer: true,
    createdAt: new Date(now - 60 * 60_000),
  });
  await deps.db.transaction(async (tx) => {
    await repo.setMark(tx, 'prayer', { postId: prayer, userId: admin, on: true, at: new Date(now - 30 * 60_000) });
    await repo.insertComment(tx, {
      postId: prayer,
      authorId: admin,
      body: 'Estamos orando por vocês, Maria.',
      createdAt: new Date(now - 30 * 60_000),
    });
  });
}
