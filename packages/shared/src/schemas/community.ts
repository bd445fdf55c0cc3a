import { z } from 'zod';
import { PHOTOS_PER_POST, type MediaDto } from './media.ts';

/** Validation messages of the community (keys in the `validation` namespace). */
export const CV = {
  postEmpty: 'validation:post.empty',
  postTooLong: 'validation:post.tooLong',
  commentRequired: 'validation:comment.required',
  commentTooLong: 'validation:comment.tooLong',
  testimonyTooLong: 'validation:testimony.tooLong',
  mediaPerPost: 'validation:post.mediaPerPost',
  reportReason: 'validation:report.reason',
  reportNoteTooLong: 'validation:report.noteTooLong',
} as const;

export const POST_MAX = 5000;
export const COMMENT_MAX = 2000;
export const TESTIMONY_MAX = 2000;
export const FEED_PAGE_SIZE = 20;
/** Posts per member per hour, comments per member per minute (server rate limits). */
export const POSTS_PER_HOUR = 20;
export const COMMENTS_PER_MINUTE = 10;
/** Reports per member per hour (server rate limit). */
export const REPORTS_PER_HOUR = 10;
export const REPORT_NOTE_MAX = 500;

/** Why a member reports a post or a comment. */
export const REPORT_REASONS = ['spam', 'harassment', 'false_or_harmful', 'inappropriate', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** A member's address: `/u/:handle`. Lowercase letters, digits, dots and underscores. */
export const HANDLE_PATTERN = /^[a-z0-9._]{2,40}$/;

/**
 * A new post: SPEC.md §5, text or a media item ('Seu post precisa ter texto ou uma mídia').
 * The media are uploaded first (POST /api/media) and named here by id.
 */
export const createPostSchema = z
  .strictObject({
    body: z.string().trim().max(POST_MAX, CV.postTooLong).default(''),
    isPrayer: z.boolean().default(false),
    /** Uploads (POST /api/media) in their order on the post: up to 4 photos or 1 video. */
    mediaIds: z.array(z.uuid()).max(PHOTOS_PER_POST, CV.mediaPerPost).default([]),
  })
  .refine((p) => p.body.length > 0 || p.mediaIds.length > 0, { message: CV.postEmpty, path: ['body'] });

export const updatePostSchema = z.strictObject({
  body: z.string({ error: CV.postEmpty }).trim().min(1, CV.postEmpty).max(POST_MAX, CV.postTooLong),
});

/** The author marks a prayer request answered, with an optional testimony. */
export const answerPrayerSchema = z.strictObject({
  testimony: z.string().trim().max(TESTIMONY_MAX, CV.testimonyTooLong).default(''),
});

export const commentSchema = z.strictObject({
  body: z.string({ error: CV.commentRequired }).trim().min(1, CV.commentRequired).max(COMMENT_MAX, CV.commentTooLong),
});

export const feedQuerySchema = z.strictObject({
  feed: z.enum(['following', 'discover']).default('discover'),
  /** The cursor of the next page (from the previous page's `next`). */
  before: z
    .string()
    .max(100)
    .regex(/^[0-9]{13}_[0-9a-f-]{36}$/)
    .optional(),
});

/** The open feed's stream of "new post" notes. */
export const feedEventsQuerySchema = z.strictObject({
  feed: z.enum(['following', 'discover']).default('discover'),
});

export const newCountQuerySchema = z.strictObject({
  feed: z.enum(['following', 'discover']).default('discover'),
  /** The id of the newest post the reader has. */
  after: z.uuid(),
});

/** A switch the reader turns on or off: a reaction, a prayer, a follow. */
export const onOffSchema = z.strictObject({ on: z.boolean() });

/** A report of someone else's post or comment: a reason from the list, and an optional note. */
export const reportSchema = z.strictObject({
  reason: z.enum(REPORT_REASONS, { error: CV.reportReason }),
  note: z.string().trim().max(REPORT_NOTE_MAX, CV.reportNoteTooLong).default(''),
});
export type ReportInput = z.input<typeof reportSchema>;

export const reportIdParamsSchema = z.strictObject({ id: z.uuid() });
export const postIdParamsSchema = z.strictObject({ id: z.uuid() });
export const postMediaParamsSchema = z.strictObject({
  id: z.uuid(),
  mediaId: z.uuid(),
  variant: z.enum(['feed', 'full', 'video', 'poster']),
});
export const commentIdParamsSchema = z.strictObject({ id: z.uuid(), commentId: z.uuid() });
export const handleParamsSchema = z.strictObject({ handle: z.string().regex(HANDLE_PATTERN) });
export const handlePostsQuerySchema = z.strictObject({
  before: feedQuerySchema.shape.before,
});

export interface AuthorDto {
  handle: string;
  name: string;
}

/**
 * Where a post stands for its reader: 'published'; 'held' (awaiting review, only its author sees
 * it); 'hidden' (by the moderation, only its author sees it).
 */
export type PostStatus = 'published' | 'held' | 'hidden';

export interface PostDto {
  id: string;
  status: PostStatus;
  /** Marked sensitive by the moderation: shown behind a click. */
  sensitive: boolean;
  /** The reader's open report of this post, if any (it may be withdrawn). */
  reportId: string | null;
  author: AuthorDto;
  body: string;
  isPrayer: boolean;
  answeredAt: string | null;
  testimony: string | null;
  reactionCount: number;
  prayerCount: number;
  commentCount: number;
  /** What the reader did: reacted, prayed. */
  reacted: boolean;
  prayed: boolean;
  /** The reader wrote it (may edit, delete, mark answered). */
  mine: boolean;
  createdAt: string;
  editedAt: string | null;
  /** Photos (up to 4) or one video, in order. */
  media: MediaDto[];
}

export interface FeedPageDto {
  items: PostDto[];
  /** The cursor of the next page; null at the end. */
  next: string | null;
}

export interface CommentDto {
  id: string;
  /** 'hidden': by the moderation, only its author sees it. */
  status: 'published' | 'hidden';
  sensitive: boolean;
  reportId: string | null;
  author: AuthorDto;
  body: string;
  mine: boolean;
  createdAt: string;
  editedAt: string | null;
}

export interface MemberDto {
  handle: string;
  name: string;
  followers: number;
  following: number;
  posts: number;
  /** The reader follows this member. */
  followed: boolean;
  /** This member is the reader. */
  me: boolean;
  /** The reader muted this member (their posts and comments are out of the reader's feeds). */
  muted: boolean;
  /** The reader blocked this member: nothing else of theirs is shown (counts are 0). */
  blocked: boolean;
  joinedAt: string;
}

/** GET /api/community/me: the reader's handle, and a suspension by the moderation if one runs. */
export interface CommunityMeDto {
  handle: string;
  suspended: boolean;
  /** The suspension's end; null with `suspended` true: until an administrator lifts it. */
  suspendedUntil: string | null;
}

/** GET /api/community/relations: the members the reader muted and blocked. */
export interface RelationsDto {
  muted: AuthorDto[];
  blocked: AuthorDto[];
}

export interface ReportDto {
  id: string;
  reason: ReportReason;
  createdAt: string;
}

export interface PrayerListDto {
  items: { author: AuthorDto; at: string }[];
}
