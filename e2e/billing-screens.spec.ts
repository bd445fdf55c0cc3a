import type { Page } from '@playwright/test';
import {
  CARD_OK,
  donateThroughApi,
  fillCard,
  settle,
  shot as save,
  referralCodeOf,
  subscribeThroughApi,
} from './support/billing.ts';
import { createUser, expect, loginAs, test, withDb } from './support/fixtures.ts';

/**
 * Screenshots of the billing screens on the phone (390×844) and desktop (1440×900) projects,
 * under e2e/screenshots/<project>/billing-*.png, to be looked at. Each checks its screen rendered.
 */
const shot = async (page: Page, name: string) => {
  await settle(page);
  await save(page, test.info().project.name, `billing-${name}`);
};

test('subscription: trial, then paying with the manage actions', async ({ page, login, baseURL }) => {
  await login();
  await page.goto('/subscription');
  await expect(page.getByRole('button', { name: 'Assinar Prata' })).toBeVisible();
  await shot(page, 'subscription-trial');

  await subscribeThroughApi(page, baseURL!);
  await page.goto('/subscription');
  await expect(page.getByRole('button', { name: 'Cancelar assinatura' })).toBeVisible();
  await shot(page, 'subscription-paying');
  await page.getByRole('button', { name: 'Cancelar assinatura' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await save(page, test.info().project.name, 'billing-subscription-cancel-dialog');
});

test('subscription: the trial-ended notice', async ({ page, login }) => {
  const user = await login();
  await withDb((c) =>
    c.query(
      `UPDATE user_subscriptions SET status = 'active', is_trial = false, trial_ended_notice = true WHERE user_id = $1`,
      [user.id],
    ),
  );
  await page.goto('/subscription');
  await expect(page.getByRole('heading', { name: 'Seu teste grátis terminou' })).toBeVisible();
  await shot(page, 'subscription-trial-ended');
});

test('payment test page, declined, and the subscription confirmed', async ({ page, login }) => {
  await login();
  await page.goto('/subscription');
  await page.getByRole('button', { name: 'Assinar Prata' }).click();
  await expect(page.getByRole('heading', { name: 'Finalizar pagamento' })).toBeVisible();
  await shot(page, 'testes-stripe');
  await fillCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: /Pagar/ }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Pagamento não concluído' })).toBeVisible();
  await shot(page, 'testes-stripe-declined');
  await page.getByRole('textbox', { name: 'Número do cartão' }).fill(CARD_OK);
  await page.getByRole('button', { name: /Pagar/ }).click();
  await expect(page.getByRole('heading', { name: 'Assinatura confirmada!' })).toBeVisible({ timeout: 30_000 });
  await shot(page, 'checkout-success');
});

test('checkout success while waiting, and with a missing session', async ({ page, baseURL }) => {
  // A session that stays open: the page keeps confirming.
  const res = await page.request.post('/api/donations', { data: { amountCents: 5000 }, headers: { origin: baseURL! } });
  const { sessionId } = (await res.json()) as { sessionId: string };
  await page.goto(`/checkout/success?session=${sessionId}`);
  await expect(page.getByRole('heading', { name: 'Confirmando pagamento…' })).toBeVisible();
  await save(page, test.info().project.name, 'billing-checkout-waiting');
  await page.goto('/checkout/success');
  await expect(page.getByRole('heading', { name: 'Link de pagamento inválido' })).toBeVisible();
  await shot(page, 'checkout-missing');
});

test('donations: the form, an invalid amount, and the thanks', async ({ page, baseURL }) => {
  await page.goto('/donations');
  await expect(page.getByRole('heading', { name: 'Doações', level: 1 })).toBeVisible();
  await shot(page, 'donations');
  await page.getByRole('textbox', { name: /Valor da doação/ }).fill('abc');
  await page.getByRole('button', { name: 'Doar', exact: true }).click();
  await expect(page.getByText('Valor Inválido: por favor, insira um valor de doação válido.')).toBeVisible();
  await save(page, test.info().project.name, 'billing-donations-invalid');

  const sessionId = await donateThroughApi(page, baseURL!, 5000);
  await page.goto(`/checkout/success?session=${sessionId}`);
  await expect(page.getByRole('heading', { name: 'Obrigado pela sua doação!' })).toBeVisible();
  await shot(page, 'donation-thanks');
});

test('referral: eligible and not eligible', async ({ page, login, baseURL, browser }) => {
  const user = await login();
  await page.goto('/referral');
  await expect(page.getByRole('heading', { name: 'Você ainda não pode indicar amigos' })).toBeVisible();
  await shot(page, 'referral-not-eligible');

  await subscribeThroughApi(page, baseURL!);
  // Someone joined with the code, to fill the lists.
  const code = await referralCodeOf(user.id);
  const guestContext = await browser.newContext({ baseURL });
  const guest = await guestContext.newPage();
  const res = await guest.request.post('/api/auth/signup', {
    headers: { origin: baseURL! },
    data: {
      email: `indicado.${Date.now()}@example.com`,
      password: 'Caminho@Luz2026',
      confirmPassword: 'Caminho@Luz2026',
      firstName: 'Tiago',
      lastName: 'Souza',
      phone: '+55 21 99876-5432',
      address: '',
      city: '',
      state: '',
      country: 'Brasil',
      zipCode: '',
      birthDate: '1988-05-20',
      gender: 'male',
      acceptTerms: true,
      referralCode: code,
      locale: 'pt-BR',
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  await guestContext.close();

  await page.goto('/referral');
  await expect(page.getByRole('textbox', { name: 'Seu código de indicação' })).toHaveValue(code);
  await expect(page.getByText('Tiago')).toBeVisible();
  await shot(page, 'referral');
});

test('admin billing tabs', async ({ page, login, baseURL, browser }) => {
  const other = await browser.newContext({ baseURL });
  const payer = await other.newPage();
  const subscriber = await createUser({ firstName: 'Rute' });
  await loginAs(payer, subscriber);
  await subscribeThroughApi(payer, baseURL!, 'gold');
  await donateThroughApi(payer, baseURL!, 2500);
  await other.close();

  await login({ role: 'admin' });
  await page.goto('/admin?tab=billing');
  await expect(page.getByText('Silver').filter({ visible: true }).first()).toBeVisible();
  await shot(page, 'admin-plans');
  await page.getByRole('button', { name: 'Editar Silver' }).filter({ visible: true }).first().click();
  await expect(page.getByRole('heading', { name: 'Editar Silver' })).toBeVisible();
  await shot(page, 'admin-plan-editor');

  await page.goto('/admin?tab=billing&section=subscriptions');
  await expect(page.getByText(subscriber.email).filter({ visible: true }).first()).toBeVisible();
  await shot(page, 'admin-subscriptions');

  await page.goto('/admin?tab=billing&section=donations');
  await expect(
    page
      .getByText(/R\$\s?25,00/)
      .filter({ visible: true })
      .first(),
  ).toBeVisible();
  await shot(page, 'admin-donations');

  await page.goto('/admin?tab=billing&section=credits');
  await expect(page.getByRole('heading', { name: 'Conceder créditos' })).toBeVisible();
  await shot(page, 'admin-grant-credits');
});

test('header with the credit balance', async ({ page, login }) => {
  await login();
  await page.goto('/start');
  await expect(
    page
      .getByRole('banner')
      .getByRole('link', { name: /créditos? disponíve/ })
      .first(),
  ).toBeVisible();
  await save(page, test.info().project.name, 'billing-header');
});
