import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANDING_JS_BUDGET, gzipSize, landingFirstLoad } from '../apps/web/build/first-load.ts';
import { expect, test } from './support/fixtures.ts';

const DIST = join(dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');

/**
 * The landing's JavaScript budget (apps/web/build/first-load.ts), on the build under test: the page
 * `/` sends asks for no script itself (the app's are loaded after its first paint), and every
 * script a first visit fetches, as the server compresses it, is within LANDING_JS_BUDGET.
 */
test('a first visit to / loads its JavaScript after the page, within the budget', async ({ page, request }) => {
  // The page as sent: its only script is the inline one that loads the app once it has painted.
  const html = await (await request.get('/', { headers: { 'accept-language': 'pt-BR' } })).text();
  expect(html).toContain('id="hero-title"');
  expect(html.match(/<script\b[^>]*\ssrc=|<link\b[^>]*rel="modulepreload"/g)).toBeNull();

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Uma luz para');
  // The app has taken the page over (the footer is one of its lazy parts) and registered its
  // service worker (its registration code comes last), then nothing more loads.
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect.poll(() => page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration()))).toBe(true);
  await page.waitForLoadState('networkidle');
  const fetched = () =>
    page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => new URL(e.name).pathname)
        .filter((p) => /^\/assets\/[^/]+\.js$/.test(p))
        .map((p) => p.slice(1)),
    );
  // The static first load the bench prints is part of what the browser fetched.
  await expect.poll(fetched).toEqual(expect.arrayContaining(landingFirstLoad(DIST).js));
  const files = [...new Set(await fetched())];
  const bytes = files.reduce((n, f) => n + gzipSize(DIST, f), 0);
  console.log(`first visit to /: ${files.length} scripts, ${(bytes / 1024).toFixed(1)} kB gzip`);
  expect(bytes).toBeLessThanOrEqual(LANDING_JS_BUDGET);
});
