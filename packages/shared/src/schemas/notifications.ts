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
  /**
   * New messages in a conversation (one notification until the member reads it, however many
   * come). data: { conversationId }; the actor is who wrote.
   */
  'message',
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

/** The ways a notification can reach a member (decision 027). */
export const NOTIFICATION_CHANNELS = ['inApp', 'push', 'email'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** What a member wants for one type: in the app, pushed to their devices, mailed. */
export interface ChannelChoice {
  inApp: boolean;
  push: boolean;
  email: boolean;
}

/**
 * What each type does until the member chooses: in the app always; pushed to every device where
 * they turned notifications on; mailed only for what must not be missed (their bookings, a
 * payment that failed, the trial about to end).
 */
export const NOTIFICATION_DEFAULTS: Record<NotificationType, ChannelChoice> = {
  follow: { inApp: true, push: true, email: false },
  comment: { inApp: true, push: true, email: false },
  reaction: { inApp: true, push: true, email: false },
  prayer: { inApp: true, push: true, email: false },
  consultation: { inApp: true, push: true, email: true },
  trial_ending: { inApp: true, push: true, email: true },
  payment_failed: { inApp: true, push: true, email: true },
  credits_low: { inApp: true, push: true, email: false },
  referral_reward: { inApp: true, push: true, email: false },
  moderation: { inApp: true, push: true, email: false },
  message: { inApp: true, push: true, email: false },
};

/** `GET /api/notifications/preferences`: every type's choice, and how many devices receive pushes. */
export interface NotificationPreferencesDto {
  types: Record<NotificationType, ChannelChoice>;
  /** The member's devices with push turned on (push reaches none while this is 0). */
  devices: number;
}

const channelChoiceSchema = z.strictObject({ inApp: z.boolean(), push: z.boolean(), email: z.boolean() });

/**
 * `PUT /api/notifications/preferences`: the choices of one or more types (the others stay as
 * they are). A type the app does not know is refused.
 */
export const notificationPreferencesSchema = z
  .strictObject(
    Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, channelChoiceSchema.optional()])) as Record<
      NotificationType,
      z.ZodOptional<typeof channelChoiceSchema>
    >,
  )
  .refine((v) => Object.values(v).some((c) => c !== undefined), { message: 'validation:required' });
export type NotificationPreferencesInput = z.input<typeof notificationPreferencesSchema>;

/** Most devices one member receives pushes on; a new one beyond it replaces the oldest. */
export const PUSH_DEVICES_MAX = 10;

const base64url = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9_-]+={0,2}$/);

/**
 * `POST /api/notifications/push/subscriptions`: the browser's push subscription
 * (`PushSubscription.toJSON()`): the push service's URL and the keys to encrypt for it.
 */
export const pushSubscriptionSchema = z.strictObject({
  endpoint: z.url().max(1000),
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({ p256dh: base64url, auth: base64url }),
});
export type PushSubscriptionInput = z.input<typeof pushSubscriptionSchema>;

/** `POST /api/notifications/push/unsubscribe`: this device's subscription, by its endpoint. */
export const pushUnsubscribeSchema = z.strictObject({ endpoint: z.string().min(1).max(1000) });

/** The server's public VAPID key (base64url), for `pushManager.subscribe`'s applicationServerKey. */
export interface PushKeyDto {
  publicKey: string;
}

/** The answer to a subscription: the member's devices now. */
export interface PushSubscriptionDto {
  devices: number;
}

/**
 * What a push message carries (encrypted for the device): the notification's words in the
 * member's language and where it leads. `id` is the in-app notification's (null when the member
 * keeps this type out of the app); `tag` is the same for the same notice, so a device shows it once.
 */
export interface PushPayload {
  id: string | null;
  type: NotificationType;
  title: string;
  body: string;
  url: string;
  tag: string;
}
