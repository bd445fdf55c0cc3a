import type { APIRequestContext } from '@playwright/test';
import { chooseLanguage, createUser, expect, loginAs, test, withDb } from './support/fixtures.ts';

/**
 * Site alerts and "Novidades": an administrator writes an alert in /admin, members see it under
 * the header in their language until they dismiss it (on every device), a visitor's dismissal
 * stays on the device, and the admin ends it. The alerts made here are for members, or last
 * seconds, and are deleted at the end: every other file's pages share the site.
 */

const deleteAlert = (id: string) => withDb((c) => c.query('DELETE FROM site_alerts WHERE id = $1', [id]));

async function alertViaApi(request: APIRequestContext, baseURL: string, audience: string, text: string) {
  const now = Date.now();
  const res = await request.post('/api/admin/alerts', {
    headers: { origin: baseURL },
    data: {
      severity: 'critical',
      audience,
      messages: { 'pt-BR': `${text} (pt)`, 'en-US': `${text} (en)`, 'es-ES': `${text} (es)` },
      startsAt: new Date(now - 1000).toISOString(),
      endsAt: new Date(now + 60_000).toISOString(),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

test('an administrator’s alert reaches members in their language until dismissed, on every device; then ends', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const admin = await createUser({ role: 'admin', firstName: 'Admin' });
  const ana = await createUser({ firstName: 'Ana' });
  await loginAs(page, admin);
  await page.goto('/admin?tab=alerts');
  await page.getByRole('button', { name: 'Novo aviso' }).click();
  const form = page.getByRole('form', { name: 'Novo aviso' });
  // Nothing written: each language says so, and what was chosen stays.
  await form.getByRole('radio', { name: 'Atenção' }).check();
  await form.getByRole('radio', { name: 'Só membros conectados' }).check();
  await form.getByLabel('Em português (Brasil)').fill('Manutenção hoje às 22h.');
  await form.getByRole('button', { name: 'Salvar aviso' }).click();
  await expect(form.getByText('Escreva o aviso neste idioma.')).toHaveCount(2);
  await expect(form.getByLabel('Em inglês')).toBeFocused();
  await expect(form.getByLabel('Em português (Brasil)')).toHaveValue('Manutenção hoje às 22h.');
  await expect(form.getByRole('radio', { name: 'Atenção' })).toBeChecked();
  // The preview shows the bar as members will see it.
  await expect(form.getByText('Atenção: Manutenção hoje às 22h.')).toBeVisible();
  await form.getByLabel('Em inglês').fill('Maintenance tonight at 10 pm.');
  await form.getByLabel('Em espanhol').fill('Mantenimiento hoy a las 22:00.');
  // An end before the start is refused on the spot.
  const start = await form.getByLabel('Início').inputValue();
  await form.getByLabel('Término').fill(start.replace(/T\d\d:\d\d$/, 'T00:00'));
  await form.getByRole('button', { name: 'Salvar aviso' }).click();
  await expect(form.getByText('O término precisa ser depois do início.')).toBeVisible();
  const end = new Date(Date.now() + 10 * 60_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  await form
    .getByLabel('Término')
    .fill(
      `${end.getFullYear()}-${pad(end.getMonth() + 1)}-${pad(end.getDate())}T${pad(end.getHours())}:${pad(end.getMinutes())}`,
    );
  await form.getByRole('button', { name: 'Salvar aviso' }).click();
  await expect(page.getByText('Aviso salvo.')).toBeVisible();
  const item = page.getByRole('list', { name: 'Avisos, do mais recente ao mais antigo' }).getByRole('listitem').first();
  await expect(item.getByText('No ar')).toBeVisible();
  await expect(item.getByText('Ninguém dispensou')).toBeVisible();
  const id = (
    await withDb((c) => c.query<{ id: string }>('SELECT id FROM site_alerts ORDER BY created_at DESC LIMIT 1'))
  ).rows[0]!.id;

  try {
    // Ana sees it under the header, in her language, on two devices.
    const phone = await browser.newContext();
    const other = await phone.newPage();
    await loginAs(other, ana);
    const tab = await browser.newContext();
    const mine = await tab.newPage();
    await loginAs(mine, ana);
    await mine.goto('/start');
    // (Other files' alerts may be up meanwhile: this one is found by its words.)
    const bar = (p: typeof mine, words: RegExp) =>
      p
        .getByRole('region', { name: /^(Avisos|Alerts)$/ })
        .getByRole('listitem')
        .filter({ hasText: words });
    await expect(bar(mine, /Manutenção hoje/)).toContainText('Atenção: Manutenção hoje às 22h.');
    await chooseLanguage(mine, 'Idioma', 'en-US');
    await expect(bar(mine, /Maintenance tonight/)).toContainText('Heads up: Maintenance tonight at 10 pm.');
    await chooseLanguage(mine, 'Language', 'pt-BR');
    // The account menu, open for the language, closes as a person would close it.
    await mine.keyboard.press('Escape');
    // Dismissed here: gone here, after a reload, and on her other device.
    await bar(mine, /Manutenção hoje/)
      .getByRole('button', { name: 'Dispensar aviso' })
      .click();
    await expect(bar(mine, /Manutenção hoje/)).toHaveCount(0);
    await mine.reload();
    await expect(mine.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(bar(mine, /Manutenção hoje/)).toHaveCount(0);
    await other.goto('/start');
    await expect(other.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(bar(other, /Manutenção hoje/)).toHaveCount(0);
    await phone.close();
    await tab.close();

    // The administrator sees the dismissal, then ends the alert now.
    await page.reload();
    await expect(item.getByText('1 membro dispensou')).toBeVisible();
    await item.getByRole('button', { name: 'Encerrar agora o aviso “Manutenção hoje às 22h.”' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Encerrar agora' }).click();
    await expect(page.getByText('Aviso encerrado.')).toBeVisible();
    await expect(item.getByText('Encerrado')).toBeVisible();
    await expect(item.getByRole('button', { name: /Encerrar agora/ })).toHaveCount(0);
  } finally {
    await deleteAlert(id);
  }
});

test('a visitor’s dismissal stays on their device', async ({ page, browser, baseURL }) => {
  const admin = await createUser({ role: 'admin' });
  const adminContext = await browser.newContext({ baseURL: baseURL! });
  const adminPage = await adminContext.newPage();
  await loginAs(adminPage, admin);
  const id = await alertViaApi(adminPage.request, baseURL!, 'everyone', 'Instabilidade nos pagamentos');
  try {
    await page.goto('/subscription');
    const bar = page.getByRole('region', { name: 'Avisos' }).getByRole('listitem').filter({ hasText: 'Instabilidade' });
    await expect(bar).toContainText('Urgente: Instabilidade nos pagamentos (pt)');
    await bar.getByRole('button', { name: 'Dispensar aviso' }).click();
    await expect(bar).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(bar).toHaveCount(0);
  } finally {
    await deleteAlert(id);
    await adminContext.close();
  }
});

test('"Novidades": from the footer, what changed, the releases this device had not seen marked new', async ({
  page,
}) => {
  await page.goto('/subscription');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Novidades' }).click();
  await expect(page).toHaveURL(/\/updates$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Novidades' })).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 2, name: 'Mensagens, notificações no celular e avisos' }),
  ).toBeVisible();
  // A first visit marks nothing; a release newer than the last one seen is "Novo", once.
  await expect(page.getByText('Novo', { exact: true })).toHaveCount(0);
  // Opened once, the page has recorded the newest release as seen on this device.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('candeia.updates.seen')))
    .toMatch(/^\d{4}-\d\d-\d\d$/);
  await page.evaluate(() => localStorage.setItem('candeia.updates.seen', '2026-11-23'));
  await page.reload();
  await expect(page.getByText('Novo', { exact: true })).toHaveCount(2);
  await page.reload();
  await expect(
    page.getByRole('heading', { level: 2, name: 'Mensagens, notificações no celular e avisos' }),
  ).toBeVisible();
  await expect(page.getByText('Novo', { exact: true })).toHaveCount(0);
  await chooseLanguage(page, 'Idioma', 'es-ES');
  await expect(page.getByRole('heading', { level: 1, name: 'Novedades' })).toBeVisible();
  await expect(page.getByText('Versión del 25 de noviembre de 2026')).toBeVisible();
});
