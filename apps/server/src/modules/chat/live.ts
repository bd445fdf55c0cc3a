import type { ChatEvent, ChatMessageDto, CitationDto } from '@candeia/shared/schemas/chat';

type Listener = (event: ChatEvent) => void;

/**
 * An answer being written, held in memory while it streams. The engine's pieces go to every
 * listener (the request that asked for it, and any that re-attached after a reload); the text so
 * far is kept, so a late listener first gets all of it in one piece. The answer goes on when a
 * listener leaves: only stop() (or the server closing) ends it early.
 */
export class LiveAnswer {
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

  inConversation(conversationId: string): LiveAnswer | undefined {
    for (const a of this.byId.values()) if (a.conversationId === conversationId) return a;
    return undefined;
  }

  all(): LiveAnswer[] {
    return [...this.byId.values()];
  }
}
