import { z } from 'zod';

/**
 * A member's notifications (the bell in the header, /notifications). Each has a type, who did
 * it (when a member did), and the few ids and words its text and link need. Every instant on the
 * wire is an ISO-8601 UTC string.
 */

/** What a notification can tell. */
export const NOTIFICATION_TYPES = [
  /** Someone began to follow the member. data: {} (the actor's handle is with the actor). */
  'follow',
  /** A comment on the member's post. data: { postId } */
  'comment',
  /** "Amém" on the member's post. data: { postId } */
  'reaction',
  /** "Orei por você" on the member's prayer request. data: { postId } */
  'prayer',
  /** A booking of a consultation: data: { consultationId, event, startsAt, role } */
  'consultation',
  /** The trial ends in 3 days. data: { endsAt } */
  'trial_ending',
  /** A subscription payment failed. data: {} */
  'payment_failed',
  /** The credit balance went under the low mark. data: { balance } */
  'credits_low',
  /** A referred friend's first payment earned credits. data: { credits } */
  'referral_reward',
  /** A moderator decided on the member's post or comment. data: { target, outcome, postId } */
  'moderation',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** The booking events a consultation notification tells (the consultation notices' events). */
export const CONSULTATION_NOTICE_EVENTS = ['booked', 'moved', 'cancelled', 'reminder-24h', 'reminder-1h'] as const;

/** A balance under this many credits is low (told once each time it goes under). */
export const CREDITS_LOW_MARK = 10;

/** Notifications on a page of /notifications. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

export interface NotificationDto {
  id: string;
  type: NotificationType;
  /** The member who did it (a follower, a commenter), or null when the app tells it. */
  actor: { name: string; handle: string | null } | null;
  data: Record<string, string | number>;
  createdAt: string;
  readAt: string | null;
}

export interface NotificationPageDto {
  items: NotificationDto[];
  /** The cursor of the next page; null at the end. */
  next: string | null;
  unread: number;
}

export interface UnreadDto {
  unread: number;
}

/** The server's live note on the bell's stream (`GET /api/notifications/events`). */
export interface NotificationEvent {
  type: 'count';
  unread: number;
}

export const notificationsQuerySchema = z.strictObject({
  /** The cursor of the next page (from the previous page's `next`). */
  before: z
    .string()
    .max(100)
    .regex(/^[0-9]{13}_[0-9a-f-]{36}$/)
    .optional(),
});

export const notificationParamsSchema = z.strictObject({ id: z.uuid() });
