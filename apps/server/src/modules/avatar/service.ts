import { randomUUID } from 'node:crypto';
import type { Locale } from '@candeia/shared/constants';
import {
  AVATAR_RECENT_MAX,
  AVATAR_SESSION_COST,
  AVATAR_SESSION_MINUTES,
  AVATAR_SESSIONS_PAGE_SIZE,
  AVATAR_WEEK_DAYS,
  AVATAR_WEEKLY_CREDITS,
  type AvatarAdminDto,
  type AvatarAllowanceDto,
  type AvatarCounsellorDto,
  type AvatarEvent,
  type AvatarGalleryDto,
  type AvatarId,
  type AvatarMessageDto,
  type AvatarSessionDetailDto,
  type AvatarSessionDto,
  type AvatarSessionPageDto,
  type AvatarStartedDto,
  type AvatarUsageStatsDto,
} from '@candeia/shared/schemas/avatar';
import type { ChatLanguage } from '@candeia/shared/schemas/chat';
import { resources, translate } from '@candeia/shared/i18n/server';
import type { FastifyBaseLogger } from 'fastify';
import { channels } from '../../events/channels.ts';
import { requireAccess, requireAdmin, type Authorized } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { loggableError } from '../../lib/loggable-error.ts';
import { limit } from '../../lib/rate-limit.ts';
import type { Actor, Deps } from '../../types.ts';
import { subscriptionState } from '../billing/index.ts';
import {
  citationsOf,
  hear,
  reply,
  type ChatEngine,
  type GuideChoices,
  type HistoryTurn,
  type Persona,
} from '../chat/index.ts';
import { COUNSELLORS, counsellorDef, type CounsellorDef } from './counsellors.ts';
import { LiveReplies, LiveReply } from './live.ts';
import * as repo from './repository.ts';

/**
 * The avatar live session (SPEC.md §1, §3, §4; PRODUCT.md "Avatar"). A session start is paid
 * from the member's weekly allowance of avatar credits (1, or 2 with a premium counsellor), never
 * from chat credits; a session lasts up to 20 minutes. The counsellor's answers come from the
 * chat's engine with the counsellor's persona, heard and citation-checked as the chat's are, with
 * the same crisis check that answers with the helpline first.
 */

/** Earlier turns of the session given to the engine, and how much of each. */
const HISTORY_TURNS = 10;
const HISTORY_CHARS = 1500;
/** The longest spoken answer, in tokens: a voice session's answers are short. */
const ANSWER_TOKENS = 320;
/** An answer still 'streaming' this long after it began has lost its writer (a restart). */
const ORPHAN_MS = 5 * 60_000;
/** Messages a member may send per minute in their sessions (each is answered). */
const MESSAGES_PER_MINUTE = { max: 20, windowMs: 60_000 };
/** Speech requests (a recording heard, a sentence spoken) a member may make per minute (server speech). */
const SPEECH_PER_MINUTE = { max: 120, windowMs: 60_000 };
/** How long a closing server waits for answers being written. */
const SHUTDOWN_GRACE_MS = 5000;

const iso = (d: Date) => d.toISOString();
const DAY_MS = 86_400_000;

type Member = Authorized;

interface Access {
  allowed: boolean;
  live: boolean;
  premium: boolean;
}

export function personaOf(c: CounsellorDef): Persona {
  return {
    key: c.id,
    displayName: c.displayName,
    manner: c.manner,
    specialties: c.specialties,
    focus: c.focus,
    shape: c.shape,
    spoken: true,
  };
}

function catalogue(locale: Locale, id: AvatarId): { description: string; specialties: string[] } {
  const node = (resources[locale]?.avatar as Record<string, unknown> | undefined)?.counsellors as
    Record<string, { description?: string; specialties?: string[] }> | undefined;
  const own = node?.[id];
  return {
    description: own?.description ?? translate(locale, `avatar:counsellors.${id}.description`),
    specialties: Array.isArray(own?.specialties) ? own.specialties : [],
  };
}

export class AvatarService {
  private readonly live = new LiveReplies();
  private closing = false;
  private stopsHeard: Promise<void> | null = null;

  constructor(
    private readonly deps: Deps,
    private readonly engine: ChatEngine,
    private readonly log: FastifyBaseLogger,
  ) {}

  private member(actor: Actor): Member {
    return requireAccess(actor, 'avatar.use');
  }

