import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildOptions } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import { createDatabase, type Database } from '../../src/db/client.ts';
import { startJobs } from '../../src/jobs/index.ts';
import { JobQueue, type JobQueueOptions } from '../../src/jobs/queue.ts';
import { ManualClock } from '../../src/lib/clock.ts';
import { quietLog } from './quiet-log.ts';

/** The web app's origin in tests (APP_URL's default); request() uses the app's own APP_URL. */
export const ORIGIN = 'http://localhost:3000';

function withDatabase(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}

export type TestRequestOptions = InjectOptions & { cookie?: string | null; locale?: string };

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  clock: ManualClock;
  config: Config;
  dbName: string;
  /** The URL of this test's own database. */
  databaseUrl: string;
  /** The app's job queue: a real pg-boss on this test's database, with the app's workers. */
  jobs: JobQueue;
  /**
   * A request from the browser app: same-origin headers (Origin = APP_URL, Sec-Fetch-Site),
   * optional cookie and x-locale. A header given as `undefined` is left out.
   */
  request(opts: TestRequestOptions): Promise<LightMyRequestResponse>;
  /**
   * Raw SQL on this test's database. bigint columns (credits, since decision 010) come back as
   * numbers, exactly as the app maps them; one past 2^53 stays a string, so no test compares a
   * rounded number.
   */
  query<R extends pg.QueryResultRow = Record<string, unknown>>(text: string, params?: unknown[]): Promise<R[]>;
  close(): Promise<void>;
}

export interface TestAppExtras extends Partial<Omit<BuildOptions, 'jobs'>> {
  /** Runs after the app is built and before it is ready: register test-only routes or hooks here. */
  beforeReady?: (app: FastifyInstance) => void | Promise<void>;
  /**
   * Another app on this one's database (a second server process, as in a cluster): its own pool,
   * event bus and memory; the database stays until its owner closes.
   */
  sameDatabaseAs?: TestApp;
  /** Options of the test's job queue (it never sends the cron schedules' jobs unless told). */
  jobs?: Partial<JobQueueOptions>;
  /** False: the app's queue runs none of the app's jobs (a test starts its own workers). */
  workers?: boolean;
}

export { quietLog };

/**
 * A started job queue on a test database, as a process of the app has one: without the cron
 * schedules and maintenance unless asked, and polling every second (jobs enqueued in the same
 * process wake their worker at once).
 */
export async function startTestQueue(url: string, opts: Partial<JobQueueOptions> = {}): Promise<JobQueue> {
  const jobs = new JobQueue({
    url,
    max: 3,
    schedule: false,
    supervise: false,
    pollingIntervalSeconds: 1,
    log: quietLog,
    ...opts,
  });
  await jobs.start();
  return jobs;
}

/**
 * The real app on its own database, cloned from the migrated template, with a manual clock.
 * Environment overrides go through the same config parser as production.
 */
