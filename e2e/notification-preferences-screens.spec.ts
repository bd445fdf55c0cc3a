import type { Page } from '@playwright/test';
import { createUser, expect, loginAs, test } from './support/fixtures.ts';
import { E2E_PUSH_PORT, installPushDouble } from './support/push.ts';
import { expectAccessible, shot, waitForServiceWorker } from './support/scripture.ts';

/** A picture of the notifications section alone (cut from the whole page: no header over it). */
async function sectionShot(page: Page, name: string) {
  const kind = (page.viewportSize()?.width ?? 1440) < 700 ? 'phone' : 'desktop';
  const clip = await page.locator('section#notifications').evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { x: r.left + window.scrollX, y: r.top + window.scrollY, width: r.width, height: r.height };
  });
  await page.screenshot({ path: `e2e/screenshots/${kind}/${name}.png`, fullPage: true, clip });
  test.info().annotations.push({ type: 'screenshot', description: `${kind}/${name}.png` });
}

/**
 * The notifications section of /settings on a phone and a desktop: in Portuguese with this device
 * on and a change not yet saved, in English as a member first finds it. Accessible, photographed.
 */
test('notification preferences screen (pt-BR, device on, a change to save)', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const user = await createUser({ firstName: 'Joana' });
  await page.context().grantPermissions(['notifications'], { origin: baseURL! });
  // Nothing is ever pushed here: the double's endpoint is only what the server keeps.
  await installPushDouble(page, `https://127.0.0.1:${E2E_PUSH_PORT}`);
  await loginAs(page, user);
  await page.goto('/settings#notifications');
  const section = page.locator('section#notifications');
  // The app's service worker installs on the first visit (it registers a moment after the page loads).
  await waitForServiceWorker(page);
  await section.getByRole('button', { name: 'Ativar notificações neste aparelho' }).click();
  await expect(section.getByText('As notificações estão ativadas neste aparelho.')).toBeVisible({ timeout: 30_000 });
  await expect(section.getByText('Suas notificações chegam a 1 aparelho.')).toBeVisible();
  await section.getByRole('checkbox', { name: 'Comentários: E-mail' }).check();
  await expect(section.getByText('Você tem alterações que ainda não foram salvas.')).toBeVisible();
  await expect(page.getByText('Notificações ativadas neste aparelho')).toBeHidden({ timeout: 8000 });
  await expectAccessible(page, '/settings#notifications (pt-BR)');
  await sectionShot(page, 'notification-preferences');
  await shot(page, 'notification-preferences-page');
});

test('notification preferences screen (en, as first found)', async ({ page }) => {
  test.setTimeout(90_000);
  const user = await createUser({ firstName: 'Joan' });
  await loginAs(page, user);
  await page.goto('/settings?lng=en-US#notifications');
  const section = page.locator('section#notifications');
  await expect(section.getByRole('heading', { level: 2, name: 'Notifications' })).toBeVisible({ timeout: 30_000 });
  await expect(section.getByRole('button', { name: 'Turn on notifications on this device' })).toBeVisible();
  await expect(section.getByRole('checkbox', { name: 'Payment failed: Email' })).toBeChecked();
  await expect(section.getByRole('checkbox', { name: 'New followers: Email' })).not.toBeChecked();
  await expectAccessible(page, '/settings#notifications (en)');
  await sectionShot(page, 'notification-preferences-en');
});
