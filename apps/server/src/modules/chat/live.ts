import type { ChatEvent, ChatMessageDto, CitationDto } from '@candeia/shared/schemas/chat';

export type Listener = (event: ChatEvent) => void;

/**
 * What an answer's stream reads from: the events until `done`. `onEnd` is called when the
 * stream must end without its `done` (the browser then reads the conversation again).
 */
export interface AnswerFeed {
  attach(listener: Listener, catchUp: boolean, onEnd: () => void): () => void;
}

/**
 * An answer being written, held in memory while it streams. The engine's pieces go to every
 * listener (the request that asked for it, and any that re-attached after a reload); the text so
 * far is kept, so a late listener first gets all of it in one piece. The answer goes on when a
 * listener leaves: only stop() (or the server closing) ends it early.
 */
export class LiveAnswer implements AnswerFeed {
  content = '';
  citations: CitationDto[] = [];
  final: { message: ChatMessageDto; balance: number } | null = null;
  readonly controller = new AbortController();
  readonly finished: Promise<void>;
  private finish!: () => void;
  private readonly listeners = new Set<Listener>();

  constructor(
    readonly messageId: string,
    readonly userId: string,
    readonly conversationId: string,
  ) {
    this.finished = new Promise((r) => (this.finish = r));
  }

  emit(event: ChatEvent): void {
    if (event.type === 'delta') this.content += event.text;
    else if (event.type === 'citations') this.citations = event.citations;
    else if (event.type === 'done') this.final = { message: event.message, balance: event.balance };
    for (const l of this.listeners) l(event);
    if (event.type === 'done') {
      this.listeners.clear();
      this.finish();
    }
  }

  /** Listens from now on, after a catch-up of what was written so far. Returns the way out. */
  attach(listener: Listener, catchUp: boolean): () => void {
    if (catchUp) {
      if (this.content) listener({ type: 'delta', text: this.content });
      if (this.citations.length) listener({ type: 'citations', citations: this.citations });
    }
    if (this.final) {
      listener({ type: 'done', ...this.final });
      return () => {};
    }
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** The answers being written by this process, by message id. */
export class LiveAnswers {
  private readonly byId = new Map<string, LiveAnswer>();

  add(answer: LiveAnswer): void {
    this.byId.set(answer.messageId, answer);
    void answer.finished.then(() => this.byId.delete(answer.messageId));
  }

  /** The user's own answer in progress, or undefined. */
  get(userId: string, messageId: string): LiveAnswer | undefined {
    const a = this.byId.get(messageId);
    return a && a.userId === userId ? a : undefined;
  }

  has(messageId: string): boolean {
    return this.byId.has(messageId);
  }

  /** Any answer in progress by id (a stop asked for through another process, which checked the owner). */
  byMessageId(messageId: string): LiveAnswer | undefined {
    return this.byId.get(messageId);
  }

  inConversation(conversationId: string): LiveAnswer | undefined {
    for (const a of this.byId.values()) if (a.conversationId === conversationId) return a;
    return undefined;
  }

  all(): LiveAnswer[] {
    return [...this.byId.values()];
  }
}

/**
 * An answer another process is writing, followed through the database: `follow` reads what is
 * saved, then each piece as its writer notes it on the event bus, until the answer is settled.
 * Each re-attached stream has its own; it stops following when the stream closes.
 */
export class FollowedAnswer implements AnswerFeed {
  constructor(private readonly follow: (emit: Listener, signal: AbortSignal) => Promise<'done' | 'ended'>) {}

  attach(listener: Listener, _catchUp: boolean, onEnd: () => void): () => void {
    const controller = new AbortController();
    void this.follow(listener, controller.signal).then(
      (how) => {
        if (how === 'ended') onEnd();
      },
      () => onEnd(),
    );
    return () => controller.abort();
  }
}
