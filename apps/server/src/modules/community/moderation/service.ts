import type { z } from 'zod';
import type { AuthorDto, ReportReason } from '@candeia/shared/schemas/community';
import {
  MV,
  type CommentAction,
  type ModerationAction,
  type ModerationItemDto,
  type ModerationLogPage,
  type ModerationQueueDto,
  type ModerationSettingsDto,
  type PostAction,
  type SuspensionDto,
  type WordLanguage,
  type moderationLogQuerySchema,
} from '@candeia/shared/schemas/moderation';
import { requireAdmin } from '../../../lib/access.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Actor, Deps } from '../../../types.ts';
import { channels } from '../../../events/channels.ts';
import { notify } from '../../notifications/index.ts';
import * as repo from '../repository.ts';
import { suspensionRuns } from '../service.ts';
import { cleanWords, matchWords } from './words.ts';

/**
 * The community's moderation, for administrators (the admin's Moderação tab): the queue of
 * reported and held items, what is done to them, suspensions, the held-posts settings, and the
 * log every action writes (who, what, to what, why, when).
 */

const QUEUE_LIMIT = 200;

const name = (r: { firstName: string | null; lastName: string | null }) =>
  `${r.firstName ?? ''} ${r.lastName ?? ''}`.trim();

type AuthorRow = {
  handle: string;
  firstName: string;
  lastName: string;
  suspendedAt: Date | null;
  suspendedUntil: Date | null;
};

function queueAuthor(r: AuthorRow, now: Date): ModerationItemDto['author'] {
  const suspended = !!r.suspendedAt && suspensionRuns({ until: r.suspendedUntil }, now);
  return {
    handle: r.handle,
    name: name(r),
    suspended,
    suspendedUntil: suspended ? (r.suspendedUntil?.toISOString() ?? null) : null,
  };
}

type Group = Awaited<ReturnType<typeof repo.openReportGroups>>[number];

function reportsOf(g: Group | undefined) {
  if (!g) return { reportCount: 0, reasons: [], notes: [], firstReportedAt: null };
  const tally = new Map<ReportReason, number>();
  for (const r of g.reasons) tally.set(r as ReportReason, (tally.get(r as ReportReason) ?? 0) + 1);
  return {
    reportCount: g.count,
    reasons: [...tally].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count),
    notes: g.notes.filter((n) => n.trim() !== ''),
    firstReportedAt: g.first.toISOString(),
  };
}

/**
 * The queue: every post or comment with open reports (grouped: how many, which reasons, the
 * notes), and every held post (with the listed words it holds); oldest first.
 */
export async function queue(deps: Deps, actor: Actor): Promise<ModerationQueueDto> {
  requireAdmin(actor);
  const now = deps.clock.now();
  const [groups, held, settings] = await Promise.all([
    repo.openReportGroups(deps.db, QUEUE_LIMIT),
    repo.heldPosts(deps.db, QUEUE_LIMIT),
    repo.moderationSettings(deps.db),
  ]);
  const postGroups = new Map(groups.filter((g) => !g.commentId).map((g) => [g.postId, g]));
  const commentGroups = new Map(groups.filter((g) => g.commentId).map((g) => [g.commentId!, g]));
  const heldIds = new Set(held.map((h) => h.post.id));
  const [posts, comments] = await Promise.all([
    repo.postsForQueue(
      deps.db,
      [...postGroups.keys()].filter((id) => !heldIds.has(id)),
    ),
    repo.commentsForQueue(deps.db, [...commentGroups.keys()]),
  ]);
  const words = [...settings.wordsPt, ...settings.wordsEn, ...settings.wordsEs];
  const items: (ModerationItemDto & { sortAt: number })[] = [];
  for (const r of [...held, ...posts]) {
    const p = r.post;
    const reports = reportsOf(postGroups.get(p.id));
    items.push({
      kind: 'post',
      id: p.id,
      postId: p.id,
      body: p.body,
      isPrayer: p.isPrayer,
      status: p.status as ModerationItemDto['status'],
      heldReason: p.status === 'held' ? ((p.heldReason as ModerationItemDto['heldReason']) ?? 'first_posts') : null,
      matchedWords: p.status === 'held' ? matchWords(`${p.body}\n${p.testimony ?? ''}`, words) : [],
      sensitive: p.sensitive,
      createdAt: p.createdAt.toISOString(),
      author: queueAuthor(r, now),
      ...reports,
      sortAt: Math.min(
        p.status === 'held' ? p.createdAt.getTime() : Infinity,
        postGroups.get(p.id)?.first.getTime() ?? Infinity,
      ),
    });
  }
  for (const r of comments) {
    const c = r.comment;
    const g = commentGroups.get(c.id)!;
    items.push({
      kind: 'comment',
      id: c.id,
      postId: c.postId,
      body: c.body,
      isPrayer: false,
      status: c.status as ModerationItemDto['status'],
      heldReason: null,
      matchedWords: [],
      sensitive: c.sensitive,
      createdAt: c.createdAt.toISOString(),
      author: queueAuthor(r, now),
      ...reportsOf(g),
      sortAt: g.first.getTime(),
    });
  }
  items.sort((a, b) => a.sortAt - b.sortAt);
  return { items: items.map(({ sortAt: _sortAt, ...item }) => item) };
}

