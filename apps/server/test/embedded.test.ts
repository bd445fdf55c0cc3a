import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, cpSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmbeddedSetupError, packagedPrograms, startEmbeddedPostgres } from '../src/db/embedded.ts';

const inside = (dir: string, path: string) => !relative(dir, path).startsWith('..');

async function query(url: string, sql: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(sql)).rows;
  } finally {
    await c.end();
  }
}

describe('embedded PostgreSQL', () => {
  it('starts, serves and stops without leaving process hooks behind (an exit code stays the real one)', async () => {
    const events = ['beforeExit', 'exit', 'SIGINT', 'SIGTERM'] as const;
    const before = events.map((e) => process.listenerCount(e));
    const dir = mkdtempSync(join(tmpdir(), 'candeia-embedded-'));
    try {
      const pgHandle = await startEmbeddedPostgres({ dataDir: dir, database: 'hooks' });
      try {
        expect(await query(pgHandle.url, 'SELECT current_database() AS db')).toEqual([{ db: 'hooks' }]);
        expect(pgHandle.dataDir).toBe(join(dir, 'postgres'));
      } finally {
        await pgHandle.stop();
      }
      expect(events.map((e) => process.listenerCount(e))).toEqual(before);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

// PostgreSQL refuses to run as root, so it runs as the 'postgres' user, who cannot enter a
// folder of mode 700 such as /root or `mkdir -m 700 /tmp/p`. A clone plus `npm install` is too
// slow for a test, so the project is a mode-700 folder holding a copy of PostgreSQL's programs
// (as node_modules would) and the data folder.
// Skipped unless the tests run as root (CI runs as root): only root can meet this case.
describe.runIf(process.getuid?.() === 0)('as root, a project in a folder only root can enter', () => {
  let priv: string;
  let programs: string;
  let reachable: string;
  const pgUser = () => ({
    uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })),
    gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })),
  });

  beforeAll(() => {
    priv = mkdtempSync(join(tmpdir(), 'candeia-private-'));
    chmodSync(priv, 0o700);
    programs = join(priv, 'project', 'node_modules', 'native');
    cpSync(packagedPrograms(), programs, { recursive: true, verbatimSymlinks: true });
    reachable = mkdtempSync(join(tmpdir(), 'candeia-reachable-'));
    chmodSync(reachable, 0o755);
  });
  afterAll(() => {
    rmSync(priv, { recursive: true, force: true });
    rmSync(reachable, { recursive: true, force: true });
  });

  it('runs: programs and data move where the postgres user can reach them, said in the log, found again next time', async () => {
    expect(statSync(priv).mode & 0o777).toBe(0o700);
    const dataDir = join(priv, 'project', 'data');
    const lines: string[] = [];
    const first = await startEmbeddedPostgres({
      dataDir,
      programs,
      reachableRoot: reachable,
      log: (l) => lines.push(l),
    });
    try {
      expect(inside(priv, first.dataDir)).toBe(false);
      expect(inside(priv, first.programs)).toBe(false);
      expect(inside(reachable, first.dataDir)).toBe(true);
      expect(inside(reachable, first.programs)).toBe(true);
      expect(statSync(first.dataDir).uid).toBe(pgUser().uid);
      await query(first.url, 'CREATE TABLE kept (note text); INSERT INTO kept VALUES ($$still here$$)');
    } finally {
      await first.stop();
    }
    const moved = lines.find((l) => l.includes('the database is kept in'));
    expect(moved).toContain(dataDir);
    expect(moved).toContain(first.dataDir);
    expect(moved).toContain('DATA_DIR');
    expect(lines.filter((l) => l.startsWith("PostgreSQL's programs copied to"))).toHaveLength(1);
    expect(lines.find((l) => l.startsWith("PostgreSQL's programs copied to"))).toContain(programs);

    // The next start finds the same database and reuses the copy of the programs.
    const again: string[] = [];
    const second = await startEmbeddedPostgres({
      dataDir,
      programs,
      reachableRoot: reachable,
      log: (l) => again.push(l),
    });
    try {
      expect(second.dataDir).toBe(first.dataDir);
      expect(second.programs).toBe(first.programs);
      expect(await query(second.url, 'SELECT note FROM kept')).toEqual([{ note: 'still here' }]);
    } finally {
      await second.stop();
    }
    expect(again.some((l) => l.startsWith("PostgreSQL's programs copied to"))).toBe(false);
    expect(again.some((l) => l.includes('the database is kept in'))).toBe(true);
  }, 180_000);

  it('a folder in the way that root does not own alone is not used: a clear refusal', async () => {
    const dataDir = join(priv, 'project', 'data-2');
    const own = mkdtempSync(join(tmpdir(), 'candeia-reachable-'));
    chmodSync(own, 0o755);
    try {
      const h = await startEmbeddedPostgres({ dataDir, programs, reachableRoot: own });
      await h.stop();
      // Someone else now owns the copy of the programs: it could hold other programs.
      chownSync(h.programs, pgUser().uid, pgUser().gid);
      const err = await startEmbeddedPostgres({ dataDir, programs, reachableRoot: own }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(EmbeddedSetupError);
      expect((err as Error).message).toContain(h.programs);
      expect((err as Error).message).toMatch(/not a folder owned by root/);
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
  }, 180_000);

  it('when nothing the postgres user can reach is left, it stops at once naming the folder and the ways out', async () => {
    const dataDir = join(priv, 'project', 'data-3');
    const unreachable = join(priv, 'elsewhere');
    const err = await startEmbeddedPostgres({ dataDir, programs, reachableRoot: unreachable }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EmbeddedSetupError);
    const message = (err as Error).message;
    expect(message).toContain(programs);
    expect(message).toContain(unreachable);
    expect(message).toContain('DATA_DIR');
    expect(message).toContain('DATABASE_URL');
    expect(message).toMatch(/ordinary user/);
    expect(message).not.toMatch(/EACCES|\n\s+at /);
  }, 180_000);
});
