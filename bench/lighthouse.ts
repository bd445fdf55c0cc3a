/**
 * Lighthouse on the landing, as a phone sees it: Lighthouse's default mobile emulation (a
 * mid-range phone's screen, 4× CPU slowdown, a slow 4G link, simulated), in Debian's Chromium
 * (CHROME_PATH, else /usr/bin/chromium, as the e2e tests use).
 * Targets: performance ≥ 95, LCP ≤ 1.2 s, CLS ≤ 0.05.
 */
import { existsSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

export const LIGHTHOUSE_TARGETS = { performance: 95, lcpMs: 1200, cls: 0.05 };

export interface LighthouseRow {
  name: string;
  performance: number;
  fcpMs: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  withinTarget: string;
  [key: string]: string | number;
}

interface LayoutShiftItem {
  score: number;
  node?: { selector?: string; snippet?: string };
}

function chromePath(): string {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  const found = candidates.find((p): p is string => !!p && existsSync(p));
  if (!found) throw new Error('Chromium not found: set CHROME_PATH');
  return found;
}

/** Runs Lighthouse (performance only) once per page, in a fresh Chromium profile each time. */
export async function lighthousePages(
  pages: Array<{ name: string; url: string; cookies?: Array<{ name: string; value: string }> }>,
): Promise<LighthouseRow[]> {
  const rows: LighthouseRow[] = [];
  for (const page of pages) {
    const chrome = await chromeLauncher.launch({
      chromePath: chromePath(),
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--lang=pt-BR', '--accept-lang=pt-BR'],
    });
    try {
      // A signed-in page: the browser gets the session cookie itself (a Cookie header added to
      // requests does not reach the app's own fetches), and Lighthouse keeps it.
      if (page.cookies?.length) {
        const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
        await browser.setCookie(...page.cookies.map((c) => ({ ...c, domain: new URL(page.url).hostname, path: '/' })));
        await browser.disconnect();
      }
      const result = await lighthouse(page.url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        disableStorageReset: !!page.cookies?.length,
      });
      if (!result) throw new Error(`lighthouse gave no result for ${page.url}`);
      const { lhr } = result;
      if (lhr.runtimeError) throw new Error(`lighthouse ${page.url}: ${lhr.runtimeError.message}`);
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
      const performance = Math.round((lhr.categories.performance?.score ?? 0) * 100);
      const lcpMs = Math.round(audit('largest-contentful-paint'));
      const cls = +audit('cumulative-layout-shift').toFixed(3);
      // Over the target, what moved: each shift's score and the elements it moved.
      if (cls > LIGHTHOUSE_TARGETS.cls) {
        const items = (lhr.audits['layout-shifts']?.details as { items?: LayoutShiftItem[] } | undefined)?.items ?? [];
        for (const item of items)
          console.log(
            `${page.name}: a layout shift of ${item.score.toFixed(3)} moved ${item.node?.selector ?? '?'} (${item.node?.snippet ?? ''})`,
          );
      }
      rows.push({
        name: page.name,
        finalUrl: lhr.finalDisplayedUrl,
        performance,
        fcpMs: Math.round(audit('first-contentful-paint')),
        lcpMs,
        cls,
        tbtMs: Math.round(audit('total-blocking-time')),
        withinTarget: String(
          performance >= LIGHTHOUSE_TARGETS.performance &&
            lcpMs <= LIGHTHOUSE_TARGETS.lcpMs &&
            cls <= LIGHTHOUSE_TARGETS.cls,
        ),
      });
    } finally {
      chrome.kill();
    }
  }
  return rows;
}
