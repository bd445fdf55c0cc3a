/**
 * bench/startup: time from starting the app to its first 200 (GET /), with the sacred texts
 * already imported (the start-up re-import is then a no-op), on the embedded PostgreSQL in a
 * temporary DATA_DIR. Each way of starting runs RUNS times; the table gives the median.
 *   - built: `node --conditions=candeia-built apps/server/dist/server.js` (production);
 *   - npm start, unchanged sources: scripts/start.mjs (checks the build stamp, then the above);
 *   - tsx: the server's TypeScript through tsx, as `npm start` ran it before the build;
 *   - before (vite build + tsx): what `npm start` did on every start before (the reference).
 * Needs a build (`npm run build`).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { printTable, ROOT, stopProcess, writeResult } from './lib.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 3471);
const URL_ = `http://127.0.0.1:${PORT}/`;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Spawns `args` and resolves with the milliseconds until GET / answers 200 (then stops it). */
async function timeToFirst200(args: string[], env: NodeJS.ProcessEnv, onLine?: (l: string) => void): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.stdout.setEncoding('utf8').on('data', (d: string) => d.split('\n').forEach((l) => onLine?.(l)));
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
    try {
      if ((await fetch(URL_)).status === 200) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`${URL_} did not answer in time`);
    await new Promise((r) => setTimeout(r, 25));
  }
  const ms = performance.now() - started;
  if (!onLine) await stopProcess(child);
  else await waitQuiet(child);
  return ms;
}

/** The warm-up run: waits until the background import has said nothing for 5 s, then stops. */
let lastContentLine = Date.now();
async function waitQuiet(child: ReturnType<typeof spawn>) {
  while (Date.now() - lastContentLine < 5000) await new Promise((r) => setTimeout(r, 500));
  await stopProcess(child);
}

export async function benchStartup() {
  if (!existsSync(join(ROOT, 'apps/server/dist/server.js'))) throw new Error('No build: run `npm run build` first.');
  const dataDir = mkdtempSync(join(tmpdir(), 'candeia-bench-start-'));
  const env = { PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'warn' };
  const built = ['--conditions=candeia-built', 'apps/server/dist/server.js'];
  try {
    console.log('warm-up: first start, importing the sacred texts…');
    await timeToFirst200(built, env, (l) => {
      if (l.startsWith('[content]')) lastContentLine = Date.now();
    });
    const ways: Array<{ name: string; run: () => Promise<number> }> = [
      { name: 'built (node dist)', run: () => timeToFirst200(built, env) },
      { name: 'npm start, unchanged sources', run: () => timeToFirst200(['scripts/start.mjs'], env) },
      {
        name: 'tsx (server TypeScript at run time)',
        run: () => timeToFirst200(['--import', 'tsx', 'apps/server/src/server.ts'], env),
      },
      {
        name: 'before: vite build + tsx (every npm start)',
        run: async () => {
          const t0 = performance.now();
          const vite = spawnSync(
            process.execPath,
            [
              join(ROOT, 'apps/web/node_modules/vite/bin/vite.js'),
              'build',
              '--logLevel',
              'silent',
              '--outDir',
              join(dataDir, 'web-dist'),
            ],
            {
              cwd: join(ROOT, 'apps/web'),
              stdio: 'ignore',
            },
          );
          if (vite.status !== 0) throw new Error('vite build failed');
          const build = performance.now() - t0;
          return build + (await timeToFirst200(['--import', 'tsx', 'apps/server/src/server.ts'], env));
        },
      },
    ];
    const rows = [];
    for (const way of ways) {
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) times.push(await way.run());
      rows.push({
        start: way.name,
        'median ms': Math.round(median(times)),
        'min ms': Math.round(Math.min(...times)),
        runs: RUNS,
      });
    }
    const reference = rows.at(-1)!['median ms'];
    for (const r of rows) Object.assign(r, { 'vs before': +(r['median ms'] / reference).toFixed(2) });
    printTable('Start-up to the first 200 on / (texts already imported, embedded PostgreSQL)', rows);
    console.log(`written ${writeResult('startup', rows)}`);
    return rows;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