const RESOLUTION: Record<PostAction, string> = {
  approve: 'approved',
  hide: 'hidden',
  remove: 'removed',
  sensitive: 'sensitive',
  dismiss: 'dismissed',
};

/**
 * An action on a post: approve (a held post goes out), hide, remove, mark sensitive, or dismiss
 * its reports. The post's open reports close with what was done; the log gets a row.
 */
export async function moderatePost(
  deps: Deps,
  actor: Actor,
  id: string,
  input: { action: PostAction; reason: string },
): Promise<void> {
  const admin = requireAdmin(actor);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const authorId = await repo.postAuthor(tx, id);
    if (!authorId) throw new AppError('NOT_FOUND');
    if (input.action === 'dismiss') {
      if ((await repo.closeReports(tx, { postId: id, commentId: null }, 'dismissed', now)) === 0)
        throw new AppError('MODERATION_NOT_APPLICABLE');
    } else {
      if (!(await repo.moderatePost(tx, id, input.action, now))) throw new AppError('MODERATION_NOT_APPLICABLE');
      // An approved post goes out now: open feeds hear of it.
      if (input.action === 'approve') await deps.events.publish(channels.communityPost, { authorId }, tx);
      await repo.closeReports(tx, { postId: id, commentId: null }, RESOLUTION[input.action], now);
      await notify(
        tx,
        {
          userId: authorId,
          type: 'moderation',
          data: { target: 'post', outcome: input.action, postId: id },
          key: `moderation:post:${id}:${input.action}`,
        },
        now,
      );
    }
    await repo.insertLog(tx, {
      adminId: admin.userId,
      action: input.action,
      targetType: 'post',
      targetId: id,
      targetUserId: authorId,
      reason: input.reason,
      at: now,
    });
  });
}

/** An action on a comment: hide, remove, mark sensitive, or dismiss its reports; logged. */
export async function moderateComment(
  deps: Deps,
  actor: Actor,
  id: string,
  input: { action: CommentAction; reason: string },
): Promise<void> {
  const admin = requireAdmin(actor);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const ref = await repo.commentRef(tx, id);
    if (!ref) throw new AppError('NOT_FOUND');
    const item = { postId: ref.postId, commentId: id };
    if (input.action === 'dismiss') {
      if ((await repo.closeReports(tx, item, 'dismissed', now)) === 0) throw new AppError('MODERATION_NOT_APPLICABLE');
    } else {
      if (!(await repo.moderateComment(tx, id, input.action))) throw new AppError('MODERATION_NOT_APPLICABLE');
      await repo.closeReports(tx, item, RESOLUTION[input.action], now);
      await notify(
        tx,
        {
          userId: ref.authorId,
          type: 'moderation',
          data: { target: 'comment', outcome: input.action, postId: ref.postId },
          key: `moderation:comment:${id}:${input.action}`,
        },
        now,
      );
    }
    await repo.insertLog(tx, {
      adminId: admin.userId,
      action: input.action,
      targetType: 'comment',
      targetId: id,
      targetUserId: ref.authorId,
      reason: input.reason,
      at: now,
    });
  });
}

/**
 * Suspends a member from the community until `until` (null: until lifted): they read, but do
 * not post, comment or react. A new suspension replaces a running one. Not oneself.
 */
