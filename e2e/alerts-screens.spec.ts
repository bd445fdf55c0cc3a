import { createUser, expect, loginAs, test, withDb } from './support/fixtures.ts';
import { expectAccessible, shot } from './support/scripture.ts';

/**
 * The alert bars (each severity), the admin's alerts tab with its editor, and "Novidades", on a
 * phone and a desktop: accessible, and photographed. The alerts are for members only and are
 * deleted at the end (other files' pages share the site).
 */
test('alerts and "Novidades" screens', async ({ page }) => {
  test.setTimeout(120_000);
  const admin = await createUser({ role: 'admin', firstName: 'Admin' });
  await loginAs(page, admin);
  const texts = {
    info: [
      'Novos horários de consulta com conselheiros a partir de segunda-feira.',
      'New consultation hours',
      'Nuevos horarios',
    ],
    warning: [
      'Manutenção programada hoje, das 22h às 23h: o chat pode ficar indisponível.',
      'Maintenance',
      'Mantenimiento',
    ],
    critical: ['Estamos com instabilidade nos pagamentos. Nenhuma cobrança será duplicada.', 'Payments issue', 'Pagos'],
  };
  const ids: string[] = [];
  try {
    for (const [severity, [pt, en, es]] of Object.entries(texts)) {
      const { rows } = await withDb((c) =>
        c.query<{ id: string }>(
          `INSERT INTO site_alerts (severity, audience, messages, starts_at, ends_at, created_by)
           VALUES ($1, 'members', $2, now() - interval '1 minute', now() + interval '3 minutes', $3) RETURNING id`,
          [severity, JSON.stringify({ 'pt-BR': pt, 'en-US': en, 'es-ES': es }), admin.id],
        ),
      );
      ids.push(rows[0]!.id);
    }
    await page.goto('/start');
    // Other files' alerts may be up meanwhile, and this file's run on the other viewport: at
    // least these three, found by their words.
    const words = /Novos horários|Manutenção programada|instabilidade nos pagamentos/;
    const bars = page.getByRole('region', { name: 'Avisos' }).getByRole('listitem').filter({ hasText: words });
    await expect.poll(() => bars.count()).toBeGreaterThanOrEqual(3);
    await expectAccessible(page, 'alert bars');
    await shot(page, 'alerts-banner', false);

    await page.goto('/admin?tab=alerts');
    const items = page
      .getByRole('list', { name: 'Avisos, do mais recente ao mais antigo' })
      .getByRole('listitem')
      .filter({ hasText: words });
    await expect.poll(() => items.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
    await expectAccessible(page, 'admin alerts');
    await shot(page, 'admin-alerts');
    await page.getByRole('button', { name: 'Novo aviso' }).click();
    const form = page.getByRole('form', { name: 'Novo aviso' });
    await form.getByRole('radio', { name: 'Urgente' }).check();
    await form.getByLabel('Em português (Brasil)').fill('O aplicativo ficará fora do ar por alguns minutos às 3h.');
    await form.getByRole('button', { name: 'Salvar aviso' }).click();
    await expect(form.getByText('Escreva o aviso neste idioma.')).toHaveCount(2);
    await expectAccessible(page, 'admin alert editor');
    await shot(page, 'admin-alert-editor');
  } finally {
    for (const id of ids) await withDb((c) => c.query('DELETE FROM site_alerts WHERE id = $1', [id]));
  }

  await page.goto('/updates');
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
  // Opened once, the page has recorded the newest release as seen on this device.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('candeia.updates.seen')))
    .toMatch(/^\d{4}-\d\d-\d\d$/);
  await page.evaluate(() => localStorage.setItem('candeia.updates.seen', '2026-11-24'));
  await page.reload();
  await expect(page.getByText('Novo', { exact: true })).toHaveCount(1);
  await expectAccessible(page, 'updates');
  await shot(page, 'updates');
});
