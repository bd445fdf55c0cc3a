import {
  NOTIFICATIONS_PAGE_SIZE,
  NOTIFICATION_TYPES,
  type NotificationDto,
  type NotificationPageDto,
  type NotificationType,
} from '@candeia/shared/schemas/notifications';
import type { DbOrTx } from '../../db/client.ts';
import { publishNote } from '../../events/bus.ts';
import { channels } from '../../events/channels.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Actor, Deps } from '../../types.ts';
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
}

/**
 * Tells a member something: a notification row, in the caller's transaction when `db` is one,
 * and a note on the bus (sent at its commit) so the member's open bells count again. The same key
 * twice adds nothing. Whether it was added.
 */
export async function notify(db: DbOrTx, n: Notice, at: Date): Promise<boolean> {
  if (n.actorId && n.actorId === n.userId) return false;
  const added = await repo.insert(db, { ...n, at });
  if (added) await publishNote(db, channels.notification, { userId: n.userId });
  return added;
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
