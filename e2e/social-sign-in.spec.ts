import { createUser, expect, loginAs, PASSWORD, signOut, test, withDb } from './support/fixtures.ts';
import { PROVIDER, providerAddress, signInAtProvider } from './support/social.ts';

/** Social sign-in (decision 032) in the browser, through a real OpenID Connect provider on loopback. */
test.describe('social sign-in', () => {
  test('a new member signs up through the provider, signs out, and signs in again with one click', async ({ page }) => {
    test.setTimeout(90_000);
    const email = providerAddress('ana', 'souza');
    await page.goto('/login');
    await page.getByRole('link', { name: `Entrar com ${PROVIDER}` }).click();
    await signInAtProvider(page, email);

    // The completion form: the provider's name prefilled, only what the sign-up still needs.
    await expect(page).toHaveURL(/\/signup\/social$/);
    await expect(page.getByRole('heading', { name: 'Complete seu cadastro' })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Nome', exact: true })).toHaveValue('Ana');
    await expect(page.getByRole('textbox', { name: 'Sobrenome', exact: true })).toHaveValue('Souza');
    await expect(page.getByRole('textbox', { name: 'Senha', exact: true })).toHaveCount(0);

    await page.getByRole('textbox', { name: 'Nome', exact: true }).fill('Ana Clara');
    await page.getByLabel('País').fill('Portugal');
    await page.getByRole('checkbox', { name: /Termos de Uso/ }).check();
    const young = `${new Date().getFullYear() - 5}-03-10`;
    await page.getByLabel('Data de nascimento').fill(young);
    // Checked on leaving the field, and again on sending: the focus goes back to it.
    await page.getByLabel('Data de nascimento').blur();
    await expect(page.getByText('É preciso ter pelo menos 14 anos para criar uma conta.')).toBeVisible();
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await expect(page.getByLabel('Data de nascimento')).toBeFocused();
    // Nothing typed is lost.
    await expect(page.getByRole('textbox', { name: 'Nome', exact: true })).toHaveValue('Ana Clara');
    await expect(page.getByLabel('País')).toHaveValue('Portugal');
    await expect(page.getByLabel('Data de nascimento')).toHaveValue(young);
    await expect(page.getByRole('checkbox', { name: /Termos de Uso/ })).toBeChecked();

    await page.getByLabel('Data de nascimento').fill('1990-05-14');
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await expect(page).toHaveURL(/\/start$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Ana Clara');

    const row = await withDb(async (c) => {
      const { rows } = await c.query<{ password_hash: string; country: string; provider: string }>(
        `SELECT u.password_hash, u.country, i.provider FROM users u JOIN user_identities i ON i.user_id = u.id
          WHERE u.email = $1`,
        [email],
      );
      return rows[0];
    });
    expect(row).toMatchObject({ password_hash: '', country: 'Portugal', provider: 'oidc' });

    // Signed out, one click: the provider still knows the browser, and the identity is linked.
    await signOut(page);
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/login');
    await page.getByRole('link', { name: `Entrar com ${PROVIDER}` }).click();
    await expect(page).toHaveURL(/\/start$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Ana Clara');
  });

  test('an existing password account is linked once its password is given (a wrong one first)', async ({ page }) => {
    test.setTimeout(90_000);
    const user = await createUser({ firstName: 'Marta' });
    await page.goto('/login');
    await page.getByRole('link', { name: `Entrar com ${PROVIDER}` }).click();
    await signInAtProvider(page, user.email);

    await expect(page).toHaveURL(/\/login\/social$/);
    await expect(page.getByRole('heading', { name: 'Confirme sua senha para vincular' })).toBeVisible();
    await expect(page.getByText(user.email)).toBeVisible();
    await page.getByRole('textbox', { name: 'Senha', exact: true }).fill('Errada@2026x');
    await page.getByRole('button', { name: 'Vincular e entrar' }).click();
    await expect(page.getByRole('alert')).toContainText(
      'Email ou senha incorretos. Verifique seus dados e tente novamente.',
    );
    await expect(page.getByRole('textbox', { name: 'Senha', exact: true })).toHaveValue('Errada@2026x');

    await page.getByRole('textbox', { name: 'Senha', exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Vincular e entrar' }).click();
    await expect(page).toHaveURL(/\/start$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Marta');
    const linked = await withDb(async (c) => {
      const { rows } = await c.query(`SELECT 1 FROM user_identities WHERE user_id = $1 AND provider = 'oidc'`, [
        user.id,
      ]);
      return rows.length;
    });
    expect(linked).toBe(1);
  });

  test('a referral code of /signup?ref= comes back with the provider, on the completion form', async ({ page }) => {
    await page.goto('/signup?ref=REF-ABCD2345');
    await page.getByRole('link', { name: `Cadastrar com ${PROVIDER}` }).click();
    await signInAtProvider(page, providerAddress('rui', 'mota'));
    await expect(page).toHaveURL(/\/signup\/social$/);
    await expect(page.getByRole('textbox', { name: /Código de indicação/ })).toHaveValue('REF-ABCD2345');
  });

  test('an expired or missing step says so, with the way back to the login page', async ({ page }) => {
    await page.goto('/signup/social');
    await expect(page.getByRole('heading', { name: 'Esta entrada expirou' })).toBeVisible();
    await page.getByRole('link', { name: 'Voltar para o login' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a refused sign-in comes back with its message; an unknown code reads as a failure', async ({ page }) => {
    await page.goto('/login?social_error=email_unverified');
    await expect(page.getByRole('alert')).toContainText('O provedor não confirmou o seu e-mail.');
    await page.goto('/login?social_error=<b>oops</b>');
    await expect(page.getByRole('alert')).toContainText('A entrada pelo provedor não deu certo.');
  });

  test('settings: link a provider, the last way in refused, then unlink', async ({ page }) => {
    test.setTimeout(90_000);
    const user = await createUser({ firstName: 'Paulo' });
    await loginAs(page, user);
    await page.goto('/settings');
    const section = page.locator('section#connected');
    await expect(section.getByRole('heading', { name: 'Contas conectadas' })).toBeVisible();
    await expect(section.getByText('Não conectada')).toBeVisible();
    await section.getByRole('link', { name: `Conectar ${PROVIDER}` }).click();
    await signInAtProvider(page, providerAddress('paulo', 'lima'));

    await expect(page).toHaveURL(/\/settings\?social_linked=oidc$/);
    await expect(section.getByText(`${PROVIDER} foi conectado à sua conta.`)).toBeVisible();
    await expect(section.getByText('Conectada', { exact: true })).toBeVisible();

    // With no password, the provider is the only way in: the server refuses to remove it.
    const hash = await withDb(async (c) => {
      const { rows } = await c.query<{ password_hash: string }>(
        `UPDATE users u SET password_hash = '' FROM users o WHERE u.id = o.id AND u.id = $1 RETURNING o.password_hash`,
        [user.id],
      );
      return rows[0]!.password_hash;
    });
    await section.getByRole('button', { name: `Desconectar ${PROVIDER}` }).click();
    const dialog = page.getByRole('dialog', { name: `Desconectar ${PROVIDER}?` });
    await dialog.getByRole('button', { name: 'Desconectar' }).click();
    await expect(dialog).toBeHidden();
    await expect(section.getByRole('alert')).toContainText('é a sua única forma de entrar');
    await expect(section.getByText('Conectada', { exact: true })).toBeVisible();

    await withDb((c) => c.query(`UPDATE users SET password_hash = $2 WHERE id = $1`, [user.id, hash]));
    await section.getByRole('button', { name: `Desconectar ${PROVIDER}` }).click();
    await dialog.getByRole('button', { name: 'Desconectar' }).click();
    await expect(page.getByText(`${PROVIDER} foi desconectado.`)).toBeVisible();
    await expect(section.getByText('Não conectada')).toBeVisible();
    await expect(section.getByRole('link', { name: `Conectar ${PROVIDER}` })).toBeVisible();
  });
});
