import { z } from 'zod';

/** Upload limits (SECURITY.md 23): per file, per post, per member per day. */
export const PHOTO_MAX_BYTES = 15 * 1024 * 1024;
export const VIDEO_MAX_BYTES = 100 * 1024 * 1024;
export const PHOTOS_PER_POST = 4;
export const VIDEOS_PER_POST = 1;
export const MEDIA_FILES_PER_DAY = 60;
export const MEDIA_BYTES_PER_DAY = 500 * 1024 * 1024;
/** The longest video kept, in seconds (a longer one is refused when processed). */
export const VIDEO_MAX_SECONDS = 180;

/** What a member may upload, by the type read from the file's bytes (SECURITY.md 24). */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export const VIDEO_TYPES = ['video/mp4', 'video/webm', 'video/quicktime'] as const;
/** For the file picker (`accept`): the same list. */
export const MEDIA_ACCEPT = [...PHOTO_TYPES, ...VIDEO_TYPES].join(',');

export const mediaIdParamsSchema = z.strictObject({ id: z.uuid() });
export const mediaFileParamsSchema = z.strictObject({
  id: z.uuid(),
  variant: z.enum(['feed', 'full', 'video', 'poster']),
});

export interface MediaDto {
  id: string;
  kind: 'photo' | 'video';
  status: 'ready' | 'processing' | 'failed';
  width: number | null;
  height: number | null;
  /** A tiny blurred picture (data: URL) shown while the real one loads. */
  placeholder: string | null;
  /** Photos: `feed` (up to 1080 px) and `full` (up to 2048 px). Videos: `video` and `poster`. */
  urls: { feed?: string; full?: string; video?: string; poster?: string };
  /** Why a video could not be processed (an error code), for its author. */
  error: string | null;
}

/** The file extensions of the allowed types, for the share sheet's `accept` (decision 021). */
export const MEDIA_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.webp', '.gif', '.mp4', '.webm', '.mov'] as const;
/** Files another app may share at once (`POST /share`). */
export const SHARE_FILES_MAX = PHOTOS_PER_POST;

/** What `POST /api/share/claim` gives back: the shared text, and each file as an upload or a refusal. */
export interface ShareClaimDto {
  title: string;
  text: string;
  url: string;
  media: MediaDto[];
  /** The error code of each file refused (type, size, daily limit…), in the order shared. */
  errors: string[];
}
