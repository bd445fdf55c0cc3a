import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, test, withDb } from './support/fixtures.ts';

/**
 * Accessibility: every screen passes axe (WCAG 2.0 / 2.1, levels A and AA) and the main
 * paths work by keyboard alone. Runs on the desktop project; the phone menu test sets a
 * phone-sized viewport itself.
 */

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/** One line per rule, then one per failing element: what a person fixing it needs first. */
function describe(screen: string, violations: Violation[]): string {
  const lines = [`${violations.length} accessibility violation(s) on ${screen}:`];
  for (const v of violations) {
    lines.push(`\n[${v.impact ?? 'n/a'}] ${v.id}: ${v.help} (${v.helpUrl})`);
    for (const node of v.nodes) {
      lines.push(`  target: ${node.target.join(' ')}`);
      const summary = (node.failureSummary ?? '').replace(/\s*\n\s*/g, ' | ').trim();
      if (summary) lines.push(`    ${summary}`);
    }
  }
  return lines.join('\n');
}

/** Waits until the screen has loaded what it shows: fonts, data, lazy parts, no spinner left. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
  await expect(page.getByRole('status').filter({ hasText: 'Carregando…' })).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toBeVisible();
}

async function analyze(page: Page, screen: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(violations.length, describe(screen, violations)).toBe(0);
}

/**
 * Audits the screen once it has settled. The browser tab names the screen after its
 * heading ("Entrar · Candeia", WCAG 2.4.2) unless another title is given.
 */
async function audit(page: Page, screen: string, title?: string) {
  await settle(page);
  const heading = (await page.locator('main h1').innerText()).trim();
  await expect(page).toHaveTitle(title ?? `${heading} · Candeia`);
  await analyze(page, screen);
}

/** Presses Tab until `target` has focus, failing after `max` presses. */
async function tabTo(page: Page, target: Locator, max = 40) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** The focused element shows the focus ring: a solid outline at least 2 px wide. */
async function expectFocusRing(page: Page) {
  const ring = await page.locator('*:focus').evaluate((el) => {
    const s = getComputedStyle(el);
    return { style: s.outlineStyle, width: parseFloat(s.outlineWidth), color: s.outlineColor };
  });
  expect(ring.style === 'solid' && ring.width >= 2, `focus ring ${JSON.stringify(ring)}`).toBe(true);
}

