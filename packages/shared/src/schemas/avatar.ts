import { z } from 'zod';
import type { CitationDto } from './chat.ts';
import { CHAT_MESSAGE_MAX } from './chat.ts';

/**
 * The avatar live session (SPEC.md §1, §3, §4; PRODUCT.md "Avatar"): six built-in counsellors
 * (three premium), a weekly allowance of avatar credits that pays session starts, sessions of
 * up to 20 minutes whose answers come from the chat engine with the counsellor's persona, a
 * transcript kept on the server, favourites and recents kept on the server, and usage stats.
 *
 * Every instant on the wire is an ISO-8601 UTC string.
 */

/** Validation messages of the avatar (keys in the `validation` namespace). */
export const AV = {
  messageRequired: 'validation:avatar.messageRequired',
  messageTooLong: 'validation:avatar.messageTooLong',
  rating: 'validation:avatar.rating',
  speechTooLong: 'validation:avatar.speechTooLong',
} as const;

/** Avatar credits a member gets each week (SPEC.md §4, §9). */
export const AVATAR_WEEKLY_CREDITS = 15;
/** A week of avatar credits ends this many days after it began (then the next begins on the next start). */
export const AVATAR_WEEK_DAYS = 7;
/** What starting a session costs. */
export const AVATAR_SESSION_COST = { standard: 1, premium: 2 } as const;
/** The longest a session lasts. */
export const AVATAR_SESSION_MINUTES = 20;
/** Recent counsellors kept (SPEC.md §9). */
export const AVATAR_RECENT_MAX = 5;
/** The longest message a member may say or type in a session. */
export const AVATAR_MESSAGE_MAX = CHAT_MESSAGE_MAX;
/** The longest text one speech request may turn into audio (server speech). */
export const AVATAR_SPEECH_TEXT_MAX = 4000;
/** The largest recording one transcription request may carry (server speech). */
export const AVATAR_AUDIO_MAX_BYTES = 4 * 1024 * 1024;
/** Sessions listed per page of the history. */
export const AVATAR_SESSIONS_PAGE_SIZE = 20;

/** The six counsellors' ids: stable slugs, also the names of their portraits. */
export const AVATAR_IDS = ['helena', 'tiago', 'benedita', 'samuel', 'ines', 'jonas'] as const;
export type AvatarId = (typeof AVATAR_IDS)[number];

export const AVATAR_GENDERS = ['female', 'male'] as const;
export type AvatarGender = (typeof AVATAR_GENDERS)[number];
export const AVATAR_EMOTIONS = ['calm', 'warm', 'gentle', 'hopeful', 'serene', 'encouraging'] as const;
export type AvatarEmotion = (typeof AVATAR_EMOTIONS)[number];

export type AvatarBackground =
  { type: 'solid'; color: string } | { type: 'blur' } | { type: 'custom'; imageUrl: string };

/** Why a counsellor cannot be started by this member: no `live` in the plan, or premium without Diamante. */
export type AvatarLock = 'plan' | 'premium' | null;

export interface AvatarCounsellorDto {
  id: AvatarId;
  /** First name, e.g. "Helena". */
  name: string;
  /** How the gallery titles them, e.g. "Helena Prado". */
  displayName: string;
  /** A sentence or two in the member's language. */
  description: string;
  /** Specialties in the member's language. */
  specialties: string[];
  /** The portrait's key (the same as the id). */
  avatarName: AvatarId;
  /** The still portrait (SVG). */
  imageUrl: string;
  isAvailable: boolean;
  isPremium: boolean;
  /** The counsellor's own language (all six speak Brazilian Portuguese). */
  language: 'pt-BR';
  voice: { emotion: AvatarEmotion; gender: AvatarGender };
  background: AvatarBackground;
  /** The average of members' ratings (1–5, one decimal), or null before the first. */
  rating: number | null;
  ratingCount: number;
  /** Sessions held with this counsellor, by everyone. */
  sessionCount: number;
  isFavorite: boolean;
  /** Credits a session start costs. */
  cost: number;
  lock: AvatarLock;
}

export interface AvatarAllowanceDto {
  weekly: number;
  remaining: number;
  used: number;
  /** When the current week began (its first session), or null when no week is running. */
  weekStartedAt: string | null;
  /** When the allowance is renewed (the week's start + 7 days), or null when no week is running. */
  renewsAt: string | null;
}

/** SPEC.md §3's usage stats, named as there. Durations in whole seconds. */
export interface AvatarUsageStatsDto {
  total_sessions: number;
  total_duration_seconds: number;
  total_credits_used: number;
  average_session_duration: number;
  last_session_at: string | null;
  current_week_sessions: number;
  current_week_credits: number;
}

