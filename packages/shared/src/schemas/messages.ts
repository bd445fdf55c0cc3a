import { z } from 'zod';
import { HANDLE_PATTERN, REPORT_REASONS, reportSchema, type ReportReason } from './community.ts';

/**
 * Messages (/messages): one conversation per pair of members, between a member and a counsellor
 * they have (or had) a booking with, or, when the administration allows it, between two members
 * who follow each other. Every instant on the wire is an ISO-8601 UTC string.
 */

/** Validation messages of the messages (keys in the `validation` namespace). */
export const MSV = {
  bodyRequired: 'validation:message.required',
  bodyTooLong: 'validation:message.tooLong',
  clientKey: 'validation:message.clientKey',
  whom: 'validation:message.whom',
} as const;

/** The longest message, in characters (after trimming). */
export const MESSAGE_MAX = 2000;
/** Messages on a page of a thread; conversations on a page of the list. */
export const MESSAGES_PAGE_SIZE = 30;
export const CONVERSATIONS_PAGE_SIZE = 20;
/** Server limits per member: messages sent a minute, conversations started a day. */
export const MESSAGES_PER_MINUTE = 20;
export const NEW_CONVERSATIONS_PER_DAY = 10;
/** Reports of messages per member per hour. */
export const MESSAGE_REPORTS_PER_HOUR = 10;
/** The characters of the last message shown in the list. */
export const MESSAGE_PREVIEW_MAX = 140;

/** A new message: its text (trimmed, 1–2000) and the client's key, the same on every retry of it. */
export const sendMessageSchema = z.strictObject({
  body: z.string({ error: MSV.bodyRequired }).trim().min(1, MSV.bodyRequired).max(MESSAGE_MAX, MSV.bodyTooLong),
  clientKey: z.string({ error: MSV.clientKey }).regex(/^[A-Za-z0-9_-]{8,64}$/, MSV.clientKey),
});
export type SendMessageInput = z.input<typeof sendMessageSchema>;

/**
 * With whom to start (or open) a conversation: a member's id (a counsellor, or a counsellor's
 * client, as the consultations show them) or a member's handle; exactly one.
 */
export const startConversationSchema = z
  .strictObject({
    userId: z.uuid().optional(),
    handle: z.string().regex(HANDLE_PATTERN).optional(),
  })
  .refine((v) => (v.userId === undefined) !== (v.handle === undefined), { message: MSV.whom, path: ['userId'] });
export type StartConversationInput = z.input<typeof startConversationSchema>;

/** Whether the reader may write to someone: the same choice as starting. */
export const reachQuerySchema = startConversationSchema;

export const conversationParamsSchema = z.strictObject({ id: z.uuid() });
export const messageParamsSchema = z.strictObject({ id: z.uuid(), messageId: z.uuid() });

export const conversationsQuerySchema = z.strictObject({
  /** The cursor of the next page (the previous page's `next`). */
  before: z
    .string()
    .max(100)
    .regex(/^[0-9]{13}_[0-9a-f-]{36}$/)
    .optional(),
});

export const threadQuerySchema = z.strictObject({
  /** Older than this message (the previous page's `next`). */
  before: z
    .string()
    .regex(/^[1-9][0-9]{0,14}$/)
    .optional(),
});

/** Read up to (and including) this message. */
export const readSchema = z.strictObject({ upTo: z.uuid() });

export const blockSchema = z.strictObject({ on: z.boolean() });

/** A report of a message received: the community's reasons and note. */
export const reportMessageSchema = reportSchema;
export { REPORT_REASONS };

/**
 * Why the reader cannot write in a conversation now: they blocked the other ('blocked': the way
 * back is to unblock), the other blocked them or they may no longer write to each other
 * ('unavailable': the same words either way), or the other's account was deleted.
 */
export type CannotSend = 'blocked' | 'unavailable' | 'deleted';

export interface ConversationPartyDto {
  /** Their name (a counsellor's display name); empty when the account was deleted. */
  name: string;
  /** Their community handle, when they have one (their page). */
  handle: string | null;
  counsellor: boolean;
  deleted: boolean;
}

export interface MessageDto {
  id: string;
  /** Its place in the conversation: later messages have larger numbers. */
  seq: number;
  /** Empty when removed by the moderation. */
  body: string;
  mine: boolean;
  /** The sender's key (only on the reader's own messages). */
  clientKey: string | null;
  createdAt: string;
  removed: boolean;
}

/** A conversation in the list. */
export interface ConversationSummaryDto {
  id: string;
  other: ConversationPartyDto;
  /** The newest message, its text cut to MESSAGE_PREVIEW_MAX; null before the first. */
  last: { id: string; body: string; mine: boolean; createdAt: string; removed: boolean } | null;
  /** Messages from the other not read yet by the reader. */
  unread: number;
  /** When it was started, or its newest message. */
  lastActivityAt: string;
}

/** A conversation opened: the list's summary, read marks, and whether the reader can write. */
export interface ConversationDto extends ConversationSummaryDto {
  /** The other has read the reader's messages up to this place (0: none). */
  otherReadSeq: number;
  /** The reader blocked the other (the way back: unblock). */
  blocked: boolean;
  canSend: boolean;
  cannotSend: CannotSend | null;
}

export interface ConversationPageDto {
  items: ConversationSummaryDto[];
  next: string | null;
  /** Conversations with a message the reader has not read. */
  unread: number;
}

export interface ThreadPageDto {
  /** Oldest first. */
  items: MessageDto[];
  /** The cursor of the page of older messages; null at the start. */
  next: string | null;
}

export interface ReachDto {
  /** A conversation can be started (or is open) with them. */
  allowed: boolean;
  /** The conversation already there, if any. */
  conversationId: string | null;
}

export interface MessageReportDto {
  id: string;
  reason: ReportReason;
  createdAt: string;
}

export interface MessagesUnreadDto {
  unread: number;
}

/** The server's notes on the messages stream (`GET /api/messages/events`). */
export type MessageEvent =
  /** Conversations with unread messages, now. */
  | { type: 'count'; unread: number }
  /** Something changed in a conversation: a message, a read mark, a block. */
  | { type: 'conversation'; conversationId: string; kind: 'message' | 'read' | 'block' }
  /** Notes may have been missed (the server's bus reconnected): read everything again. */
  | { type: 'resync' };

// ---------- The administration ----------

export const MESSAGE_REPORT_ACTIONS = ['dismiss', 'remove'] as const;
export type MessageReportAction = (typeof MESSAGE_REPORT_ACTIONS)[number];

export const resolveMessageReportSchema = z.strictObject({ action: z.enum(MESSAGE_REPORT_ACTIONS) });
export const messageReportParamsSchema = z.strictObject({ id: z.uuid() });

/** An open report of a message, for the administrators. */
export interface AdminMessageReportDto {
  id: string;
  reason: ReportReason;
  note: string;
  createdAt: string;
  reporter: { name: string };
  sender: { name: string; handle: string | null };
  message: { id: string; body: string; createdAt: string; removed: boolean };
}
