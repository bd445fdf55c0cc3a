import PgBoss from 'pg-boss';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { loggableError } from '../lib/loggable-error.ts';

/**
 * Every job the app knows and what its payload holds (decision 014). Background work of a new
 * feature (media processing, reminders…) starts here: add its name and payload, define it in the
 * module that owns the work (`defineJob`, see modules/mail/jobs.ts) and list it in jobs/index.ts;
 * then `deps.jobs.enqueue(name, payload)` from any service. Tests may add names of their own by
 * declaration merging.
 */
export interface JobPayloads {
  /** Sends one mail of the outbox through SMTP; the id is the outbox row's (modules/mail). */
  'mail-send': { mailId: string };
  /** The dead letter of mail-send: a mail whose last attempt failed or never finished. */
  'mail-failed': { mailId: string };
  /** Every minute: local provider renewals, ended trials, stale credit holds (modules/billing). */
  'billing-housekeeping': Record<string, never>;
  /** Every hour: spent sessions, login attempts, reset and verification tokens (modules/maintenance). */
  'maintenance-purge': Record<string, never>;
  'rate-limit-sweep': Record<string, never>;
  /** Every hour: uploads left unposted for a day, with their files (modules/media). */
  'media-sweep': Record<string, never>;
  /** Transcodes one uploaded video to MP4 with a poster; the id is the media row's (modules/media). */
  'media-video': { mediaId: string };
  /**
   * A booking's mail to both sides, once per booking version and event: confirmed, moved,
   * cancelled (at once), and the reminders 24 h and 1 h before (started then) (modules/consultations).
   */
  /** Every hour: a day-old rooms' signalling rows (modules/consultations). */
  'consultation-sweep': Record<string, never>;
  'consultation-notice': {
    consultationId: string;
    event: 'booked' | 'moved' | 'cancelled' | 'reminder-24h' | 'reminder-1h';
    version: number;
  };
  /** Builds one member's data export (zip in storage, mailed link); the id is the export's (modules/account). */
  'account-export': { exportId: string };
  /** Erases a deleted account's data, keeping the ledger anonymised (modules/account). */
  'account-erase': { userId: string };
  /** Every hour: exports past their 7 days, with their files (modules/account). */
  'account-export-sweep': Record<string, never>;
  /** Pushes a notification to the member's devices; the id is the delivery's (modules/notifications). */
  'notification-push': { deliveryId: string };
  /** Mails a notification to the member; the id is the delivery's (modules/notifications). */
  'notification-email': { deliveryId: string };
  /** Every minute: deliveries whose jobs were not queued get them; month-old ones go (modules/notifications). */
  'notification-sweep': Record<string, never>;
  /** Installs or re-imports one sacred text for the administration; the id is the run's (modules/scripture). */
  'content-install': { runId: string };
}

export type JobName = keyof JobPayloads;

/** Where an attempt of a job stands. */
export interface JobContext {
  id: string;
  /** 1 for the first attempt. */
  attempt: number;
  /** No retry follows if this attempt fails. */
  lastAttempt: boolean;
}

/** How a queue treats its jobs (pg-boss queue options). */
export interface QueueSettings {
  /**
   * 'standard': any number waiting and running. 'stately': at most one waiting and one running
   * (a periodic job that is still running is not stacked up).
   */
  policy?: 'standard' | 'stately';
  /** Retries after the first attempt. */
  retryLimit?: number;
  /** Seconds before the first retry; with retryBackoff each retry waits about twice the last. */
  retryDelay?: number;
  retryBackoff?: boolean;
  /** An attempt running longer than this is given up (its worker is presumed dead) and retried. */
  expireInSeconds?: number;
  /** Where a job goes once its last attempt failed. */
  deadLetter?: JobName;
}

export interface JobDefinition<N extends JobName> {
  name: N;
  queue?: QueueSettings;
  /**
   * A cron expression (UTC, minute resolution): the job is sent once per matching minute however
   * many processes run the schedules, and run by one of them.
   */
  cron?: string;
  /** Jobs fetched at once by this process (each settles on its own). */
  batchSize?: number;
  /** How often an idle worker looks for jobs; it is woken at once for jobs this process enqueues. */
  pollingIntervalSeconds?: number;
  /** Does the work; throwing fails this attempt (retried if retries are left). */
  handle(payload: JobPayloads[N], job: JobContext): Promise<void>;
}

