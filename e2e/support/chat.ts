import { expect, test, type Locator, type Page } from '@playwright/test';
import { settle } from './billing.ts';

/** Credits through the server's credits service (e2e/support/fixtures.ts). */
export { grantCredits } from './fixtures.ts';

/** The chat screen's parts, by role and accessible name (Portuguese interface). */
export const chat = {
  composer: (page: Page) => page.getByRole('textbox', { name: 'Sua mensagem' }),
  log: (page: Page) => page.getByRole('log', { name: 'Mensagens da conversa' }),
  send: (page: Page) => page.getByRole('button', { name: 'Enviar', exact: true }),
  stop: (page: Page) => page.getByRole('button', { name: 'Parar a resposta' }),
  /** The answer being written (aria-busy until it is done). */
  streaming: (page: Page) => chat.log(page).locator('[aria-busy="true"]'),
  /** Citation links into the reader. */
  citations: (page: Page): Locator => chat.log(page).locator('a[href^="/bible/"], a[href^="/sacred-books/"]'),
};

/** Types a message and sends it with Enter. */
export async function ask(page: Page, text: string) {
  await chat.composer(page).fill(text);
  await chat.composer(page).press('Enter');
}

/** Waits until no answer is being written. */
export async function answered(page: Page) {
  await expect(chat.streaming(page)).toHaveCount(0, { timeout: 30_000 });
  await expect(chat.send(page)).toBeVisible();
}

/** A number as the Portuguese interface writes it (1.234). */
export const pt = (n: number) => new Intl.NumberFormat('pt-BR').format(n);

/**
 * Saves a screenshot under e2e/screenshots/<phone|desktop>/ (by the page's width), to be looked
 * at: the viewport, as a person sees it (the composer and the sidebar are sticky, which a
 * full-page picture would show out of place).
 */
export async function shot(page: Page, name: string, fullPage = false) {
  await settle(page);
  const kind = (page.viewportSize()?.width ?? 1440) < 700 ? 'phone' : 'desktop';
  // A full-page picture taken from the top: sticky parts (header, sidebar, composer) in place.
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `e2e/screenshots/${kind}/${name}.png`, fullPage });
  test.info().annotations.push({ type: 'screenshot', description: `${kind}/${name}.png` });
}
