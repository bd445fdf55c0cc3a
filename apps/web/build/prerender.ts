import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';
import { BOOT_SCRIPT, BOOT_SCRIPT_ID, SUPPORTED_LOCALES, type Locale } from '../../../packages/shared/src/constants.ts';
import type { Catalogues, renderLanding } from '../src/prerender.tsx';

/** Where the prerendered landing goes, inside the build: one page per language. */
export const PRERENDERED_DIR = 'prerendered';
export const landingFile = (locale: Locale) => `${PRERENDERED_DIR}/landing.${locale}.html`;
/** The web app manifest in each language; pt-BR's is the one VitePWA writes. */
export const manifestFile = (locale: Locale) =>
  locale === 'pt-BR' ? 'manifest.webmanifest' : `manifest.${locale}.webmanifest`;

/** The service worker's registration module exists only in the browser build. */
const noServiceWorker: Plugin = {
  name: 'candeia-prerender-no-sw',
  resolveId: (id) => (id.startsWith('virtual:pwa-register') ? `\0${id}` : null),
  load: (id) =>
    id.startsWith('\0virtual:pwa-register')
      ? 'export const useRegisterSW = () => ({ needRefresh: [false, () => {}], updateServiceWorker: async () => {} });'
      : null,
};

function readCatalogues(webRoot: string): Catalogues {
  const dir = join(webRoot, '../../packages/shared/src/i18n');
  const out = {} as Catalogues;
  for (const locale of SUPPORTED_LOCALES) {
    out[locale] = {};
    for (const file of readdirSync(join(dir, locale)))
      if (file.endsWith('.json'))
        out[locale][file.slice(0, -5)] = JSON.parse(readFileSync(join(dir, locale, file), 'utf8'));
  }
  return out;
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

function metaText(catalogues: Catalogues, locale: Locale, key: 'description' | 'manifestDescription'): string {
  const meta = catalogues[locale]?.common?.meta as Record<string, string> | undefined;
  const text = meta?.[key];
  if (!text) throw new Error(`prerender: common.json of ${locale} has no meta.${key}`);
  return text;
}

/** The page's description and its manifest link in `locale`. */
function localiseHead(html: string, locale: Locale, catalogues: Catalogues): string {
  return html
    .replace(/(<meta\s+name="description"\s+content=")[^"]*(")/, (_, a: string, b: string) => {
      return `${a}${escapeAttr(metaText(catalogues, locale, 'description'))}${b}`;
    })
    .replace(/(<link rel="manifest" href=")\/manifest\.webmanifest(")/, (_, a: string, b: string) => {
      return `${a}/${manifestFile(locale)}${b}`;
    });
}

/**
 * The web app manifest VitePWA wrote (in pt-BR), copied for the other languages with their own
 * `lang` and description, so an app installed from an English or Spanish page describes itself so.
 */
function writeManifests(outDir: string, catalogues: Catalogues): void {
  const path = join(outDir, manifestFile('pt-BR'));
  if (!existsSync(path)) throw new Error('prerender: the build wrote no manifest.webmanifest');
  const base = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  for (const locale of SUPPORTED_LOCALES) {
    if (locale === 'pt-BR') continue;
    const manifest = { ...base, lang: locale, description: metaText(catalogues, locale, 'manifestDescription') };
    writeFileSync(join(outDir, manifestFile(locale)), JSON.stringify(manifest));
  }
}

/**
 * index.html made to paint from itself alone: the stylesheet inlined (the CSP allows inline
 * styles), and the app's scripts loaded by BOOT_SCRIPT after the first frame instead of from the
 * head, where they would share the phone's link with the page's first paint.
 */
function firstPaintHead(index: string, outDir: string): string {
  const scripts = [...index.matchAll(/<script type="module" crossorigin src="([^"]+)"><\/script>\s*/g)];
  const styles = [...index.matchAll(/<link rel="stylesheet" crossorigin href="([^"]+)">\s*/g)];
  const entry = scripts.at(-1)?.[1];
  if (!entry || styles.length !== 1) throw new Error('prerender: index.html has no entry script or not one stylesheet');
  let html = index;
  for (const [tag] of scripts) html = html.replace(tag, '');
  const css = readFileSync(join(outDir, styles[0]![1]!.replace(/^\//, '')), 'utf8');
  html = html.replace(styles[0]![0], () => `<style>${css}</style>\n  `);
  return html.replace(
    '</body>',
    () => `  <script id="${BOOT_SCRIPT_ID}" data-src="${entry}">${BOOT_SCRIPT}</script>\n  </body>`,
  );
}

/**
 * Renders `/` for a signed-out visitor in each language, from the app's own components
 * (src/prerender.tsx, built for Node), into copies of the built index.html. The server sends
 * them for `/` (apps/server/src/web.ts); the browser paints the page before any script runs,
 * then hydrates it.
 */
export async function prerenderLanding(webRoot: string, outDir: string): Promise<void> {
  // Inside the project, so the bundle's imports of react and the rest resolve from node_modules.
  const ssrDir = join(webRoot, 'node_modules/.cache/candeia-prerender');
  rmSync(ssrDir, { recursive: true, force: true });
  await build({
    configFile: false,
    root: webRoot,
    logLevel: 'warn',
    mode: 'production',
    plugins: [react(), noServiceWorker],
    build: {
      ssr: 'src/prerender.tsx',
      outDir: ssrDir,
      emptyOutDir: true,
      minify: false,
      rolldownOptions: { output: { entryFileNames: 'prerender.mjs' } },
    },
  });
  const mod = (await import(pathToFileURL(join(ssrDir, 'prerender.mjs')).href)) as {
    renderLanding: typeof renderLanding;
  };
  const catalogues = readCatalogues(webRoot);
  const index = readFileSync(join(outDir, 'index.html'), 'utf8');
  if (!index.includes('<div id="root"></div>') || !index.includes('<html lang="pt-BR">'))
    throw new Error('prerender: index.html has no empty #root or no <html lang="pt-BR">');
  const head = firstPaintHead(index, outDir);
  mkdirSync(join(outDir, PRERENDERED_DIR), { recursive: true });
  for (const locale of SUPPORTED_LOCALES) {
    const markup = await mod.renderLanding(locale, catalogues);
    if (!markup.includes('id="hero-title"')) throw new Error(`prerender: the ${locale} landing has no hero`);
    const page = localiseHead(head, locale, catalogues)
      .replace('<html lang="pt-BR">', `<html lang="${locale}">`)
      .replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`);
    writeFileSync(join(outDir, landingFile(locale)), page);
  }
  writeManifests(outDir, catalogues);
  rmSync(ssrDir, { recursive: true, force: true });
  if (!existsSync(join(outDir, landingFile('pt-BR')))) throw new Error('prerender: nothing written');
}