export type AnyJobDefinition = { [N in JobName]: JobDefinition<N> }[JobName];

/** Keeps a definition's payload type tied to its name. */
export function defineJob<N extends JobName>(def: JobDefinition<N>): JobDefinition<N> {
  return def;
}

export interface EnqueueOptions {
  /** Enqueue inside this transaction: the job exists only if it commits. */
  tx?: DbOrTx;
  /** The job's id (a uuid); a second job with the same id is not created. */
  id?: string;
  /** Not before this time. */
  startAfter?: Date;
  /** With singletonSeconds: one job per key in each window of that many seconds. */
  singletonKey?: string;
  singletonSeconds?: number;
}

interface Log {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface JobQueueOptions {
  /** The app's database: pg-boss keeps its tables in the `pgboss` schema there. */
  url: string;
  /** Connections of the queue's own pool. */
  max?: number;
  /** Send the cron schedules' jobs from this process (any number of processes may). */
  schedule?: boolean;
  /** Maintenance in this process: expire attempts whose worker died, archive finished jobs. */
  supervise?: boolean;
  /** How often idle workers poll by default (seconds, at least 0.5). */
  pollingIntervalSeconds?: number;
  /** How often this process checks the schedules and sends what is due (seconds). */
  cronMonitorIntervalSeconds?: number;
  cronWorkerIntervalSeconds?: number;
  log?: Log;
}

/** Runs SQL of pg-boss through a Drizzle database or transaction (so a job joins its transaction). */
function executorOf(db: DbOrTx): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const chunks: SQL[] = [];
      let last = 0;
      for (const m of text.matchAll(/\$(\d+)/g)) {
        chunks.push(sql.raw(text.slice(last, m.index)), sql`${sql.param(values[Number(m[1]) - 1])}`);
        last = m.index + m[0].length;
      }
      chunks.push(sql.raw(text.slice(last)));
      const result = await db.execute(sql.join(chunks));
      return { rows: result.rows };
    },
  };
}

const SCHEMA = 'pgboss';

/**
 * The job queue: pg-boss on the app's own PostgreSQL (decision 014). One per process; `start`
 * installs or upgrades its schema, `register` creates the queues, workers and schedules of the
 * given definitions, `stop` lets running jobs finish briefly before the pool closes.
 */
export class JobQueue {
  private boss: PgBoss;
  private log: Log;
  private workers = new Map<JobName, string[]>();
  private started = false;

  constructor(private opts: JobQueueOptions) {
    this.log = opts.log ?? {
      warn: (obj, msg) => console.warn(msg, obj),
      error: (obj, msg) => console.error(msg, obj),
    };
    this.boss = new PgBoss({
      connectionString: opts.url,
      schema: SCHEMA,
      application_name: 'candeia-jobs',
      max: opts.max ?? 4,
      schedule: opts.schedule ?? true,
      supervise: opts.supervise ?? true,
      migrate: true,
      pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2,
      cronMonitorIntervalSeconds: opts.cronMonitorIntervalSeconds ?? 30,
      cronWorkerIntervalSeconds: opts.cronWorkerIntervalSeconds ?? 5,
    });
    // An error event without a listener would end the process. An idle connection ended by a
    // database that is shutting down (Ctrl-C reaches the embedded one too) is no failure: the
    // pool opens another when needed. Errors of a worker name its queue.
    this.boss.on('error', (err) => {
      const e = err as Error & { code?: string; queue?: string };
      if (e.code === '57P01' && !e.queue) return;
      const error = err instanceof Error ? loggableError(err) : { message: String(e.message), code: e.code };
      this.log.warn({ error, ...(e.queue ? { job: e.queue } : {}) }, 'job queue error');
    });
  }

  /** Logs through the app's logger from now on. */
  useLogger(log: Log): void {
    this.log = log;
  }

  async start(): Promise<void> {
    await this.boss.start();
    this.started = true;
  }

