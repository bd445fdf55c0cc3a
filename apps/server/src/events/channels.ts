import { z } from 'zod';
import { READ_CACHE_SCOPES } from '../lib/read-cache.ts';

/**
 * The channels of the event bus (decision 015), each with the shape of its payload. A payload
 * is a small note that something changed (under 8000 bytes, PostgreSQL's limit); what changed
 * is read from its table.
 */
export interface Channel<T> {
  /** The PostgreSQL channel name (at most 63 bytes). */
  readonly name: string;
  readonly schema: z.ZodType<T>;
}

function channel<T>(name: string, schema: z.ZodType<T>): Channel<T> {
  if (Buffer.byteLength(name) > 63) throw new Error(`channel name too long: ${name}`);
  return { name, schema };
}

const chatAnswerSchema = z.object({
  /** How long the saved text is now. */
  length: z.number().int().min(0),
  /** True once the answer is settled (done, stopped or failed). */
  settled: z.boolean(),
});

const chatStopSchema = z.object({ messageId: z.uuid() });

/** Someone asked to stop the answer being written in an avatar session. */
const avatarStopSchema = z.object({ sessionId: z.uuid() });

/** A post went out to the community (published, or approved after review): who wrote it. */
const communityPostSchema = z.object({ authorId: z.uuid() });

/** Something happened in a consultation's room: the row's id (consultation_room_events). */
const consultationRoomSchema = z.object({ id: z.number().int().positive() });

/** A member's notifications changed (one added, or read): whose. Their open bells ask the count. */
const notificationSchema = z.object({ userId: z.uuid() });

/** A notice to push or mail was committed: the delivery's id (notification_deliveries). */
const notificationDeliverySchema = z.object({ id: z.uuid() });

export type NotificationNote = z.output<typeof notificationSchema>;
export type NotificationDeliveryNote = z.output<typeof notificationDeliverySchema>;
/**
 * A conversation changed (a message sent, a read mark, a block): its two members, whose open
 * message streams tell their tabs, and its id.
 */
const messagesSchema = z.object({
  userIds: z.array(z.uuid()).length(2),
  conversationId: z.uuid(),
  kind: z.enum(['message', 'read', 'block']),
});

/**
 * Rows behind the read caches changed (lib/read-cache.ts): which copies to drop. Sent by
 * PostgreSQL's triggers (migration 0024), at the writer's commit, whoever wrote.
 */
const readCachesSchema = z.object({ scope: z.enum(READ_CACHE_SCOPES) });

export type MessagesNote = z.output<typeof messagesSchema>;
export type ConsultationRoomNote = z.output<typeof consultationRoomSchema>;
export type CommunityPostNote = z.output<typeof communityPostSchema>;
export type ChatAnswerNote = z.output<typeof chatAnswerSchema>;
export type ChatStopNote = z.output<typeof chatStopSchema>;
export type AvatarStopNote = z.output<typeof avatarStopSchema>;

export const channels = {
  /** An answer's progress: its writer saved more text, or settled it. One channel per answer. */
  chatAnswer: (messageId: string): Channel<ChatAnswerNote> => channel(`chat_answer:${messageId}`, chatAnswerSchema),
  /** Someone asked to stop an answer: the process writing it stops it. */
  chatStop: channel<ChatStopNote>('chat_stop', chatStopSchema),
  /** Someone asked to stop an avatar session's answer (or ended the session): its writer stops it. */
  avatarStop: channel<AvatarStopNote>('avatar_stop', avatarStopSchema),
  /** A new post in the feeds: open feeds ask how many posts are new (the "novas publicações" pill). */
  communityPost: channel<CommunityPostNote>('community_post', communityPostSchema),
  /** A member's notifications changed: each open bell of theirs, in any process, asks its count. */
  notification: channel<NotificationNote>('notification', notificationSchema),
  /** A notice to push or mail was committed: a process that works on jobs queues its jobs. */
  notificationDelivery: channel<NotificationDeliveryNote>('notification_delivery', notificationDeliverySchema),
  /** A conversation of two members changed: each open messages stream of either, in any process, tells its tab. */
  messages: channel<MessagesNote>('messages', messagesSchema),
  /** The sessions, plans or community rows changed: every process drops its copies of them. */
  readCaches: channel('read_caches', readCachesSchema),
  /** A consultation's room: a chat message, a call's signalling, a join, a leave or the end. */
  consultationRoom: (consultationId: string): Channel<ConsultationRoomNote> =>
    channel(`consultation_room:${consultationId}`, consultationRoomSchema),
};
