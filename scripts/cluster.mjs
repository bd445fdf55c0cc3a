#!/usr/bin/env node
// `npm run start:cluster`: several server processes on one PostgreSQL behind nginx (decision 015).
//
//   PORT (3000)              where nginx listens: the address to open (round robin to the servers)
//   CLUSTER_PROCESSES (2)    how many server processes
//   CLUSTER_BASE_PORT (3101) the first server's port; the others follow (3102, …)
//   DATABASE_URL             an external PostgreSQL; unset: the embedded one, started once here
//   NGINX                    the nginx program (found on PATH or in /usr/sbin otherwise)
//   CLUSTER_FROM_SOURCE=1    run the servers from the TypeScript sources (API only, no build)
//
// The first server prepares the database (migrations, plans, demo data, the import of sacred
// texts) and answers /api/health before the others start, without the import. Every process gets
// the same APP_URL (nginx's address), TRUST_PROXY=127.0.0.1 (so req.ip is the client's, from
// X-Forwarded-For) and webhook secret. Ctrl+C (SIGINT) or SIGTERM stops nginx, then the servers,
// then the embedded PostgreSQL, each by its process group.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { accessSync, constants, chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureBuild } from './ensure-build.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const fromSource = process.env.CLUSTER_FROM_SOURCE === '1';
const count = intSetting('CLUSTER_PROCESSES', 2, 1, 32);
const port = intSetting('PORT', 3000, 1, 65535);
const basePort = intSetting('CLUSTER_BASE_PORT', 3101, 1, 65535 - count);
const STOP_GRACE_MS = 15_000;
const HEALTH_TIMEOUT_MS = 180_000;

function intSetting(name, fallback, min, max) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    console.error(`${name} must be a whole number from ${min} to ${max} (it is "${raw}").`);
    process.exit(1);
  }
  return n;
}

function findNginx() {
  if (process.env.NGINX) return process.env.NGINX;
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/local/sbin', '/usr/local/nginx/sbin'];
  for (const dir of dirs) {
    if (!dir) continue;
    try {
      accessSync(join(dir, 'nginx'), constants.X_OK);
      return join(dir, 'nginx');
    } catch {
      // not here
    }
  }
  return null;
}

const nginxBin = findNginx();
if (!nginxBin) {
  console.error(
    'nginx is not installed: it balances the requests between the server processes.\n' +
      'Install it (Debian/Ubuntu: `sudo apt-get install nginx`; the system service need not run),\n' +
      'or point NGINX at the program, then run `npm run start:cluster` again.',
  );
  process.exit(1);
}

const baseEnv = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? (fromSource ? 'development' : 'production') };
const entry = fromSource ? null : ensureBuild(root, baseEnv);
const serverArgs = fromSource
  ? ['--import', 'tsx', join(root, 'apps/server/src/server.ts')]
  : ['--conditions=candeia-built', '--enable-source-maps', entry];

// ---------- What runs, and how it stops ----------

/** @type {Array<{ name: string, child: import('node:child_process').ChildProcess }>} */
const children = [];
let embedded = null;
let confDir = null;
let stopping = null;
let firstSignalAt = 0;

function prefixed(name, stream, out) {
  createInterface({ input: stream }).on('line', (line) => out.write(`[${name}] ${line}\n`));
}

/** Starts a program in its own process group (so it is stopped by us, in order, not by the terminal). */
function launch(name, command, args, env) {
  const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  prefixed(name, child.stdout, process.stdout);
  prefixed(name, child.stderr, process.stderr);
  children.push({ name, child });
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`[cluster] ${name} stopped unexpectedly (${signal ?? `exit code ${code}`}): stopping everything.`);
    void stopAll(1);
  });
  return child;
}

function signalGroup(child, signal) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      // already gone
    }
  }
}

function exited(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((r) => child.once('exit', () => r()));
}

/** nginx first (no new requests), then the servers (they finish theirs), then PostgreSQL. */
function stopAll(code) {
  return (stopping ??= (async () => {
    const nginx = children.filter((c) => c.name === 'nginx');
    const servers = children.filter((c) => c.name !== 'nginx');
    for (const group of [nginx, servers]) {
      for (const { child } of group) signalGroup(child, 'SIGTERM');
      const all = Promise.all(group.map(({ child }) => exited(child)));
      const late = setTimeout(() => {
        for (const { child, name } of group) {
          if (child.exitCode === null && child.signalCode === null) console.error(`[cluster] ${name}: SIGKILL`);
          signalGroup(child, 'SIGKILL');
        }
      }, STOP_GRACE_MS);
      await all;
      clearTimeout(late);
    }
    if (embedded) await embedded.stop().catch((err) => console.error(`[cluster] PostgreSQL: ${err.message}`));
    if (confDir) rmSync(confDir, { recursive: true, force: true });
    console.log('[cluster] stopped.');
    process.exit(code);
  })());
}

