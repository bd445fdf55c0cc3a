import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

export interface LoadResult {
  name: string;
  reqPerSec: number;
  p50: number;
  p97_5: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/** What one connection asks for, again and again: a path on the URL's host, with its headers. */
export interface ClientRequest {
  path: string;
  headers?: Record<string, string>;
}

/**
 * Runs autocannon against a URL; bounded in time, loopback only. `perClient(i)` gives the i-th
 * connection its own request (another member's cookie, another cursor); without it every
 * connection asks for `url`.
 */
export async function load(
  name: string,
  url: string,
  opts: { connections?: number; seconds?: number; perClient?: (i: number) => ClientRequest } = {},
): Promise<LoadResult> {
  let next = 0;
  const perClient = opts.perClient;
  const r = await autocannon({
    url,
    connections: opts.connections ?? 50,
    duration: opts.seconds ?? 10,
    pipelining: 1,
    ...(perClient
      ? {
          setupClient: (client: autocannon.Client) => {
            const { path, headers } = perClient(next++);
            client.setRequests([{ method: 'GET', path, headers: headers ?? {} }]);
          },
        }
      : {}),
  });
  return {
    name,
    reqPerSec: Math.round(r.requests.average),
    p50: r.latency.p50,
    // autocannon reports p97.5, not p95.
    p97_5: r.latency.p97_5,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

/**
 * An open-loop load: `rate` requests a second, evenly spaced, over `connections` keep-alive
 * connections (request k on connection k mod connections, with that connection's own request).
 * Each latency counts from the moment the request was due, not from when a busy connection got
 * to send it, so a server that falls behind shows it (no coordinated omission). autocannon's
 * own rate option sends each second's budget in one burst, which measures the burst instead.
 */
export async function paced(
  name: string,
  url: string,
  opts: { connections: number; seconds: number; rate: number; perClient: (i: number) => ClientRequest },
): Promise<LoadResult> {
  const { hostname, port } = new URL(url);
  const clients = Array.from({ length: opts.connections }, (_, i) => ({
    agent: new http.Agent({ keepAlive: true, maxSockets: 1 }),
    ...opts.perClient(i),
  }));
  const total = Math.round(opts.rate * opts.seconds);
  const gap = 1000 / opts.rate;
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  const send = (k: number, due: number) =>
    new Promise<void>((resolve) => {
      const c = clients[k % clients.length]!;
      const req = http.get(
        { hostname, port, path: c.path, headers: c.headers ?? {}, agent: c.agent, timeout: 10_000 },
        (res) => {
          res.resume();
          res.on('end', () => {
            latencies.push(performance.now() - due);
            if (res.statusCode! < 200 || res.statusCode! > 299) non2xx++;
            resolve();
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => {
        errors++;
        resolve();
      });
    });
  // Open every connection first, so the phase measures requests, not handshakes.
  await Promise.all(clients.map((_, i) => send(i, performance.now())));
  latencies.length = 0;
  non2xx = 0;
  errors = 0;
  const pending: Promise<void>[] = [];
  const start = performance.now() + 20;
  let k = 0;
  await new Promise<void>((done) => {
    const tick = setInterval(() => {
      const now = performance.now();
      for (; k < total && start + k * gap <= now; k++) pending.push(send(k, start + k * gap));
      if (k >= total) {
        clearInterval(tick);
        done();
      }
    }, 1);
  });
  await Promise.all(pending);
  const elapsed = (performance.now() - start) / 1000;
  for (const c of clients) c.agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (p: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0);
  return {
    name,
    reqPerSec: Math.round(latencies.length / elapsed),
    p50: at(50),
    p97_5: at(97.5),
    p99: at(99),
    non2xx,
    errors,
  };
}

/**
 * The app's server from the sources, in production mode on the embedded PostgreSQL in `dataDir`,
 * without demo data; waits for /api/health. `nodeArgs` go before the entry (say `--cpu-prof`).
 */
export function startAppServer(opts: {
  port: number;
  dataDir: string;
  nodeArgs?: string[];
  env?: NodeJS.ProcessEnv;
}): Promise<ChildProcess> {
  return startProcess(
    process.execPath,
    [...(opts.nodeArgs ?? []), '--import', 'tsx', 'apps/server/src/server.ts'],
    {
      NODE_ENV: 'production',
      PORT: String(opts.port),
      DATA_DIR: opts.dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      DATABASE_URL: '',
      ...opts.env,
    },
    `http://127.0.0.1:${opts.port}/api/health`,
  );
}

/**
 * The app's server from the sources, in production mode on an external database (`dbUrl`), with
 * its data, texts and a stub web app under `tmp`, no demo data and no text import; waits for
 * /api/health. APP_URL is the address the bench sends to (the only Origin the server accepts).
 */
export function startApiServer(opts: {
  port: number;
  dbUrl: string;
  tmp: string;
  env?: NodeJS.ProcessEnv;
}): Promise<ChildProcess> {
  // BENCH_SERVER_NODE_ARGS go before the entry, to profile the server under the bench's load
  // (say `--cpu-prof --cpu-prof-dir=/tmp/prof`; Node refuses --cpu-prof in NODE_OPTIONS).
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const web = join(opts.tmp, 'web');
  mkdirSync(web, { recursive: true });
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>bench</title>');
  const base = `http://127.0.0.1:${opts.port}`;
  return startProcess(
    process.execPath,
    [...nodeArgs, '--import', 'tsx', 'apps/server/src/server.ts'],
    {
      NODE_ENV: 'production',
      PORT: String(opts.port),
      APP_URL: base,
      DATABASE_URL: opts.dbUrl,
      DATA_DIR: join(opts.tmp, 'data'),
      CONTENT_DIR: join(opts.tmp, 'content'),
      CONTENT_AUTO_IMPORT: 'false',
      WEB_DIST: web,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      ...opts.env,
    },
    `${base}/api/health`,
  );
}

/**
 * A new member signed up through the API (as the sign-up form does): their id and the
 * cookies the answer set. `headers` add to the request (a locale, a proxy's client address).
 */
export async function benchSignUp(
  base: string,
  opts: { email?: string; lastName?: string; headers?: Record<string, string> } = {},
): Promise<{ id: string; cookies: Array<{ name: string; value: string }>; cookie: string }> {
  const password = 'Luz@Caminho2026';
  const res = await fetch(`${base}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, 'sec-fetch-site': 'same-origin', ...opts.headers },
    body: JSON.stringify({
      email: opts.email ?? `bench.${Date.now()}.${Math.random().toString(16).slice(2, 8)}@example.com`,
      password,
      confirmPassword: password,
      firstName: 'Bench',
      lastName: opts.lastName ?? 'Visitor',
      phone: '+55 21 98765-4321',
      address: '',
      city: '',
      state: '',
      country: 'Brasil',
      zipCode: '',
      birthDate: '1988-04-02',
      gender: 'female',
      acceptTerms: true,
      referralCode: '',
    }),
  });
  if (res.status !== 201) throw new Error(`sign-up: ${res.status} ${await res.text()}`);
  const cookies = res.headers.getSetCookie().map((c) => {
    const [name, ...value] = c.split(';')[0]!.split('=');
    return { name: name!, value: value.join('=') };
  });
  const { user } = (await res.json()) as { user: { id: string } };
  return { id: user.id, cookies, cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; ') };
}

/** Starts a child process and waits until `url` answers 200. */
export async function startProcess(
  cmd: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  url: string,
): Promise<ChildProcess> {
  const child = spawn(cmd, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${cmd} exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return child;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`${url} did not answer in time`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export function printTable(title: string, rows: Record<string, string | number>[]): void {
  console.log(`\n${title}`);
  console.table(rows);
}

export function writeResult(name: string, data: unknown): string {
  const dir = join(ROOT, 'bench/results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify({ at: new Date().toISOString(), ...(data as object) }, null, 2));
  return file;
}
