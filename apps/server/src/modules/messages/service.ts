import { DAY_MS, MINUTE_MS } from '@candeia/shared/constants';
import type { ReportReason } from '@candeia/shared/schemas/community';
import {
  CONVERSATIONS_PAGE_SIZE,
  MESSAGE_PREVIEW_MAX,
  MESSAGE_REPORTS_PER_HOUR,
  MESSAGES_PAGE_SIZE,
  MESSAGES_PER_MINUTE,
  NEW_CONVERSATIONS_PER_DAY,
  type AdminMessageReportDto,
  type CannotSend,
  type ConversationDto,
  type ConversationPageDto,
  type ConversationSummaryDto,
  type MessageDto,
  type MessageReportAction,
  type MessageReportDto,
  type MessagesUnreadDto,
  type ReachDto,
  type ThreadPageDto,
} from '@candeia/shared/schemas/messages';
import type { DbOrTx } from '../../db/client.ts';
import { publishNote } from '../../events/bus.ts';
import { channels, type MessagesNote } from '../../events/channels.ts';
import { requireAccess, requireAdmin } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { countHit, limit } from '../../lib/rate-limit.ts';
import type { Actor, Deps } from '../../types.ts';
import {
  blocksBetween,
  followEachOther,
  memberMessagesAllowed,
  setBlockBetween,
  userIdOfHandle,
} from '../community/index.ts';
import { bookedTogether } from '../consultations/index.ts';
import { markNoticesRead, notify } from '../notifications/index.ts';
import * as repo from './repository.ts';

/**
 * Messages between two members (decision 029): a member and a counsellor they have (or had) a
 * booking with, or two members who follow each other when the administration allows it. One
 * conversation per pair; each message written once whatever the retries; read marks the other
 * side sees; blocks through the community's one list; reports to the administrators; every
 * change told live to both sides' open tabs over the event bus.
 */

const REPORT_QUEUE_LIMIT = 200;

function member(actor: Actor): string {
  return requireAccess(actor, 'messages.use').userId;
}

/** The conversation, when the reader is one of its two; anyone else's (or none) is not found. */
async function mine(deps: Deps, me: string, id: string): Promise<repo.ConversationRow> {
  const c = await repo.findFor(deps.db, id, me);
  if (!c) throw new AppError('NOT_FOUND');
  return c;
}

const otherIn = (c: repo.ConversationRow, me: string) => (c.userA === me ? c.userB : c.userA);

/** Why one member may not write to another now. */
type Refused = 'blocked' | 'blocked_by' | 'deleted' | 'not_allowed';

/**
 * Whether `me` may write to `other` now, and why not: neither blocked the other, the account is
 * there, and a booking joins them (whoever is the counsellor), or the two follow each other and
 * the administration allows members' messages.
 */
async function refused(db: DbOrTx, me: string, other: string): Promise<Refused | null> {
  if (me === other) return 'not_allowed';
  const state = await repo.userState(db, other);
  if (!state) return 'not_allowed';
  if (state.deleted) return 'deleted';
  const blocks = await blocksBetween(db, me, other);
  if (blocks.blocked) return 'blocked';
  if (blocks.blockedBy) return 'blocked_by';
  if (await bookedTogether(db, me, other)) return null;
  if ((await memberMessagesAllowed(db)) && (await followEachOther(db, me, other))) return null;
  return 'not_allowed';
}

/** The answer to a send (or a start) refused: a block either way is a block (403). */
function refusal(why: Refused): AppError {
  if (why === 'blocked' || why === 'blocked_by') return new AppError('MESSAGES_BLOCKED');
  if (why === 'deleted') return new AppError('MESSAGES_ACCOUNT_GONE');
  return new AppError('MESSAGES_NOT_ALLOWED');
}

/** What the thread says instead of the composer: the reader's own block is undone there. */
const cannotSendOf = (why: Refused): CannotSend =>
  why === 'blocked' ? 'blocked' : why === 'deleted' ? 'deleted' : 'unavailable';

const partyName = (r: repo.SummaryRow & object) =>
  r.counsellorActive && r.counsellorName?.trim()
    ? r.counsellorName.trim()
    : `${r.otherFirst ?? ''} ${r.otherLast ?? ''}`.trim();

const preview = (body: string) =>
  body.length > MESSAGE_PREVIEW_MAX ? `${body.slice(0, MESSAGE_PREVIEW_MAX).trimEnd()}…` : body;