test.describe('axe: no WCAG 2.1 A/AA violations', () => {
  test('landing', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(/R\$\s?109,90/).first()).toBeVisible();
    // Opened FAQ answers are part of the page too.
    await page.locator('summary').first().click();
    await audit(page, '/', 'Candeia');
    // The footer's contact form, opened and sent empty.
    await page.getByRole('button', { name: 'Escrever mensagem' }).click();
    const contact = page.getByRole('form', { name: 'Formulário de contato' });
    await contact.getByRole('button', { name: 'Enviar' }).click();
    await expect(contact.locator('[aria-invalid="true"]').first()).toBeVisible();
    await audit(page, '/ (contact form with errors)', 'Candeia');
  });

  test('sign-up, empty and after a submit with errors', async ({ page }) => {
    await page.goto('/signup');
    await expect(page.getByRole('button', { name: 'Criar conta' })).toBeVisible();
    await audit(page, '/signup');
    await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill('nao-e-email');
    await page.getByRole('textbox', { name: 'Senha', exact: true }).fill('fraca');
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await expect(page.getByText('Formato de e-mail inválido').first()).toBeVisible();
    await audit(page, '/signup (errors)');
  });

  test('login, empty and after a failed sign-in', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toBeVisible();
    await audit(page, '/login');
    await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill('ninguem@example.com');
    await page.getByRole('textbox', { name: 'Senha', exact: true }).fill('Errada@2026');
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await audit(page, '/login (error)');
  });

  test('reset password', async ({ page }) => {
    await page.goto('/reset-password');
    await expect(page.getByRole('button', { name: 'Enviar link' })).toBeVisible();
    await audit(page, '/reset-password');
  });

  test('subscription, signed out', async ({ page }) => {
    await page.goto('/subscription');
    await expect(page.getByText(/R\$\s?499,90/).first()).toBeVisible();
    await audit(page, '/subscription');
  });

  test('blocked access, for a past_due subscription', async ({ page, login }) => {
    await login({ status: 'past_due' });
    await page.goto('/subscription?expired=true');
    await expect(page.getByRole('heading', { name: 'Acesso Bloqueado' })).toBeVisible();
    await expect(page.getByText(/R\$\s?499,90/).first()).toBeVisible();
    await audit(page, '/subscription?expired=true');

    // Sent there by the gate: the error notice (a toast) is on screen too, for 4 seconds.
    await page.goto('/profile');
    await expect(page).toHaveURL(/expired=true/);
    await expect(page.getByRole('alert').filter({ hasText: 'Acesso Bloqueado' })).toBeVisible();
    await analyze(page, '/subscription?expired=true (with the notice)');
  });

  test('start', async ({ page, login }) => {
    await login({ firstName: 'Isabel' });
    await page.goto('/start');
    await expect(page.getByRole('heading', { name: 'Olá, Isabel' })).toBeVisible();
    await audit(page, '/start');
  });

  test('profile, with the trial banner', async ({ page, login }) => {
    const user = await login({ firstName: 'Davi' });
    await withDb((c) =>
      c.query(`UPDATE user_subscriptions SET trial_end_date = now() + interval '2 days' WHERE user_id = $1`, [user.id]),
    );
    await page.goto('/profile');
    await expect(page.getByText('Seu trial expira em 2 dias!')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Meu perfil' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Nome', exact: true })).toHaveValue('Davi');
    await audit(page, '/profile');
  });

  test('admin, each tab', async ({ page, login, baseURL }) => {
    // Something to list: a failed login (security event) and a reset request (mail).
    for (const data of [
      { url: '/api/auth/login', body: { email: 'alguem@example.com', password: 'Errada@2026' } },
      { url: '/api/auth/password-reset/request', body: { email: 'demo@candeia.app' } },
    ]) {
      await page.request.post(data.url, { data: data.body, headers: { origin: baseURL! } });
    }
    await login({ role: 'admin' });
    await page.goto('/admin');
    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveCount(11);
    const panel = page.getByRole('tabpanel');
    // A tab whose panel still loads keeps the last panel on view (the change is a transition, the
    // address already new): its content is read once the tab shows as selected.
    const select = async (n: number, tab: RegExp) => {
      await tabs.nth(n).click();
      await expect(page).toHaveURL(tab);
      await expect(tabs.nth(n)).toHaveAttribute('aria-selected', 'true');
    };
    // The dashboard comes first.
    await expect(panel.getByRole('img', { name: 'Novos membros' })).toBeVisible();
    await audit(page, '/admin (dashboard)');

    await select(3, /tab=security/);
    await expect(panel.getByRole('table')).toBeVisible();
    await audit(page, '/admin?tab=security');
    await page.getByRole('button', { name: 'Limpar registros' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await analyze(page, '/admin (clear dialog)');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();

    await select(1, /tab=users/);
    await expect(panel.getByRole('table')).toBeVisible();
    await audit(page, '/admin?tab=users');

    await select(4, /tab=outbox/);
    await expect(panel.locator('details').first()).toBeVisible();
    await panel.locator('summary').first().click();
    await audit(page, '/admin?tab=outbox');

    await select(7, /tab=counsellors/);
    await panel.getByRole('button', { name: 'Tornar conselheiro' }).click();
    await expect(panel.getByText('O e-mail é obrigatório')).toBeVisible();
    await audit(page, '/admin?tab=counsellors (an empty e-mail sent)');

    await select(8, /tab=avatar/);
    await expect(panel.getByRole('checkbox', { name: 'Disponível' })).toHaveCount(6);
    await audit(page, '/admin?tab=avatar');

    await select(9, /tab=alerts/);
    await panel.getByRole('button', { name: 'Novo aviso' }).click();
    await expect(panel.getByRole('form', { name: 'Novo aviso' })).toBeVisible();
    await audit(page, '/admin?tab=alerts (a new alert)');
  });

  test('terms and privacy', async ({ page }) => {
    await page.goto('/terms');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await audit(page, '/terms');
    await page.goto('/privacy');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await audit(page, '/privacy');
  });

  test('not found', async ({ page }) => {
    await page.goto('/nada-aqui');
    await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
    await audit(page, 'not found');
  });

  test('coming soon (/community, signed in)', async ({ page, login }) => {
    await login();
    await page.goto('/community');
    await expect(page.getByRole('heading', { name: 'Comunidade' })).toBeVisible();
    await audit(page, '/community');
  });

  test('share target', async ({ page }) => {
    await page.goto('/share?title=x&text=y');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('y', { exact: true })).toBeVisible();
    await audit(page, '/share?title=x&text=y');
  });

  test('open file and protocol handler', async ({ page }) => {
    await page.goto('/open-file');
    await expect(page.getByRole('heading', { name: 'Abrir arquivo de texto' })).toBeVisible();
    await audit(page, '/open-file');
    await page.goto('/protocol');
    await expect(page.getByRole('heading', { name: 'Abrir link da Candeia' })).toBeVisible();
    await audit(page, '/protocol');
  });

  test('phone menu, opened', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Navegação principal' })).toBeVisible();
    await audit(page, 'phone menu', 'Candeia');
  });
});

