import type { Page } from '@playwright/test';
import { estimateAnswerCredits } from '@candeia/shared/chat-pricing';
import { TRIAL_CREDITS } from '@candeia/shared/schemas/billing';
import { settle, shot as save, subscribeThroughApi } from './support/billing.ts';
import { expect, test, withDb, type E2EUser } from './support/fixtures.ts';

/**
 * The paths members walk, each screen saying exactly what happens: the trial's chat with its cost
 * shown before sending, a trial that ended (the chat says so first, the history stays), a
 * cancellation that ends on the free plan, buying during the trial, the referral texts, and the
 * credit history. Screenshots under e2e/screenshots/<project>/paths-*.png (phone and desktop).
 */
const shot = async (page: Page, name: string) => {
  await settle(page);
  await save(page, test.info().project.name, `paths-${name}`);
};

/** A chat message through the API, read to the end of its answer. */
async function askThroughApi(page: Page, baseURL: string, content: string) {
  const res = await page.request.post('/api/chat/messages', { data: { content }, headers: { origin: baseURL } });
  expect(res.ok(), await res.text()).toBe(true);
}

/** The trial is over: the free plan, as the billing housekeeping leaves it. */
async function endTrial(user: E2EUser) {
  await withDb((c) =>
    c.query(
      `UPDATE user_subscriptions SET status = 'active', is_trial = false, trial_end_date = NULL, expires_at = NULL
       WHERE user_id = $1`,
      [user.id],
    ),
  );
}

test('chat: the cost of an answer is shown before sending, from the trial balance', async ({ page, login }) => {
  // The sign-up trial's credits, as sign-up grants them.
  await login({ credits: TRIAL_CREDITS });
  await page.goto('/chat');
  // Nothing typed yet: a typical answer, from the pricing the server charges with.
  const empty = page.getByText(`≈ ${estimateAnswerCredits('')} créditos por resposta · saldo: 15.000`);
  await expect(empty).toBeVisible({ timeout: 30_000 });
  const message = 'Estou muito ansioso com o meu trabalho e com a família';
  await page.getByRole('textbox', { name: 'Sua mensagem' }).fill(message);
  // The message's own words count too.
  await expect(page.getByText(`≈ ${estimateAnswerCredits(message)} créditos por resposta`)).toBeVisible();
  await shot(page, 'chat-estimate');
});

