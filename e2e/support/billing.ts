import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { withDb } from './fixtures.ts';

/** The local provider's test cards (PRODUCT.md "Payments"), as a person types them. */
export const CARD_OK = '4242 4242 4242 4242';
export const CARD_DECLINED = '4000 0000 0000 0002';

/** The id of a seeded plan by slug (free, platinum, silver, gold, diamond). */
export async function planId(slug: string): Promise<string> {
  return withDb(async (c) => {
    const { rows } = await c.query<{ id: string }>(`SELECT id FROM subscription_plans WHERE slug = $1`, [slug]);
    if (!rows[0]) throw new Error(`no plan ${slug}`);
    return rows[0].id;
  });
}

/** A user's referral code, as stored. */
export async function referralCodeOf(userId: string): Promise<string> {
  return withDb(async (c) => {
    const { rows } = await c.query<{ code: string }>(`SELECT referral_code AS code FROM users WHERE id = $1`, [userId]);
    return rows[0]!.code;
  });
}

/** Fills the /testes-stripe card form: the given number, a future expiry, a CVC and a name. */
export async function fillCard(page: Page, number: string, name = 'Clara Teste') {
  await page.getByRole('textbox', { name: 'Número do cartão' }).fill(number);
  await page.getByRole('textbox', { name: 'Validade' }).fill('12/34');
  await page.getByRole('textbox', { name: 'CVC' }).fill('123');
  await page.getByRole('textbox', { name: 'Nome impresso no cartão' }).fill(name);
}

/**
 * Makes the signed-in user of `page` a paying subscriber the way a person would, but through
 * the API: checkout for the plan, the local provider's payment with the card that succeeds,
 * then waits for the webhook to confirm it.
 */
export async function subscribeThroughApi(page: Page, baseURL: string, slug = 'silver'): Promise<string> {
  const headers = { origin: baseURL };
  const checkout = await page.request.post('/api/billing/checkout', { data: { planId: await planId(slug) }, headers });
  expect(checkout.ok(), await checkout.text()).toBe(true);
  const { sessionId } = (await checkout.json()) as { sessionId: string };
  await payAndConfirm(page, baseURL, sessionId);
  return sessionId;
}

/** A paid donation of `cents`, through the API: the donation's checkout and the card that succeeds. */
export async function donateThroughApi(page: Page, baseURL: string, cents: number): Promise<string> {
  const headers = { origin: baseURL };
  const res = await page.request.post('/api/donations', { data: { amountCents: cents }, headers });
  expect(res.ok(), await res.text()).toBe(true);
  const { sessionId } = (await res.json()) as { sessionId: string };
  await payAndConfirm(page, baseURL, sessionId);
  return sessionId;
}

/** Pays an open checkout session with the card that succeeds and waits for the webhook. */
async function payAndConfirm(page: Page, baseURL: string, sessionId: string) {
  const pay = await page.request.post('/api/billing/local/pay', {
    data: { sessionId, cardNumber: CARD_OK, expiry: '12/34', cvc: '123', name: 'Clara Teste' },
    headers: { origin: baseURL },
  });
  expect(pay.ok(), await pay.text()).toBe(true);
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/api/billing/checkout-sessions/${sessionId}`);
        return ((await res.json()) as { status: string }).status;
      },
      { timeout: 30_000 },
    )
    .toBe('complete');
}

/** Waits until the screen has loaded what it shows: data, lazy parts, fonts, no spinner left. */
export async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
  await expect(page.getByRole('status').filter({ hasText: /Carregando…|Loading…|Cargando…/ })).toHaveCount(0);
  // The lazy footer (by tag: an open dialog hides the rest of the page from the accessibility tree).
  await expect(page.locator('footer').first()).toBeVisible();
}

/** Axe over the page (WCAG 2.0 / 2.1, A and AA), failing with one line per rule and element. */
export async function expectAccessible(page: Page, screen: string) {
  await settle(page);
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const report = violations.flatMap((v) => [
    `[${v.impact ?? 'n/a'}] ${v.id}: ${v.help}`,
    ...v.nodes.map((n) => `  ${n.target.join(' ')} | ${(n.failureSummary ?? '').replace(/\s*\n\s*/g, ' | ')}`),
  ]);
  expect(violations.length, `${violations.length} accessibility violation(s) on ${screen}:\n${report.join('\n')}`).toBe(
    0,
  );
}

/** A full-page screenshot under e2e/screenshots/<project>/, to be looked at. */
export async function shot(page: Page, project: string, name: string) {
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: `e2e/screenshots/${project}/${name}.png`, fullPage: true });
}
