/**
 * bench/profile: where the server's time goes under load, for one route. Starts the real server
 * (production, the embedded PostgreSQL, as bench/landing does) with `node --cpu-prof`, loads
 * the route with autocannon, stops the server (the profile is written as it exits), and prints
 * the self time of the top functions and of each package or source folder.
 *
 *   node --import tsx bench/profile.ts /api/health
 *   BENCH_SECONDS=10 node --import tsx bench/profile.ts '/api/scripture/…'
 *
 * The .cpuprofile is kept under bench/results/profiles/ (open it in Chrome's DevTools or
 * speedscope for the flame graph).
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { ROOT, load, printTable, startAppServer, stopProcess } from './lib.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** "fastify", "@fastify/cookie", "apps/server/src/plugins", "(node internals)", … */
function ownerOf(url: string): string {
  if (!url) return '(native / GC / idle)';
  if (url.startsWith('node:')) return '(node internals)';
  const path = url.replace(/^file:\/\//, '');
  const nm = path.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = path.slice(nm + 'node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  const rel = relative(ROOT, path);
  return rel.startsWith('..') ? path : rel.split('/').slice(0, -1).join('/') || rel;
}

export function summarize(profile: CpuProfile, fromUs: number, top = 25) {
  // Each sample's time (µs), from the deltas; only the samples from `fromUs` on count.
  const hitsOf = new Map<number, number>();
  let t = profile.startTime;
  let total = 0;
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i] ?? 0;
    if (t < fromUs) return;
    hitsOf.set(id, (hitsOf.get(id) ?? 0) + 1);
    total++;
  });
  const ms = (profile.endTime - Math.max(fromUs, profile.startTime)) / 1000;
  const perSample = ms / Math.max(1, total);
  const byFn = new Map<string, number>();
  const byOwner = new Map<string, number>();
  for (const n of profile.nodes) {
    const hits = hitsOf.get(n.id) ?? 0;
    if (!hits) continue;
    const { functionName, url, lineNumber } = n.callFrame;
    const where = url ? `${relative(ROOT, url.replace(/^file:\/\//, ''))}:${lineNumber + 1}` : '';
    const fn = `${functionName || '(anonymous)'} ${where}`.trim();
    byFn.set(fn, (byFn.get(fn) ?? 0) + hits);
    const owner = ownerOf(url);
    byOwner.set(owner, (byOwner.get(owner) ?? 0) + hits);
  }
  const rows = (m: Map<string, number>, key: string) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, hits]) => ({
        [key]: name,
        selfMs: Math.round(hits * perSample),
        share: `${((100 * hits) / total).toFixed(1)} %`,
      }));
  return { totalMs: Math.round(ms), functions: rows(byFn, 'function'), owners: rows(byOwner, 'owner') };
}

async function main() {
  const route = process.argv[2] ?? '/api/health';
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  const dataDir = mkdtempSync(join(tmpdir(), 'candeia-profile-'));
  const profDir = join(dataDir, 'prof');
  const port = 3295;
  const server = await startAppServer({
    port,
    dataDir,
    nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profDir}`],
    // The texts only for a scripture route (their import would fill the profile otherwise).
    env: { CONTENT_AUTO_IMPORT: route.startsWith('/api/scripture') ? 'true' : 'false' },
  });
  try {
    // Warm up (JIT), then the measured load.
    await load('warm-up', `http://127.0.0.1:${port}${route}`, { seconds: 3 });
    const r = await load(route, `http://127.0.0.1:${port}${route}`, { seconds });
    printTable(`Load on ${route} while profiling (the profiler slows it)`, [{ ...r }]);
  } finally {
    await stopProcess(server);
  }
  const file = readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error('no profile written');
  const outDir = join(ROOT, 'bench/results/profiles');
  mkdirSync(outDir, { recursive: true });
  const out = join(outDir, `${route.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'root'}.cpuprofile`);
  renameSync(join(profDir, file), out);
  rmSync(dataDir, { recursive: true, force: true });
  const profile = JSON.parse(readFileSync(out, 'utf8')) as CpuProfile;
  // The measured load and the stop after it: the profile's last seconds (not the start-up).
  const s = summarize(profile, profile.endTime - (seconds + 0.5) * 1e6);
  printTable(`Self time by package or source folder (the last ${s.totalMs} ms: the load and the stop)`, s.owners);
  printTable('Self time by function', s.functions);
  console.log(`profile: ${relative(ROOT, out)}`);
}

await main();