function onSignal(signal) {
  if (firstSignalAt) {
    // npm passes Ctrl+C on as well: a repeat within two seconds is the same request.
    if (Date.now() - firstSignalAt < 2000) return;
    console.log('[cluster] stopping at once.');
    for (const { child } of children) signalGroup(child, 'SIGKILL');
    embedded?.signalStop();
    process.exit(1);
  }
  firstSignalAt = Date.now();
  console.log(`[cluster] ${signal}: stopping nginx, the servers, then the database…`);
  void stopAll(0);
}
process.on('SIGINT', () => onSignal('SIGINT'));
process.on('SIGTERM', () => onSignal('SIGTERM'));

async function healthy(url, child) {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (stopping || (child && (child.exitCode !== null || child.signalCode !== null))) return false;
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return true;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

// ---------- Start ----------

try {
  let databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    // The embedded PostgreSQL, once for every process (data in DATA_DIR, ./data by default).
    if (fromSource) {
      const { register } = await import('tsx/esm/api');
      register();
    }
    const module = fromSource ? 'apps/server/src/db/embedded.ts' : 'apps/server/dist/db/embedded.js';
    const { startEmbeddedPostgres } = await import(pathToFileURL(join(root, module)).href);
    embedded = await startEmbeddedPostgres({
      dataDir: resolve(process.env.DATA_DIR ?? './data'),
      port: process.env.EMBEDDED_PG_PORT ? Number(process.env.EMBEDDED_PG_PORT) : 0,
      log: (line) => console.log(`[postgres] ${line}`),
    });
    databaseUrl = embedded.url;
    console.log(`[cluster] embedded PostgreSQL running (data in ${embedded.dataDir})`);
  }
  // What `npm start` decides from "embedded or not" is decided once here, the same for all.
  const seedDemo = process.env.SEED_DEMO ?? (embedded ? 'true' : 'false');
  const shared = {
    ...baseEnv,
    DATABASE_URL: databaseUrl,
    HOST: '127.0.0.1',
    APP_URL: process.env.APP_URL ?? `http://localhost:${port}`,
    TRUST_PROXY: process.env.TRUST_PROXY ?? '127.0.0.1',
    PAYMENTS_TEST_CHECKOUT: process.env.PAYMENTS_TEST_CHECKOUT ?? seedDemo,
    STRIPE_WEBHOOK_SECRET: process.env.STRIPE_WEBHOOK_SECRET ?? `whsec_local_${randomBytes(32).toString('hex')}`,
  };

  const ports = Array.from({ length: count }, (_, i) => basePort + i);
  // The first prepares the database; the others start once it answers, and skip that work.
  const first = launch('1', process.execPath, serverArgs, { ...shared, PORT: String(ports[0]), SEED_DEMO: seedDemo });
  if (!(await healthy(`http://127.0.0.1:${ports[0]}/api/health`, first))) throw new Error('server 1 did not start');
  const rest = ports.slice(1).map((p, i) =>
    launch(String(i + 2), process.execPath, serverArgs, {
      ...shared,
      PORT: String(p),
      SEED_DEMO: 'false',
      CONTENT_AUTO_IMPORT: 'false',
    }),
  );
  const started = await Promise.all(
    rest.map((child, i) => healthy(`http://127.0.0.1:${ports[i + 1]}/api/health`, child)),
  );
  if (started.includes(false)) throw new Error('a server did not start');

  // nginx: round robin over the servers, streaming answers unbuffered.
  confDir = mkdtempSync(join(tmpdir(), 'candeia-nginx-'));
  chmodSync(confDir, 0o755);
  const conf = join(confDir, 'nginx.conf');
  const asRoot = process.getuid?.() === 0;
  writeFileSync(
    conf,
    `# Generated by scripts/cluster.mjs; removed when the cluster stops.
${asRoot ? 'user nobody nogroup;\n' : ''}worker_processes 1;
daemon off;
pid ${join(confDir, 'nginx.pid')};
error_log stderr warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${join(confDir, 'body')};
  proxy_temp_path ${join(confDir, 'proxy')};
  fastcgi_temp_path ${join(confDir, 'fastcgi')};
  uwsgi_temp_path ${join(confDir, 'uwsgi')};
  scgi_temp_path ${join(confDir, 'scgi')};
  client_max_body_size 2m;
  upstream candeia {
${ports.map((p) => `    server 127.0.0.1:${p};`).join('\n')}
    keepalive 32;
  }
  server {
    listen ${process.env.CLUSTER_LISTEN ?? '127.0.0.1'}:${port};
    location / {
      proxy_pass http://candeia;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      # Chat answers are Server-Sent Events: passed on as they come, and may stream for minutes.
      proxy_buffering off;
      proxy_cache off;
      proxy_read_timeout 1h;
    }
  }
}
`,
  );
  const check = spawnSync(nginxBin, ['-t', '-q', '-p', confDir, '-c', conf, '-e', 'stderr'], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx refused its configuration:\n${check.stderr}`);
  const nginx = launch('nginx', nginxBin, ['-p', confDir, '-c', conf, '-e', 'stderr'], shared);
  if (!(await healthy(`http://127.0.0.1:${port}/api/health`, nginx))) throw new Error('nginx did not start');
  console.log(
    `[cluster] Candeia is running on http://localhost:${port}: nginx → ${count} server processes on ports ${ports.join(', ')}.`,
  );
} catch (err) {
  console.error(`[cluster] ${err instanceof Error ? err.message : String(err)}`);
  await stopAll(1);
}
