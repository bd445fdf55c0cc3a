import { z } from 'zod';
import type { Page } from './admin.ts';
import type { AuthorDto, ReportReason } from './community.ts';

/** Validation messages of the moderation tab (keys in the `validation` namespace). */
export const MV = {
  reasonTooLong: 'validation:moderation.reasonTooLong',
  untilFormat: 'validation:moderation.untilFormat',
  untilPast: 'validation:moderation.untilPast',
  holdFirstPosts: 'validation:moderation.holdFirstPosts',
  wordLength: 'validation:moderation.wordLength',
  wordsTooMany: 'validation:moderation.wordsTooMany',
} as const;

export const MODERATION_REASON_MAX = 500;
export const HOLD_FIRST_POSTS_MAX = 50;
export const WORD_MAX = 60;
export const WORDS_MAX = 500;
/** The languages of the word lists: a post is held when it holds a word of any of them. */
export const WORD_LANGUAGES = ['pt', 'en', 'es'] as const;
export type WordLanguage = (typeof WORD_LANGUAGES)[number];

/**
 * What an administrator does to a reported or held item: hide (only its author sees it, marked),
 * remove (gone for everyone), mark sensitive (behind a click), dismiss (reports closed, the item
 * stays), approve (a held post goes out).
 */
export const POST_ACTIONS = ['approve', 'hide', 'remove', 'sensitive', 'dismiss'] as const;
export const COMMENT_ACTIONS = ['hide', 'remove', 'sensitive', 'dismiss'] as const;
export type PostAction = (typeof POST_ACTIONS)[number];
export type CommentAction = (typeof COMMENT_ACTIONS)[number];
/** Every action the log records. */
export type ModerationAction = PostAction | 'suspend' | 'unsuspend' | 'settings';

const reason = z.string().trim().max(MODERATION_REASON_MAX, MV.reasonTooLong).default('');

export const moderatePostSchema = z.strictObject({ action: z.enum(POST_ACTIONS), reason });
export const moderateCommentSchema = z.strictObject({ action: z.enum(COMMENT_ACTIONS), reason });
export type ModeratePostInput = z.input<typeof moderatePostSchema>;
export type ModerateCommentInput = z.input<typeof moderateCommentSchema>;

/** A suspension from the community: until a moment (null: until lifted), and why. */
export const suspendSchema = z.strictObject({
  until: z.iso.datetime({ offset: true, error: MV.untilFormat }).nullable().default(null),
  reason,
});
export type SuspendInput = z.input<typeof suspendSchema>;

const wordList = z
  .array(z.string().trim().min(1, MV.wordLength).max(WORD_MAX, MV.wordLength))
  .max(WORDS_MAX, MV.wordsTooMany);

/** The held-posts settings: the first N posts of a new member wait for review (0: off); the word lists. */
export const moderationSettingsSchema = z.strictObject({
  holdFirstPosts: z
    .number({ error: MV.holdFirstPosts })
    .int(MV.holdFirstPosts)
    .min(0, MV.holdFirstPosts)
    .max(HOLD_FIRST_POSTS_MAX, MV.holdFirstPosts),
  words: z.strictObject({ pt: wordList, en: wordList, es: wordList }),
  /** Members who follow each other may write to each other (/messages); left out: unchanged. */
  memberMessages: z.boolean().optional(),
});
export type ModerationSettingsInput = z.input<typeof moderationSettingsSchema>;

export const moderationLogQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
});

export const moderationIdParamsSchema = z.strictObject({ id: z.uuid() });

/** An item in the moderation queue: a reported post or comment, or a held post. */
export interface ModerationItemDto {
  kind: 'post' | 'comment';
  /** The post's or the comment's id. */
  id: string;
  /** The post (itself, or the comment's). */
  postId: string;
  body: string;
  isPrayer: boolean;
  status: 'published' | 'held' | 'hidden';
  /** A held post: why it waits, and the listed words it holds. */
  heldReason: 'first_posts' | 'words' | null;
  matchedWords: string[];
  sensitive: boolean;
  createdAt: string;
  author: AuthorDto & { suspended: boolean; suspendedUntil: string | null };
  reportCount: number;
  /** How many reports gave each reason, most first. */
  reasons: { reason: ReportReason; count: number }[];
  /** The reporters' notes (without who wrote them). */
  notes: string[];
  firstReportedAt: string | null;
}

export interface ModerationQueueDto {
  items: ModerationItemDto[];
}

export interface ModerationLogRow {
  id: string;
  at: string;
  /** The acting administrator (null once their account is gone). */
  admin: { name: string; email: string } | null;
  action: ModerationAction;
  targetType: 'post' | 'comment' | 'member' | 'settings';
  targetId: string | null;
  /** The member the action touched (null for settings, or once their account is gone). */
  member: AuthorDto | null;
  reason: string;
  /** A suspension's end. */
  until: string | null;
}

export type ModerationLogPage = Page<ModerationLogRow>;

export interface SuspensionDto {
  member: AuthorDto;
  since: string;
  until: string | null;
  reason: string;
}

export interface ModerationSettingsDto {
  holdFirstPosts: number;
  words: Record<WordLanguage, string[]>;
  /** Members who follow each other may write to each other (off by default). */
  memberMessages: boolean;
  updatedAt: string;
}
