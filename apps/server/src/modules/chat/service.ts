import { randomUUID } from 'node:crypto';
import { CHAT_CONVERSATIONS_MAX } from '@candeia/shared/constants';
import {
  CHAT_PAGE_SIZE,
  CHAT_RATE_LIMIT,
  CHAT_RATE_WINDOW_MS,
  CHAT_TITLE_FROM_MESSAGE,
  type ChatEvent,
  type ChatLanguage,
  type ChatMessageDto,
  type ChatTheme,
  type ConversationDetailDto,
  type ConversationDto,
  type ConversationPageDto,
} from '@candeia/shared/schemas/chat';
import { translate } from '@candeia/shared/i18n/server';
import type { FastifyBaseLogger } from 'fastify';
import { channels } from '../../events/channels.ts';
import { AppError } from '../../lib/app-error.ts';
import { loggableError } from '../../lib/loggable-error.ts';
import { checkQuota } from '../../lib/quota.ts';
import { limit } from '../../lib/rate-limit.ts';
import type { Actor, Deps } from '../../types.ts';
import { requireFeature } from '../billing/index.ts';
import * as credits from '../credits/index.ts';
import {
  countTokens,
  type ChatEngine,
  type EngineAnswer,
  type GuideChoices,
  type HistoryTurn,
  type Passage,
} from './engine.ts';
import { checkCitations } from './grounding.ts';
import { FollowedAnswer, LiveAnswer, LiveAnswers, type AnswerFeed, type Listener } from './live.ts';
import { hear, reply } from './reply.ts';
import * as repo from './repository.ts';

/**
 * The spiritual chat (PRODUCT.md "AI", "Credits"; SECURITY.md 20). An answer is written by the
 * engine while it streams to the browser: credits for it are reserved first (what the balance
 * allows, up to the longest answer), the actual cost (prompt + completion tokens) is committed
 * when it ends, and a failure refunds everything. A message with signs of crisis is answered
 * with the local helpline first and is never charged.
 */

/** The least an answer may have: below prompt + this, the balance is too short to answer. */
export const MIN_ANSWER_TOKENS = 120;
/** Earlier messages given to the engine, and how much of each. */
const HISTORY_TURNS = 12;
const HISTORY_CHARS = 2000;
/** How long a closing server waits for answers being written before stopping them. */
const SHUTDOWN_GRACE_MS = 5000;
/**
 * Answers across processes (decision 015): the writer saves the text so far at most this often
 * (and notes it on the bus), and at least every HEARTBEAT_MS; an answer whose writer has been
 * silent for STALE_MS was cut off. Whoever follows one reads its row at least every FOLLOW_POLL_MS,
 * and one stopping an answer written elsewhere waits STOP_WAIT_MS at most for its writer.
 */
export const PROGRESS_MS = 150;
export const HEARTBEAT_MS = 2000;
export const STALE_MS = 10_000;
const FOLLOW_POLL_MS = 1000;
const STOP_WAIT_MS = 10_000;

const iso = (d: Date) => d.toISOString();

export function toMessageDto(r: repo.MessageRow): ChatMessageDto {
  return {
    id: r.id,
    conversationId: r.conversationId,
    role: r.role as ChatMessageDto['role'],
    kind: r.kind as ChatMessageDto['kind'],
    content: r.content,
    status: r.status as ChatMessageDto['status'],
    citations: r.citations,
    cost: r.role === 'assistant' && r.status !== 'streaming' ? (r.cost ?? 0) : null,
    createdAt: iso(r.createdAt),
  };
}

export function toConversationDto(r: repo.ConversationRow, messageCount: number): ConversationDto {
  return {
    id: r.id,
    title: r.title,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
    lastMessageAt: iso(r.lastMessageAt),
    messageCount,
  };
}

/** An answer's time: just after its question's, so the order holds when the clock has not moved. */
const justAfter = (question: repo.MessageRow | undefined, now: Date) =>
  new Date(Math.max(now.getTime(), (question?.createdAt ?? now).getTime()) + 1);

