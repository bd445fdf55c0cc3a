import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db, DbOrTx } from '../db/client.ts';
import { loggableError } from '../lib/loggable-error.ts';
import type { Channel } from './channels.ts';

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
export const MAX_PAYLOAD_BYTES = 7999;

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface EventBusOptions {
  /** Where the listening connection goes (the pool's own settings). */
  connection: pg.ClientConfig;
  /** Notifications are sent through the app's pool (or a transaction: sent when it commits). */
  db: Db;
  log?: Log;
  /** The first wait before reconnecting; it doubles up to maxRetryMs. */
  retryMs?: number;
  maxRetryMs?: number;
  /** How often the listening connection is checked with a query. */
  pingMs?: number;
}

export interface SubscribeOptions {
  /**
   * Called after the listening connection came back: notifications sent while it was down are
   * lost, so whoever follows something reads it again.
   */
  resync?: () => void;
}

interface Subscriber {
  handler: (payload: unknown) => void;
  resync: (() => void) | undefined;
}

/**
 * Sends a note to every process listening to the channel, through `via` (a transaction: at its
 * commit). What EventBus.publish does, for code that holds a transaction and no bus.
 */
export async function publishNote<T>(via: DbOrTx, channel: Channel<T>, payload: T): Promise<void> {
  const text = JSON.stringify(channel.schema.parse(payload));
  if (Buffer.byteLength(text) > MAX_PAYLOAD_BYTES)
    throw new Error(`event payload too large for ${channel.name}: keep data in a table`);
  await via.execute(sql`SELECT pg_notify(${channel.name}, ${text})`);
}

/**
 * Events between the server processes over PostgreSQL LISTEN/NOTIFY (decision 015). Each process
 * has one bus: one dedicated connection LISTENs to the channels someone in the process subscribed
 * to (opened on the first subscription, reopened when it drops), and fans each notification out
 * to the subscribers. publish() is a `pg_notify` through the pool, so every process listening to
 * the channel, this one included, receives it. Payloads are small notes; data stays in tables.
 */
export class EventBus {
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  /** LISTEN commands sent on the current connection, by channel. */
  private listening = new Map<string, Promise<void>>();
  private readonly subscribers = new Map<string, Set<Subscriber>>();
  private readonly schemas = new Map<string, Channel<unknown>['schema']>();
  private retryTimer: NodeJS.Timeout | null = null;
  private pingTimer: NodeJS.Timeout | null = null;
  private failures = 0;
  private closed = false;
  private readonly retryMs: number;
  private readonly maxRetryMs: number;
  private readonly pingMs: number;

  constructor(private readonly opts: EventBusOptions) {
    this.retryMs = opts.retryMs ?? 250;
    this.maxRetryMs = opts.maxRetryMs ?? 5000;
    this.pingMs = opts.pingMs ?? 30_000;
  }

  /** Whether the listening connection is open. */
  get connected(): boolean {
    return this.client !== null;
  }

  /** Sends a note to every process listening to the channel (through `via`: at its commit). */
  async publish<T>(channel: Channel<T>, payload: T, via: DbOrTx = this.opts.db): Promise<void> {
    await publishNote(via, channel, payload);
  }

  /**
   * Calls `handler` with each note on the channel from now on. Resolves once the channel is
   * listened to (so a note published after that arrives); rejects when the database cannot be
   * reached. The returned function unsubscribes.
   */
  async subscribe<T>(
    channel: Channel<T>,
    handler: (payload: T) => void,
    opts: SubscribeOptions = {},
  ): Promise<() => void> {
    if (this.closed) throw new Error('the event bus is closed');
    const name = channel.name;
    const subscriber: Subscriber = { handler: handler as (payload: unknown) => void, resync: opts.resync };
    let set = this.subscribers.get(name);
    if (!set) this.subscribers.set(name, (set = new Set()));
    set.add(subscriber);
    this.schemas.set(name, channel.schema as Channel<unknown>['schema']);
    const unsubscribe = () => this.unsubscribe(name, subscriber);
    try {
      const client = await this.connection();
      await this.listen(client, name);
    } catch (err) {
      unsubscribe();
      throw err;
    }
    return unsubscribe;
  }

