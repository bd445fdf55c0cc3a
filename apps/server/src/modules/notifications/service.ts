import {
  NOTIFICATIONS_PAGE_SIZE,
  NOTIFICATION_DEFAULTS,
  NOTIFICATION_TYPES,
  PUSH_DEVICES_MAX,
  type ChannelChoice,
  type NotificationDto,
  type NotificationPageDto,
  type NotificationPreferencesDto,
  type NotificationPreferencesInput,
  type NotificationType,
  type PushKeyDto,
  type PushSubscriptionDto,
  type PushSubscriptionInput,
} from '@candeia/shared/schemas/notifications';
import type { DbOrTx } from '../../db/client.ts';
import { publishNote } from '../../events/bus.ts';
import { channels } from '../../events/channels.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Actor, Deps } from '../../types.ts';
import { allowedEndpoint, pushKeys } from './push.ts';
import * as pushRepo from './push-repository.ts';
import * as repo from './repository.ts';

/** What a module asks to tell a member. */
export interface Notice {
  /** Who is told. */
  userId: string;
  type: NotificationType;
  /** The member who did it, if one did. */
  actorId?: string | null;
  data?: Record<string, string | number>;
  /**
   * What makes it one notification: the same key twice (a reaction taken back and given again,
   * a job run again) tells once.
   */
  key: string;
  /**
   * The producer mails it itself, with more than the notification says (a booking's calendar
   * invite): no e-mail is queued here, and the producer asks `wantsEmail` before mailing.
   */
  ownMail?: boolean;
}

/** What a member chose for a type, or its defaults. */
function choiceOf(
  type: NotificationType,
  row: { inApp: boolean | null; push: boolean | null; email: boolean | null } | undefined,
): ChannelChoice {
  const d = NOTIFICATION_DEFAULTS[type];
  return {
    inApp: row?.inApp ?? d.inApp,
    push: row?.push ?? d.push,
    email: row?.email ?? d.email,
  };
}

/**
 * Tells a member something, the ways they chose for its type (decision 027), in the caller's
 * transaction when `db` is one: a notification row in the app (and a note on the bus, sent at its
 * commit, so their open bells count again) when they keep it in the app; a delivery to push to
 * their devices and to mail them when they want it so (its jobs are queued once it commits). The
 * same key twice tells nothing more. Whether it was told.
 */
export async function notify(db: DbOrTx, n: Notice, at: Date): Promise<boolean> {
  if (n.actorId && n.actorId === n.userId) return false;
  const facts = await repo.channelFacts(db, n.userId, n.type);
  if (!facts) return false;
  const choice = choiceOf(n.type, facts);
  const push = choice.push && facts.devices;
  const email = choice.email && facts.mailable && !n.ownMail;
  let notificationId: string | null = null;
  if (choice.inApp) {
    notificationId = await repo.insert(db, { ...n, at });
    if (!notificationId) return false;
    await publishNote(db, channels.notification, { userId: n.userId });
  } else if (!push && !email) return false;
  else if (await repo.told(db, n.userId, n.key)) return false;
  if (!push && !email) return true;
  const deliveryId = await repo.insertDelivery(db, {
    userId: n.userId,
    type: n.type,
    actorId: n.actorId ?? null,
    data: n.data ?? {},
    key: n.key,
    notificationId,
    push,
    email,
    at,
  });
  if (deliveryId) await publishNote(db, channels.notificationDelivery, { id: deliveryId });
  return notificationId !== null || deliveryId !== null;
}

/** Whether the member wants this type by e-mail (for a producer that mails it itself: `ownMail`). */
export async function wantsEmail(db: DbOrTx, userId: string, type: NotificationType): Promise<boolean> {
  const facts = await repo.channelFacts(db, userId, type);
  if (!facts) return false;
  return choiceOf(type, facts).email;
}

/**
 * Marks read the member's notifications whose key begins with `keyPrefix` (what they have now
 * seen elsewhere: the messages of a conversation they opened), in the caller's transaction; the
 * bells count again at its commit.
 */
export async function markNoticesRead(db: DbOrTx, userId: string, keyPrefix: string, at: Date): Promise<void> {
  if ((await repo.markReadByKey(db, userId, keyPrefix, at)) > 0)
    await publishNote(db, channels.notification, { userId });
}

function signedIn(actor: Actor): string {
  if (!actor.userId) throw new AppError('AUTH_REQUIRED');
  return actor.userId;
}

const cursorOf = (n: { createdAt: Date; id: string }) => `${String(n.createdAt.getTime()).padStart(13, '0')}_${n.id}`;

function parseCursor(s: string | undefined): repo.Cursor | null {
  if (!s) return null;
  const [ms, id] = s.split('_');
  return { at: new Date(Number(ms)), id: id! };
}

const isType = (t: string): t is NotificationType => (NOTIFICATION_TYPES as readonly string[]).includes(t);

/** A page of the member's notifications, newest first, with their unread count. */
export async function list(deps: Deps, actor: Actor, before: string | undefined): Promise<NotificationPageDto> {
  const me = signedIn(actor);
  const [rows, unread] = await Promise.all([
    repo.page(deps.db, me, parseCursor(before), NOTIFICATIONS_PAGE_SIZE + 1),
    repo.unread(deps.db, me),
  ]);
  const more = rows.length > NOTIFICATIONS_PAGE_SIZE;
  const shown = rows.slice(0, NOTIFICATIONS_PAGE_SIZE);
  const items: NotificationDto[] = shown.flatMap((r) =>
    isType(r.type)
      ? [
          {
            id: r.id,
            type: r.type,
            actor: r.actorId
              ? { name: `${r.firstName ?? ''} ${r.lastName ?? ''}`.trim(), handle: r.handle ?? null }
              : null,
            data: r.data,
            createdAt: r.createdAt.toISOString(),
            readAt: r.readAt?.toISOString() ?? null,
          },
        ]
      : [],
  );
  return { items, next: more ? cursorOf(shown[shown.length - 1]!) : null, unread };
}

