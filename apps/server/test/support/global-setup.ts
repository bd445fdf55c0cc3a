import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../../src/db/client.ts';
import { startEmbeddedPostgres, type EmbeddedHandle } from '../../src/db/embedded.ts';
import { runMigrations } from '../../src/db/migrate.ts';
import { JobQueue } from '../../src/jobs/queue.ts';
import { seedPlans } from '../../src/modules/billing/seed.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A URL to the test server's maintenance database; {db} is replaced by a database name. */
    pgUrlTemplate: string;
    templateDb: string;
  }
}

function withDatabase(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}

/**
 * One PostgreSQL for the whole run: TEST_DATABASE_URL when set (CI uses the machine's
 * server), otherwise an embedded one in a temporary folder. A template database is
 * migrated once; each test file clones it (CREATE DATABASE … TEMPLATE).
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedHandle | null = null;
  let dir: string | null = null;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    dir = mkdtempSync(join(tmpdir(), 'candeia-test-pg-'));
    embedded = await startEmbeddedPostgres({ dataDir: dir, database: 'postgres' });
    adminUrl = embedded.url;
  }
  const templateDb = `candeia_tpl_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${templateDb}"`);
  const tpl = createDatabase(withDatabase(adminUrl, templateDb), 2);
  await runMigrations(tpl.db);
  await seedPlans(tpl.db);
  await tpl.close();
  // The job queue's schema (pgboss) too, so each test's queue starts without installing it.
  const queue = new JobQueue({ url: withDatabase(adminUrl, templateDb), max: 1, schedule: false, supervise: false });
  await queue.start();
  await queue.stop(1000);

  project.provide('pgUrlTemplate', adminUrl);
  project.provide('templateDb', templateDb);

  return async () => {
    // Drop whatever databases this run left behind, then the template.
    const left = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [
      `candeia_t_${process.pid}_%`,
    ]);
    for (const { datname } of left.rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    await admin.query(`DROP DATABASE IF EXISTS "${templateDb}" WITH (FORCE)`);
    await admin.end();
    await embedded?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  };
}