export async function suspend(
  deps: Deps,
  actor: Actor,
  handle: string,
  input: { until: string | null; reason: string },
): Promise<SuspensionDto> {
  const admin = requireAdmin(actor);
  const now = deps.clock.now();
  const until = input.until ? new Date(input.until) : null;
  if (until && until.getTime() <= now.getTime())
    throw new AppError('VALIDATION_INVALID_FORMAT', { until: MV.untilPast });
  const target = await repo.memberByHandle(deps.db, handle);
  if (!target) throw new AppError('NOT_FOUND');
  if (target.userId === admin.userId) throw new AppError('BAD_REQUEST');
  await deps.db.transaction(async (tx) => {
    await repo.suspendMember(tx, handle, { at: now, until, reason: input.reason });
    await repo.insertLog(tx, {
      adminId: admin.userId,
      action: 'suspend',
      targetType: 'member',
      targetId: target.userId,
      targetUserId: target.userId,
      reason: input.reason,
      until,
      at: now,
    });
  });
  return {
    member: { handle: target.handle, name: name(target) },
    since: now.toISOString(),
    until: until?.toISOString() ?? null,
    reason: input.reason,
  };
}

/** Lifts a member's suspension; logged. */
export async function unsuspend(deps: Deps, actor: Actor, handle: string): Promise<void> {
  const admin = requireAdmin(actor);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const userId = await repo.liftSuspension(tx, handle);
    if (!userId) throw new AppError('NOT_FOUND');
    await repo.insertLog(tx, {
      adminId: admin.userId,
      action: 'unsuspend',
      targetType: 'member',
      targetId: userId,
      targetUserId: userId,
      reason: '',
      at: now,
    });
  });
}

/** The suspensions running now. */
export async function suspensions(deps: Deps, actor: Actor): Promise<{ items: SuspensionDto[] }> {
  requireAdmin(actor);
  const rows = await repo.runningSuspensions(deps.db, deps.clock.now(), 500);
  return {
    items: rows.map((r) => ({
      member: { handle: r.handle, name: name(r) } satisfies AuthorDto,
      since: r.since!.toISOString(),
      until: r.until?.toISOString() ?? null,
      reason: r.reason ?? '',
    })),
  };
}

/** A page of the moderation log, newest first. */
export async function log(
  deps: Deps,
  actor: Actor,
  q: z.output<typeof moderationLogQuerySchema>,
): Promise<ModerationLogPage> {
  requireAdmin(actor);
  const { rows, total } = await repo.logPage(deps.db, q.page, q.pageSize);
  return {
    items: rows.map((r) => ({
      id: String(r.log.id),
      at: r.log.createdAt.toISOString(),
      admin: r.adminEmail
        ? { name: name({ firstName: r.adminFirst, lastName: r.adminLast }), email: r.adminEmail }
        : null,
      action: r.log.action as ModerationAction,
      targetType: r.log.targetType as ModerationLogPage['items'][number]['targetType'],
      targetId: r.log.targetId,
      member:
        r.memberHandle && r.log.targetUserId
          ? { handle: r.memberHandle, name: name({ firstName: r.memberFirst, lastName: r.memberLast }) }
          : null,
      reason: r.log.reason,
      until: r.log.until?.toISOString() ?? null,
    })),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

const settingsDto = (s: Awaited<ReturnType<typeof repo.moderationSettings>>): ModerationSettingsDto => ({
  holdFirstPosts: s.holdFirstPosts,
  words: { pt: s.wordsPt, en: s.wordsEn, es: s.wordsEs },
  memberMessages: s.memberMessages,
  updatedAt: s.updatedAt.toISOString(),
});

export async function settings(deps: Deps, actor: Actor): Promise<ModerationSettingsDto> {
  requireAdmin(actor);
  return settingsDto(await repo.moderationSettings(deps.db));
}

/** Saves the held-posts settings (word lists trimmed, one of each); logged. */
export async function saveSettings(
  deps: Deps,
  actor: Actor,
  input: { holdFirstPosts: number; words: Record<WordLanguage, string[]>; memberMessages?: boolean | undefined },
): Promise<ModerationSettingsDto> {
  const admin = requireAdmin(actor);
  const now = deps.clock.now();
  return await deps.db.transaction(async (tx) => {
    const row = await repo.saveModerationSettings(tx, {
      holdFirstPosts: input.holdFirstPosts,
      wordsPt: cleanWords(input.words.pt),
      wordsEn: cleanWords(input.words.en),
      wordsEs: cleanWords(input.words.es),
      memberMessages: input.memberMessages,
      updatedAt: now,
    });
    await repo.insertLog(tx, {
      adminId: admin.userId,
      action: 'settings',
      targetType: 'settings',
      targetId: null,
      targetUserId: null,
      reason: '',
      at: now,
    });
    return settingsDto(row);
  });
}