/** A new conversation's name: the start of its first message, cut at a word. */
export function titleFrom(message: string): string {
  const flat = message.replace(/\s+/g, ' ').trim();
  if (flat.length <= CHAT_TITLE_FROM_MESSAGE) return flat;
  const cut = flat.slice(0, CHAT_TITLE_FROM_MESSAGE);
  const space = cut.lastIndexOf(' ');
  return `${(space > CHAT_TITLE_FROM_MESSAGE / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/u, '')}…`;
}

type UserActor = Actor & { userId: string };

interface AnswerPlan {
  actor: UserActor;
  firstName: string;
  conversationId: string;
  question: string;
  history: HistoryTurn[];
  avoid: GuideChoices | undefined;
  /** References already quoted in this conversation: never quoted again. */
  quoted: string[];
  /** The last answer in the conversation was the helpline answer. */
  afterCrisis?: boolean;
}

export interface Started {
  start: Extract<ChatEvent, { type: 'start' }>;
  answer: LiveAnswer;
}

export class ChatService {
  readonly live = new LiveAnswers();
  private closing = false;
  /** Listening for stops asked through other processes (from the first answer on). */
  private stopsHeard: Promise<void> | null = null;

  constructor(
    private readonly deps: Deps,
    private readonly engine: ChatEngine,
    private readonly log: FastifyBaseLogger,
  ) {}

  // ---------- Conversations ----------

  async list(actor: UserActor, page: number): Promise<ConversationPageDto> {
    this.reader(actor);
    const { rows, total } = await repo.listConversations(this.deps.db, actor.userId, page, CHAT_PAGE_SIZE);
    return { items: rows.map((r) => toConversationDto(r, r.messageCount)), total, page, pageSize: CHAT_PAGE_SIZE };
  }

  async get(actor: UserActor, id: string): Promise<ConversationDetailDto> {
    this.reader(actor);
    const conversation = await repo.findConversation(this.deps.db, actor.userId, id);
    if (!conversation) throw new AppError('NOT_FOUND');
    const rows = await repo.conversationMessages(this.deps.db, actor.userId, id);
    const messages = await Promise.all(rows.map((r) => this.orphanChecked(r)));
    return { ...toConversationDto(conversation, conversation.messageCount), messages: messages.map(toMessageDto) };
  }

  async rename(actor: UserActor, id: string, title: string): Promise<ConversationDto> {
    this.reader(actor);
    const ok = await repo.renameConversation(this.deps.db, actor.userId, id, title, this.deps.clock.now());
    if (!ok) throw new AppError('NOT_FOUND');
    const row = (await repo.findConversation(this.deps.db, actor.userId, id))!;
    return toConversationDto(row, row.messageCount);
  }

  async remove(actor: UserActor, id: string): Promise<void> {
    this.reader(actor);
    const conversation = await repo.findConversation(this.deps.db, actor.userId, id);
    if (!conversation) throw new AppError('NOT_FOUND');
    // An answer still being written there is stopped (and settled) first, here or elsewhere.
    const live = this.live.inConversation(id);
    if (live) {
      live.controller.abort();
      await live.finished;
    }
    for (const messageId of await repo.activeAnswers(this.deps.db, actor.userId, id, STALE_MS))
      if (!this.live.has(messageId)) await this.stopElsewhere(actor.userId, messageId);
    await repo.deleteConversation(this.deps.db, actor.userId, id);
  }

  /**
   * An answer still 'streaming' in the database that no process is writing (its writer has been
   * silent too long: cut off by a restart) is failed now, and its hold refunded. One written by
   * this process, or by another that is alive, is left as it is.
   */
  private async orphanChecked(r: repo.MessageRow): Promise<repo.MessageRow> {
    if (r.status !== 'streaming' || this.live.has(r.id)) return r;
    const failed = await repo.failOrphan(this.deps.db, r.id, this.deps.clock.now(), STALE_MS);
    if (!failed) return (await repo.findMessage(this.deps.db, r.userId, r.id)) ?? r;
    if (r.reservationId) await credits.refund(this.deps.db, r.reservationId, this.deps.clock.now());
    return failed;
  }