  /** The plan's `live` flag (Ouro, Diamante) and Diamante's premium counsellors. */
  private async access(member: Member): Promise<Access> {
    const state = await subscriptionState(this.deps, { id: member.userId, role: member.role });
    return {
      allowed: state.allowed,
      live: state.allowed && state.features.live,
      premium: state.allowed && (state.isAdmin || state.planSlug === 'diamond'),
    };
  }

  private speechMode(): 'browser' | 'server' {
    const { config } = this.deps;
    return config.AI_BASE_URL && config.AI_SPEECH ? 'server' : 'browser';
  }

  // ---------- The gallery ----------

  private counsellorDto(
    c: CounsellorDef,
    row: repo.CounsellorRow | undefined,
    locale: Locale,
    favorites: readonly string[],
    access: Access,
  ): AvatarCounsellorDto {
    const { description, specialties } = catalogue(locale, c.id);
    return {
      id: c.id,
      name: c.name,
      displayName: c.displayName,
      description,
      specialties,
      avatarName: c.id,
      imageUrl: `/avatars/${c.id}.svg`,
      isAvailable: row?.isAvailable ?? true,
      isPremium: c.isPremium,
      language: 'pt-BR',
      voice: c.voice,
      background: c.background,
      rating: ratingOf(row),
      ratingCount: row?.ratingCount ?? 0,
      sessionCount: row?.sessionCount ?? 0,
      isFavorite: favorites.includes(c.id),
      cost: c.isPremium ? AVATAR_SESSION_COST.premium : AVATAR_SESSION_COST.standard,
      lock: !access.live ? 'plan' : c.isPremium && !access.premium ? 'premium' : null,
    };
  }

  allowanceDto(row: repo.AllowanceRow | undefined, now: Date): AvatarAllowanceDto {
    const running = row && row.weekStartedAt.getTime() + AVATAR_WEEK_DAYS * DAY_MS > now.getTime();
    if (!row || !running)
      return {
        weekly: AVATAR_WEEKLY_CREDITS,
        remaining: AVATAR_WEEKLY_CREDITS,
        used: 0,
        weekStartedAt: null,
        renewsAt: null,
      };
    return {
      weekly: AVATAR_WEEKLY_CREDITS,
      remaining: Math.max(0, AVATAR_WEEKLY_CREDITS - row.used),
      used: row.used,
      weekStartedAt: iso(row.weekStartedAt),
      renewsAt: iso(new Date(row.weekStartedAt.getTime() + AVATAR_WEEK_DAYS * DAY_MS)),
    };
  }

  private async stats(userId: string, now: Date, allowance: AvatarAllowanceDto): Promise<AvatarUsageStatsDto> {
    const week = allowance.weekStartedAt ? new Date(allowance.weekStartedAt) : null;
    return statsDto(await repo.usage(this.deps.db, userId, now, week));
  }

