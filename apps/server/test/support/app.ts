import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildOptions } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import { createDatabase, type Database } from '../../src/db/client.ts';
import { ManualClock } from '../../src/lib/clock.ts';

export const ORIGIN = 'http://localhost:80';

function withDatabase(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  clock: ManualClock;
  config: Config;
  dbName: string;
  /** A request from the browser app: same-origin headers, JSON body, optional cookie. */
  request(opts: InjectOptions & { cookie?: string | null; locale?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * The real app on its own database, cloned from the migrated template, with a manual clock.
 * Environment overrides go through the same config parser as production.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  extra: Partial<BuildOptions> = {},
): Promise<TestApp> {
  const base = inject('pgUrlTemplate');
  const dbName = `candeia_t_${process.ppid}_${randomBytes(6).toString('hex')}`;
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
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    APP_URL: 'http://localhost:3000',
    ...env,
  } as NodeJS.ProcessEnv);
  const database = createDatabase(withDatabase(base, dbName), 20);
  const clock = new ManualClock(new Date('2026-03-10T12:00:00Z'));
  const app = await buildApp({ config, db: database.db, clock, logger: false, ...extra });
  await app.ready();
  const request: TestApp['request'] = (opts) => {
    const { cookie, locale, headers, ...rest } = opts;
    const method = (rest.method ?? 'GET').toUpperCase();
    return app.inject({
      ...rest,
      headers: {
        ...(method === 'GET' || method === 'HEAD' ? {} : { origin: ORIGIN, 'sec-fetch-site': 'same-origin' }),
        ...(cookie ? { cookie } : {}),
        ...(locale ? { 'x-locale': locale } : {}),
        ...headers,
      },
    });
  };
  return {
    app,
    database,
    clock,
    config,
    dbName,
    request,
    close: async () => {
      await app.close();
      await database.close();
      const a = new pg.Client({ connectionString: base });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
      await a.end();
    },
  };
}

/** The session cookie from a response, as a Cookie header value. */
export function sessionCookie(res: LightMyRequestResponse): string | null {
  const c = res.cookies.find((x) => x.name === 'candeia_session');
  return c && c.value ? `candeia_session=${c.value}` : null;
}
