import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANDING_JS_BUDGET, gzipSize, landingFirstLoad } from '../apps/web/build/first-load.ts';
import { expect, test } from './support/fixtures.ts';

const DIST = join(dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');

/**
 * The landing's JavaScript budget (apps/web/build/first-load.ts), on the build under test: every script a first
 * visit to `/` fetches until the network is idle, as the server compresses it, within
 * LANDING_JS_BUDGET; and none of it asked for before the page's first paint.
 */
test('a first visit to / loads its JavaScript after the first paint, within the budget', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Uma luz para');
  await page.waitForLoadState('networkidle');
  const { fcp, scripts } = await page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    scripts: performance
      .getEntriesByType('resource')
      .map((e) => ({ path: new URL(e.name).pathname, start: e.startTime }))
      .filter((e) => /^\/assets\/[^/]+\.js$/.test(e.path)),
  }));

  // The app's scripts wait for the painted page (BOOT_SCRIPT): nothing delays the first paint.
  expect(fcp).not.toBeNull();
  expect(scripts.filter((s) => s.start < fcp!)).toEqual([]);
  const files = [...new Set(scripts.map((s) => s.path.slice(1)))];
  // The static first load the bench prints is part of what the browser fetched.
  expect(files).toEqual(expect.arrayContaining(landingFirstLoad(DIST).js));
  const bytes = files.reduce((n, f) => n + gzipSize(DIST, f), 0);
  console.log(`first visit to /: ${files.length} scripts, ${(bytes / 1024).toFixed(1)} kB gzip`);
  expect(bytes).toBeLessThanOrEqual(LANDING_JS_BUDGET);
});
