import { randomBytes } from 'node:crypto';
import { expectAccessible, referralCodeOf, subscribeThroughApi } from './support/billing.ts';
import { PASSWORD, createUser, expect, loginAs, test, withDb } from './support/fixtures.ts';

const TZ = 'America/Sao_Paulo';
const number = (n: number) => new Intl.NumberFormat('pt-BR').format(n);

async function balanceOf(userId: string): Promise<number> {
  return withDb(async (c) => {
    const { rows } = await c.query<{ balance: string }>('SELECT balance FROM credit_accounts WHERE user_id = $1', [
      userId,
    ]);
    return Number(rows[0]?.balance ?? 0);
  });
}

test.describe('e-mail verification', () => {
  // Three people, two payments and the admin outbox in one story.
  test.setTimeout(180_000);

  test('sign-up with a referral code → the link read in the admin outbox → confirmed → both rewards', async ({
    page,
    login,
    baseURL,
    browser,
  }) => {
    // A member in the referral program (a paying Prata subscriber), and one who is not (on a trial).
    const referrer = await login({ firstName: 'Marta' });
    await subscribeThroughApi(page, baseURL!);
    const code = await referralCodeOf(referrer.id);
    const trialCode = await referralCodeOf((await createUser({ firstName: 'Rute' })).id);
    const referrerStart = await balanceOf(referrer.id);

    // The newcomer, signed out, in another browser.
    const newcomerContext = await browser.newContext({ baseURL, locale: 'pt-BR', timezoneId: TZ });
    const guest = await newcomerContext.newPage();
    const email = `confirma.${randomBytes(4).toString('hex')}@example.com`;
    await guest.goto(`/signup?ref=${trialCode}`);
    await guest.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
    await guest.getByRole('textbox', { name: 'Senha', exact: true }).fill(PASSWORD);
    await guest.getByRole('textbox', { name: 'Confirme a senha', exact: true }).fill(PASSWORD);
    await guest.getByRole('textbox', { name: 'Nome', exact: true }).fill('Joana');
    await guest.getByRole('textbox', { name: 'Sobrenome', exact: true }).fill('Lima');
    await guest.getByRole('textbox', { name: 'Data de nascimento', exact: true }).fill('1990-03-02');
    await guest.getByRole('combobox', { name: 'Gênero' }).selectOption('female');
    await guest.getByRole('textbox', { name: 'Telefone', exact: true }).fill('+55 11 98765-4321');
    await guest.getByRole('textbox', { name: 'Cidade (opcional)' }).fill('Recife');
    await guest.getByRole('checkbox', { name: /Li e aceito/ }).check();
    await guest.getByRole('button', { name: 'Criar conta' }).click();

    // A trial member's code is refused at its field, and nothing typed is lost.
    const codeField = guest.getByRole('textbox', { name: /Código de indicação/ });
    await expect(codeField).toHaveAttribute('aria-invalid', 'true');
    await expect(codeField).toHaveAccessibleDescription(/quem o compartilhou não participa do programa de indicação/);
    await expect(guest.getByRole('textbox', { name: 'E-mail', exact: true })).toHaveValue(email);
    await expect(guest.getByRole('textbox', { name: 'Cidade (opcional)' })).toHaveValue('Recife');
    await expect(guest).toHaveURL(/\/signup/);

    await codeField.fill(code);
    await guest.getByRole('textbox', { name: 'Senha', exact: true }).fill(PASSWORD);
    await guest.getByRole('textbox', { name: 'Confirme a senha', exact: true }).fill(PASSWORD);
    await guest.getByRole('button', { name: 'Criar conta' }).click();
    await expect(guest).toHaveURL(/\/start$/);

    // The trial works at once; a gentle notice under the header; no referral bonus yet.
    const notice = guest.getByRole('complementary', { name: 'Confirmação de e-mail' });
    await expect(notice).toContainText('Confirme seu e-mail.');
    await expect(notice).toContainText(email);
    const header = guest.getByRole('banner');
    await expect(header.getByRole('link', { name: '15.000 créditos disponíveis' }).first()).toBeVisible();
    await expectAccessible(guest, '/start (e-mail not confirmed)');
    // Another link right away: one a minute, said kindly.
    await notice.getByRole('button', { name: 'Reenviar link' }).click();
    await expect(notice.getByRole('status')).toHaveText(
      'Acabamos de enviar um link. Aguarde um minuto antes de pedir outro.',
    );

    // An administrator reads the mail in the outbox: without SMTP it is the only mailbox, and says so.
    const adminContext = await browser.newContext({ baseURL, locale: 'pt-BR', timezoneId: TZ });
    const adminPage = await adminContext.newPage();
    await loginAs(adminPage, await createUser({ role: 'admin', firstName: 'Ana' }));
    await adminPage.goto('/admin');
    await adminPage.getByRole('tab', { name: 'Caixa de saída' }).click();
    await expect(
      adminPage.getByText('Sem servidor de e-mail: esta caixa de saída é a única caixa de correio'),
    ).toBeVisible();
    const mail = adminPage
      .getByRole('listitem')
      .filter({ hasText: email })
      .filter({ hasText: 'Confirmação de e-mail' });
    await mail.getByText('Candeia: confirme seu e-mail').click();
    const href = await mail.getByRole('link', { name: /\/verify-email\?token=/ }).getAttribute('href');
    await adminContext.close();
    const link = new URL(href!);

    // Opening the link changes nothing; the token leaves the address bar; the button confirms.
    await guest.goto(`${link.pathname}${link.search}`);
    await expect(guest.getByRole('heading', { name: 'Confirme seu e-mail', level: 1 })).toBeVisible();
    await expect(guest).toHaveURL(/\/verify-email$/);
    await expectAccessible(guest, '/verify-email');
    await guest.reload();
    await expect(guest.getByRole('heading', { name: 'Link de confirmação inválido' })).toBeVisible();
    await guest.goto(`${link.pathname}${link.search}`);
    await guest.getByRole('button', { name: 'Confirmar meu e-mail' }).click();
    await expect(guest.getByRole('heading', { name: 'E-mail confirmado' })).toBeVisible();
    await expect(guest.getByText(`Obrigado! O endereço ${email} está confirmado.`)).toBeVisible();

    // The new member's 30 more days and 5,000 credits; the notice is gone.
    await guest.getByRole('link', { name: 'Ir para o início' }).click();
    await expect(header.getByRole('link', { name: '20.000 créditos disponíveis' }).first()).toBeVisible();
    await expect(guest.getByRole('complementary', { name: 'Confirmação de e-mail' })).toHaveCount(0);
    await guest.goto('/subscription');
    await expect(guest.getByRole('listitem').filter({ hasText: 'Bônus de cadastro com indicação' })).toContainText(
      '+5.000',
    );
    await guest.goto('/profile');
    await expect(guest.getByText('Confirmado', { exact: true })).toBeVisible();

    // The same link a second time: spent.
    await guest.goto(`${link.pathname}${link.search}`);
    await guest.getByRole('button', { name: 'Confirmar meu e-mail' }).click();
    await expect(guest.getByRole('heading', { name: 'Link de confirmação inválido' })).toBeVisible();
    await expect(guest.getByText('Seu e-mail já está confirmado: não é preciso fazer mais nada.')).toBeVisible();

    // The new member's first payment: the referrer's 5,000 credits.
    await subscribeThroughApi(guest, baseURL!, 'platinum');
    await newcomerContext.close();
    await page.goto('/referral');
    await expect(page.getByRole('heading', { name: 'Quem se cadastrou com seu código' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByRole('listitem').filter({ hasText: 'Joana' })).toContainText('Recompensa recebida');
    await expect(page.getByRole('listitem').filter({ hasText: 'Primeiro pagamento de um indicado' })).toContainText(
      '+5.000',
    );
    await expect(
      page
        .getByRole('banner')
        .getByRole('link', { name: `${number(referrerStart + 5000)} créditos disponíveis` })
        .first(),
    ).toBeVisible();
  });

  test('the profile asks for a confirmation and sends a new link', async ({ page, login }) => {
    const user = await login({ verified: false, firstName: 'Lia' });
    await page.goto('/profile');
    // The first screen after the server starts (and imports the texts) can take a while here.
    await expect(page.getByRole('heading', { name: 'Meu perfil', level: 1 })).toBeVisible({ timeout: 30_000 });
    const panel = page.getByRole('region', { name: 'Confirme seu e-mail.' });
    await expect(panel).toContainText(user.email);
    await expect(page.getByText('Não confirmado', { exact: true })).toBeVisible();
    // The header's notice is not repeated on the profile.
    await expect(page.getByRole('complementary', { name: 'Confirmação de e-mail' })).toHaveCount(0);
    await panel.getByRole('button', { name: 'Reenviar link' }).click();
    await expect(panel.getByRole('status')).toHaveText(
      `Pronto! Enviamos um novo link para ${user.email}. Confira também a pasta de spam.`,
    );
    await expectAccessible(page, '/profile (e-mail not confirmed)');
    const sent = await withDb(async (c) => {
      const { rows } = await c.query(`SELECT id FROM mail_outbox WHERE "to" = $1 AND kind = 'email_verification'`, [
        user.email,
      ]);
      return rows.length;
    });
    expect(sent).toBe(1);
  });
});
