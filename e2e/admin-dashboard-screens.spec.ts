import { createUser, expect as baseExpect, loginAs, test } from './support/fixtures.ts';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expectAccessible, shot, waitForContent } from './support/scripture.ts';

/** This machine is shared and busy: a screen may take many seconds to come. */
const expect = baseExpect.configure({ timeout: 30_000 });

/**
 * A modal dialog hides the page behind it from assistive technology, so the page's own settle
 * (which looks for the footer) does not apply: axe and the picture are taken as the dialog stands.
 */
async function checkDialog(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready);
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  const kind = (page.viewportSize()?.width ?? 1440) < 700 ? 'phone' : 'desktop';
  await page.screenshot({ path: `e2e/screenshots/${kind}/${name}.png` });
}

/**
 * The administration's new screens on a phone and a desktop: the dashboard (first tab), a
 * member's panel and one of its confirmations, the contact inbox with a message opened, and the
 * sacred texts. Each is checked with axe and photographed.
 */
test('administration: dashboard, member panel, inbox and texts', async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  // The texts the mirror holds are imported at start-up; the texts tab shows them once they are in.
  await waitForContent(baseURL!);
  const member = await createUser({ firstName: 'Rebeca', verified: false });
  const sent = await page.request.post('/api/contact', {
    data: {
      name: 'Rebeca',
      email: member.email,
      message: 'Olá! Não recebi o e-mail de confirmação. Podem me ajudar a entrar na minha conta?',
    },
    headers: { origin: baseURL! },
  });
  expect(sent.status()).toBe(202);
  const admin = await createUser({ role: 'admin', firstName: 'Ester' });
  await loginAs(page, admin);

  await page.goto('/admin');
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByRole('img', { name: 'Novos membros' })).toBeVisible({ timeout: 60_000 });
  await expect(panel.getByRole('radio', { name: '30 dias' })).toBeChecked();
  await expectAccessible(page, '/admin (dashboard)');
  await shot(page, 'admin-dashboard');
  await panel.getByText('7 dias').click();
  await expect(panel.getByRole('radio', { name: '7 dias' })).toBeChecked();
  await expect(panel.getByRole('img', { name: 'Novos membros' })).toBeVisible();
  await shot(page, 'admin-dashboard-7', false);

  // Within the app from here on (no reload on a busy machine): the member from the users tab.
  await page.getByRole('tab', { name: 'Usuários' }).click();
  await panel.getByRole('searchbox', { name: 'Buscar usuários' }).fill(member.email);
  await panel.getByRole('button', { name: 'Buscar', exact: true }).click();
  await panel
    .getByRole('button', { name: `Gerenciar a conta de ${member.email}` })
    .filter({ visible: true })
    .click();
  await expect(page).toHaveURL(new RegExp(`member=${member.id}`));
  await expect(panel.getByRole('heading', { name: /^Rebeca/, level: 3 })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Reenviar confirmação de e-mail' })).toBeEnabled();
  await expectAccessible(page, '/admin member panel');
  await shot(page, 'admin-member');
  await panel.getByRole('button', { name: 'Excluir conta…' }).click();
  const dialog = page.getByRole('dialog', { name: /Excluir a conta de Rebeca/ });
  await expect(dialog).toContainText('Isso não pode ser desfeito.');
  await checkDialog(page, 'admin-member-delete');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.getByRole('tab', { name: /^Mensagens/ }).click();
  const message = panel.locator('details').filter({ hasText: member.email });
  await message.locator('summary').click();
  await expect(message.getByRole('textbox', { name: `Responder a ${member.email}` })).toBeVisible();
  await expectAccessible(page, '/admin?tab=inbox');
  await shot(page, 'admin-inbox');

  await page.getByRole('tab', { name: 'Textos sagrados' }).click();
  await expect(panel.getByRole('heading', { name: 'King James Version' })).toBeVisible();
  // A re-import of the Tao Te Ching (a small text), confirmed, then carried out by the job.
  const tao = panel.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Tao Te Ching' }) });
  await tao.getByRole('button', { name: 'Reimportar' }).click();
  const confirm = page.getByRole('dialog', { name: 'Reimportar Tao Te Ching?' });
  await expect(confirm).toContainText('Favoritos, notas e posições de leitura dos membros são mantidos.');
  await confirm.getByRole('button', { name: 'Reimportar' }).click();
  await expect(tao.getByText('Concluída')).toBeVisible({ timeout: 60_000 });
  await expect(tao.getByText(/^Substituído: \d+ versículos\.$/)).toBeVisible();
  await expectAccessible(page, '/admin?tab=texts');
  // From the top, so the sticky header is drawn where it belongs in the full-page picture.
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, 'admin-texts');
});
