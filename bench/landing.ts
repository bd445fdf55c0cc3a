/**
 * bench/landing: first-load JavaScript and CSS of the landing route (gzip bytes, from the
 * Vite manifest, with the pt-BR catalogues it loads), and requests/s of `/` and `/api/health` under autocannon, each compared in
 * the same run with a bare node:http server answering the same bytes (the ceiling).
 * Target: landing first-load JS within LANDING_JS_BUDGET (apps/web/build/first-load.ts), gzip.
 *
 * Then Lighthouse (bench/lighthouse.ts: mobile emulation, simulated slow 4G and 4× CPU) on `/`
 * in pt-BR, as a first visit, and on `/start` signed in.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { LANDING_JS_BUDGET, gzipSize, landingFirstLoad } from '../apps/web/build/first-load.ts';
import { LIGHTHOUSE_TARGETS, lighthousePages } from './lighthouse.ts';
import { ROOT, load, printTable, startAppServer, startProcess, stopProcess, writeResult, benchSignUp } from './lib.ts';

const DIST = join(ROOT, 'apps/web/dist');

/**
 * The floor of the stack: bench/stack-floor (a page of one route, one query and one translated
 * link on the libraries ENGINEERING.md names), built with the app's Vite and its target, minified,
 * in one chunk: its JavaScript, gzip bytes. No page on this stack can load less.
 */
async function stackFloorBytes(): Promise<number> {
  const fromWeb = createRequire(join(ROOT, 'apps/web/package.json'));
  // Vite is the web app's own dependency, not the root's: resolved from there.
  const vite = (await import(pathToFileURL(fromWeb.resolve('vite')).href)) as {
    build: (config: Record<string, unknown>) => Promise<unknown>;
  };
  const react = (await import(pathToFileURL(fromWeb.resolve('@vitejs/plugin-react')).href)) as {
    default: () => unknown;
  };
  const outDir = mkdtempSync(join(tmpdir(), 'candeia-floor-'));
  try {
    await vite.build({
      configFile: false,
      root: join(ROOT, 'bench/stack-floor'),
      logLevel: 'error',
      mode: 'production',
      plugins: [react.default()],
      build: { target: 'es2022', outDir, emptyOutDir: true, modulePreload: { polyfill: false } },
    });
    const js = readdirSync(join(outDir, 'assets')).filter((f) => f.endsWith('.js'));
    return js.reduce((n, f) => n + gzipSize(outDir, join('assets', f)), 0);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

export async function benchLanding(opts: { seconds?: number } = {}) {
  const seconds = opts.seconds ?? Number(process.env.BENCH_SECONDS ?? 10);
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'error'], {
    cwd: join(ROOT, 'apps/web'),
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('web build failed');
  // The shell, the landing page, and the catalogues a first visit (pt-BR) loads before it paints.
  const sizes = landingFirstLoad(DIST);
  const floorBytes = await stackFloorBytes();

  const dataDir = mkdtempSync(join(tmpdir(), 'candeia-bench-'));
  const port = 3290;
  const refPort = 3291;
  // Neither route reads the texts: their import would share the CPU with the load below.
  const base = `http://localhost:${port}`;
  const server = await startAppServer({ port, dataDir, env: { CONTENT_AUTO_IMPORT: 'false', APP_URL: base } });
  // The reference sends the very bytes the app sends for `/` to a browser (which always accepts
  // brotli): the prerendered pt-BR landing, as the build compressed it.
  const landingFile = join(DIST, 'prerendered/landing.pt-BR.html.br');
  const refScript = `
    const http = require('node:http'); const fs = require('node:fs');
    const html = fs.readFileSync(${JSON.stringify(landingFile)});
    const health = Buffer.from(JSON.stringify({ status: 'ok', db: 'ok' }));
    http.createServer((req, res) => {
      if (req.url === '/api/health') { res.writeHead(200, { 'content-type': 'application/json' }); res.end(health); }
      else { res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'br' }); res.end(html); }
    }).listen(${refPort}, '127.0.0.1');`;
  const ref = await startProcess(process.execPath, ['-e', refScript], {}, `http://127.0.0.1:${refPort}/api/health`);
  try {
    const rows = [];
    for (const path of ['/', '/api/health']) {
      // As a browser asks: in pt-BR, taking brotli.
      const headers = { 'accept-encoding': 'gzip, deflate, br', 'accept-language': 'pt-BR,pt;q=0.9' };
      const opts = { seconds, perClient: () => ({ path, headers }) };
      // Warmed up first (the JIT), both servers alike.
      await load('warm-up', `http://127.0.0.1:${port}${path}`, { ...opts, seconds: 3 });
      await load('warm-up', `http://127.0.0.1:${refPort}${path}`, { ...opts, seconds: 3 });
      const ours = await load(`candeia ${path}`, `http://127.0.0.1:${port}${path}`, opts);
      const bare = await load(`node:http ${path}`, `http://127.0.0.1:${refPort}${path}`, opts);
      rows.push(
        { ...ours, ratioToReference: +(ours.reqPerSec / bare.reqPerSec).toFixed(2) },
        { ...bare, ratioToReference: 1 },
      );
    }
    const kB = (n: number) => +(n / 1024).toFixed(1);
    printTable('Landing route first load (as sent: gzip, and brotli for browsers that accept it)', [
      {
        what: 'JavaScript',
        gzipBytes: sizes.jsBytes,
        gzipKB: kB(sizes.jsBytes),
        brotliKB: kB(sizes.jsBrotliBytes),
        budgetKB: LANDING_JS_BUDGET / 1024,
        withinBudget: String(sizes.jsBytes < LANDING_JS_BUDGET),
        files: sizes.js.length,
      },
      {
        what: 'JavaScript, the stack alone (bench/stack-floor)',
        gzipBytes: floorBytes,
        gzipKB: kB(floorBytes),
        brotliKB: '-',
        budgetKB: '-',
        withinBudget: '-',
        files: 1,
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
    const html = (locale: string, enc: string) => statSync(join(DIST, `prerendered/landing.${locale}.html${enc}`)).size;
    printTable('The prerendered landing (HTML with its CSS inlined, as sent)', [
      {
        what: 'pt-BR',
        plainKB: kB(html('pt-BR', '')),
        gzipKB: kB(html('pt-BR', '.gz')),
        brotliKB: kB(html('pt-BR', '.br')),
      },
    ]);

    // Lighthouse: a first visit to `/`, and `/start` for someone signed in (a new account).
    const { cookies } = await benchSignUp(base);
    const lighthouse = await lighthousePages([
      { name: '/ (pt-BR, first visit)', url: `${base}/` },
      { name: '/start (signed in)', url: `${base}/start`, cookies },
    ]);
    printTable(
      `Lighthouse, mobile (targets: performance ≥ ${LIGHTHOUSE_TARGETS.performance}, LCP ≤ ${LIGHTHOUSE_TARGETS.lcpMs} ms, CLS ≤ ${LIGHTHOUSE_TARGETS.cls})`,
      lighthouse,
    );
    const file = writeResult('landing', {
      firstLoad: sizes,
      stackFloorJsBytes: floorBytes,
      jsBudgetBytes: LANDING_JS_BUDGET,
      requests: rows,
      lighthouse,
      seconds,
    });
    console.log(`written ${file}`);
    return { sizes, rows };
  } finally {
    await stopProcess(ref);
    await stopProcess(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