/** How speech works in a session: the browser's APIs, or the server's OpenAI-style endpoints. */
export type AvatarSpeechMode = 'browser' | 'server';

export interface AvatarGalleryDto {
  counsellors: AvatarCounsellorDto[];
  /** Favourite counsellors' ids, in the order they were marked. */
  favorites: AvatarId[];
  /** The counsellors of the member's latest sessions, newest first, at most AVATAR_RECENT_MAX. */
  recent: AvatarId[];
  allowance: AvatarAllowanceDto;
  stats: AvatarUsageStatsDto;
  access: { live: boolean; premium: boolean };
  speech: AvatarSpeechMode;
}

export type AvatarMessageRole = 'user' | 'assistant';
/** greeting: the counsellor's first words; answer; crisis: the helpline answer. */
export type AvatarMessageKind = 'message' | 'greeting' | 'answer' | 'crisis';
export type AvatarMessageStatus = 'streaming' | 'done' | 'stopped' | 'failed';

export interface AvatarMessageDto {
  id: string;
  sessionId: string;
  role: AvatarMessageRole;
  kind: AvatarMessageKind;
  content: string;
  status: AvatarMessageStatus;
  citations: CitationDto[];
  /** The member's message came by voice (transcribed) or was typed. */
  via: 'text' | 'voice' | null;
  createdAt: string;
}

export interface AvatarSessionDto {
  id: string;
  avatarId: AvatarId;
  userId: string;
  startTime: string;
  /** When the session ends at the latest (start + 20 minutes). */
  endsAt: string;
  /** When it was ended (by the member or by time), or null while it runs. */
  endedAt: string | null;
  messagesCount: number;
  isActive: boolean;
  creditsUsed: number;
  /** The language the counsellor answers in. */
  language: 'pt' | 'en' | 'es';
  /** The member's rating of this session (1–5), or null. */
  rating: number | null;
}

export interface AvatarSessionDetailDto extends AvatarSessionDto {
  counsellor: AvatarCounsellorDto;
  messages: AvatarMessageDto[];
  speech: AvatarSpeechMode;
}

export interface AvatarSessionPageDto {
  items: (AvatarSessionDto & { counsellorName: string })[];
  total: number;
  page: number;
  pageSize: number;
}

export interface AvatarStartedDto {
  session: AvatarSessionDetailDto;
  allowance: AvatarAllowanceDto;
}

/** Server-Sent Events of an answer (POST /sessions/:id/messages), like the chat's. */
export type AvatarEvent =
  | { type: 'start'; userMessage: AvatarMessageDto; assistantMessage: AvatarMessageDto }
  | { type: 'delta'; text: string }
  | { type: 'citations'; citations: CitationDto[] }
  | { type: 'done'; message: AvatarMessageDto; session: AvatarSessionDto }
  | { type: 'error'; code: string; message: string };

export const AVATAR_EVENT_TYPES = ['start', 'delta', 'citations', 'done', 'error'] as const;

/** Admin: one member's usage. */
export interface AvatarUsageRowDto extends AvatarUsageStatsDto {
  userId: string;
  email: string;
  name: string;
}

export interface AvatarAdminDto {
  totals: AvatarUsageStatsDto & { members: number };
  rows: AvatarUsageRowDto[];
  counsellors: {
    id: AvatarId;
    displayName: string;
    isAvailable: boolean;
    isPremium: boolean;
    sessionCount: number;
    rating: number | null;
  }[];
}

// ---------- Requests ----------

export const avatarIdSchema = z.enum(AVATAR_IDS);

export const avatarParamsSchema = z.strictObject({ avatarId: avatarIdSchema });
export const avatarSessionParamsSchema = z.strictObject({ sessionId: z.uuid() });

export const startAvatarSessionSchema = z.strictObject({
  avatarId: avatarIdSchema,
  /** The language to be answered in; the member's interface language when absent. */
  language: z.enum(['pt', 'en', 'es']).optional(),
});

export const avatarMessageSchema = z.strictObject({
  content: z
    .string({ error: AV.messageRequired })
    .trim()
    .min(1, AV.messageRequired)
    .max(AVATAR_MESSAGE_MAX, AV.messageTooLong),
  via: z.enum(['text', 'voice']).default('text'),
});
export type AvatarMessageInput = z.input<typeof avatarMessageSchema>;

export const avatarRatingSchema = z.strictObject({
  rating: z.number({ error: AV.rating }).int(AV.rating).min(1, AV.rating).max(5, AV.rating),
});

export const avatarSpeechSchema = z.strictObject({
  text: z.string().trim().min(1, AV.messageRequired).max(AVATAR_SPEECH_TEXT_MAX, AV.speechTooLong),
});

export const avatarSessionsQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export const avatarAdminCounsellorSchema = z.strictObject({ isAvailable: z.boolean() });