test('chat after the trial: said first, the history readable, nothing to send', async ({ page, login, baseURL }) => {
  // The sign-up trial's credits, as sign-up grants them.
  const user = await login({ credits: TRIAL_CREDITS });
  await askThroughApi(page, baseURL!, 'Preciso de esperança para continuar');
  await endTrial(user);

  await page.goto('/chat');
  await expect(page.getByText('O chat não faz parte do seu plano')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Seu plano atual (Gratuito) não inclui o chat')).toBeVisible();
  await expect(page.getByText(/créditos continuam no saldo/)).toBeVisible();
  await expect(page.getByText('Não foi possível carregar suas conversas.')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Ver planos' })).toHaveAttribute('href', '/subscription#plans');
  await expect(page.getByRole('textbox', { name: 'Sua mensagem' })).toHaveCount(0);
  await shot(page, 'chat-trial-ended');

  // The conversation opens and reads.
  const list = test.info().project.name === 'phone' ? page.getByRole('dialog') : page.locator('aside');
  if (test.info().project.name === 'phone') await page.getByRole('button', { name: 'Conversas' }).click();
  await list.getByRole('link', { name: /Preciso de esperança/ }).click();
  await expect(page.getByRole('heading', { name: /Preciso de esperança/ })).toBeVisible();
  await expect(page.getByRole('log').getByText('Preciso de esperança para continuar')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Sua mensagem' })).toHaveCount(0);
  await shot(page, 'chat-trial-ended-conversation');
});

test('cancel: the dialog says what happens, and the period end leaves the Bible open', async ({
  page,
  login,
  baseURL,
}) => {
  const user = await login();
  await subscribeThroughApi(page, baseURL!, 'gold');
  await page.goto('/subscription');
  await page.getByRole('button', { name: 'Cancelar assinatura' }).click();
  const dialog = page.getByRole('dialog');
  await expect(
    dialog.getByText(/passa para o plano gratuito: a Bíblia e os livros sagrados continuam abertos/),
  ).toBeVisible();
  await expect(dialog.getByText(/os créditos que sobrarem ficam no seu saldo/)).toBeVisible();
  await save(page, test.info().project.name, 'paths-cancel-dialog');
  await dialog.getByRole('button', { name: 'Cancelar assinatura' }).click();
  await expect(page.getByText('Cancelamento agendado')).toBeVisible();

  // The paid period ends (the clock of the database moved on).
  await withDb(async (c) => {
    const past = new Date(Date.now() - 60_000);
    await c.query('UPDATE local_provider_subscriptions SET current_period_end = $1 WHERE user_id = $2', [
      past,
      user.id,
    ]);
    await c.query('UPDATE user_subscriptions SET current_period_end = $1, expires_at = $1 WHERE user_id = $2', [
      past,
      user.id,
    ]);
  });
  await page.goto('/bible');
  await expect(page).toHaveURL(/\/bible$/);
  await expect(page.getByText('Acesso Bloqueado')).toHaveCount(0);
  await page.goto('/subscription');
  const current = page.getByRole('region', { name: 'Seu plano atual' });
  await expect(current.getByText('Gratuito')).toBeVisible();
  await expect(current.getByText('Ativa')).toBeVisible();
  await shot(page, 'cancel-period-ended');
});

test('buying during the trial: the free days are kept, and said before paying', async ({ page, login, baseURL }) => {
  await login();
  await page.goto('/subscription');
  await expect(page.getByText(/você não perde seus dias grátis/)).toBeVisible();
  await shot(page, 'trial-keep-days');
  await subscribeThroughApi(page, baseURL!, 'gold');
  await page.goto('/subscription');
  // The trial ends in 30 days (e2e users), and the paid month follows it: about two months from now.
  const renews = page.getByRole('region', { name: 'Seu plano atual' }).getByText(/^\d{2}\/\d{2}\/\d{4}$/);
  const [d, m, y] = ((await renews.textContent()) ?? '').split('/').map(Number);
  const days = (Date.UTC(y!, m! - 1, d!) - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(55);
  await shot(page, 'trial-bought');
});

test('referrals: one rule on /profile and /referral; a plan without it is named', async ({ page, login }) => {
  const user = await login();
  await page.goto('/profile');
  await expect(page.getByText('Indicar amigos faz parte dos planos Prata, Ouro e Diamante.')).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText(/^REF-/)).toHaveCount(0);
  await shot(page, 'profile-referral-trial');
  await page.getByRole('link', { name: 'Ver programa de indicação' }).click();
  await expect(page.getByText('Durante o teste grátis ainda não é possível indicar amigos.')).toBeVisible();

  await withDb((c) =>
    c.query(
      `UPDATE user_subscriptions SET plan_id = (SELECT id FROM subscription_plans WHERE slug = 'platinum'),
         status = 'active', is_trial = false, trial_end_date = NULL WHERE user_id = $1`,
      [user.id],
    ),
  );
  await page.goto('/referral');
  await expect(page.getByRole('heading', { name: 'Seu plano não inclui o programa de indicação' })).toBeVisible();
  await expect(page.getByText('Você assina o plano Platina, que não inclui o programa de indicação.')).toBeVisible();
  await expect(page.getByText(/faz parte dos planos Prata, Ouro e Diamante/)).toBeVisible();
  await expect(page.getByText('para assinantes ativos de um plano pago')).toHaveCount(0);
  await shot(page, 'referral-not-in-plan');
});

test('credit history: one line per chat answer, with its cost', async ({ page, login, baseURL }) => {
  // The sign-up trial's credits, as sign-up grants them.
  await login({ credits: TRIAL_CREDITS });
  await askThroughApi(page, baseURL!, 'Estou ansioso com o meu trabalho');
  await page.goto('/subscription');
  const history = page.locator('section', { has: page.getByRole('heading', { name: 'Histórico de créditos' }) });
  await expect(history.getByText('Resposta no chat')).toHaveCount(1);
  await expect(history.getByText('Reserva para uma resposta')).toHaveCount(0);
  await expect(history.getByText('Devolução de reserva')).toHaveCount(0);
  await shot(page, 'credit-history');
});
