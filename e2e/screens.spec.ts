import type { Page } from '@playwright/test';
import { expect, test, withDb } from './support/fixtures.ts';

/**
 * Screenshots of each screen on the phone (390×844) and desktop (1440×900) projects, saved
 * under e2e/screenshots/<project>/ to be looked at. Each also checks the screen rendered.
 */
const shot = async (page: Page, name: string) => {
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: `e2e/screenshots/${test.info().project.name}/${name}.png`, fullPage: true });
};

test('landing', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(/R\$\s?109,90/).first()).toBeVisible();
  await shot(page, 'landing');
});

test('landing in English and Spanish', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('i18nextLng', 'en-US'));
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await shot(page, 'landing-en');
  await page.evaluate(() => localStorage.setItem('i18nextLng', 'es-ES'));
  await page.addInitScript(() => localStorage.setItem('i18nextLng', 'es-ES'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-ES');
  await shot(page, 'landing-es');
});

test('sign-up, with errors', async ({ page }) => {
  await page.goto('/signup');
  await expect(page.getByRole('button', { name: 'Criar conta' })).toBeVisible();
  await shot(page, 'signup');
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill('nao-e-email');
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page.getByText('Formato de e-mail inválido').first()).toBeVisible();
  await shot(page, 'signup-errors');
});

test('login', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toBeVisible();
  await shot(page, 'login');
});

test('reset password', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByRole('button', { name: 'Enviar link' })).toBeVisible();
  await shot(page, 'reset-password');
});

test('start', async ({ page, login }) => {
  await login({ firstName: 'Isabel' });
  await page.goto('/start');
  await expect(page.getByRole('heading', { name: 'Olá, Isabel' })).toBeVisible();
  await shot(page, 'start');
});

test('start, e-mail not confirmed yet: the bar at the top of the screen', async ({ page, login }) => {
  const user = await login({ firstName: 'Rute' });
  await withDb((c) => c.query(`UPDATE users SET email_verified_at = NULL WHERE id = $1`, [user.id]));
  await page.goto('/start');
  await expect(page.getByRole('heading', { name: 'Olá, Rute' })).toBeVisible();
  // Inside the screen's own area, above its heading: they appear together.
  const notice = page.getByRole('main').getByRole('complementary', { name: 'Confirmação de e-mail' });
  await expect(notice).toContainText('Confirme seu e-mail.');
  await shot(page, 'start-email-not-confirmed');
});

test('trial banner and profile', async ({ page, login }) => {
  const user = await login({ firstName: 'Davi' });
  await withDb((c) =>
    c.query(`UPDATE user_subscriptions SET trial_end_date = now() + interval '2 days' WHERE user_id = $1`, [user.id]),
  );
  await page.goto('/profile');
  await expect(page.getByText('Seu trial expira em 2 dias!')).toBeVisible();
  await shot(page, 'profile');
});

test('blocked access', async ({ page, login }) => {
  await login({ status: 'past_due' });
  await page.goto('/chat');
  await expect(page).toHaveURL(/expired=true/);
  await expect(page.getByRole('heading', { name: 'Acesso Bloqueado' })).toBeVisible();
  await shot(page, 'blocked-access');
});

test('subscription plans', async ({ page }) => {
  await page.goto('/subscription');
  await expect(page.getByText(/R\$\s?499,90/).first()).toBeVisible();
  await shot(page, 'subscription');
});

test('admin', async ({ page, login, baseURL }) => {
  // A few security events to show: two failed logins and a password-reset request.
  for (const data of [
    { url: '/api/auth/login', body: { email: 'alguem@example.com', password: 'Errada@2026' } },
    { url: '/api/auth/login', body: { email: 'demo@candeia.app', password: 'Errada@2026' } },
    { url: '/api/auth/password-reset/request', body: { email: 'demo@candeia.app' } },
  ]) {
    await page.request.post(data.url, { data: data.body, headers: { origin: baseURL! } });
  }
  await login({ role: 'admin' });
  await page.goto('/admin?tab=security');
  await expect(page.getByRole('tab').first()).toBeVisible();
  await expect(page.getByText('demo@candeia.app').filter({ visible: true }).first()).toBeVisible();
  await shot(page, 'admin');
});

test('terms, privacy, not found, coming soon', async ({ page, login }) => {
  await page.goto('/terms');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await shot(page, 'terms');
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await shot(page, 'privacy');
  await page.goto('/nada-aqui');
  await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
  await shot(page, 'not-found');
  await login();
  await page.goto('/community');
  await expect(page.getByRole('heading', { name: 'Comunidade' })).toBeVisible();
  await shot(page, 'coming-soon');
});