  async gallery(actor: Actor): Promise<AvatarGalleryDto> {
    const member = this.member(actor);
    const db = this.deps.db;
    const now = this.deps.clock.now();
    const [access, rows, favorites, recent, allowanceRow] = await Promise.all([
      this.access(member),
      repo.counsellorRows(db),
      repo.favorites(db, member.userId),
      repo.recent(db, member.userId, AVATAR_RECENT_MAX),
      repo.allowance(db, member.userId),
    ]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const allowance = this.allowanceDto(allowanceRow, now);
    return {
      counsellors: COUNSELLORS.map((c) => this.counsellorDto(c, byId.get(c.id), member.locale, favorites, access)),
      favorites: favorites as AvatarId[],
      recent: recent as AvatarId[],
      allowance,
      stats: await this.stats(member.userId, now, allowance),
      access: { live: access.live, premium: access.premium },
      speech: this.speechMode(),
    };
  }

  async setFavorite(actor: Actor, avatarId: AvatarId, favorite: boolean): Promise<void> {
    const member = this.member(actor);
    if (favorite) await repo.addFavorite(this.deps.db, member.userId, avatarId, this.deps.clock.now());
    else await repo.removeFavorite(this.deps.db, member.userId, avatarId);
  }

  // ---------- Sessions ----------

  sessionDto(row: repo.SessionRow, now: Date): AvatarSessionDto {
    return {
      id: row.id,
      avatarId: row.avatarId as AvatarId,
      userId: row.userId,
      startTime: iso(row.startedAt),
      endsAt: iso(row.endsAt),
      endedAt: row.endedAt ? iso(row.endedAt) : now >= row.endsAt ? iso(row.endsAt) : null,
      messagesCount: row.messagesCount,
      isActive: !row.endedAt && now < row.endsAt,
      creditsUsed: row.creditsUsed,
      language: row.language as ChatLanguage,
      rating: row.rating,
    };
  }

  /**
   * Starts a session: the plan must have `live` (and Diamante for a premium counsellor), the
   * counsellor must be available, and the week's allowance must cover the cost. The charge, the
   * session, the counsellor's count and the greeting are one transaction; a session still running
   * is ended first (one at a time).
   */
  async start(actor: Actor, firstName: string, input: { avatarId: AvatarId; language?: ChatLanguage | undefined }) {
    const member = this.member(actor);
    const c = counsellorDef(input.avatarId);
    if (!c) throw new AppError('NOT_FOUND');
    const access = await this.access(member);
    if (!access.allowed) throw new AppError('SUBSCRIPTION_REQUIRED');
    if (!access.live) throw new AppError('FEATURE_NOT_IN_PLAN');
    if (c.isPremium && !access.premium) throw new AppError('AVATAR_PREMIUM_REQUIRED');
    const db = this.deps.db;
    const row = await repo.counsellorRow(db, c.id);
    if (row && !row.isAvailable) throw new AppError('AVATAR_UNAVAILABLE');
    const now = this.deps.clock.now();
    const language = input.language ?? (member.locale.slice(0, 2) as ChatLanguage);
    const cost = c.isPremium ? AVATAR_SESSION_COST.premium : AVATAR_SESSION_COST.standard;
    const greeting = this.greeting(c, language, firstName);
    let result: {
      session: repo.SessionRow;
      messages: repo.MessageRow[];
      allowance: repo.AllowanceRow;
      ended: string[];
    };
    try {
      result = await db.transaction(async (tx) => {
        // The allowance row's lock, taken first, makes one member's starts one after the other.
        let allowance: repo.AllowanceRow | undefined;
        try {
          allowance = await repo.spendAllowance(tx, member.userId, cost, now);
        } catch (err) {
          throw AppError.caused('AVATAR_CREDITS_FAILED', err);
        }
        if (!allowance) throw new AppError('AVATAR_CREDITS_EXHAUSTED');
        const ended = await repo.endRunning(tx, member.userId, now);
        const session = await repo.insertSession(tx, {
          userId: member.userId,
          avatarId: c.id,
          startedAt: now,
          endsAt: new Date(now.getTime() + AVATAR_SESSION_MINUTES * 60_000),
          creditsUsed: cost,
          weekStartedAt: allowance.weekStartedAt,
          language,
        });
        await repo.countSessionStart(tx, c.id);
        const messages = await repo.insertMessages(tx, [
          {
            sessionId: session.id,
            userId: member.userId,
            role: 'assistant',
            kind: 'greeting',
            content: greeting,
            status: 'done',
            createdAt: now,
          },
        ]);
        return { session: { ...session, messagesCount: 1 }, messages, allowance, ended };
      });
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw AppError.caused('AVATAR_START_FAILED', err);
    }
    // Answers being written in the sessions just ended are stopped.
    for (const id of result.ended) this.stopLocal(id);
    const started: AvatarStartedDto = {
      session: {
        ...this.sessionDto(result.session, now),
        counsellor: this.counsellorDto(
          c,
          row && { ...row, sessionCount: row.sessionCount + 1 },
          member.locale,
          [],
          access,
        ),
        messages: result.messages.map(messageDto),
        speech: this.speechMode(),
      },
      allowance: this.allowanceDto(result.allowance, now),
    };
    return started;
  }

  private greeting(c: CounsellorDef, language: ChatLanguage, firstName: string): string {
    const locale = ({ pt: 'pt-BR', en: 'en-US', es: 'es-ES' } as const)[language];
    const name = firstName.trim().split(/\s+/)[0]?.slice(0, 40) ?? '';
    return name
      ? translate(locale, `avatar:greeting.${c.id}.withName`, { name })
      : translate(locale, `avatar:greeting.${c.id}.plain`);
  }

  async list(actor: Actor, page: number): Promise<AvatarSessionPageDto> {
    const member = this.member(actor);
    const now = this.deps.clock.now();
    const { rows, total } = await repo.listSessions(this.deps.db, member.userId, page, AVATAR_SESSIONS_PAGE_SIZE);
    return {
      items: rows.map((r) => ({
        ...this.sessionDto(r, now),
        counsellorName: counsellorDef(r.avatarId)?.displayName ?? '',
      })),
      total,
      page,
      pageSize: AVATAR_SESSIONS_PAGE_SIZE,
    };
  }

  async get(actor: Actor, sessionId: string): Promise<AvatarSessionDetailDto> {
    const member = this.member(actor);
    const db = this.deps.db;
    const session = await repo.findSession(db, member.userId, sessionId);
    if (!session) throw new AppError('NOT_FOUND');
    const now = this.deps.clock.now();
    if (!this.live.inSession(sessionId)) await repo.failOrphans(db, sessionId, new Date(now.getTime() - ORPHAN_MS));
    const [messages, access, row, favorites] = await Promise.all([
      repo.sessionMessages(db, member.userId, sessionId),
      this.access(member),
      repo.counsellorRow(db, session.avatarId),
      repo.favorites(db, member.userId),
    ]);
    const c = counsellorDef(session.avatarId)!;
    return {
      ...this.sessionDto(session, now),
      counsellor: this.counsellorDto(c, row, member.locale, favorites, access),
      messages: messages.map(messageDto),
      speech: this.speechMode(),
    };
  }

  /** Ends a session now (idempotent); an answer being written is stopped. */
  async end(actor: Actor, sessionId: string): Promise<AvatarSessionDto> {
    const member = this.member(actor);
    const now = this.deps.clock.now();
    const row = await repo.endSession(this.deps.db, member.userId, sessionId, now);
    if (!row) throw new AppError('NOT_FOUND');
    await this.stop(actor, sessionId);
    return this.sessionDto(row, now);
  }

  /** Rates a session that has begun (1–5); a second rating replaces the first. */
  async rate(actor: Actor, sessionId: string, rating: number): Promise<AvatarSessionDto> {
    const member = this.member(actor);
    const now = this.deps.clock.now();
    const row = await this.deps.db.transaction(async (tx) => {
      const session = await repo.lockSession(tx, member.userId, sessionId);
      if (!session) throw new AppError('NOT_FOUND');
      return repo.rateSession(tx, session, rating);
    });
    return this.sessionDto(row, now);
  }

  /** Stops the answer being written in a session, here or in another process. */
  async stop(actor: Actor, sessionId: string): Promise<void> {
    const member = this.member(actor);
    const session = await repo.findSession(this.deps.db, member.userId, sessionId);
    if (!session) throw new AppError('NOT_FOUND');
    if (this.stopLocal(sessionId)) return;
    await this.deps.events
      .publish(channels.avatarStop, { sessionId })
      .catch((err: unknown) => this.log.warn({ err: loggableError(err) }, 'avatar stop not published'));
  }

  private stopLocal(sessionId: string): boolean {
    const live = this.live.inSession(sessionId);
    live?.controller.abort();
    return !!live;
  }

  private async hearStops(): Promise<void> {
    this.stopsHeard ??= this.deps.events
      .subscribe(channels.avatarStop, ({ sessionId }) => this.stopLocal(sessionId))
      .then(
        () => {},
        (err: unknown) => {
          this.stopsHeard = null;
          this.log.warn({ err: loggableError(err) }, 'avatar stops from other processes are not heard');
        },
      );
    await this.stopsHeard;
  }

  async close(): Promise<void> {
    this.closing = true;
    const pending = this.live.all();
    if (!pending.length) return;
    const grace = new Promise((r) => setTimeout(r, SHUTDOWN_GRACE_MS).unref());
    await Promise.race([Promise.all(pending.map((p) => p.finished)), grace]);
    for (const p of this.live.all()) p.controller.abort();
    await Promise.all(pending.map((p) => p.finished));
  }

  // ---------- Answers ----------

  /**
   * The member says something in a running session: it is saved with the answer's row, and the
   * answer is written by the engine with the counsellor's persona (or, on signs of crisis, the
   * helpline answer at once). Returns the answer to stream.
   */
  async say(
    actor: Actor,
    firstName: string,
    sessionId: string,
    input: { content: string; via: 'text' | 'voice' },
  ): Promise<LiveReply> {
    if (this.closing) throw new AppError('SERVER_ERROR');
    const member = this.member(actor);
    const db = this.deps.db;
    const now = this.deps.clock.now();
    const session = await repo.findSession(db, member.userId, sessionId);
    if (!session) throw new AppError('NOT_FOUND');
    if (session.endedAt || now >= session.endsAt) throw new AppError('AVATAR_SESSION_ENDED');
    const access = await this.access(member);
    if (!access.live) throw new AppError(access.allowed ? 'FEATURE_NOT_IN_PLAN' : 'SUBSCRIPTION_REQUIRED');
    if (this.live.inSession(sessionId)) throw new AppError('CHAT_BUSY');
    await repo.failOrphans(db, sessionId, new Date(now.getTime() - ORPHAN_MS));
    if ((await repo.streamingAnswers(db, sessionId)).length) throw new AppError('CHAT_BUSY');
    await limit(db, `avatar:${member.userId}`, MESSAGES_PER_MINUTE, now);

    const c = counsellorDef(session.avatarId)!;
    const earlier = await repo.sessionMessages(db, member.userId, sessionId);
    const usable = earlier.filter((m) => m.content && m.status !== 'failed' && m.status !== 'streaming');
    const history: HistoryTurn[] = usable
      .slice(-HISTORY_TURNS)
      .map((m) => ({ role: m.role as HistoryTurn['role'], content: m.content.slice(0, HISTORY_CHARS) }));
    const lastAnswer = usable.findLast((m) => m.role === 'assistant' && m.kind === 'answer');
    const avoid = lastAnswer?.meta?.choices as GuideChoices | undefined;
    const quoted = usable.flatMap((m) => {
      const passages = (m.meta?.choices as GuideChoices | undefined)?.passages;
      return Array.isArray(passages) ? passages : [];
    });
    const heard = await hear(this.deps, {
      message: input.content,
      firstName,
      fallbackLanguage: session.language as ChatLanguage,
      fixedLanguage: true,
      afterCrisis: usable.findLast((m) => m.role === 'assistant')?.kind === 'crisis',
      country: () => repo.memberCountry(db, member.userId),
      avoid,
      quoted,
    });

    const answerId = randomUUID();
    const crisis = heard.crisis;
    const [userMessage, answerRow] = await db.transaction((tx) =>
      repo.insertMessages(tx, [
        {
          sessionId,
          userId: member.userId,
          role: 'user',
          kind: 'message',
          content: input.content,
          status: 'done',
          via: input.via,
          createdAt: now,
        },
        {
          id: answerId,
          sessionId,
          userId: member.userId,
          role: 'assistant',
          kind: crisis !== null ? 'crisis' : 'answer',
          content: crisis ?? '',
          status: crisis !== null ? 'done' : 'streaming',
          meta: { language: heard.language },
          createdAt: new Date(now.getTime() + 1),
        },
      ]),
    );
    const live = new LiveReply(answerId, sessionId);
    live.emit({ type: 'start', userMessage: messageDto(userMessage!), assistantMessage: messageDto(answerRow!) });

    // Signs of crisis: the helpline answer, at once, whatever the persona.
    if (crisis !== null) {
      live.emit({ type: 'delta', text: crisis });
      live.emit({
        type: 'done',
        message: messageDto(answerRow!),
        session: await this.sessionNow(member.userId, sessionId),
      });
      return live;
    }

    await this.hearStops();
    this.live.add(live);
    const answer = reply(this.engine, {
      heard,
      firstName,
      message: input.content,
      history,
      avoid,
      persona: personaOf(c),
      maxOutputTokens: Math.min(ANSWER_TOKENS, this.deps.config.AI_MAX_OUTPUT_TOKENS),
      signal: live.controller.signal,
    });
    const failed: AvatarEvent = {
      type: 'error',
      code: 'CHAT_ENGINE_FAILED',
      message: translate(member.locale, 'errors:CHAT_ENGINE_FAILED'),
    };
    void (async () => {
      let content = '';
      let status: 'done' | 'stopped' | 'failed' = 'done';
      try {
        for await (const piece of answer.text) {
          content += piece;
          live.emit({ type: 'delta', text: piece });
        }
      } catch (err) {
        if (live.controller.signal.aborted) status = 'stopped';
        else {
          status = 'failed';
          this.log.warn({ err: loggableError(err), sessionId }, 'avatar answer failed');
        }
      }
      try {
        const citations = status === 'failed' ? [] : await citationsOf(this.deps, content, heard);
        if (citations.length) live.emit({ type: 'citations', citations });
        const saved = await repo.settleMessage(db, answerId, {
          content,
          status,
          citations,
          meta: {
            language: heard.language,
            themes: heard.themes,
            ...(answer.choices ? { choices: answer.choices } : {}),
          },
        });
        if (status === 'failed') live.emit(failed);
        live.emit({
          type: 'done',
          message: messageDto(saved ?? { ...answerRow!, content, status, citations }),
          session: await this.sessionNow(member.userId, sessionId),
        });
      } catch (err) {
        this.log.error({ err: loggableError(err), sessionId }, 'avatar answer could not be saved');
        live.emit(failed);
        live.emit({
          type: 'done',
          message: messageDto({ ...answerRow!, content, status: 'failed', citations: [] }),
          session: this.sessionDto(session, this.deps.clock.now()),
        });
      }
    })();
    return live;
  }

  private async sessionNow(userId: string, sessionId: string): Promise<AvatarSessionDto> {
    const row = await repo.findSession(this.deps.db, userId, sessionId);
    return this.sessionDto(row!, this.deps.clock.now());
  }

  /** The session's language, for speech (server speech only). Refused unless it runs. */
  async running(actor: Actor, sessionId: string): Promise<{ language: ChatLanguage; gender: 'female' | 'male' }> {
    const member = this.member(actor);
    const session = await repo.findSession(this.deps.db, member.userId, sessionId);
    if (!session) throw new AppError('NOT_FOUND');
    const now = this.deps.clock.now();
    if (session.endedAt || now >= session.endsAt) throw new AppError('AVATAR_SESSION_ENDED');
    if (this.speechMode() !== 'server') throw new AppError('AVATAR_SPEECH_UNAVAILABLE');
    // Each call costs at the speech endpoint: a member's calls are counted wherever they come from.
    await limit(this.deps.db, `avatar-speech:${member.userId}`, SPEECH_PER_MINUTE, now);
    return { language: session.language as ChatLanguage, gender: counsellorDef(session.avatarId)!.voice.gender };
  }
}

// ---------- Administration ----------

/** Every member's avatar usage (most sessions first), the totals, and the counsellors' numbers. */
export async function avatarAdmin(deps: Deps, actor: Actor): Promise<AvatarAdminDto> {
  requireAdmin(actor);
  const db = deps.db;
  const now = deps.clock.now();
  const [rows, totals, counsellorRows] = await Promise.all([
    repo.usageByMember(db, now, 100),
    repo.usageTotals(db, now),
    repo.counsellorRows(db),
  ]);
  const byId = new Map(counsellorRows.map((r) => [r.id, r]));
  return {
    totals: { ...statsDto(totals), members: totals.members },
    rows: rows.map((r) => ({
      userId: r.userId,
      email: r.email,
      name: `${r.firstName} ${r.lastName}`.trim(),
      ...statsDto(r),
    })),
    counsellors: COUNSELLORS.map((c) => {
      const row = byId.get(c.id);
      return {
        id: c.id,
        displayName: c.displayName,
        isPremium: c.isPremium,
        isAvailable: row?.isAvailable ?? true,
        sessionCount: row?.sessionCount ?? 0,
        rating: ratingOf(row),
      };
    }),
  };
}

/** An administrator makes a counsellor available, or not (sessions already running go on). */
export async function setAvatarAvailable(deps: Deps, actor: Actor, avatarId: AvatarId, isAvailable: boolean) {
  requireAdmin(actor);
  if (!(await repo.setAvailable(deps.db, avatarId, isAvailable, deps.clock.now()))) throw new AppError('NOT_FOUND');
}

/** The average rating, one decimal, or null before the first. */
function ratingOf(row: repo.CounsellorRow | undefined): number | null {
  return row?.ratingCount ? Math.round((row.ratingSum / row.ratingCount) * 10) / 10 : null;
}

function statsDto(r: repo.UsageRow): AvatarUsageStatsDto {
  return {
    total_sessions: r.totalSessions,
    total_duration_seconds: r.totalDurationSeconds,
    total_credits_used: r.totalCreditsUsed,
    average_session_duration: r.totalSessions ? Math.round(r.totalDurationSeconds / r.totalSessions) : 0,
    last_session_at: r.lastSessionAt ? iso(r.lastSessionAt) : null,
    current_week_sessions: r.weekSessions,
    current_week_credits: r.weekCredits,
  };
}

export function messageDto(r: repo.MessageRow): AvatarMessageDto {
  return {
    id: r.id,
    sessionId: r.sessionId,
    role: r.role as AvatarMessageDto['role'],
    kind: r.kind as AvatarMessageDto['kind'],
    content: r.content,
    status: r.status as AvatarMessageDto['status'],
    citations: r.citations,
    via: (r.via as AvatarMessageDto['via']) ?? null,
    createdAt: iso(r.createdAt),
  };
}
