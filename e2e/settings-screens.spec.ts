import { createUser, expect, loginAs, test } from './support/fixtures.ts';
import { expectAccessible, shot } from './support/scripture.ts';
import { sessionOnAnotherDevice } from './support/settings.ts';

/** The settings screen on a phone and a desktop, with another device and a ready export: accessible, photographed. */
test('settings screen', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const user = await createUser({ firstName: 'Joana' });
  await loginAs(page, user);
  await sessionOnAnotherDevice(user);
  const asked = await page.request.post('/api/account/export', { headers: { origin: baseURL! } });
  expect(asked.status()).toBe(202);
  await page.goto('/settings');
  await expect(page.getByRole('link', { name: /^Baixar arquivo/ })).toBeVisible({ timeout: 45_000 });
  await expect(page.getByText('Safari em iOS')).toBeVisible();
  await expectAccessible(page, '/settings (phone and desktop)');
  await shot(page, 'settings');
  await shot(page, 'settings-top', false);
});
