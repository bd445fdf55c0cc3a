import { randomBytes } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { settle } from './billing.ts';
import { withDb } from './fixtures.ts';

/**
 * Gives a user credits as the credits repository does (apps/server/src/modules/credits/
 * repository.ts, addWithLedger): the balance and its ledger row change in ONE statement, the
 * account created when missing, under a fresh idempotency key. (Amounts here stay far below
 * the balance ceiling the repository caps at.)
 */
export async function grantCredits(userId: string, amount: number): Promise<number> {
  return withDb(async (c) => {
    const { rows } = await c.query<{ balance_after: string }>(
      `WITH moved AS (
         INSERT INTO credit_accounts AS a (user_id, balance, updated_at) VALUES ($1, $2, now())
         ON CONFLICT (user_id) DO UPDATE SET balance = a.balance + EXCLUDED.balance, updated_at = EXCLUDED.updated_at
         RETURNING user_id, balance
       )
       INSERT INTO credit_ledger (user_id, delta, balance_after, kind, idempotency_key, reference, created_at)
       SELECT user_id, $2::bigint, balance, 'admin_grant', $3::text, 'e2e', now() FROM moved
       RETURNING balance_after`,
      [userId, amount, `e2e-grant:${randomBytes(6).toString('hex')}`],
    );
    // bigint: node-postgres reads it as a string.
    return Number(rows[0]!.balance_after);
  });
}

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
