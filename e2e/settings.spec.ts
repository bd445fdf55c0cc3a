import { readFile } from 'node:fs/promises';
import { createUser, expect, loginAs, test, withDb } from './support/fixtures.ts';
import { expectAccessible } from './support/scripture.ts';
import { sessionOnAnotherDevice, unzip } from './support/settings.ts';

/**
 * Settings and privacy in the browser: the language, the sessions on other devices, the data
 * export (asked for, prepared by the job, downloaded as a zip), and the account deletion
 * (a wrong password keeps the form; then the old sign-in is refused). Accessible (axe).
 */

test('settings: accessible; another device signed out; the language saved on the account', async ({ page }) => {
  const user = await createUser({ firstName: 'Helena' });
  await loginAs(page, user);
  await sessionOnAnotherDevice(user);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Configurações' })).toBeVisible();
  await expect(page.getByText(user.email)).toBeVisible();
  const sessions = page.getByRole('region', { name: 'Aparelhos conectados' });
  await expect(sessions.getByText('Safari em iOS')).toBeVisible();
  await expect(sessions.getByText('Este aparelho')).toBeVisible();
  await expectAccessible(page, '/settings');

  await sessions.getByRole('button', { name: /^Sair de Safari em iOS/ }).click();
  await expect(page.getByText('Sessão encerrada')).toBeVisible();
  await expect(sessions.getByText('Safari em iOS')).toHaveCount(0);
  await expect(sessions.getByText('Nenhum outro aparelho está conectado.')).toBeVisible();

  await page.getByRole('region', { name: 'Idioma' }).getByRole('combobox').selectOption('en-US');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.getByText('Language updated')).toBeVisible();
  const locale = await withDb(
    async (c) => (await c.query('SELECT locale FROM users WHERE id = $1', [user.id])).rows[0],
  );
  expect(locale).toEqual({ locale: 'en-US' });
});

test('export my data: asked for, prepared, downloaded as a zip with my data', async ({ page }) => {
  test.setTimeout(90_000);
  const user = await createUser({ firstName: 'Lúcia' });
  await loginAs(page, user);
  await page.goto('/settings#privacy');
  const privacy = page.getByRole('region', { name: 'Privacidade' });
  await privacy.getByRole('button', { name: 'Preparar meus dados' }).click();
  await expect(page.getByText('Pedido recebido')).toBeVisible();
  const download = privacy.getByRole('link', { name: /^Baixar arquivo \(\d+([,.]\d)? KB\)$/ });
  await expect(download).toBeVisible({ timeout: 45_000 });
  await expect(privacy.getByText(/Seu arquivo está pronto\. Ele pode ser baixado até/)).toBeVisible();

  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toMatch(/^candeia-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = await unzip(await readFile((await file.path())!));
  const data = JSON.parse(files.get('data.json')!.toString()) as { account: { id: string; email: string } };
  expect(data.account).toMatchObject({ id: user.id, email: user.email });
  // The link came by mail too.
  const mail = await withDb(
    async (c) =>
      (await c.query(`SELECT text FROM mail_outbox WHERE "to" = $1 AND kind = 'account_export'`, [user.email])).rows,
  );
  expect(mail).toHaveLength(1);
  expect(mail[0]!.text).toContain('/settings#privacy');
});

test('delete my account: a wrong password keeps the form; then the account is gone and its sign-in refused', async ({
  page,
}) => {
  const user = await createUser({ firstName: 'Rute' });
  await loginAs(page, user);
  await page.goto('/settings#privacy');
  const privacy = page.getByRole('region', { name: 'Privacidade' });
  await expect(privacy.getByText('O que acontece ao excluir a conta:')).toBeVisible();
  await expect(privacy.getByRole('listitem')).toHaveCount(7);
  const password = privacy.getByLabel('Digite sua senha para confirmar', { exact: false });
  const submit = privacy.getByRole('button', { name: 'Excluir minha conta para sempre' });

  await password.fill('Errada@2026');
  await submit.click();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toHaveAccessibleDescription('A senha atual está incorreta.');
  await expect(password).toHaveValue('Errada@2026');
  await expect(password).toBeFocused();

  await password.fill(user.password);
  await submit.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Sua conta foi excluída')).toBeVisible();

  await page.goto('/login');
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(user.email);
  await page.getByRole('textbox', { name: 'Senha', exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page.getByText('Email ou senha incorretos. Verifique seus dados e tente novamente.')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});
