import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

/**
 * What a first visit to `/` loads before anything lazy: the scripts index.html
 * loads and everything they import, the landing page's chunk and the two catalogues the landing
 * needs in pt-BR, as the build compressed them. bench/landing prints it.
 */
export const LANDING_SRC = 'src/features/landing/components/landing-page.tsx';
export const LANDING_CATALOGUES = ['common', 'landing'].map((ns) => `../../packages/shared/src/i18n/pt-BR/${ns}.json`);

/**
 * The JavaScript a first visit to `/` loads, gzip bytes, at most: everything the browser fetches
 * until the network is idle (e2e/first-load.spec.ts), which holds the static first load below and
 * what the page loads lazily (the footer, the alerts, the service worker's registration). Set at what it is now, so it cannot creep
 * back; lowered with every cut. The target is 100 kB for the static part.
 */
export const LANDING_JS_BUDGET = 136 * 1024;

/** The gzip bytes the server sends for a built file: its precompressed copy when there is one. */
export function gzipSize(dist: string, file: string): number {
  const pre = join(dist, `${file}.gz`);
  return existsSync(pre) ? statSync(pre).size : gzipSync(readFileSync(join(dist, file))).length;
}

interface ManifestEntry {
  file: string;
  imports?: string[];
  css?: string[];
}

export interface FirstLoad {
  js: string[];
  css: string[];
  jsBytes: number;
  cssBytes: number;
  jsBrotliBytes: number;
  cssBrotliBytes: number;
}

export function landingFirstLoad(dist: string): FirstLoad {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestEntry>;
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const e = manifest[key];
    if (!e || js.has(e.file)) return;
    js.add(e.file);
    e.css?.forEach((c) => css.add(c));
    e.imports?.forEach(visit);
  };
  // The scripts index.html loads (the entry and what it preloads), by their files…
  const index = readFileSync(join(dist, 'index.html'), 'utf8');
  const byFile = new Map(Object.entries(manifest).map(([key, e]) => [e.file, key]));
  for (const [, src] of index.matchAll(/<(?:script|link)[^>]*?(?:src|href)="\/(assets\/[^"]+\.js)"/g)) {
    const key = byFile.get(src!);
    if (key) visit(key);
    else js.add(src!);
  }
  if (js.size === 0) throw new Error('first load: index.html loads no script');
  // …then the landing page's chunk and its catalogues.
  for (const root of [LANDING_SRC, ...LANDING_CATALOGUES]) {
    if (!manifest[root]) throw new Error(`first load: ${root} is not in the build's manifest`);
    visit(root);
  }
  // The bytes the server sends: the build's precompressed files when there are some.
  const gz = (f: string) => gzipSize(dist, f);
  const br = (f: string) => {
    const pre = join(dist, `${f}.br`);
    return existsSync(pre) ? statSync(pre).size : brotliCompressSync(readFileSync(join(dist, f))).length;
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