  /** Whether an answer is being written in the conversation, by this process or another. */
  private async busy(userId: string, conversationId: string): Promise<boolean> {
    if (this.live.inConversation(conversationId)) return true;
    return (await repo.activeAnswers(this.deps.db, userId, conversationId, STALE_MS)).length > 0;
  }

  // ---------- Answers ----------

  /** POST /messages: saves the message and starts the answer (in a new conversation without an id). */
  async send(actor: UserActor, firstName: string, input: { conversationId?: string | undefined; content: string }) {
    await this.gate(actor);
    await this.countHit(actor.userId);
    const db = this.deps.db;
    const conversationId = input.conversationId;
    let history: HistoryTurn[] = [];
    let avoid: GuideChoices | undefined;
    let quoted: string[] = [];
    let afterCrisis = false;
    if (conversationId) {
      const conversation = await repo.findConversation(db, actor.userId, conversationId);
      if (!conversation) throw new AppError('NOT_FOUND');
      if (await this.busy(actor.userId, conversationId)) throw new AppError('CHAT_BUSY');
      const rows = await repo.conversationMessages(db, actor.userId, conversationId);
      ({ history, avoid, quoted, afterCrisis } = this.context(rows));
    } else if ((await repo.countConversations(db, actor.userId)) >= CHAT_CONVERSATIONS_MAX) {
      // Refused before any credit is held; saveTurn checks again, under the quota's lock.
      throw new AppError('CONVERSATIONS_LIMIT_REACHED');
    }
    return this.answer(
      {
        actor,
        firstName,
        conversationId: conversationId ?? randomUUID(),
        question: input.content,
        history,
        avoid,
        quoted,
        afterCrisis,
      },
      { newConversation: !conversationId, replaces: null },
    );
  }

  /** POST /conversations/:id/regenerate: a new answer to the last message, replacing the last answer. */
  async regenerate(actor: UserActor, firstName: string, conversationId: string) {
    await this.gate(actor);
    const db = this.deps.db;
    const conversation = await repo.findConversation(db, actor.userId, conversationId);
    if (!conversation) throw new AppError('NOT_FOUND');
    if (await this.busy(actor.userId, conversationId)) throw new AppError('CHAT_BUSY');
    const rows = await Promise.all(
      (await repo.conversationMessages(db, actor.userId, conversationId)).map((r) => this.orphanChecked(r)),
    );
    const lastUser = rows.findLastIndex((r) => r.role === 'user');
    if (lastUser < 0) throw new AppError('NOT_FOUND');
    await this.countHit(actor.userId);
    const previous = rows.slice(lastUser + 1).find((r) => r.role === 'assistant');
    const { history, quoted, afterCrisis } = this.context(rows.slice(0, lastUser));
    return this.answer(
      {
        actor,
        firstName,
        conversationId,
        question: rows[lastUser]!.content,
        history,
        quoted,
        afterCrisis,
        avoid: (previous?.meta?.choices as GuideChoices | undefined) ?? this.context(rows.slice(0, lastUser)).avoid,
      },
      { newConversation: false, replaces: previous ?? null, userMessage: rows[lastUser]! },
    );
  }

  /**
   * POST /messages/:id/stop: stops an answer being written; it keeps (and costs) what was written.
   * One written by another process is stopped there (asked on the bus), and waited for.
   */
  async stop(actor: UserActor, messageId: string): Promise<ChatMessageDto> {
    this.reader(actor);
    const live = this.live.get(actor.userId, messageId);
    if (live) {
      live.controller.abort();
      await live.finished;
    }
    let row = await repo.findMessage(this.deps.db, actor.userId, messageId);
    if (!row || row.role !== 'assistant') throw new AppError('NOT_FOUND');
    row = await this.orphanChecked(row);
    if (row.status === 'streaming' && !live) row = (await this.stopElsewhere(actor.userId, messageId)) ?? row;
    return toMessageDto(row);
  }