function summaryOf(r: NonNullable<repo.SummaryRow>, me: string): ConversationSummaryDto {
  const deleted = r.otherDeleted !== null;
  return {
    id: r.conv.id,
    other: {
      name: deleted ? '' : partyName(r),
      handle: deleted ? null : (r.handle ?? null),
      counsellor: !deleted && !!r.counsellorActive,
      deleted,
    },
    last:
      r.last && r.last.id
        ? {
            id: r.last.id,
            body: r.last.removedAt ? '' : preview(r.last.body ?? ''),
            mine: r.last.senderId === me,
            createdAt: r.last.createdAt!.toISOString(),
            removed: r.last.removedAt !== null,
          }
        : null,
    unread: r.unread,
    lastActivityAt: (r.conv.lastMessageAt ?? r.conv.createdAt).toISOString(),
  };
}

function messageOf(m: repo.MessageRow, me: string): MessageDto {
  const mineToo = m.senderId === me;
  return {
    id: m.id,
    seq: m.seq,
    body: m.removedAt ? '' : m.body,
    mine: mineToo,
    clientKey: mineToo ? m.clientKey : null,
    createdAt: m.createdAt.toISOString(),
    removed: m.removedAt !== null,
  };
}

/** The conversation as its thread shows it: the summary, the read marks, and whether one can write. */
async function view(deps: Deps, me: string, c: repo.ConversationRow): Promise<ConversationDto> {
  const [row, why] = await Promise.all([repo.summaryOne(deps.db, c.id, me), refused(deps.db, me, otherIn(c, me))]);
  if (!row) throw new AppError('NOT_FOUND');
  return {
    ...summaryOf(row, me),
    otherReadSeq: c.userA === me ? row.conv.bReadSeq : row.conv.aReadSeq,
    blocked: why === 'blocked',
    canSend: why === null,
    cannotSend: why === null ? null : cannotSendOf(why),
  };
}

/** Tells both sides' open tabs, at the commit of `via`, that the conversation changed. */
function tell(via: DbOrTx, c: repo.ConversationRow, kind: MessagesNote['kind']) {
  return publishNote(via, channels.messages, { userIds: [c.userA, c.userB], conversationId: c.id, kind });
}

/** The member named by id or by community handle; null when there is none. */
async function whom(deps: Deps, who: { userId?: string | undefined; handle?: string | undefined }) {
  if (who.userId) return who.userId;
  if (who.handle) return await userIdOfHandle(deps.db, who.handle);
  return null;
}

// ---------- Conversations ----------

/**
 * Starts a conversation with someone the reader may write to, or opens the one they have: one
 * per pair, however many starts arrive at once (from either side). A new one counts against
 * the day's limit.
 */
export async function start(
  deps: Deps,
  actor: Actor,
  who: { userId?: string | undefined; handle?: string | undefined },
): Promise<{ conversation: ConversationDto; created: boolean }> {
  const me = member(actor);
  const other = await whom(deps, who);
  if (!other || other === me) throw new AppError('MESSAGES_NOT_ALLOWED');
  const existing = await repo.findPair(deps.db, me, other);
  if (existing) return { conversation: await view(deps, me, existing), created: false };
  const why = await refused(deps.db, me, other);
  if (why) throw refusal(why);
  const now = deps.clock.now();
  const hit = await countHit(deps.db, `messages:new:${me}`, { max: NEW_CONVERSATIONS_PER_DAY, windowMs: DAY_MS }, now);
  if (!hit.allowed)
    throw new AppError('MESSAGES_NEW_LIMIT', undefined, Math.max(1, Math.ceil(hit.retryAfterMs / 1000)));
  const made = await repo.insertPair(deps.db, me, other, now);
  const c = made ?? (await repo.findPair(deps.db, me, other));
  if (!c) throw new AppError('NOT_FOUND');
  return { conversation: await view(deps, me, c), created: made !== null };
}

/** Whether the reader may write to someone, and the conversation they have, if any. */
export async function reach(
  deps: Deps,
  actor: Actor,
  who: { userId?: string | undefined; handle?: string | undefined },
): Promise<ReachDto> {
  const me = member(actor);
  const other = await whom(deps, who);
  if (!other || other === me) return { allowed: false, conversationId: null };
  const [c, why] = await Promise.all([repo.findPair(deps.db, me, other), refused(deps.db, me, other)]);
  return { allowed: why === null, conversationId: c?.id ?? null };
}

const cursorOf = (c: { at: Date; id: string }) => `${String(c.at.getTime()).padStart(13, '0')}_${c.id}`;

