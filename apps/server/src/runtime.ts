import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { seedsDemo, type Config } from './config.ts';
import { createDatabase, type Database } from './db/client.ts';
import { startEmbeddedPostgres, type EmbeddedHandle } from './db/embedded.ts';
import { runMigrations } from './db/migrate.ts';
import { grantAdmins, seedDemo } from './db/seed-demo.ts';
import { startJobs } from './jobs/index.ts';
import { JobQueue } from './jobs/queue.ts';
import { seedPlans } from './modules/billing/index.ts';
import { importInBackground } from './modules/scripture/index.ts';

export interface Running {
  app: FastifyInstance;
  url: string;
  stop(): Promise<void>;
  /** Stops the embedded PostgreSQL without waiting (for a forced exit); nothing else. */
  forceStop(): void;
  /** The start-up import of sacred texts (background); settles when it is done or stopped. */
  contentImport: Promise<void>;
}

/** How long a stopping server waits for running jobs. */
const JOBS_STOP_MS = 5_000;

const here = dirname(fileURLToPath(import.meta.url));
export const DEFAULT_WEB_DIST = resolve(here, '../../web/dist');

/** Whether HOST only accepts connections from this machine. */
export function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127\./.test(h) || /^::ffff:127\./.test(h);
}

/**
 * What an operator should know about HOST and APP_URL before anyone signs in: listening beyond
 * this machine over plain http, or with an APP_URL that other machines cannot be (the same-origin
 * check refuses any other Origin, decision 001).
 */
export function exposureWarnings(config: Pick<Config, 'HOST' | 'APP_URL'>): string[] {
  if (isLoopbackHost(config.HOST)) return [];
  const appUrl = new URL(config.APP_URL);
  const warnings: string[] = [];
  if (appUrl.protocol === 'http:')
    warnings.push(
      `Warning: HOST=${config.HOST} accepts other machines, but APP_URL (${appUrl.origin}) is plain http: ` +
        'passwords and session cookies cross the network unencrypted, and cookies are not Secure. ' +
        'Serve Candeia over HTTPS (e.g. behind a reverse proxy) with APP_URL=https://…, or keep HOST=127.0.0.1.',
    );
  if (isLoopbackHost(appUrl.hostname))
    warnings.push(
      `Warning: APP_URL (${appUrl.origin}) names this machine only: browsers on other machines open another ` +
        'address and their sign-in is refused. Set APP_URL to the address they open (e.g. http://192.168.1.20:3000).',
    );
  return warnings;
}

/** Prepares a database: migrations, the plan catalogue, admins, and demo data when asked. */
export async function prepareDatabase(database: Database, config: Config, seedDemoData: boolean) {
  await runMigrations(database.db);
  await seedPlans(database.db);
  if (seedDemoData) await seedDemo(database.db, new Date());
  // Only a verified address becomes an administrator (decision 011).
  await grantAdmins(database.db, config.ADMIN_EMAILS);
}

/** Starts everything: database (embedded unless DATABASE_URL), migrations, app, listener. */
export async function start(config: Config, log: (msg: string) => void = console.log): Promise<Running> {
  let embedded: EmbeddedHandle | null = null;
  let url = config.DATABASE_URL;
  if (!url) {
    embedded = await startEmbeddedPostgres({ dataDir: config.DATA_DIR, port: config.EMBEDDED_PG_PORT, log });
    url = embedded.url;
    log(`Embedded PostgreSQL running (data in ${embedded.dataDir})`);
  }
  const database = createDatabase(url, 20);
  // The job queue lives in the same database (schema pgboss, decision 014); until the app's
  // logger exists its errors go to the start-up log.
  const jobs = new JobQueue({
    url,
    log: {
      warn: (obj, msg) => log(`${msg} ${JSON.stringify(obj)}`),
      error: (obj, msg) => log(`${msg} ${JSON.stringify(obj)}`),
    },
  });
  const stopAll = async () => {
    await jobs.stop(JOBS_STOP_MS);
    await database.close();
    await embedded?.stop();
  };
  let app: FastifyInstance | null = null;
  try {
    await prepareDatabase(database, config, seedsDemo(config));
    await jobs.start();
    const webDist = config.WEB_DIST || (config.NODE_ENV === 'production' ? DEFAULT_WEB_DIST : null);
    app = await buildApp({ config, db: database.db, jobs, webDist });
    await app.listen({ host: config.HOST, port: config.PORT });
    // Periodic work and mail run as jobs: this process works on them and sends the schedules'
    // jobs (billing housekeeping every minute, the purge every hour), each run once however many
    // processes there are. The purge also runs at start-up (at most once an hour).
    await startJobs(jobs, app.deps, app.log);
  } catch (err) {
    await app?.close().catch(() => {});
    await stopAll().catch(() => {});
    throw err;
  }
  for (const warning of exposureWarnings(config)) log(warning);
  void jobs
    .enqueue('maintenance-purge', {}, { singletonKey: 'start-up', singletonSeconds: 60 * 60 })
    .catch((err: unknown) => app.log.warn({ err: String(err) }, 'purge not queued'));
  // Sacred texts (kjv, SWORD modules, mirror packs) not yet in the database are imported in the
  // background, after the listener is up: `npm start` answers at once and each text appears when
  // its transaction commits. Progress goes to the start-up log.
  const contentAbort = new AbortController();
  const contentImport = config.CONTENT_AUTO_IMPORT
    ? importInBackground(
        { db: database.db, config },
        { log: (m) => log(`[content] ${m}`), signal: contentAbort.signal },
      )
    : Promise.resolve();
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : config.PORT;
  let stopping: Promise<void> | null = null;
  const stop = () =>
    (stopping ??= (async () => {
      // In-flight requests finish (new ones get 503); running jobs get a few seconds (one still
      // running then is retried later, here or by another process); then the pool and the
      // database close.
      contentAbort.abort();
      await contentImport;
      await app.close();
      await stopAll();
    })());
  const forceStop = () => embedded?.signalStop();
  return {
    app,
    url: `http://${['0.0.0.0', '127.0.0.1', '::', '::1'].includes(config.HOST) ? 'localhost' : config.HOST}:${port}`,
    stop,
    forceStop,
    contentImport,
  };
}