  /** GET /messages/:id/stream: the answer being written (to re-attach), or the finished one. */
  async follow(actor: UserActor, messageId: string): Promise<AnswerFeed> {
    this.reader(actor);
    const live = this.live.get(actor.userId, messageId);
    if (live) return live;
    const row = await repo.findMessage(this.deps.db, actor.userId, messageId);
    if (!row || row.role !== 'assistant') throw new AppError('NOT_FOUND');
    const settled = await this.orphanChecked(row);
    // Being written by another process: followed through the database and the bus.
    if (settled.status === 'streaming')
      return new FollowedAnswer((emit, signal) => this.followElsewhere(actor, messageId, emit, signal));
    const answer = new LiveAnswer(settled.id, actor.userId, settled.conversationId);
    answer.emit({ type: 'delta', text: settled.content });
    answer.emit({ type: 'citations', citations: settled.citations });
    answer.emit({
      type: 'done',
      message: toMessageDto(settled),
      balance: await credits.balance(this.deps.db, actor.userId),
    });
    return answer;
  }

  /** Stops taking answers; waits a little for those being written, then stops them. */
  async close(): Promise<void> {
    this.closing = true;
    const pending = this.live.all();
    if (pending.length === 0) return;
    const grace = new Promise((r) => setTimeout(r, SHUTDOWN_GRACE_MS).unref());
    await Promise.race([Promise.all(pending.map((a) => a.finished)), grace]);
    for (const a of this.live.all()) a.controller.abort();
    await Promise.all(pending.map((a) => a.finished));
  }

  /**
   * Writing (a new answer): the subscription must allow access and the plan must include the
   * chat, with the credits checked after. Refused with the translated FEATURE_NOT_IN_PLAN or
   * SUBSCRIPTION_REQUIRED.
   */
  private gate(actor: UserActor) {
    return requireFeature(this.deps, { userId: actor.userId, role: actor.role }, 'chat');
  }

  /**
   * Reading, renaming and deleting one's own conversations, and stopping an answer: any signed-in
   * member, whatever the plan. A trial that ended (the free plan has no chat) keeps its history
   * readable; only new answers need the chat in the plan.
   */
  private reader(actor: UserActor): void {
    if (!actor.userId) throw new AppError('AUTH_REQUIRED');
  }

  /** The per-user limit: CHAT_RATE_LIMIT answers a minute, shared by every process. */
  private countHit(userId: string) {
    return limit(
      this.deps.db,
      `chat:${userId}`,
      { max: CHAT_RATE_LIMIT, windowMs: CHAT_RATE_WINDOW_MS },
      this.deps.clock.now(),
    );
  }

  // ---------- Answers across processes (decision 015) ----------

