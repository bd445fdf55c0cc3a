import type { AvatarEvent } from '@candeia/shared/schemas/avatar';

export type AvatarListener = (event: AvatarEvent) => void;

/**
 * A counsellor's answer being written, held in memory by the process writing it: its events go
 * to the request that asked for it. The answer goes on when that request leaves (the transcript
 * is saved whole); only a stop, the session's end or the server closing ends it early.
 */
export class LiveReply {
  readonly controller = new AbortController();
  readonly finished: Promise<void>;
  private finish!: () => void;
  private readonly queue: AvatarEvent[] = [];
  private listener: AvatarListener | null = null;
  private ended = false;

  constructor(
    readonly messageId: string,
    readonly sessionId: string,
  ) {
    this.finished = new Promise((r) => (this.finish = r));
  }

  emit(event: AvatarEvent): void {
    if (this.ended) return;
    if (this.listener) this.listener(event);
    else this.queue.push(event);
    if (event.type === 'done') {
      this.ended = true;
      this.listener = null;
      this.finish();
    }
  }

  /** Listens from now on, after what was emitted before. Returns the way out. */
  attach(listener: AvatarListener): () => void {
    for (const e of this.queue.splice(0)) listener(e);
    if (this.ended) return () => {};
    this.listener = listener;
    return () => {
      if (this.listener === listener) this.listener = null;
    };
  }
}

/** The answers this process is writing, by session (one at a time in a session). */
export class LiveReplies {
  private readonly bySession = new Map<string, LiveReply>();

  add(reply: LiveReply): void {
    this.bySession.set(reply.sessionId, reply);
    void reply.finished.then(() => {
      if (this.bySession.get(reply.sessionId) === reply) this.bySession.delete(reply.sessionId);
    });
  }

  inSession(sessionId: string): LiveReply | undefined {
    return this.bySession.get(sessionId);
  }

  all(): LiveReply[] {
    return [...this.bySession.values()];
  }
}