  /** Stops listening and closes the connection; publish() still works (it uses the pool). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.stopPing();
    this.subscribers.clear();
    const client = this.client ?? (await this.connecting?.catch(() => null));
    this.client = null;
    await client?.end().catch(() => {});
  }

  private unsubscribe(name: string, subscriber: Subscriber): void {
    const set = this.subscribers.get(name);
    if (!set?.delete(subscriber) || set.size > 0) return;
    this.subscribers.delete(name);
    this.schemas.delete(name);
    if (this.client && this.listening.delete(name))
      this.client.query(`UNLISTEN ${this.client.escapeIdentifier(name)}`).catch(() => {});
  }

  private listen(client: pg.Client, name: string): Promise<void> {
    let listened = this.listening.get(name);
    if (!listened) {
      listened = client.query(`LISTEN ${client.escapeIdentifier(name)}`).then(() => {});
      this.listening.set(name, listened);
      listened.catch(() => {
        if (this.listening.get(name) === listened) this.listening.delete(name);
      });
    }
    return listened;
  }

  private connection(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    return (this.connecting ??= this.open().finally(() => (this.connecting = null)));
  }

  private async open(): Promise<pg.Client> {
    const client = new pg.Client({ ...this.opts.connection, keepAlive: true });
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client));
    client.on('notification', (msg) => this.deliver(msg.channel, msg.payload));
    try {
      await client.connect();
    } catch (err) {
      client.end().catch(() => {});
      throw err;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      throw new Error('the event bus is closed');
    }
    this.client = client;
    this.listening = new Map();
    // After a reconnect: every channel someone still follows.
    await Promise.all([...this.subscribers.keys()].map((name) => this.listen(client, name)));
    this.startPing(client);
    return client;
  }

  private deliver(name: string, payload: string | undefined): void {
    const set = this.subscribers.get(name);
    const schema = this.schemas.get(name);
    if (!set || !schema) return;
    let parsed: unknown;
    try {
      parsed = schema.parse(JSON.parse(payload ?? ''));
    } catch (err) {
      this.opts.log?.warn({ err: loggableError(err), channel: name }, 'event payload refused');
      return;
    }
    for (const s of [...set]) {
      try {
        s.handler(parsed);
      } catch (err) {
        this.opts.log?.warn({ err: loggableError(err), channel: name }, 'event handler failed');
      }
    }
  }

  /** The listening connection ended or failed: reconnect (while anyone listens). */
  private lost(client: pg.Client, err?: Error): void {
    if (this.client !== client) return;
    this.client = null;
    this.listening = new Map();
    this.stopPing();
    client.end().catch(() => {});
    if (this.closed) return;
    this.opts.log?.warn({ err: err ? loggableError(err) : undefined }, 'event bus connection lost');
    if (this.subscribers.size > 0) this.reconnectLater();
  }

  private reconnectLater(): void {
    if (this.retryTimer || this.closed) return;
    const delay = Math.min(this.maxRetryMs, this.retryMs * 2 ** this.failures);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.closed || this.subscribers.size === 0) return;
      this.connection().then(
        () => {
          this.failures = 0;
          this.opts.log?.info({}, 'event bus reconnected');
          for (const set of this.subscribers.values()) for (const s of [...set]) s.resync?.();
        },
        (e: unknown) => {
          this.failures += 1;
          this.opts.log?.warn({ err: loggableError(e) }, 'event bus could not reconnect');
          this.reconnectLater();
        },
      );
    }, delay);
    this.retryTimer.unref();
  }

  private startPing(client: pg.Client): void {
    this.stopPing();
    this.pingTimer = setInterval(() => {
      client.query('SELECT 1').catch((err: Error) => this.lost(client, err));
    }, this.pingMs);
    this.pingTimer.unref();
  }

  private stopPing(): void {
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = null;
  }
}

/** A bus listening through the same server as the app's pool. */
export function busFor(db: Db, log?: Log): EventBus {
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  const { connectionString, host, port, user, password, database, ssl, connectionTimeoutMillis } = pool.options;
  return new EventBus({
    connection: {
      connectionString,
      host,
      port,
      user,
      password,
      database,
      ssl,
      connectionTimeoutMillis,
      // Its connection is easy to tell apart in pg_stat_activity.
      application_name: 'candeia-events',
    },
    db,
    ...(log ? { log } : {}),
  });
}
