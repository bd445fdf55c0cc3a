import { randomBytes } from 'node:crypto';
import {
  CARD_DECLINED,
  CARD_OK,
  donateThroughApi,
  expectAccessible,
  fillCard,
  referralCodeOf,
  subscribeThroughApi,
} from './support/billing.ts';
import { PASSWORD, chooseLanguage, expect, setCredits, test, verificationLinkOf, withDb } from './support/fixtures.ts';

/** dd/mm/aaaa of an ISO date, as the pt-BR screens write it (in the browser's São Paulo zone). */
const brDate = (iso: string) =>
  new Intl.DateTimeFormat('pt-BR', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'America/Sao_Paulo',
  }).format(new Date(iso));

test.describe('subscriptions', () => {
  test('a trial user subscribes to Silver with 4242 and sees it confirmed by the webhook', async ({ page, login }) => {
    await login();
    await page.goto('/subscription');
    await expect(page.getByRole('heading', { name: 'Seu plano atual' })).toBeVisible();
    await expectAccessible(page, '/subscription (trial)');

    await page.getByRole('button', { name: 'Assinar Prata' }).click();
    await expect(page).toHaveURL(/\/testes-stripe\?session=/);
    await expect(page.getByRole('heading', { name: 'Finalizar pagamento' })).toBeVisible();
    await expect(page.getByText('Assinatura do plano Prata')).toBeVisible();
    await expect(page.getByText(/R\$\s?159,90/).first()).toBeVisible();
    await expect(page.getByText('4242 4242 4242 4242')).toBeVisible();
    await expect(page.getByText('4000 0000 0000 0002')).toBeVisible();
    await expectAccessible(page, '/testes-stripe');

    // Typed digits come out in groups of four; a one-digit month gains its zero.
    await page.getByRole('textbox', { name: 'Número do cartão' }).pressSequentially('4242424242424242');
    await expect(page.getByRole('textbox', { name: 'Número do cartão' })).toHaveValue(CARD_OK);
    await page.getByRole('textbox', { name: 'Validade' }).pressSequentially('934');
    await expect(page.getByRole('textbox', { name: 'Validade' })).toHaveValue('09/34');
    await page.getByRole('textbox', { name: 'CVC' }).fill('123');
    await page.getByRole('textbox', { name: 'Nome impresso no cartão' }).fill('Clara Teste');
    await page.getByRole('button', { name: /Pagar R\$\s?159,90/ }).click();

    await expect(page).toHaveURL(/\/checkout\/success\?session(_id)?=/);
    await expect(page.getByRole('heading', { name: 'Assinatura confirmada!' })).toBeVisible({ timeout: 30_000 });
    const confirmed = page.locator('dl');
    await expect(confirmed.getByText('Prata')).toBeVisible();
    await expect(confirmed.getByText('Ativa')).toBeVisible();
    await expect(confirmed.getByText('250.000')).toBeVisible();
    await expect(page.getByText('Assinatura Atualizada')).toBeVisible();
    await expect(page.getByText('Você assinou o plano Prata.')).toBeVisible();
    await expectAccessible(page, '/checkout/success (subscription)');

    await page.getByRole('main').getByRole('link', { name: 'Planos e assinatura' }).click();
    const current = page.getByRole('region', { name: 'Seu plano atual' });
    await expect(current.getByText('Prata', { exact: true })).toBeVisible();
    await expect(current.getByText('Ativa')).toBeVisible();
    await expect(page.getByText('Próxima renovação')).toBeVisible();
  });

  test('a declined card shows the error, keeps what was typed, and can be retried', async ({ page, login }) => {
    await login();
    await page.goto('/subscription');
    await page.getByRole('button', { name: 'Assinar Prata' }).click();
    await expect(page).toHaveURL(/\/testes-stripe\?session=/);
    const url = page.url();

    await fillCard(page, CARD_DECLINED);
    await page.getByRole('button', { name: /Pagar/ }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Pagamento não concluído' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('recusado');
    await expect(alert).toBeFocused();
    expect(page.url()).toBe(url);
    await expect(page.getByRole('textbox', { name: 'Número do cartão' })).toHaveValue(CARD_DECLINED);
    await expect(page.getByRole('textbox', { name: 'Validade' })).toHaveValue('12/34');
    await expect(page.getByRole('textbox', { name: 'Nome impresso no cartão' })).toHaveValue('Clara Teste');
    await expectAccessible(page, '/testes-stripe (declined)');

    // The test card list fills the number; the second try goes through.
    await page.getByRole('button', { name: /Usar o cartão 4242/ }).click();
    await expect(page.getByRole('textbox', { name: 'Número do cartão' })).toHaveValue(CARD_OK);
    await page.getByRole('button', { name: /Pagar/ }).click();
    await expect(page.getByRole('heading', { name: 'Assinatura confirmada!' })).toBeVisible({ timeout: 30_000 });
  });

  test('a past expiry date is refused like a declined card, and nothing typed is lost', async ({ page, login }) => {
    await login();
    await page.goto('/subscription');
    await page.getByRole('button', { name: 'Assinar Diamante' }).click();
    await expect(page).toHaveURL(/\/testes-stripe\?session=/);
    await fillCard(page, CARD_OK);
    await page.getByRole('textbox', { name: 'Validade' }).fill('01/20');
    await page.getByRole('button', { name: /Pagar/ }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Pagamento não concluído' });
    await expect(alert).toContainText('Cartão vencido');
    await expect(alert).toBeFocused();
    await expect(page.getByRole('textbox', { name: 'Número do cartão' })).toHaveValue(CARD_OK);
    await expect(page.getByRole('textbox', { name: 'Validade' })).toHaveValue('01/20');
    await expectAccessible(page, '/testes-stripe (expired card)');
    await page.getByRole('textbox', { name: 'Validade' }).fill('12/34');
    await page.getByRole('button', { name: /Pagar/ }).click();
    await expect(page.getByRole('heading', { name: 'Assinatura confirmada!' })).toBeVisible({ timeout: 30_000 });
  });

  test("a plan checkout's link opened signed out, or by another member, cannot be paid there", async ({
    page,
    login,
    browser,
    baseURL,
  }) => {
    // Two browsers, two members and a payment: more than the default minute on a busy machine.
    test.slow();
    await login();
    await page.goto('/subscription');
    await page.getByRole('button', { name: 'Assinar Prata' }).click();
    await expect(page).toHaveURL(/\/testes-stripe\?session=/);
    const link = new URL(page.url());

    const other = await browser.newContext({ baseURL, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
    const stranger = await other.newPage();
    await stranger.goto(`${link.pathname}${link.search}`);
    await fillCard(stranger, CARD_OK);
    await stranger.getByRole('button', { name: /Pagar/ }).click();
    const alert = stranger.getByRole('alert').filter({ hasText: 'Pagamento não concluído' });
    await expect(alert).toContainText('Entre na sua conta para continuar.');
    await expect(alert.getByRole('link', { name: 'Entrar para pagar' })).toHaveAttribute(
      'href',
      `/login?next=${encodeURIComponent(`${link.pathname}${link.search}`)}`,
    );
    await expectAccessible(stranger, '/testes-stripe (signed out)');

    const { loginAs, createUser } = await import('./support/fixtures.ts');
    await loginAs(stranger, await createUser({ firstName: 'Outra' }));
    await stranger.goto(`${link.pathname}${link.search}`);
    await fillCard(stranger, CARD_OK);
    await stranger.getByRole('button', { name: /Pagar/ }).click();
    await expect(stranger.getByRole('alert').filter({ hasText: 'Pagamento não concluído' })).toContainText(
      'Este pagamento foi iniciado por outra conta.',
    );
    await other.close();

    // The member who chose the plan pays it.
    await fillCard(page, CARD_OK);
    await page.getByRole('button', { name: /Pagar/ }).click();
    await expect(page.getByRole('heading', { name: 'Assinatura confirmada!' })).toBeVisible({ timeout: 30_000 });
  });

  test('the card form explains each bad field and loses nothing', async ({ page, login }) => {
    await login();
    await page.goto('/subscription');
    await page.getByRole('button', { name: 'Assinar Ouro' }).click();
    await expect(page).toHaveURL(/\/testes-stripe\?session=/);
    await page.getByRole('textbox', { name: 'Número do cartão' }).fill('4242');
    await page.getByRole('textbox', { name: 'Validade' }).fill('13/30');
    await page.getByRole('button', { name: /Pagar/ }).click();
    await expect(page.getByText('Número de cartão inválido.')).toBeVisible();
    await expect(page.getByText('Validade inválida (use MM/AA).')).toBeVisible();
    await expect(page.getByText('CVC inválido (3 ou 4 dígitos).')).toBeVisible();
    await expect(page.getByText('Informe o nome impresso no cartão.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Número do cartão' })).toBeFocused();
    await expect(page.getByRole('textbox', { name: 'Número do cartão' })).toHaveValue('4242');
    await expect(page.getByRole('textbox', { name: 'Validade' })).toHaveValue('13/30');
    await expectAccessible(page, '/testes-stripe (field errors)');
  });

  test('cancel at the period end: no fee, access until the date, and resume', async ({ page, login, baseURL }) => {
    const user = await login();
    await subscribeThroughApi(page, baseURL!);
    const periodEnd = await withDb(async (c) => {
      const { rows } = await c.query<{ end: Date }>(
        `SELECT current_period_end AS end FROM user_subscriptions WHERE user_id = $1`,
        [user.id],
      );
      return rows[0]!.end.toISOString();
    });
    const date = brDate(periodEnd);

    await page.goto('/subscription');
    await expect(page.getByText(`Sua assinatura renova em ${date}.`, { exact: false })).toBeVisible();
    await page.getByRole('button', { name: 'Cancelar assinatura' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancelar a assinatura?' });
    await expect(dialog).toContainText('Não há multa.');
    await expect(dialog).toContainText(date);
    await expectAccessible(page, '/subscription (cancel dialog)');
    await dialog.getByRole('button', { name: 'Cancelar assinatura' }).click();
    await expect(dialog).toBeHidden();

    await expect(
      page.getByText(`Você continua com acesso até ${date}; depois, fica no plano gratuito.`).first(),
    ).toBeVisible();
    await expect(page.getByText('Cancelamento agendado')).toBeVisible();
    await expect(page.getByText('Acesso até', { exact: true })).toBeVisible();

    // Still allowed into the feature screens until the period ends.
    await page.goto('/referral');
    await expect(page).toHaveURL(/\/referral$/);
    await expect(page.getByRole('heading', { name: 'Programa de indicação' })).toBeVisible();

    await page.goto('/subscription');
    await page.getByRole('button', { name: 'Retomar assinatura' }).click();
    await expect(page.getByText('Assinatura retomada')).toBeVisible();
    await expect(page.getByText(`Sua assinatura renova em ${date}.`, { exact: false })).toBeVisible();
  });

  test('signed out: "Entre para assinar" signs in and comes back to the plans', async ({ page }) => {
    const { createUser } = await import('./support/fixtures.ts');
    const user = await createUser();
    await page.goto('/subscription');
    await expect(page.getByRole('link', { name: 'Assinar Prata' })).toHaveAttribute('href', /\/signup\?next=/);
    await page.getByRole('link', { name: /Entre para assinar/ }).click();
    await expect(page).toHaveURL(/\/login\?next=/);
    await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(user.email);
    await page.getByRole('textbox', { name: 'Senha', exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(page).toHaveURL(/\/subscription$/);
    await expect(page.getByRole('button', { name: 'Assinar Prata' })).toBeVisible();
  });
});

test.describe('subscribing from signed out', () => {
  test('"Assinar" goes through sign-up and back to the chosen plan', async ({ page }) => {
    await page.goto('/subscription');
    await page.getByRole('link', { name: 'Assinar Prata' }).click();
    await expect(page).toHaveURL(/\/signup\?next=/);
    await page
      .getByRole('textbox', { name: 'E-mail', exact: true })
      .fill(`assinante.${randomBytes(4).toString('hex')}@example.com`);
    await page.getByRole('textbox', { name: 'Senha', exact: true }).fill(PASSWORD);
    await page.getByRole('textbox', { name: 'Confirme a senha', exact: true }).fill(PASSWORD);
    await page.getByRole('textbox', { name: 'Nome', exact: true }).fill('Lia');
    await page.getByRole('textbox', { name: 'Sobrenome', exact: true }).fill('Prado');
    await page.getByRole('textbox', { name: 'Data de nascimento', exact: true }).fill('1985-11-30');
    await page.getByRole('combobox', { name: 'Gênero' }).selectOption('female');
    await page.getByRole('textbox', { name: 'Telefone', exact: true }).fill('+55 11 91234-5678');
    await page.getByRole('checkbox', { name: /Li e aceito/ }).check();
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await expect(page).toHaveURL(/\/subscription\?plan=/);
    // The chosen plan is marked, and its button is where focus goes on.
    await expect(page.getByRole('button', { name: 'Assinar Prata' })).toBeFocused();
    await expect(page.getByRole('listitem').filter({ hasText: 'Escolhido' })).toContainText('Prata');
  });
});

test.describe('payment pages without a usable session', () => {
  test('/testes-stripe and /checkout/success explain a missing or unknown session', async ({ page }) => {
    await page.goto('/testes-stripe');
    await expect(page.getByRole('heading', { name: 'Link de pagamento inválido' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ver planos' })).toBeVisible();
    await expectAccessible(page, '/testes-stripe (no session)');

    await page.goto('/testes-stripe?session=nao-existe');
    await expect(page.getByRole('heading', { name: 'Pagamento não encontrado' })).toBeVisible();

    await page.goto('/checkout/success?session=nao-existe');
    await expect(page.getByRole('heading', { name: 'Pagamento não encontrado' })).toBeVisible();
    await page.getByRole('link', { name: 'Fazer uma doação' }).click();
    await expect(page).toHaveURL(/\/donations$/);
  });
});

test.describe('donations', () => {
  test('a valid amount goes through the checkout and is thanked', async ({ page }) => {
    await page.goto('/donations');
    await expect(page.getByRole('heading', { name: 'Doações', level: 1 })).toBeVisible();
    await expectAccessible(page, '/donations');

    // A preset fills the amount in the reader's format.
    await page.getByRole('button', { name: /R\$\s?25,00/ }).click();
    await expect(page.getByRole('textbox', { name: /Valor da doação/ })).toHaveValue('25,00');
    await page.getByRole('textbox', { name: /Valor da doação/ }).fill('37,50');
    await page.getByRole('textbox', { name: /E-mail para o recibo/ }).fill('doadora@example.com');
    const donate = page.getByRole('button', { name: /Doar R\$\s?37,50/ });
    await donate.click();

    await expect(page).toHaveURL(/\/testes-stripe\?session=/);
    await expect(page.getByText('Doação', { exact: true })).toBeVisible();
    await expect(page.getByText(/R\$\s?37,50/).first()).toBeVisible();
    await fillCard(page, CARD_OK);
    await page.getByRole('button', { name: /Pagar R\$\s?37,50/ }).click();

    await expect(page).toHaveURL(/\/checkout\/success\?session(_id)?=/);
    await expect(page.getByRole('heading', { name: 'Obrigado pela sua doação!' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(/Recebemos sua doação de R\$\s?37,50\./)).toBeVisible();
    await expect(page.getByText('Sua doação foi processada com sucesso! Obrigado por apoiar a Candeia.')).toBeVisible();
    await expectAccessible(page, '/checkout/success (donation)');
  });

  test("a donation's payment page opened in another browser cannot be paid there", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.slow();
    await page.goto('/donations');
    await page.getByRole('textbox', { name: /Valor da doação/ }).fill('12,00');
    await page.getByRole('button', { name: /Doar R\$\s?12,00/ }).click();
    await expect(page).toHaveURL(/\/testes-stripe\?session=/);
    const link = new URL(page.url());

    const other = await browser.newContext({ baseURL, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
    const elsewhere = await other.newPage();
    await elsewhere.goto(`${link.pathname}${link.search}`);
    await fillCard(elsewhere, CARD_OK);
    await elsewhere.getByRole('button', { name: /Pagar/ }).click();
    await expect(elsewhere.getByRole('alert').filter({ hasText: 'Pagamento não concluído' })).toContainText(
      'Esta doação foi iniciada em outro navegador.',
    );
    await other.close();

    await fillCard(page, CARD_OK);
    await page.getByRole('button', { name: /Pagar/ }).click();
    await expect(page.getByRole('heading', { name: 'Obrigado pela sua doação!' })).toBeVisible({ timeout: 30_000 });
  });

  test('an invalid amount gets the message of SPEC.md §5 and keeps what was typed', async ({ page }) => {
    await page.goto('/donations');
    const amount = page.getByRole('textbox', { name: /Valor da doação/ });
    await amount.fill('abc');
    await page.getByRole('button', { name: 'Doar', exact: true }).click();
    await expect(page.getByText('Valor Inválido: por favor, insira um valor de doação válido.')).toBeVisible();
    const toast = page.getByRole('alert').filter({ hasText: 'Valor Inválido' });
    await expect(toast).toContainText('Por favor, insira um valor de doação válido.');
    await expect(amount).toBeFocused();
    await expect(amount).toHaveValue('abc');
    await expect(page).toHaveURL(/\/donations$/);
    await expectAccessible(page, '/donations (invalid amount)');

    // Below the minimum is invalid too.
    await amount.fill('0,50');
    await page.getByRole('button', { name: 'Doar', exact: true }).click();
    await expect(page.getByText('Valor Inválido: por favor, insira um valor de doação válido.')).toBeVisible();

    // In English.
    await chooseLanguage(page, 'Idioma', 'en-US');
    await page.getByRole('textbox', { name: /Donation amount/ }).fill('-3');
    await page.getByRole('button', { name: 'Donate', exact: true }).click();
    await expect(page.getByText('Invalid value: please enter a valid donation amount.')).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid value' })).toContainText(
      'Please enter a valid donation amount.',
    );
  });
});

test.describe('referrals', () => {
  test('a paying user shares the code; a sign-up with ?ref= pre-filled gets the reward once confirmed', async ({
    page,
    login,
    baseURL,
    browser,
  }) => {
    const referrer = await login({ firstName: 'Marta' });
    await subscribeThroughApi(page, baseURL!);
    const code = await referralCodeOf(referrer.id);

    await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'share', { value: undefined }));
    await page.goto('/referral');
    await expect(page.getByRole('textbox', { name: 'Seu código de indicação' })).toHaveValue(code);
    const link = page.getByRole('textbox', { name: 'Link de cadastro' });
    await expect(link).toHaveValue(new RegExp(`\\?ref=${code}$`));
    await expectAccessible(page, '/referral');
    await page.getByRole('button', { name: 'Compartilhar' }).click();
    await expect(page.getByText('Compartilhamento não suportado')).toBeVisible();
    await expect(page.getByText('Seu navegador não suporta compartilhamento nativo.')).toBeVisible();

    // Someone else opens the link, signed out.
    const signupUrl = new URL(await link.inputValue());
    const other = await browser.newContext({ baseURL, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
    const guest = await other.newPage();
    await guest.goto(`${signupUrl.pathname}${signupUrl.search}`);
    const codeField = guest.getByRole('textbox', { name: /Código de indicação/ });
    await expect(codeField).toHaveValue(code);
    const guestEmail = `indicada.${randomBytes(4).toString('hex')}@example.com`;
    await guest.getByRole('textbox', { name: 'E-mail', exact: true }).fill(guestEmail);
    await guest.getByRole('textbox', { name: 'Senha', exact: true }).fill(PASSWORD);
    await guest.getByRole('textbox', { name: 'Confirme a senha', exact: true }).fill(PASSWORD);
    await guest.getByRole('textbox', { name: 'Nome', exact: true }).fill('Joana');
    await guest.getByRole('textbox', { name: 'Sobrenome', exact: true }).fill('Lima');
    await guest.getByRole('textbox', { name: 'Data de nascimento', exact: true }).fill('1990-03-02');
    await guest.getByRole('combobox', { name: 'Gênero' }).selectOption('female');
    await guest.getByRole('textbox', { name: 'Telefone', exact: true }).fill('+55 11 98765-4321');
    await guest.getByRole('checkbox', { name: /Li e aceito/ }).check();
    await guest.getByRole('button', { name: 'Criar conta' }).click();
    await expect(guest).toHaveURL(/\/start$/);

    // The reward waits for the confirmed address: the mailed link, then the button.
    await guest.goto(await verificationLinkOf(guestEmail));
    await guest.getByRole('button', { name: 'Confirmar meu e-mail' }).click();
    await expect(guest.getByText(`Obrigado! O endereço ${guestEmail} está confirmado.`)).toBeVisible();

    // The reward: 5.000 credits in the history (and in the balance).
    await guest.goto('/subscription');
    const reward = guest.getByRole('listitem').filter({ hasText: 'Bônus de cadastro com indicação' });
    await expect(reward).toContainText('+5.000');
    await other.close();

    // The referrer sees who joined.
    await page.reload();
    await expect(page.getByRole('listitem').filter({ hasText: 'Joana' })).toContainText('Aguardando 1º pagamento');
  });

  test('a trial user gets a clear not-eligible screen with a way to the plans', async ({ page, login }) => {
    await login();
    await page.goto('/referral');
    await expect(page.getByRole('heading', { name: 'Você ainda não pode indicar amigos' })).toBeVisible();
    await expectAccessible(page, '/referral (not eligible)');
    await page.getByRole('link', { name: 'Ver planos' }).click();
    await expect(page).toHaveURL(/\/subscription#plans$/);
  });
});

test.describe('header', () => {
  test('the credit balance shows when signed in, and only then', async ({ page, login }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: /disponíve/ })).toHaveCount(0);
    const user = await login();
    await setCredits(user.id, 1234);
    await page.goto('/start');
    const balance = page.getByRole('banner').getByRole('link', { name: '1.234 créditos disponíveis' });
    await expect(balance).toBeVisible();
    await balance.click();
    await expect(page).toHaveURL(/\/subscription$/);
  });
});

test.describe('admin billing', () => {
  test('plans, subscriptions, donations and a credit grant that a double submit gives once', async ({
    page,
    login,
    browser,
    baseURL,
  }) => {
    // Every admin billing tab in one go: about 35 s on a busy machine.
    test.setTimeout(120_000);
    // A subscriber to find in the lists.
    const other = await browser.newContext({ baseURL });
    const payer = await other.newPage();
    const { createUser, loginAs } = await import('./support/fixtures.ts');
    const subscriber = await createUser({ firstName: 'Rute' });
    await loginAs(payer, subscriber);
    await subscribeThroughApi(payer, baseURL!, 'platinum');
    await donateThroughApi(payer, baseURL!, 4321);
    await other.close();

    await login({ role: 'admin' });
    await page.goto('/admin?tab=billing');
    const sections = page.getByRole('tablist', { name: 'Seções da cobrança' });
    await expect(sections.getByRole('tab', { name: 'Planos' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('row').filter({ hasText: 'Silver' })).toContainText(/R\$\s?159,90/);
    await expectAccessible(page, '/admin billing: plans');

    // Edit the Gold plan's price and flags; the catalogue follows.
    await page.getByRole('button', { name: 'Editar Gold' }).first().click();
    const price = page.getByRole('textbox', { name: /Preço mensal/ });
    await expect(page.getByRole('textbox', { name: 'Nome' })).toBeFocused();
    await expect(page.getByRole('textbox', { name: 'Nome' })).toHaveValue('Gold');
    await expect(price).toHaveValue('249,90');
    await price.fill('abc');
    await page.getByRole('button', { name: 'Salvar plano' }).click();
    await expect(page.getByText('Informe um preço válido (0 ou mais).')).toBeVisible();
    await expect(price).toBeFocused();
    await expectAccessible(page, '/admin billing: plan editor with an error');
    await price.fill('259,90');
    await page.getByRole('button', { name: 'Salvar plano' }).click();
    await expect(page.getByText('Plano Gold salvo')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Editar Gold' }).first()).toBeFocused();
    await expect(page.getByText(/R\$\s?259,90/).first()).toBeVisible();
    await page.goto('/subscription');
    await expect(page.getByText(/R\$\s?259,90/).first()).toBeVisible();
    // Put the price back for the other tests.
    await page.goto('/admin?tab=billing');
    await page.getByRole('button', { name: 'Editar Gold' }).first().click();
    await page.getByRole('textbox', { name: /Preço mensal/ }).fill('249,90');
    await page.getByRole('button', { name: 'Salvar plano' }).click();
    await expect(page.getByText('Plano Gold salvo')).toBeVisible();

    // Subscriptions: filter by status and search.
    await sections.getByRole('tab', { name: 'Assinaturas' }).click();
    await expect(page).toHaveURL(/section=subscriptions/);
    await page.getByRole('combobox', { name: 'Situação' }).selectOption('active');
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(subscriber.email);
    await page.getByRole('button', { name: 'Filtrar' }).click();
    const row = page.getByRole('row').filter({ hasText: subscriber.email });
    await expect(row).toContainText('Platinum');
    await expect(row).toContainText('Ativa');
    await expectAccessible(page, '/admin billing: subscriptions');

    // Grant credits from that row: the form opens with the user chosen.
    await row.getByRole('button', { name: `Conceder créditos a ${subscriber.email}` }).click();
    await expect(page).toHaveURL(/section=credits/);
    await expect(page.getByRole('textbox', { name: 'ID do usuário' })).toHaveValue(subscriber.id);
    await expect(page.getByText(`Usuário: ${subscriber.email}`)).toBeVisible();
    await expectAccessible(page, '/admin billing: grant credits');
    await page.getByRole('textbox', { name: 'Créditos', exact: true }).fill('0');
    await page.getByRole('button', { name: 'Conceder créditos' }).click();
    await expect(page.getByText('Informe uma quantidade de créditos entre 1 e 100.000.000.')).toBeVisible();

    const balanceBefore = await withDb(async (c) => {
      // bigint: node-postgres reads it as a string.
      const { rows } = await c.query<{ balance: string }>(`SELECT balance FROM credit_accounts WHERE user_id = $1`, [
        subscriber.id,
      ]);
      return Number(rows[0]?.balance ?? 0);
    });
    await page.getByRole('textbox', { name: 'Créditos', exact: true }).fill('700');
    await page.getByRole('textbox', { name: /Motivo/ }).fill('Cortesia');
    // A double submit: the same idempotency key, so one grant.
    await page.getByRole('button', { name: 'Conceder créditos' }).dblclick();
    await expect(page.getByText('700 créditos concedidos').first()).toBeVisible();
    await expect
      .poll(() =>
        withDb(async (c) => {
          const { rows } = await c.query<{ n: string }>(
            `SELECT count(*) AS n FROM credit_ledger WHERE user_id = $1 AND kind = 'admin_grant'`,
            [subscriber.id],
          );
          return Number(rows[0]!.n);
        }),
      )
      .toBe(1);
    const balanceAfter = await withDb(async (c) => {
      const { rows } = await c.query<{ balance: string }>(`SELECT balance FROM credit_accounts WHERE user_id = $1`, [
        subscriber.id,
      ]);
      return Number(rows[0]!.balance);
    });
    expect(balanceAfter - balanceBefore).toBe(700);

    // Donations: the list and its status filter.
    await sections.getByRole('tab', { name: 'Doações' }).click();
    await expect(page).toHaveURL(/section=donations/);
    await page.getByRole('combobox', { name: 'Situação' }).selectOption('paid');
    const donation = page
      .getByRole('row')
      .filter({ hasText: /R\$\s?43,21/ })
      .first();
    await expect(donation).toContainText('Paga');
    await page.getByRole('combobox', { name: 'Situação' }).selectOption('failed');
    await expect(page.getByRole('row').filter({ hasText: /R\$\s?43,21/ })).toHaveCount(0);
    await expectAccessible(page, '/admin billing: donations');
  });
});