export async function unreadCount(deps: Deps, actor: Actor): Promise<{ unread: number }> {
  return { unread: await repo.unread(deps.db, signedIn(actor)) };
}

/** Marks one of the member's notifications read (someone else's: not found). */
export async function markRead(deps: Deps, actor: Actor, id: string): Promise<{ unread: number }> {
  const me = signedIn(actor);
  if (!(await repo.markRead(deps.db, me, id, deps.clock.now()))) throw new AppError('NOT_FOUND');
  await deps.events.publish(channels.notification, { userId: me });
  return { unread: await repo.unread(deps.db, me) };
}

export async function markAllRead(deps: Deps, actor: Actor): Promise<{ unread: number }> {
  const me = signedIn(actor);
  await repo.markAllRead(deps.db, me, deps.clock.now());
  await deps.events.publish(channels.notification, { userId: me });
  return { unread: 0 };
}

/**
 * Follows the member's unread count (the bell's stream): `onChange` is called when it may have
 * changed (a notification added or read, in any process) and when notes may have been missed
 * (the bus reconnected). Resolves to the function that stops it.
 */
export async function watch(deps: Deps, actor: Actor, onChange: () => void): Promise<() => void> {
  const me = signedIn(actor);
  return deps.events.subscribe(
    channels.notification,
    ({ userId }) => {
      if (userId === me) onChange();
    },
    { resync: onChange },
  );
}

/** Every type's choice (the member's, or the defaults) and how many devices receive pushes. */
export async function preferences(deps: Deps, actor: Actor): Promise<NotificationPreferencesDto> {
  const me = signedIn(actor);
  const [rows, devices] = await Promise.all([repo.preferencesOf(deps.db, me), pushRepo.deviceCount(deps.db, me)]);
  const byType = new Map(rows.map((r) => [r.type, r]));
  const types = Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, choiceOf(t, byType.get(t))])) as Record<
    NotificationType,
    ChannelChoice
  >;
  return { types, devices };
}

/** Saves the choices of the types given (the others stay); answers every type's. */
export async function setPreferences(
  deps: Deps,
  actor: Actor,
  input: NotificationPreferencesInput,
): Promise<NotificationPreferencesDto> {
  const me = signedIn(actor);
  const rows = NOTIFICATION_TYPES.flatMap((type) => {
    const c = input[type];
    return c ? [{ type, inApp: c.inApp, push: c.push, email: c.email }] : [];
  });
  await repo.savePreferences(deps.db, me, rows, deps.clock.now());
  return preferences(deps, actor);
}

/** The server's public VAPID key (made at the first start). */
export async function pushKey(deps: Deps, actor: Actor): Promise<PushKeyDto> {
  signedIn(actor);
  const { publicKey } = await pushKeys(deps.db, deps.clock.now());
  return { publicKey };
}

/** Whether a base64url text decodes to exactly `bytes` bytes (and, for a key, an uncompressed P-256 point). */
function decodesTo(text: string, bytes: number, firstByte?: number): boolean {
  const buf = Buffer.from(text.replace(/=+$/, ''), 'base64url');
  return buf.length === bytes && (firstByte === undefined || buf[0] === firstByte);
}

/**
 * Keeps this device's push subscription for the member. Its endpoint must be a known push
 * service's (PUSH_SERVICE_HOSTS): the server posts there, so any other address is refused. The
 * same browser under another member moves to this one if it shows the same keys. A member past
 * PUSH_DEVICES_MAX devices loses the oldest.
 */
export async function subscribe(deps: Deps, actor: Actor, input: PushSubscriptionInput): Promise<PushSubscriptionDto> {
  const me = signedIn(actor);
  if (!allowedEndpoint(input.endpoint, deps.config.PUSH_SERVICE_HOSTS))
    throw new AppError('VALIDATION_INVALID_FORMAT', { endpoint: 'notification-channels:errors.endpoint' });
  const fields: Record<string, string> = {};
  if (!decodesTo(input.keys.p256dh, 65, 0x04)) fields['keys.p256dh'] = 'errors:VALIDATION_INVALID_FORMAT';
  if (!decodesTo(input.keys.auth, 16)) fields['keys.auth'] = 'errors:VALIDATION_INVALID_FORMAT';
  if (Object.keys(fields).length > 0) throw new AppError('VALIDATION_INVALID_FORMAT', fields);
  const kept = await deps.db.transaction(async (tx) => {
    const ok = await pushRepo.upsertSubscription(tx, {
      userId: me,
      endpoint: input.endpoint,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
      at: deps.clock.now(),
    });
    if (ok) await pushRepo.trimSubscriptions(tx, me, PUSH_DEVICES_MAX);
    return ok;
  });
  if (!kept)
    throw new AppError('VALIDATION_INVALID_FORMAT', { endpoint: 'notification-channels:errors.endpointTaken' });
  return { devices: await pushRepo.deviceCount(deps.db, me) };
}

/** Forgets this device's subscription (by its endpoint); another member's is not found. */
export async function unsubscribe(deps: Deps, actor: Actor, endpoint: string): Promise<PushSubscriptionDto> {
  const me = signedIn(actor);
  if (!(await pushRepo.deleteSubscription(deps.db, me, endpoint))) throw new AppError('NOT_FOUND');
  return { devices: await pushRepo.deviceCount(deps.db, me) };
}