  /**
   * Reads an answer's row each time its writer notes progress on the bus (and at least every
   * FOLLOW_POLL_MS, for notes lost while the bus reconnected), handing each read to `onRow`,
   * until the answer is settled. An answer whose writer fell silent is failed on the way (as an
   * orphan). Returns the settled row; undefined when it was deleted or `signal` ended the wait.
   */
  private async watch(
    userId: string,
    messageId: string,
    signal: AbortSignal,
    onRow: (row: repo.MessageRow) => void,
    before?: () => Promise<void>,
  ): Promise<repo.MessageRow | undefined> {
    let noted = false;
    let wake: (() => void) | null = null;
    const note = () => {
      noted = true;
      wake?.();
    };
    let unsubscribe = () => {};
    try {
      unsubscribe = await this.deps.events.subscribe(channels.chatAnswer(messageId), note, { resync: note });
    } catch (err) {
      this.log.warn({ err: loggableError(err), messageId }, 'chat answer followed without the event bus');
    }
    try {
      await before?.();
      let quiet = false;
      while (!signal.aborted) {
        noted = false;
        let row = await repo.findMessage(this.deps.db, userId, messageId);
        if (!row) return undefined;
        if (row.status === 'streaming' && quiet) row = await this.orphanChecked(row);
        onRow(row);
        if (row.status !== 'streaming') return row;
        if (noted) continue;
        quiet = await new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => done(true), FOLLOW_POLL_MS);
          const done = (timedOut: boolean) => {
            clearTimeout(timer);
            signal.removeEventListener('abort', aborted);
            wake = null;
            resolve(timedOut);
          };
          const aborted = () => done(false);
          wake = () => done(false);
          signal.addEventListener('abort', aborted);
        });
      }
      return undefined;
    } finally {
      unsubscribe();
    }
  }

  /** Streams an answer another process writes: what is saved, then each new piece, then `done`. */
  private async followElsewhere(
    actor: UserActor,
    messageId: string,
    emit: Listener,
    signal: AbortSignal,
  ): Promise<'done' | 'ended'> {
    let sent = 0;
    try {
      const row = await this.watch(actor.userId, messageId, signal, (r) => {
        if (r.content.length > sent) emit({ type: 'delta', text: r.content.slice(sent) });
        sent = Math.max(sent, r.content.length);
      });
      if (!row || signal.aborted) return 'ended';
      if (row.citations.length) emit({ type: 'citations', citations: row.citations });
      if (row.status === 'failed')
        emit({
          type: 'error',
          code: 'CHAT_ENGINE_FAILED',
          message: translate(actor.locale, 'errors:CHAT_ENGINE_FAILED'),
          messageId,
        });
      emit({ type: 'done', message: toMessageDto(row), balance: await credits.balance(this.deps.db, actor.userId) });
      return 'done';
    } catch (err) {
      // The stream ends without `done`: the browser reads the conversation again and re-attaches.
      this.log.warn({ err: loggableError(err), messageId }, 'following a chat answer failed');
      return 'ended';
    }
  }

  /** Asks the process writing an answer to stop it, and waits (a while) until it is settled. */
  private stopElsewhere(userId: string, messageId: string): Promise<repo.MessageRow | undefined> {
    return this.watch(
      userId,
      messageId,
      AbortSignal.timeout(STOP_WAIT_MS),
      () => {},
      () => this.deps.events.publish(channels.chatStop, { messageId }),
    );
  }

  /** From the first answer on, this process stops its answers when asked through another. */
  private async hearStops(): Promise<void> {
    this.stopsHeard ??= this.deps.events
      .subscribe(channels.chatStop, ({ messageId }) => this.live.byMessageId(messageId)?.controller.abort())
      .then(
        () => {},
        (err: unknown) => {
          this.stopsHeard = null;
          this.log.warn({ err: loggableError(err) }, 'chat stops from other processes are not heard');
        },
      );
    await this.stopsHeard;
  }

  /** The history for the engine, and what the last answer chose. */
  private context(rows: repo.MessageRow[]): {
    history: HistoryTurn[];
    avoid: GuideChoices | undefined;
    quoted: string[];
    afterCrisis: boolean;
  } {
    const usable = rows.filter((r) => r.content && r.status !== 'failed' && r.status !== 'streaming');
    const history = usable.slice(-HISTORY_TURNS).map((r) => ({
      role: r.role as HistoryTurn['role'],
      content: r.content.slice(0, HISTORY_CHARS),
    }));
    const lastAnswer = usable.findLast((r) => r.role === 'assistant' && r.kind === 'answer');
    const quoted = usable.flatMap((r) => {
      const passages = (r.meta?.choices as GuideChoices | undefined)?.passages;
      return r.role === 'assistant' && Array.isArray(passages) ? passages : [];
    });
    const afterCrisis = usable.findLast((r) => r.role === 'assistant')?.kind === 'crisis';
    return { history, avoid: lastAnswer?.meta?.choices as GuideChoices | undefined, quoted, afterCrisis };
  }

  private async answer(
    plan: AnswerPlan,
    how: { newConversation: boolean; replaces: repo.MessageRow | null; userMessage?: repo.MessageRow },
  ): Promise<Started> {
    if (this.closing) throw new AppError('SERVER_ERROR');
    const { actor } = plan;
    const db = this.deps.db;
    const now = this.deps.clock.now();
    const heard = await hear(this.deps, {
      message: plan.question,
      firstName: plan.firstName,
      fallbackLanguage: actor.locale.slice(0, 2) as ChatLanguage,
      // Right after the helpline answer, a means or words near despair are a crisis too ("I have the pills right here").
      afterCrisis: plan.afterCrisis ?? false,
      country: () => repo.memberCountry(db, actor.userId),
      avoid: plan.avoid,
      quoted: plan.quoted,
    });
    const { language, themes, passages } = heard;
    const assistantId = randomUUID();

    // A message with signs of crisis: the helpline first, at once, never charged.
    if (heard.crisis !== null) {
      const content = heard.crisis;
      const saved = await this.saveTurn(plan, how, now, {
        id: assistantId,
        kind: 'crisis',
        content,
        status: 'done',
        cost: 0,
        engine: 'crisis',
        meta: { language },
        completedAt: now,
      });
      const answer = new LiveAnswer(assistantId, actor.userId, plan.conversationId);
      const balance = await credits.balance(db, actor.userId);
      answer.emit({ type: 'delta', text: content });
      answer.emit({ type: 'done', message: toMessageDto(saved.message), balance });
      return {
        answer,
        start: {
          type: 'start',
          conversation: toConversationDto(saved.conversation, saved.conversation.messageCount),
          userMessage: toMessageDto(saved.userMessage),
          assistantMessage: { ...toMessageDto(saved.message), content: '' },
          reserved: 0,
        },
      };
    }

    // Credits: what the balance allows, up to the longest answer; below the least answer, refused.
    const prompt =
      countTokens(plan.question) +
      (this.engine.name === 'guide'
        ? 0
        : plan.history.reduce((n, h) => n + countTokens(h.content), 0) +
          passages.reduce((n, p) => n + countTokens(p.text), 0) +
          250);
    const balance = await credits.balance(db, actor.userId);
    if (balance < prompt + MIN_ANSWER_TOKENS) throw new AppError('INSUFFICIENT_CREDITS');
    const amount = Math.min(balance, prompt + this.deps.config.AI_MAX_OUTPUT_TOKENS);
    const reservationId = await credits.reserve(
      db,
      actor.userId,
      amount,
      `chat:${assistantId}`,
      `chat:${assistantId}`,
      now,
    );

    await this.hearStops();
    let saved;
    try {
      saved = await this.saveTurn(
        plan,
        how,
        now,
        {
          id: assistantId,
          kind: 'answer',
          content: '',
          status: 'streaming',
          reservationId,
          engine: this.engine.name,
        },
        true,
      );
    } catch (err) {
      await credits.refund(db, reservationId, now);
      throw err;
    }

    const answer = new LiveAnswer(assistantId, actor.userId, plan.conversationId);
    this.live.add(answer);
    const engineAnswer = reply(this.engine, {
      heard,
      firstName: plan.firstName,
      message: plan.question,
      history: plan.history,
      maxOutputTokens: amount - prompt,
      avoid: plan.avoid,
      signal: answer.controller.signal,
    });
    void this.write(answer, engineAnswer, { reservationId, passages, language, themes, locale: actor.locale });
    return {
      answer,
      start: {
        type: 'start',
        conversation: toConversationDto(saved.conversation, saved.conversation.messageCount),
        userMessage: toMessageDto(saved.userMessage),
        assistantMessage: toMessageDto(saved.message),
        reserved: amount,
      },
    };
  }

  /**
   * Saves a turn in one transaction: the conversation (new, named from the question), the
   * question (unless it is there already: a regenerated answer), and the answer, which replaces
   * the one given before when regenerating. `writing`: the answer is streamed from now on.
   */
  private saveTurn(
    plan: AnswerPlan,
    how: { newConversation: boolean; replaces: repo.MessageRow | null; userMessage?: repo.MessageRow },
    now: Date,
    answer: Omit<repo.NewMessage, 'conversationId' | 'userId' | 'role' | 'createdAt'>,
    writing = false,
  ) {
    const { actor } = plan;
    return this.deps.db.transaction(async (tx) => {
      const conversation = await this.conversationFor(tx, plan, how, now);
      const userMessage = how.userMessage ?? (await this.insertUserMessage(tx, plan, now));
      if (how.replaces) await repo.deleteMessage(tx, actor.userId, how.replaces.id);
      const message = await repo.insertMessage(
        tx,
        {
          ...answer,
          conversationId: plan.conversationId,
          userId: actor.userId,
          role: 'assistant',
          createdAt: justAfter(how.userMessage, now),
        },
        writing,
      );
      await repo.touchConversation(tx, plan.conversationId, now);
      // Read again for its message count, now with this question and answer.
      const counted = await repo.findConversation(tx, actor.userId, conversation.id);
      return { conversation: counted!, userMessage, message };
    });
  }

  private async conversationFor(
    tx: Parameters<Parameters<Deps['db']['transaction']>[0]>[0],
    plan: AnswerPlan,
    how: { newConversation: boolean },
    now: Date,
  ): Promise<repo.ConversationRow> {
    if (how.newConversation) {
      await checkQuota(tx, {
        name: 'conversations',
        userId: plan.actor.userId,
        limit: CHAT_CONVERSATIONS_MAX,
        code: 'CONVERSATIONS_LIMIT_REACHED',
        count: () => repo.countConversations(tx, plan.actor.userId),
      });
      return repo.insertConversation(tx, {
        id: plan.conversationId,
        userId: plan.actor.userId,
        title: titleFrom(plan.question),
        at: now,
      });
    }
    const row = await repo.findConversation(tx, plan.actor.userId, plan.conversationId);
    if (!row) throw new AppError('NOT_FOUND');
    return { ...row, lastMessageAt: now };
  }

  private insertUserMessage(tx: Parameters<Parameters<Deps['db']['transaction']>[0]>[0], plan: AnswerPlan, now: Date) {
    return repo.insertMessage(tx, {
      conversationId: plan.conversationId,
      userId: plan.actor.userId,
      role: 'user',
      kind: 'message',
      content: plan.question,
      status: 'done',
      createdAt: now,
    });
  }

  /** Runs the engine to its end, then settles the answer: message row, credits, the last events. */
  private async write(
    answer: LiveAnswer,
    engineAnswer: EngineAnswer,
    ctx: {
      reservationId: string;
      passages: Passage[];
      language: ChatLanguage;
      themes: ChatTheme[];
      locale: Actor['locale'];
    },
  ): Promise<void> {
    const db = this.deps.db;
    let status: 'done' | 'stopped' | 'failed' = 'done';
    const progress = new Progress(this.deps, answer, this.log);
    try {
      for await (const piece of engineAnswer.text) {
        answer.emit({ type: 'delta', text: piece });
        progress.changed();
      }
    } catch (err) {
      if (answer.controller.signal.aborted) status = 'stopped';
      else {
        status = 'failed';
        // The error of an AI SDK call carries its request (the user's words): only its name and message.
        this.log.warn({ err: loggableError(err), messageId: answer.messageId }, 'chat answer failed');
      }
    }
    await progress.stop();
    const now = this.deps.clock.now();
    try {
      const content = answer.content;
      const citations = content ? await checkCitations(db, content, ctx.passages, ctx.language) : [];
      if (citations.length) answer.emit({ type: 'citations', citations });
      let cost = 0;
      if (status === 'failed' || (status === 'stopped' && !content)) {
        await credits.refund(db, ctx.reservationId, now);
      } else {
        const usage = await engineAnswer.usage();
        cost = (await credits.commit(db, ctx.reservationId, usage.promptTokens + usage.completionTokens, now)).charged;
      }
      const meta = {
        language: ctx.language,
        themes: ctx.themes,
        ...(engineAnswer.choices ? { choices: engineAnswer.choices } : {}),
      };
      const row =
        (await repo.settleMessage(db, answer.messageId, { content, status, citations, cost, meta, at: now })) ??
        (await repo.findMessage(db, answer.userId, answer.messageId));
      await repo.touchConversation(db, answer.conversationId, now);
      const balance = await credits.balance(db, answer.userId);
      if (status === 'failed')
        answer.emit({
          type: 'error',
          code: 'CHAT_ENGINE_FAILED',
          message: translate(ctx.locale, 'errors:CHAT_ENGINE_FAILED'),
          messageId: answer.messageId,
        });
      const message: ChatMessageDto = row
        ? toMessageDto(row)
        : {
            id: answer.messageId,
            conversationId: answer.conversationId,
            role: 'assistant',
            kind: 'answer',
            content,
            status,
            citations,
            cost,
            createdAt: iso(now),
          };
      answer.emit({ type: 'done', message, balance });
      await this.deps.events
        .publish(channels.chatAnswer(answer.messageId), { length: content.length, settled: true })
        .catch((err: unknown) => this.log.warn({ err: loggableError(err) }, 'chat answer settled unnoticed'));
    } catch (err) {
      // The database failed while settling: the hold is refunded by housekeeping; say it failed.
      this.log.error({ err: loggableError(err), messageId: answer.messageId }, 'chat answer could not be settled');
      answer.emit({
        type: 'error',
        code: 'CHAT_ENGINE_FAILED',
        message: translate(ctx.locale, 'errors:CHAT_ENGINE_FAILED'),
        messageId: answer.messageId,
      });
      answer.emit({
        type: 'done',
        message: {
          id: answer.messageId,
          conversationId: answer.conversationId,
          role: 'assistant',
          kind: 'answer',
          content: answer.content,
          status: 'failed',
          citations: [],
          cost: 0,
          createdAt: iso(now),
        },
        balance: 0,
      });
    }
  }
}

