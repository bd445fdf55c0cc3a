#!/usr/bin/env node
// Renders apps/web/public/favicon.svg to the PNG icons of the web app manifest:
// icon-192.png, icon-512.png (transparent corners) and icon-512-maskable.png (full-bleed
// brand background, the mark inside the central safe zone). Uses the system Chromium.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const publicDir = new URL('../apps/web/public/', import.meta.url).pathname;
const outDir = join(publicDir, 'icons');
const svg = readFileSync(join(publicDir, 'favicon.svg'), 'utf8');
const BRAND = '#b45309';
/** Maskable icons may be cropped to a circle of 80% of the size; the mark stays within it. */
const MASKABLE_SCALE = 0.8;

const page = (size, { maskable = false } = {}) => {
  const mark = maskable ? Math.round(size * MASKABLE_SCALE) : size;
  return `<!doctype html><html><head><style>
    html, body { margin: 0; width: ${size}px; height: ${size}px; background: ${maskable ? BRAND : 'transparent'}; }
    body { display: flex; align-items: center; justify-content: center; }
    svg { width: ${mark}px; height: ${mark}px; display: block; }
  </style></head><body>${svg}</body></html>`;
};

const targets = [
  { file: 'icon-192.png', size: 192 },
  { file: 'icon-512.png', size: 512 },
  { file: 'icon-512-maskable.png', size: 512, maskable: true },
];

mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
try {
  for (const { file, size, maskable } of targets) {
    const tab = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    await tab.setContent(page(size, { maskable }));
    const png = await tab.screenshot({ omitBackground: !maskable, clip: { x: 0, y: 0, width: size, height: size } });
    writeFileSync(join(outDir, file), png);
    await tab.close();
    console.log(`wrote ${join('apps/web/public/icons', file)} (${png.length} bytes)`);
  }
} finally {
  await browser.close();
}