test.describe('keyboard', () => {
  test('landing: skip link, header order, focus always visible', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // The first Tab reaches the skip link, which shows itself; Enter moves focus to <main>.
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Pular para o conteúdo' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    expect((await skip.boundingBox())?.width, 'the skip link shows itself on focus').toBeGreaterThan(40);
    await expectFocusRing(page);
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
    // The next Tab continues inside the content, past the header.
    await page.keyboard.press('Tab');
    await expect(
      page
        .getByRole('main')
        .getByRole('link', { name: /Começar/ })
        .first(),
    ).toBeFocused();

    // From the top again: every header control, in reading order, each with a visible focus.
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const header = page.getByRole('banner');
    const order = [
      page.getByRole('link', { name: 'Pular para o conteúdo' }),
      header.getByRole('link', { name: 'Candeia, página inicial' }),
      header.getByRole('link', { name: 'Início' }),
      header.getByRole('link', { name: 'Assinatura' }),
      header.getByRole('link', { name: 'Doações' }),
      header.getByRole('combobox', { name: 'Idioma' }),
      header.getByRole('link', { name: 'Entrar' }),
      header.getByRole('link', { name: 'Cadastrar' }),
    ];
    for (const target of order) {
      await page.keyboard.press('Tab');
      await expect(target).toBeFocused();
      await expectFocusRing(page);
    }
    // The language select works from the keyboard: the page changes language at once.
    await page.getByRole('banner').getByRole('combobox', { name: 'Idioma' }).focus();
    await page.getByRole('banner').getByRole('combobox', { name: 'Idioma' }).selectOption('en-US');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    await expect(page.getByRole('banner').getByRole('combobox', { name: 'Language' })).toBeFocused();
  });

  test('phone menu: Enter and Space open it, Escape closes it and returns focus', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Navegação principal' });
    const button = page.getByRole('banner').getByRole('button', { name: /menu/ });
    await expect(nav).toBeHidden();

    await tabTo(page, button);
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expectFocusRing(page);
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(button).toHaveAccessibleName('Fechar menu');
    await expect(nav).toBeVisible();

    // The panel follows the button in the tab order.
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Início' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    await expect(button).toBeFocused();
    await expect(button).toHaveAttribute('aria-expanded', 'false');

    await page.keyboard.press('Space');
    await expect(nav).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    await expect(button).toBeFocused();
    await expect(button).toHaveAccessibleName('Abrir menu');

    // Following a link from the menu: the menu closes and focus starts the new screen.
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Assinatura' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/subscription$/);
    await expect(nav).toBeHidden();
    await expect(page.locator('main')).toBeFocused();
    await expect(page).toHaveTitle('Planos e assinatura · Candeia');
  });

  test('sign-up: a submit with errors moves focus to the first invalid field', async ({ page }) => {
    await page.goto('/signup');
    const email = page.getByRole('textbox', { name: 'E-mail', exact: true });
    const submit = page.getByRole('button', { name: 'Criar conta' });
    await expect(submit).toBeVisible();

    // Empty form, submitted with Enter on the button: focus goes to the first field, which says why.
    await tabTo(page, submit, 80);
    await page.keyboard.press('Enter');
    await expect(email).toBeFocused();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription(/obrigatório|Formato/i);

    // With the account section right, focus lands on the first invalid field further down.
    await email.fill('nova.pessoa@example.com');
    await page.getByRole('textbox', { name: 'Senha', exact: true }).fill('Caminho@Luz2026');
    await page.getByRole('textbox', { name: 'Confirme a senha', exact: true }).fill('Caminho@Luz2026');
    await submit.focus();
    await page.keyboard.press('Enter');
    const firstName = page.getByRole('textbox', { name: 'Nome', exact: true });
    await expect(firstName).toBeFocused();
    await expect(firstName).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAttribute('aria-invalid', 'false');

    // Everything valid, but the server refuses the e-mail: focus goes back up to it.
    await email.fill('demo@candeia.app');
    await firstName.fill('Helena');
    await page.getByRole('textbox', { name: 'Sobrenome', exact: true }).fill('Costa');
    await page.getByRole('textbox', { name: 'Data de nascimento', exact: true }).fill('1992-07-14');
    await page.getByRole('combobox', { name: 'Gênero' }).selectOption('female');
    await page.getByRole('textbox', { name: 'Telefone', exact: true }).fill('+55 31 99876-5432');
    await page.getByRole('checkbox', { name: /Li e aceito/ }).check();
    await submit.focus();
    await page.keyboard.press('Enter');
    await expect(email).toBeFocused();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
  });

  test('settings: a password change with errors moves focus to the first invalid field', async ({ page, login }) => {
    await login();
    await page.goto('/settings');
    const submit = page.getByRole('button', { name: 'Alterar senha' });
    await expect(submit).toBeVisible();
    await submit.focus();
    await page.keyboard.press('Enter');
    const current = page.getByRole('textbox', { name: 'Senha atual', exact: true });
    await expect(current).toBeFocused();
    await expect(current).toHaveAttribute('aria-invalid', 'true');

    // A wrong current password, refused by the server: focus returns to that field.
    await current.fill('Errada@2026');
    await page.getByRole('textbox', { name: 'Nova senha', exact: true }).fill('Outra@Senha2026');
    await page.getByRole('textbox', { name: 'Confirme a nova senha', exact: true }).fill('Outra@Senha2026');
    await submit.focus();
    await page.keyboard.press('Enter');
    await expect(current).toBeFocused();
    await expect(current).toHaveAttribute('aria-invalid', 'true');
    await expect(current).toHaveAccessibleDescription(/senha/i);
  });

  test('admin: arrow keys, Home and End move between the tabs; the dialog gives focus back', async ({
    page,
    login,
  }) => {
    await login({ role: 'admin' });
    await page.goto('/admin');
    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveCount(11);
    const [dashboard, users, inbox, security, outbox, billing, moderation, counsellors, avatar, alerts, texts] = [
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ].map((i) => tabs.nth(i)) as Locator[] as [
      Locator,
      Locator,
      Locator,
      Locator,
      Locator,
      Locator,
      Locator,
      Locator,
      Locator,
      Locator,
      Locator,
    ];
    await expect(dashboard).toHaveAttribute('aria-selected', 'true');

    // Only the selected tab is in the tab order.
    await tabTo(page, dashboard);
    await expectFocusRing(page);
    await page.keyboard.press('ArrowRight');
    await expect(users).toBeFocused();
    await expect(users).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(/tab=users/);
    await expect(page.getByRole('tabpanel')).toHaveAccessibleName(await users.innerText());
    await page.keyboard.press('ArrowRight');
    await expect(inbox).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(security).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(outbox).toBeFocused();
    await expect(outbox).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowRight');
    await expect(billing).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(moderation).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(counsellors).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(avatar).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(alerts).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(texts).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(dashboard).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(texts).toBeFocused();
    await page.keyboard.press('Home');
    await expect(dashboard).toBeFocused();
    await page.keyboard.press('End');
    await expect(texts).toBeFocused();
    await expect(texts).toHaveAttribute('aria-selected', 'true');

    // Tab leaves the tab list for the panel.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('tabpanel').first()).toBeFocused();

    // The confirmation dialog: focus moves in, Escape closes it and focus returns.
    await page.keyboard.press('Shift+Tab');
    await expect(texts).toBeFocused();
    await page.keyboard.press('Home');
    await expect(dashboard).toBeFocused();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await expect(security).toBeFocused();
    const clear = page.getByRole('button', { name: 'Limpar registros' });
    await tabTo(page, clear);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Limpar registros de segurança?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('*:focus')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(clear).toBeFocused();
  });
});
