import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
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
  opts: {
    connections?: number;
    seconds?: number;
    perClient?: (i: number) => ClientRequest;
    /** An offered load: this many requests a second over all the connections (open loop). */
    rate?: number;
  } = {},
): Promise<LoadResult> {
  let next = 0;
  const perClient = opts.perClient;
  const r = await autocannon({
    url,
    connections: opts.connections ?? 50,
    duration: opts.seconds ?? 10,
    pipelining: 1,
    ...(opts.rate ? { overallRate: opts.rate } : {}),
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