export async function createTestApp(env: Record<string, string> = {}, extra: TestAppExtras = {}): Promise<TestApp> {
  const { beforeReady, jobs: jobOptions, workers = true, sameDatabaseAs, ...buildExtra } = extra;
  const base = inject('pgUrlTemplate');
  const dbName = sameDatabaseAs?.dbName ?? `candeia_t_${process.ppid}_${randomBytes(6).toString('hex')}`;
  if (!sameDatabaseAs) {
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    // Concurrent clones of one template are refused by PostgreSQL: retry briefly.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE "${dbName}" TEMPLATE "${inject('templateDb')}"`);
        break;
      } catch (err) {
        if (attempt > 40 || !/being accessed by other users/.test(String(err))) throw err;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
    await admin.end();
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    APP_URL: 'http://localhost:3000',
    // The guide writes its answers at once in tests (pacing is for people watching).
    AI_STREAM_PACE_MS: '0',
    ...env,
  } as NodeJS.ProcessEnv);
  const databaseUrl = withDatabase(base, dbName);
  const database = createDatabase(databaseUrl, 20);
  const clock = sameDatabaseAs?.clock ?? new ManualClock(new Date('2026-03-10T12:00:00Z'));
  const jobs = await startTestQueue(databaseUrl, jobOptions);
  const app = await buildApp({ config, db: database.db, jobs, clock, logger: false, ...buildExtra });
  await beforeReady?.(app);
  await app.ready();
  if (workers) await startJobs(jobs, app.deps, app.log);
  const origin = new URL(config.APP_URL).origin;
  const request: TestApp['request'] = (opts) => {
    const { cookie, locale, headers, ...rest } = opts;
    const method = (rest.method ?? 'GET').toUpperCase();
    const merged: Record<string, string | string[] | undefined> = {
      ...(method === 'GET' || method === 'HEAD' ? {} : { origin, 'sec-fetch-site': 'same-origin' }),
      ...(cookie ? { cookie } : {}),
      ...(locale ? { 'x-locale': locale } : {}),
      ...(headers as Record<string, string | string[] | undefined> | undefined),
    };
    for (const k of Object.keys(merged)) if (merged[k] === undefined) delete merged[k];
    return app.inject({ ...rest, headers: merged as Record<string, string | string[]> });
  };
  let closed = false;
  return {
    app,
    database,
    clock,
    config,
    dbName,
    databaseUrl,
    jobs,
    request,
    query: async <R extends pg.QueryResultRow>(text: string, params: unknown[] = []) =>
      (await database.pool.query<R>({ text, values: params, types: exactInt8 })).rows,
    close: async () => {
      if (closed) return;
      closed = true;
      await app.close();
      await jobs.stop(2000);
      await database.close();
      if (sameDatabaseAs) return;
      const a = new pg.Client({ connectionString: base });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
      await a.end();
    },
  };
}

/** int8 as a JS number when it is exact (a string otherwise); every other type as pg parses it. */
const exactInt8 = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === pg.types.builtins.INT8 && format !== 'binary')
      return (value: string) => (Number.isSafeInteger(Number(value)) ? Number(value) : value);
    return pg.types.getTypeParser(oid, format);
  }) as pg.CustomTypesConfig['getTypeParser'],
};

/** The session cookie from a response, as a Cookie header value. */
export function sessionCookie(res: LightMyRequestResponse): string | null {
  const c = res.cookies.find((x) => x.name === 'candeia_session');
  return c && c.value ? `candeia_session=${c.value}` : null;
}

/** The raw session token a response set (the cookie's value). */
export function sessionToken(res: LightMyRequestResponse): string | null {
  const c = res.cookies.find((x) => x.name === 'candeia_session');
  return c && c.value ? c.value : null;
}

export interface RouteInfo {
  method: string;
  /** The route pattern, e.g. /api/profile or /api/things/:id */
  url: string;
}

/**
 * Every route the app serves (HEAD twins left out), read from Fastify's own route tree
 * (`printRoutes({ commonPrefix: false })`): what a test walks to prove a rule for all routes.
 */
export function routeTable(app: FastifyInstance): RouteInfo[] {
  const text = app.printRoutes({ commonPrefix: false });
  const stack: string[] = [];
  const out: RouteInfo[] = [];
  for (const line of text.split('\n')) {
    const m = /^((?:│ {3}| {4})*)(?:├── |└── )(.*)$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    const label = /^(.*?)(?: \(([A-Z]+(?:, [A-Z]+)*)\))?(?: \{.*\})?$/.exec(m[2]!)!;
    stack.length = depth;
    stack.push(label[1]!);
    if (!label[2]) continue;
    for (const method of label[2].split(', ')) if (method !== 'HEAD') out.push({ method, url: stack.join('') });
  }
  return out;
}

/** A concrete URL for a route pattern: every parameter becomes `value`. */
export function concreteUrl(pattern: string, value: string): string {
  return pattern.replace(/:(\w+)/g, value).replace(/\*$/, 'x');
}