  /** Creates (or updates) each definition's queue and schedule, and starts its worker here. */
  async register(defs: AnyJobDefinition[]): Promise<void> {
    const deadLetters = new Set(defs.map((d) => d.queue?.deadLetter).filter(Boolean));
    // A dead-letter queue must exist before the queue that names it.
    const ordered = [...defs].sort((a, b) => Number(deadLetters.has(b.name)) - Number(deadLetters.has(a.name)));
    for (const def of ordered) {
      const settings = { name: def.name, policy: 'standard' as const, ...def.queue };
      await this.boss.createQueue(def.name, settings);
      await this.boss.updateQueue(def.name, settings);
      if (def.cron) await this.boss.schedule(def.name, def.cron, {}, { tz: 'UTC' });
      else await this.boss.unschedule(def.name);
      await this.work(def as JobDefinition<JobName>);
    }
  }

  private async work<N extends JobName>(def: JobDefinition<N>): Promise<void> {
    const id = await this.boss.work<JobPayloads[N]>(
      def.name,
      {
        includeMetadata: true,
        batchSize: def.batchSize ?? 1,
        ...(def.pollingIntervalSeconds ? { pollingIntervalSeconds: def.pollingIntervalSeconds } : {}),
      },
      async (jobs) => {
        // Each job settles on its own: a failed one is failed here (retried later), and pg-boss
        // completes the rest when this returns.
        await Promise.all(
          jobs.map(async (job) => {
            try {
              await def.handle(job.data, {
                id: job.id,
                attempt: job.retryCount + 1,
                lastAttempt: job.retryCount >= job.retryLimit,
              });
            } catch (err) {
              const error = loggableError(err);
              this.log.warn({ job: def.name, jobId: job.id, attempt: job.retryCount + 1, error }, 'job failed');
              await this.boss.fail(def.name, job.id, { message: error.message });
            }
          }),
        );
      },
    );
    this.workers.set(def.name, [...(this.workers.get(def.name) ?? []), id]);
  }

  /**
   * Adds a job. With `tx` it is written in that transaction (call `wake` after the commit to
   * start it at once here); otherwise a worker of this process is woken at once. Returns the
   * job's id, or null when an equal job already exists (same id, or same singleton window).
   */
  async enqueue<N extends JobName>(
    name: N,
    payload: JobPayloads[N],
    options: EnqueueOptions = {},
  ): Promise<string | null> {
    const { tx, ...rest } = options;
    const id = await this.boss.send(name, payload, { ...rest, ...(tx ? { db: executorOf(tx) } : {}) });
    if (!tx) this.wake(name);
    return id;
  }

  /** Makes this process's workers of a queue look for jobs now instead of at their next poll. */
  wake(name: JobName): void {
    for (const id of this.workers.get(name) ?? []) this.boss.notifyWorker(id);
  }

  /**
   * When the given jobs, still waiting, will next be tried (a failed attempt waits for its retry).
   * Jobs finished or unknown are left out.
   */
  async nextRuns(name: JobName, ids: string[]): Promise<Map<string, Date>> {
    if (ids.length === 0) return new Map();
    const { rows } = await this.boss
      .getDb()
      .executeSql(
        `SELECT id, start_after FROM ${SCHEMA}.job WHERE name = $1 AND id = ANY($2::uuid[]) AND state IN ('created', 'retry')`,
        [name, ids],
      );
    return new Map(rows.map((r: { id: string; start_after: Date }) => [r.id, new Date(r.start_after)]));
  }

  /**
   * Resolves once no job of the queue is running or due (jobs waiting for a later retry do not
   * count): what tests wait for.
   */
  async settle(name: JobName, timeoutMs = 15_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { rows } = await this.boss.getDb().executeSql(
        `SELECT count(*)::int AS n FROM ${SCHEMA}.job
          WHERE name = $1 AND (state = 'active' OR (state IN ('created', 'retry') AND start_after <= now()))`,
        [name],
      );
      if (rows[0].n === 0) return;
      if (Date.now() > deadline) throw new Error(`jobs of ${name} still pending after ${timeoutMs} ms`);
      this.wake(name);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /**
   * Stops fetching, waits up to `timeoutMs` for running jobs (one still running then is failed
   * and retried later, by any process) and closes the queue's pool.
   */
  async stop(timeoutMs = 10_000): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, wait: true, close: true, timeout: timeoutMs });
  }
}
