import type { Locale } from '@candeia/shared/constants';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { EventBus } from './events/bus.ts';
import type { Clock } from './lib/clock.ts';
import type { DomainEvents } from './lib/domain-events.ts';
import type { Mailer } from './modules/mail/index.ts';
import type { ObjectStorage } from './lib/storage/index.ts';
import type { ReadCaches } from './lib/read-cache.ts';

/** What services need from the running app. */
export interface Deps {
  db: Db;
  clock: Clock;
  config: Config;
  mailer: Mailer;
  /** The job queue: `jobs.enqueue(name, payload)` for work done later, by any process (decision 014). */
  jobs: JobQueue;
  /** Events between the server processes (LISTEN/NOTIFY; decision 015). */
  events: EventBus;
  /** Domain events inside this process, in the emitter's transaction (lib/domain-events.ts). */
  domain: DomainEvents;
  /** Uploaded media: the local disk or an S3-compatible bucket (decision 019). */
  storage: ObjectStorage;
  /** Short-lived copies of sessions, plan access and feed pages (lib/read-cache.ts, decision 034). */
  caches: ReadCaches;
}

/** Who is calling, and from where: passed to every service. */
export interface Actor {
  userId: string | null;
  email: string | null;
  role: 'user' | 'counsellor' | 'admin' | null;
  sessionId: string | null;
  ip: string;
  userAgent: string | null;
  locale: Locale;
}

export type Access = 'public' | 'user' | 'admin';

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
  interface FastifyRequest {
    locale: Locale;
    auth: { userId: string; email: string; role: Actor['role']; sessionId: string; firstName: string } | null;
    sessionExpired: boolean;
    actor(): Actor;
  }
  interface FastifyContextConfig {
    /** Who may call the route; every /api route not marked 'public' needs a session. */
    access?: Access;
    /** False for routes that must not count as activity (the session check). */
    touch?: boolean;
    /** A per-IP limit for this route. */
    rateLimit?: { max: number; windowMs: number };
  }
}