function parseCursor(s: string | undefined): repo.Cursor | null {
  if (!s) return null;
  const [ms, id] = s.split('_');
  return { at: new Date(Number(ms)), id: id! };
}

/** The reader's conversations that have a message, newest activity first, with what is unread. */
export async function list(deps: Deps, actor: Actor, before: string | undefined): Promise<ConversationPageDto> {
  const me = member(actor);
  const [rows, unread] = await Promise.all([
    repo.summaryPage(deps.db, me, parseCursor(before), CONVERSATIONS_PAGE_SIZE + 1),
    repo.unreadConversations(deps.db, me),
  ]);
  const more = rows.length > CONVERSATIONS_PAGE_SIZE;
  const shown = rows.slice(0, CONVERSATIONS_PAGE_SIZE);
  const lastRow = shown[shown.length - 1];
  return {
    items: shown.map((r) => summaryOf(r, me)),
    next: more && lastRow ? cursorOf({ at: lastRow.conv.lastMessageAt!, id: lastRow.conv.id }) : null,
    unread,
  };
}

export async function conversation(deps: Deps, actor: Actor, id: string): Promise<ConversationDto> {
  const me = member(actor);
  return view(deps, me, await mine(deps, me, id));
}

export async function unreadCount(deps: Deps, actor: Actor): Promise<MessagesUnreadDto> {
  return { unread: await repo.unreadConversations(deps.db, member(actor)) };
}

// ---------- Messages ----------

/** A page of the thread, older than `before` when given; oldest first. */
export async function thread(deps: Deps, actor: Actor, id: string, before: string | undefined): Promise<ThreadPageDto> {
  const me = member(actor);
  const c = await mine(deps, me, id);
  const rows = await repo.messagePage(deps.db, c.id, before ? Number(before) : null, MESSAGES_PAGE_SIZE + 1);
  const more = rows.length > MESSAGES_PAGE_SIZE;
  const shown = rows.slice(0, MESSAGES_PAGE_SIZE);
  return {
    items: shown.reverse().map((m) => messageOf(m, me)),
    next: more ? String(shown[0]!.seq) : null,
  };
}

/**
 * Sends a message. The client's key makes a retry of the same message return the one written
 * (never a second); a new one needs the tie (booking, or mutual follow when allowed) and no
 * block, and counts against the minute's limit. The other is told once per unread burst: the
 * notification's key holds their read mark, so it is new again only after they read.
 */
export async function send(
  deps: Deps,
  actor: Actor,
  id: string,
  input: { body: string; clientKey: string },
): Promise<{ message: MessageDto; created: boolean }> {
  const me = member(actor);
  const c = await mine(deps, me, id);
  const other = otherIn(c, me);
  const again = await repo.messageByKey(deps.db, c.id, me, input.clientKey);
  if (again) return { message: messageOf(again, me), created: false };
  const why = await refused(deps.db, me, other);
  if (why) throw refusal(why);
  const now = deps.clock.now();
  const hit = await countHit(deps.db, `messages:send:${me}`, { max: MESSAGES_PER_MINUTE, windowMs: MINUTE_MS }, now);
  if (!hit.allowed) throw new AppError('MESSAGES_TOO_FAST', undefined, Math.max(1, Math.ceil(hit.retryAfterMs / 1000)));
  return await deps.db.transaction(async (tx) => {
    const row = await repo.insertMessage(tx, {
      conversationId: c.id,
      senderId: me,
      body: input.body,
      clientKey: input.clientKey,
      at: now,
    });
    if (!row) {
      // The same key sent at the same moment: the other request wrote it.
      const written = await repo.messageByKey(tx, c.id, me, input.clientKey);
      if (!written) throw new AppError('NOT_FOUND');
      return { message: messageOf(written, me), created: false };
    }
    const { otherReadSeq } = await repo.afterSend(tx, c, me, row.seq, now);
    await notify(
      tx,
      {
        userId: other,
        type: 'message',
        actorId: me,
        data: { conversationId: c.id },
        key: `message:${c.id}:${otherReadSeq}`,
      },
      now,
    );
    await tell(tx, c, 'message');
    return { message: messageOf(row, me), created: true };
  });
}

/**
 * The reader has read the conversation up to a message (theirs or the other's): the other sees
 * it ("Visto"), and the reader's notifications of this conversation are read too.
 */
