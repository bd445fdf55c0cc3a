import { expect, test } from './support/fixtures.ts';

/**
 * The landing arrives prerendered in the visitor's language and paints before any script runs;
 * the app then takes the same page over (hydration) instead of drawing it again.
 */

test('without JavaScript the landing is already there, in the browser’s language', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, locale: 'es-ES' });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-ES');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Una luz para');
  await expect(page.getByRole('link', { name: /Empezar mis 30 días gratis/ })).toBeVisible();
  await context.close();
});

test('the app takes the painted page over as it is, and it works', async ({ page }) => {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => {
    // The signed-out session check answers 401, which the browser reports as a failed load.
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) problems.push(m.text());
  });
  // The app's script waits until the painted page has been marked.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/assets\/shell-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/');
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toContainText('Uma luz para');
  await page.evaluate(() => {
    (window as unknown as { painted: Element | null }).painted = document.querySelector('h1');
  });
  release();
  // Interactive: the language switcher is React's, and changes the page.
  const language = page.getByRole('combobox').first();
  await expect(async () => {
    await language.selectOption('en-US');
    await expect(heading).toContainText('A light for', { timeout: 1000 });
  }).toPass();
  // The very element the browser painted first, kept by the app.
  expect(
    await page.evaluate(
      () => (window as unknown as { painted: Element | null }).painted === document.querySelector('h1'),
    ),
  ).toBe(true);
  expect(problems).toEqual([]);
  // The choice is remembered for the next visit's prerendered page.
  expect((await page.context().cookies()).find((c) => c.name === 'candeia_lng')?.value).toBe('en-US');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await expect(heading).toContainText('A light for');
  expect(problems).toEqual([]);
});

test('a language stored on the device wins over the one the server guessed', async ({ page }) => {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  await page.addInitScript(() => localStorage.setItem('i18nextLng', 'es-ES'));
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-ES');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Una luz para');
  await expect(page.getByRole('heading', { name: 'Planes para cada momento' })).toBeVisible();
  await expect(page.getByText(/109,90/).first()).toBeVisible();
  expect(problems).toEqual([]);
});

test('a tap made before the app is ready is not lost', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/assets\/shell-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/');
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  const nav = page.getByRole('navigation', { name: 'Navegação principal' });
  await expect(nav).toBeHidden();
  release();
  await expect(nav).toBeVisible();
  await expect(page.getByRole('button', { name: 'Fechar menu' })).toBeVisible();
});
