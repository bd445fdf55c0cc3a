/**
 * bench/landing: first-load JavaScript and CSS of the landing route (gzip bytes, from the
 * Vite manifest, with the pt-BR catalogues it loads), and requests/s of `/` and `/api/health` under autocannon, each compared in
 * the same run with a bare node:http server answering the same bytes (the ceiling).
 * Target: landing first-load JS under 120 kB gzip.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { ROOT, load, printTable, startAppServer, startProcess, stopProcess, writeResult } from './lib.ts';

const DIST = join(ROOT, 'apps/web/dist');
const LANDING_SRC = 'src/features/landing/components/landing-page.tsx';
const JS_BUDGET = 120 * 1024;

interface ManifestEntry {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

function firstLoad(manifest: Record<string, ManifestEntry>, roots: string[]) {
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const e = manifest[key];
    if (!e || js.has(e.file)) return;
    js.add(e.file);
    e.css?.forEach((c) => css.add(c));
    e.imports?.forEach(visit);
  };
  roots.forEach(visit);
  // The bytes the server sends: the build's precompressed .gz when there is one.
  const gz = (f: string) => {
    const pre = join(DIST, `${f}.gz`);
    return existsSync(pre) ? statSync(pre).size : gzipSync(readFileSync(join(DIST, f))).length;
  };
  const br = (f: string) => {
    const pre = join(DIST, `${f}.br`);
    return existsSync(pre) ? statSync(pre).size : brotliCompressSync(readFileSync(join(DIST, f))).length;
  };
  const sum = (list: Set<string>, size: (f: string) => number) => [...list].reduce((n, f) => n + size(f), 0);
  return {
    js: [...js],
    css: [...css],
    jsBytes: sum(js, gz),
    cssBytes: sum(css, gz),
    jsBrotliBytes: sum(js, br),
    cssBrotliBytes: sum(css, br),
  };
}

export async function benchLanding(opts: { seconds?: number } = {}) {
  const seconds = opts.seconds ?? Number(process.env.BENCH_SECONDS ?? 10);
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'error'], {
    cwd: join(ROOT, 'apps/web'),
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('web build failed');
  const manifest = JSON.parse(readFileSync(join(DIST, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestEntry>;
  // The shell, the landing page, and the catalogues a first visit (pt-BR) loads before it paints.
  const catalogues = ['common', 'landing'].map((ns) => `../../packages/shared/src/i18n/pt-BR/${ns}.json`);
  const sizes = firstLoad(manifest, ['index.html', LANDING_SRC, ...catalogues]);

  const dataDir = mkdtempSync(join(tmpdir(), 'candeia-bench-'));
  const port = 3290;
  const refPort = 3291;
  // Neither route reads the texts: their import would share the CPU with the load below.
  const server = await startAppServer({ port, dataDir, env: { CONTENT_AUTO_IMPORT: 'false' } });
  const refScript = `
    const http = require('node:http'); const fs = require('node:fs');
    const html = fs.readFileSync(${JSON.stringify(join(DIST, 'index.html'))});
    const health = Buffer.from(JSON.stringify({ status: 'ok', db: 'ok' }));
    http.createServer((req, res) => {
      if (req.url === '/api/health') { res.writeHead(200, { 'content-type': 'application/json' }); res.end(health); }
      else { res.writeHead(200, { 'content-type': 'text/html' }); res.end(html); }
    }).listen(${refPort}, '127.0.0.1');`;
  const ref = await startProcess(process.execPath, ['-e', refScript], {}, `http://127.0.0.1:${refPort}/api/health`);
  try {
    const rows = [];
    for (const path of ['/', '/api/health']) {
      // Warmed up first (the JIT), both servers alike.
      await load('warm-up', `http://127.0.0.1:${port}${path}`, { seconds: 3 });
      await load('warm-up', `http://127.0.0.1:${refPort}${path}`, { seconds: 3 });
      const ours = await load(`candeia ${path}`, `http://127.0.0.1:${port}${path}`, { seconds });
      const base = await load(`node:http ${path}`, `http://127.0.0.1:${refPort}${path}`, { seconds });
      rows.push(
        { ...ours, ratioToReference: +(ours.reqPerSec / base.reqPerSec).toFixed(2) },
        { ...base, ratioToReference: 1 },
      );
    }
    const kB = (n: number) => +(n / 1024).toFixed(1);
    printTable('Landing route first load (as sent: gzip, and brotli for browsers that accept it)', [
      {
        what: 'JavaScript',
        gzipBytes: sizes.jsBytes,
        gzipKB: kB(sizes.jsBytes),
        brotliKB: kB(sizes.jsBrotliBytes),
        budgetKB: JS_BUDGET / 1024,
        withinBudget: String(sizes.jsBytes < JS_BUDGET),
        files: sizes.js.length,
      },
      {
        what: 'CSS',
        gzipBytes: sizes.cssBytes,
        gzipKB: kB(sizes.cssBytes),
        brotliKB: kB(sizes.cssBrotliBytes),
        budgetKB: '-',
        withinBudget: '-',
        files: sizes.css.length,
      },
    ]);
    printTable(
      `Requests (${seconds} s, 50 connections, loopback)`,
      rows.map((r) => ({ ...r })),
    );
    const file = writeResult('landing', { firstLoad: sizes, jsBudgetBytes: JS_BUDGET, requests: rows, seconds });
    console.log(`written ${file}`);
    return { sizes, rows };
  } finally {
    await stopProcess(ref);
    await stopProcess(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
