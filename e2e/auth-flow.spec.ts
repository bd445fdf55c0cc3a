import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { chooseLanguage, createUser, expect, signOut, test, withDb, type E2EUser } from './support/fixtures.ts';

const PASSWORD = 'Caminho@Luz2026';

test.describe('accounts', () => {
  test('sign-up → /start → logout → login → language switch → not-found', async ({ page }) => {
    const email = `nova.${randomBytes(4).toString('hex')}@example.com`;
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByRole('banner').getByRole('link', { name: 'Cadastrar' }).first().click();
    await expect(page).toHaveURL(/\/signup$/);

    // A first submit with a weak password keeps everything typed and shows the rule.
    await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
    await page.getByRole('textbox', { name: 'Senha', exact: true }).fill('fraca');
    await page.getByRole('textbox', { name: 'Confirme a senha', exact: true }).fill('fraca');
    await page.getByRole('textbox', { name: 'Nome', exact: true }).fill('Helena');
    await page.getByRole('textbox', { name: 'Sobrenome', exact: true }).fill('Costa');
    await page.getByRole('textbox', { name: 'Data de nascimento', exact: true }).fill('1992-07-14');
    await page.getByRole('combobox', { name: 'Gênero' }).selectOption('female');
    await page.getByRole('textbox', { name: 'Telefone', exact: true }).fill('+55 31 99876-5432');
    await page.getByRole('textbox', { name: 'Cidade (opcional)' }).fill('Belo Horizonte');
    await page.getByRole('textbox', { name: 'Estado (opcional)' }).fill('MG');
    await page.getByRole('textbox', { name: 'País' }).fill('Brasil');
    await page.getByRole('checkbox', { name: /Li e aceito/ }).check();
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await expect(page.getByText('A senha deve ter pelo menos 8 caracteres').first()).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'E-mail', exact: true })).toHaveValue(email);
    await expect(page.getByRole('textbox', { name: 'Cidade (opcional)' })).toHaveValue('Belo Horizonte');

    await page.getByRole('textbox', { name: 'Senha', exact: true }).fill(PASSWORD);
    await page.getByRole('textbox', { name: 'Confirme a senha', exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await expect(page).toHaveURL(/\/start$/);
    await expect(page.getByRole('heading', { name: 'Olá, Helena' })).toBeVisible();

    // The session cookie is HttpOnly: scripts cannot see it, and nothing sits in storage.
    expect(await page.evaluate(() => document.cookie)).not.toContain('candeia_session');
    expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toMatch(/session|token/i);

    await signOut(page);
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/start');
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/login');
    await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
    await page.getByRole('textbox', { name: 'Senha', exact: true }).fill('Errada@123');
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(page.getByText('Email ou senha incorretos. Verifique seus dados e tente novamente.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Senha', exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(page).toHaveURL(/\/start$/);

    // Language switch: stored, applied at once, kept after a reload.
    await chooseLanguage(page, 'Idioma', 'en-US');
    await expect(page.getByRole('heading', { name: 'Hello, Helena' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('en-US');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Hello, Helena' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    await chooseLanguage(page, 'Language', 'es-ES');
    await expect(page.getByRole('heading', { name: 'Hola, Helena' })).toBeVisible();

    await page.goto('/um/caminho/que/nao/existe');
    await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
  });

  test('password reset through the mailbox', async ({ page, login }) => {
    const user = await login();
    await page.context().clearCookies();
    await page.goto('/reset-password');
    await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(user.email);
    await page.getByRole('button', { name: 'Enviar link' }).click();
    await expect(page.getByText('Verifique seu e-mail')).toBeVisible();

    const text = await withDb(async (c) => {
      const { rows } = await c.query<{ text: string }>(
        `SELECT text FROM mail_outbox WHERE "to" = $1 AND kind = 'password_reset' ORDER BY created_at DESC LIMIT 1`,
        [user.email],
      );
      return rows[0]?.text ?? '';
    });
    const link = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(text)?.[0];
    expect(link).toBeTruthy();
    await page.goto(new URL(link!).pathname + new URL(link!).search);
    // The token leaves the address bar at once.
    await expect(page).toHaveURL(/\/reset-password$/);
    await page.getByRole('textbox', { name: 'Nova senha', exact: true }).fill('Outra@Senha2026');
    await page.getByRole('textbox', { name: 'Confirme a senha', exact: true }).fill('Outra@Senha2026');
    await page.getByRole('button', { name: 'Salvar nova senha' }).click();
    await expect(page.getByText('Senha redefinida')).toBeVisible();

    await page.goto('/login');
    await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(user.email);
    await page.getByRole('textbox', { name: 'Senha', exact: true }).fill('Outra@Senha2026');
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(page).toHaveURL(/\/start$/);
  });
});

/** Signs in through the form of /login (the page must be showing it). */
async function signInWithForm(page: Page, user: E2EUser) {
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(user.email);
  await page.getByRole('textbox', { name: 'Senha', exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
}

test.describe('signing in brings back the link that was asked for', () => {
  test('a signed-in link opened signed out: / first, the link itself after signing in, then forgotten', async ({
    page,
  }) => {
    const user = await createUser();
    await page.goto('/sacred-books?from=mail#top');
    await expect(page).toHaveURL(/localhost:\d+\/$/);
    await page.getByRole('banner').getByRole('link', { name: 'Entrar' }).first().click();
    await expect(page).toHaveURL(/\/login$/);
    await signInWithForm(page, user);
    await expect(page).toHaveURL(/\/sacred-books\?from=mail#top$/);

    // Opened once, the link is forgotten: the next sign-in goes to /start.
    await signOut(page);
    await expect(page).toHaveURL(/localhost:\d+\/$/);
    await page.goto('/login');
    await signInWithForm(page, user);
    await expect(page).toHaveURL(/\/start$/);
  });

  test('a web+candeia: link through /protocol, signed out, opens after signing in', async ({ page }) => {
    const user = await createUser();
    await page.goto(`/protocol?url=${encodeURIComponent('web+candeia://bible/favourites')}`);
    await expect(page).toHaveURL(/localhost:\d+\/$/);
    await page.goto('/login');
    await signInWithForm(page, user);
    await expect(page).toHaveURL(/\/bible\/favourites$/);
  });

  test('signing up from there opens the link too', async ({ page }) => {
    await page.goto('/chat');
    await expect(page).toHaveURL(/localhost:\d+\/$/);
    await page.getByRole('banner').getByRole('link', { name: 'Cadastrar' }).first().click();
    await page
      .getByRole('textbox', { name: 'E-mail', exact: true })
      .fill(`volta.${randomBytes(4).toString('hex')}@example.com`);
    await page.getByRole('textbox', { name: 'Senha', exact: true }).fill(PASSWORD);
    await page.getByRole('textbox', { name: 'Confirme a senha', exact: true }).fill(PASSWORD);
    await page.getByRole('textbox', { name: 'Nome', exact: true }).fill('Tomé');
    await page.getByRole('textbox', { name: 'Sobrenome', exact: true }).fill('Reis');
    await page.getByRole('textbox', { name: 'Data de nascimento', exact: true }).fill('1990-03-02');
    await page.getByRole('combobox', { name: 'Gênero' }).selectOption('male');
    await page.getByRole('textbox', { name: 'Telefone', exact: true }).fill('+55 21 99876-1234');
    await page.getByRole('textbox', { name: 'País' }).fill('Brasil');
    await page.getByRole('checkbox', { name: /Li e aceito/ }).check();
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await expect(page).toHaveURL(/\/chat$/);
  });

  test('no open redirect: a ?next= or a planted link leaving the app ends on /start, no other site is asked', async ({
    page,
    login,
  }) => {
    test.setTimeout(120_000);
    const foreign: string[] = [];
    page.on('request', (r) => {
      if (!new URL(r.url()).hostname.endsWith('localhost')) foreign.push(r.url());
    });
    const hostile = [
      '//evil.example',
      '//evil.example/start',
      '/\\evil.example',
      '\\\\evil.example',
      'https://evil.example',
      'https:evil.example',
      'javascript:alert(1)',
      '/..//evil.example',
    ];
    // Through the sign-in form, with a link planted in this tab's storage as well.
    const user = await createUser();
    await page.goto('/');
    await page.evaluate(() => sessionStorage.setItem('candeia.returnTo', '//evil.example'));
    await page.goto(`/login?next=${encodeURIComponent('//evil.example')}`);
    await signInWithForm(page, user);
    await expect(page).toHaveURL(/localhost:\d+\/start$/);

    // Signed in, /login sends on to the same place the form does.
    await page.context().clearCookies();
    await login();
    for (const next of hostile) {
      await page.goto(`/login?next=${encodeURIComponent(next)}`);
      await expect(page, next).toHaveURL(/localhost:\d+\/start$/);
    }
    await page.goto(`/signup?next=${encodeURIComponent('https://evil.example')}`);
    await expect(page).toHaveURL(/localhost:\d+\/start$/);
    expect(foreign).toEqual([]);
  });
});

test.describe('guards of SPEC.md §2', () => {
  test('signed out: signed-in routes and /admin go to /; /about goes to /', async ({ page }) => {
    for (const path of [
      '/start',
      '/home',
      '/chat',
      '/profile',
      '/bible',
      '/consultation/room/abc',
      '/admin',
      '/about',
    ]) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/localhost:\d+\/$/);
    }
  });

  test('signed in: /login and /signup go to /start; a member asking for /admin goes to /', async ({ page, login }) => {
    await login({ firstName: 'Rute' });
    await page.goto('/login');
    await expect(page).toHaveURL(/\/start$/);
    await page.goto('/signup');
    await expect(page).toHaveURL(/\/start$/);
    await page.goto('/admin');
    await expect(page).toHaveURL(/localhost:\d+\/$/);
    await page.goto('/chat');
    await expect(page).toHaveURL(/\/chat$/);
  });

  test('a blocked subscription: notice, /subscription?expired=true and the blocked-access screen', async ({
    page,
    login,
  }) => {
    await login({ status: 'past_due' });
    await page.goto('/profile');
    await expect(page.getByText('Acesso Bloqueado').first()).toBeVisible();
    await expect(page).toHaveURL(/\/subscription\?expired=true$/);
    await expect(page.getByRole('heading', { name: 'Acesso Bloqueado' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Renovar Assinatura' })).toBeVisible();
    // /start stays open to a signed-in user without an allowed subscription.
    await page.goto('/start');
    await expect(page).toHaveURL(/\/start$/);
  });

  test('no subscription at all: "Sem assinatura" on the blocked-access screen', async ({ page, login }) => {
    const user = await login();
    // A subscription row whose status is missing blocks access (SPEC.md §4).
    await withDb((c) => c.query(`UPDATE user_subscriptions SET status = NULL WHERE user_id = $1`, [user.id]));
    await page.goto('/subscription?expired=true');
    await expect(page.getByText('Sem assinatura').first()).toBeVisible();
  });

  test('an administrator reaches /admin and skips the gate', async ({ page, login }) => {
    await login({ role: 'admin', status: 'canceled' });
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto('/chat');
    await expect(page).toHaveURL(/\/chat$/);
  });

  test('an idle session ends on the server and the app goes to /login', async ({ page, login }) => {
    await page.clock.install();
    const user = await login();
    await page.goto('/start');
    await expect(page.getByRole('heading', { name: `Olá, ${user.firstName}` })).toBeVisible();
    await withDb((c) =>
      c.query(`UPDATE sessions SET last_seen_at = now() - interval '31 minutes' WHERE user_id = $1`, [user.id]),
    );
    await page.clock.runFor(61_000);
    await expect(page).toHaveURL(/\/login\?expired=1$/);
    await expect(page.getByText('Sua sessão expirou')).toBeVisible();
  });
});

test.describe('a session that ended while the tab was closed, and the language kept on the account', () => {
  test('a signed-in link opened after the session expired: the login page says so, then the link opens', async ({
    page,
    login,
  }) => {
    const user = await login();
    await page.goto('/start');
    await expect(page.getByRole('heading', { name: `Olá, ${user.firstName}` })).toBeVisible();
    // The tab is closed; the session expires on the server meanwhile.
    await page.goto('about:blank');
    await withDb((c) => c.query(`DELETE FROM sessions WHERE user_id = $1`, [user.id]));
    await page.goto('/bible?book=John');
    await expect(page).toHaveURL(/\/login\?expired=1$/);
    await expect(page.getByText('Sua sessão expirou')).toBeVisible();
    await signInWithForm(page, user);
    await expect(page).toHaveURL(/\/bible\?book=John$/);

    // A sign-out is not an expiry: a signed-in link then goes to the landing page, with no word.
    await signOut(page);
    await expect(page).toHaveURL(/localhost:\d+\/$/);
    await page.goto('/chat');
    await expect(page).toHaveURL(/localhost:\d+\/$/);
  });

  test('English chosen on the account follows it to another browser; ?lng=es is read first', async ({
    page,
    browser,
  }) => {
    const user = await createUser();
    await withDb((c) => c.query(`UPDATE users SET locale = 'en-US' WHERE id = $1`, [user.id]));
    // Another browser, in Portuguese: signing in brings the account's English.
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Entrar' })).toBeVisible();
    await signInWithForm(page, user);
    await expect(page).toHaveURL(/\/start$/);
    await expect(page.getByRole('heading', { name: `Hello, ${user.firstName}` })).toBeVisible();

    // A link with ?lng=es opens in Spanish, over the stored choice and the browser's language.
    const other = await browser.newContext({ locale: 'pt-BR' });
    const fresh = await other.newPage();
    await fresh.goto('/about?lng=es');
    await expect(fresh.locator('html')).toHaveAttribute('lang', 'es-ES');
    await other.close();
  });
});

test('a screen that loads on demand shows the spinner at once, not the old screen (SPEC.md §2)', async ({
  page,
  login,
}) => {
  await login();
  await page.goto('/bible/kjv');
  const bible = page.getByRole('main').getByRole('heading', { level: 1 });
  await expect(bible).toBeVisible();
  const title = await bible.textContent();
  // The sacred books' code arrives slowly, as on a poor mobile connection.
  let release!: () => void;
  const arrived = new Promise<void>((r) => (release = r));
  await page.route(/\/assets\/sacred-books-page-[\w-]+\.js$/, async (route) => {
    await arrived;
    await route.continue();
  });
  await page.getByRole('banner').getByRole('link', { name: 'Livros sagrados' }).first().click();
  await expect(page).toHaveURL(/\/sacred-books$/);
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Carregando…');
  await expect(page.getByRole('main').getByRole('heading', { name: title!, level: 1 })).toHaveCount(0);
  release();
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).not.toHaveText(title!);
});