export async function markRead(deps: Deps, actor: Actor, id: string, upTo: string): Promise<MessagesUnreadDto> {
  const me = member(actor);
  const c = await mine(deps, me, id);
  const m = await repo.messageIn(deps.db, c.id, upTo);
  if (!m) throw new AppError('NOT_FOUND');
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    if (!(await repo.markRead(tx, c, me, m.seq))) return;
    await markNoticesRead(tx, me, `message:${c.id}:`, now);
    await tell(tx, c, 'read');
  });
  return { unread: await repo.unreadConversations(deps.db, me) };
}

/**
 * Blocks or unblocks the other, through the community's one list: blocked here is blocked
 * there (and the follows between them go, as the community's block does). Neither can write
 * while a block stands, either way.
 */
export async function setBlock(deps: Deps, actor: Actor, id: string, on: boolean): Promise<ConversationDto> {
  const me = member(actor);
  const c = await mine(deps, me, id);
  const other = otherIn(c, me);
  await deps.db.transaction(async (tx) => {
    await setBlockBetween(tx, me, other, on, deps.clock.now());
    await tell(tx, c, 'block');
  });
  return view(deps, me, c);
}

/** Reports a message the reader received: one open report per message, a few an hour. */
export async function report(
  deps: Deps,
  actor: Actor,
  id: string,
  messageId: string,
  input: { reason: ReportReason; note: string },
): Promise<MessageReportDto> {
  const me = member(actor);
  const c = await mine(deps, me, id);
  const m = await repo.messageIn(deps.db, c.id, messageId);
  if (!m) throw new AppError('NOT_FOUND');
  if (m.senderId === me) throw new AppError('REPORT_OWN_CONTENT');
  const now = deps.clock.now();
  await limit(deps.db, `messages:report:${me}`, { max: MESSAGE_REPORTS_PER_HOUR, windowMs: 60 * MINUTE_MS }, now);
  const row = await repo.insertReport(deps.db, {
    messageId: m.id,
    reporterId: me,
    reason: input.reason,
    note: input.note,
    at: now,
  });
  if (!row) throw new AppError('REPORT_DUPLICATE');
  return { id: row.id, reason: row.reason as ReportReason, createdAt: row.createdAt.toISOString() };
}

/**
 * Follows the conversations of the reader (their open tabs' stream): `onNote` for each change in
 * one of theirs, in any process; `resync` when notes may have been missed (the bus reconnected).
 * Resolves to the function that stops it.
 */
export async function watch(
  deps: Deps,
  actor: Actor,
  onNote: (note: MessagesNote) => void,
  resync: () => void,
): Promise<() => void> {
  const me = member(actor);
  return deps.events.subscribe(
    channels.messages,
    (note) => {
      if (note.userIds.includes(me)) onNote(note);
    },
    { resync },
  );
}

// ---------- The administration ----------

const fullName = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();

/** The open reports of messages, oldest first. */
export async function openReports(deps: Deps, actor: Actor): Promise<{ items: AdminMessageReportDto[] }> {
  requireAdmin(actor);
  const rows = await repo.openReports(deps.db, REPORT_QUEUE_LIMIT);
  return {
    items: rows.map((r) => ({
      id: r.report.id,
      reason: r.report.reason as ReportReason,
      note: r.report.note,
      createdAt: r.report.createdAt.toISOString(),
      reporter: { name: fullName(r.reporterFirst, r.reporterLast) },
      sender: { name: fullName(r.senderFirst, r.senderLast), handle: r.senderHandle ?? null },
      message: {
        id: r.message.id,
        body: r.message.body,
        createdAt: r.message.createdAt.toISOString(),
        removed: r.message.removedAt !== null,
      },
    })),
  };
}

/**
 * An administrator's decision on a reported message: dismiss (the reports close, the message
 * stays) or remove (its text is no longer shown to either side). Every open report of that
 * message closes with it; an open thread hears of a removal at once.
 */
export async function resolveReport(deps: Deps, actor: Actor, id: string, action: MessageReportAction): Promise<void> {
  const admin = requireAdmin(actor);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const r = await repo.openReport(tx, id);
    if (!r) throw new AppError('NOT_FOUND');
    if (action === 'remove') await repo.removeMessage(tx, r.messageId, now);
    await repo.closeReports(tx, r.messageId, action === 'remove' ? 'removed' : 'dismissed', admin.userId, now);
    if (action === 'remove')
      await publishNote(tx, channels.messages, {
        userIds: [r.userA, r.userB],
        conversationId: r.conversationId,
        kind: 'message',
      });
  });
}
