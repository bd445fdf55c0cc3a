import { createUser, expect, loginAs, test } from './support/fixtures.ts';
import { expectAccessible, shot } from './support/scripture.ts';
import { PROVIDER, providerAddress, signInAtProvider } from './support/social.ts';

/** The social sign-in's screens on a phone and a desktop: accessible, photographed. */
test.describe('social sign-in screens', () => {
  test('login and sign-up with the provider button; the completion form, with an error', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto('/login?social_error=cancelled');
    await expect(page.getByRole('link', { name: `Entrar com ${PROVIDER}` })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('A entrada foi cancelada');
    await expectAccessible(page, '/login with a provider and a refused sign-in');
    await shot(page, 'social-login');

    await page.goto('/signup');
    await expect(page.getByRole('link', { name: `Cadastrar com ${PROVIDER}` })).toBeVisible();
    await expectAccessible(page, '/signup with a provider');
    await shot(page, 'social-signup-button', false);

    await page.getByRole('link', { name: `Cadastrar com ${PROVIDER}` }).click();
    await signInAtProvider(page, providerAddress('lia', 'campos'));
    await expect(page.getByRole('heading', { name: 'Complete seu cadastro' })).toBeVisible();
    await expectAccessible(page, '/signup/social');
    await shot(page, 'social-signup-form');
    await page.getByLabel('Data de nascimento').fill('1890-01-01');
    await page.getByLabel('Data de nascimento').blur();
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await expect(page.getByText('É preciso ter pelo menos 14 anos para criar uma conta.')).toBeVisible();
    await expectAccessible(page, '/signup/social (errors)');
    await shot(page, 'social-signup-errors');
  });

  test('linking by password, the expired step, and the connected accounts in settings', async ({ page }) => {
    test.setTimeout(120_000);
    const user = await createUser({ firstName: 'Noemi' });
    await page.goto('/login');
    await page.getByRole('link', { name: `Entrar com ${PROVIDER}` }).click();
    await signInAtProvider(page, user.email);
    await expect(page.getByRole('heading', { name: 'Confirme sua senha para vincular' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Senha', exact: true }).fill('Errada@2026x');
    await page.getByRole('button', { name: 'Vincular e entrar' }).click();
    await expect(page.getByRole('alert')).toContainText('Email ou senha incorretos');
    await expectAccessible(page, '/login/social (wrong password)');
    await shot(page, 'social-link');

    // Without the step's cookie (another browser, or long after): the way back.
    await page.context().clearCookies();
    await page.goto('/signup/social');
    await expect(page.getByRole('heading', { name: 'Esta entrada expirou' })).toBeVisible();
    await expectAccessible(page, '/signup/social (expired)');
    await shot(page, 'social-expired', false);

    const member = await createUser({ firstName: 'Caio' });
    await loginAs(page, member);
    await page.goto('/settings?social_error=identity_taken#connected');
    const section = page.locator('section#connected');
    await expect(section.getByRole('link', { name: `Conectar ${PROVIDER}` })).toBeVisible();
    await expect(section.getByRole('alert')).toContainText('já está vinculada a outro membro');
    await expectAccessible(page, '/settings (connected accounts)');
    await section.scrollIntoViewIfNeeded();
    await shot(page, 'social-settings', false);
  });
});