/**
 * The writer's side of an answer followed by other processes: the text so far is saved at most
 * every PROGRESS_MS after it changes (and noted on the bus), and at least every HEARTBEAT_MS.
 */
class Progress {
  private saved = 0;
  private timer: NodeJS.Timeout | null = null;
  private readonly heartbeat: NodeJS.Timeout;
  private last: Promise<void> = Promise.resolve();

  constructor(
    private readonly deps: Deps,
    private readonly answer: LiveAnswer,
    private readonly log: FastifyBaseLogger,
  ) {
    this.heartbeat = setInterval(() => this.save(), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  changed(): void {
    this.timer ??= setTimeout(() => {
      this.timer = null;
      this.save();
    }, PROGRESS_MS);
  }

  /** No more saves; waits for the one under way. */
  async stop(): Promise<void> {
    clearInterval(this.heartbeat);
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.last;
  }

  private save(): void {
    this.last = this.last.then(async () => {
      const content = this.answer.content;
      try {
        const open = await repo.saveProgress(this.deps.db, this.answer.messageId, content);
        if (!open || content.length === this.saved) return;
        this.saved = content.length;
        await this.deps.events.publish(channels.chatAnswer(this.answer.messageId), {
          length: content.length,
          settled: false,
        });
      } catch (err) {
        this.log.warn({ err: loggableError(err), messageId: this.answer.messageId }, 'chat progress not saved');
      }
    });
  }
}
