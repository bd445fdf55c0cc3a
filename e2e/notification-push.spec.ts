import type { Page } from '@playwright/test';
import type { PushPayload } from '@candeia/shared/schemas/notifications';
import { startFakePushService, type FakePushService } from '../apps/server/test/support/fake-push.ts';
import { handleOf, pageOf } from './support/community.ts';
import { createUser, expect, loginAs, test, withDb } from './support/fixtures.ts';
import { E2E_PUSH_PORT, installPushDouble, subscriptionOf } from './support/push.ts';
import { waitForServiceWorker } from './support/scripture.ts';

/**
 * Notifications on this device (decision 027): the browser's permission asked from the button,
 * the subscription given to the server, a follow pushed encrypted to the push service (here, one
 * on this machine) and shown by the app's service worker; a type turned off for the device pushes
 * nothing more; the device turned off is forgotten. The push subscription is a test double (see
 * support/push.ts): a headless browser has no push service of its own.
 */

let push: FakePushService;
test.beforeAll(async () => {
  push = await startFakePushService(E2E_PUSH_PORT);
});
test.afterAll(async () => {
  await push?.close();
});

const followThroughApi = async (follower: Page, handle: string, baseURL: string) => {
  const res = await follower.request.put(`/api/community/members/${handle}/follow`, {
    data: { on: true },
    headers: { origin: baseURL },
  });
  expect(res.status(), await res.text()).toBe(200);
};

test('turn on notifications on this device, get a follow pushed, turn a type off, turn the device off', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const ana = await createUser({ firstName: 'Ana' });
  const bruno = await createUser({ firstName: 'Bruno' });
  const carla = await createUser({ firstName: 'Carla' });
  await page.context().grantPermissions(['notifications'], { origin: baseURL! });
  await installPushDouble(page, push.origin);
  await loginAs(page, ana);
  await page.goto('/settings#notifications');
  const section = page.locator('section#notifications');
  // The first page of a server just started (its texts importing) may take a while.
  await expect(section.getByRole('heading', { level: 2, name: 'Notificações' })).toBeVisible({ timeout: 30_000 });
  await expect(section.getByText('Nenhum aparelho recebe suas notificações ainda.')).toBeVisible();
  await expect(section.getByText(/só chegam depois que você as ativa em um aparelho/)).toBeVisible();

  // The app's service worker installs on the first visit (it registers a moment after the page loads).
  await waitForServiceWorker(page);
  await section.getByRole('button', { name: 'Ativar notificações neste aparelho' }).click();
  await expect(section.getByText('As notificações estão ativadas neste aparelho.')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Notificações ativadas neste aparelho')).toBeVisible();
  await expect(section.getByText('Suas notificações chegam a 1 aparelho.')).toBeVisible();
  const device = (await subscriptionOf(page))!;
  expect(device.endpoint.startsWith(`${push.origin}/push/`)).toBe(true);
  expect(
    await withDb(
      async (c) => (await c.query('SELECT endpoint FROM push_subscriptions WHERE user_id = $1', [ana.id])).rows,
    ),
  ).toEqual([{ endpoint: device.endpoint }]);

  // Bruno follows Ana: the push service receives one message for her device, encrypted for it.
  const anaHandle = await handleOf(page);
  const other = await pageOf(browser, bruno, baseURL!);
  try {
    await handleOf(other);
    await followThroughApi(other, anaHandle, baseURL!);
  } finally {
    await other.context().close();
  }
  await expect.poll(() => push.received.filter((r) => r.path === device.path).length, { timeout: 30_000 }).toBe(1);
  const message = push.received.find((r) => r.path === device.path)!;
  expect(message.headers['content-encoding']).toBe('aes128gcm');
  const text = device.decrypt(message.body);
  const payload = JSON.parse(text) as PushPayload;
  expect(payload).toMatchObject({ type: 'follow', title: 'Novo seguidor' });
  expect(payload.body).toMatch(/^Bruno\b.* começou a seguir você\.$/);
  expect(payload.url).toMatch(/^\/u\//);

  // The same message given to the app's service worker (as the browser would): it shows it.
  const cdp = await page.context().newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => registrations.push(...e.registrations));
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => registrations.some((r) => r.scopeURL.startsWith(baseURL!))).toBe(true);
  const registrationId = registrations.find((r) => r.scopeURL.startsWith(baseURL!))!.registrationId;
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: baseURL!, registrationId, data: text });
  await expect
    .poll(() =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          url: (n.data as { url: string }).url,
        })),
      ),
    )
    .toEqual([{ title: payload.title, body: payload.body, tag: payload.tag, url: payload.url }]);
  await cdp.send('ServiceWorker.disable');
  await cdp.detach();

  // Follows no longer on the device: saved, and Carla's follow is in the app but not pushed.
  const followPush = section.getByRole('checkbox', { name: 'Novos seguidores: No aparelho' });
  await expect(followPush).toBeChecked();
  await followPush.uncheck();
  await expect(section.getByText('Você tem alterações que ainda não foram salvas.')).toBeVisible();
  await section.getByRole('button', { name: 'Salvar preferências' }).click();
  await expect(page.getByText('Preferências de notificação salvas')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Salvar preferências' })).toBeDisabled();
  await page.reload();
  await expect(
    page.locator('section#notifications').getByRole('checkbox', { name: 'Novos seguidores: No aparelho' }),
  ).not.toBeChecked();
  const third = await pageOf(browser, carla, baseURL!);
  try {
    await handleOf(third);
    await followThroughApi(third, anaHandle, baseURL!);
  } finally {
    await third.context().close();
  }
  await expect
    .poll(() =>
      withDb(
        async (c) =>
          (
            await c.query("SELECT 1 FROM notifications WHERE user_id = $1 AND type = 'follow' AND actor_id = $2", [
              ana.id,
              carla.id,
            ])
          ).rowCount,
      ),
    )
    .toBe(1);
  // A push goes out only from a delivery, written in the same transaction as the notification:
  // with the notification there and no delivery beside it, none is due, and none was sent.
  expect(
    await withDb(
      async (c) =>
        (
          await c.query('SELECT 1 FROM notification_deliveries WHERE user_id = $1 AND actor_id = $2', [
            ana.id,
            carla.id,
          ])
        ).rowCount,
    ),
  ).toBe(0);
  expect(push.received.filter((r) => r.path === device.path)).toHaveLength(1);

  // This device off: the server forgets it, the browser's subscription is dropped.
  const panel = page.locator('section#notifications');
  await panel.getByRole('button', { name: 'Desativar neste aparelho' }).click();
  await expect(page.getByText('Notificações desativadas neste aparelho')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Ativar notificações neste aparelho' })).toBeVisible();
  await expect(panel.getByText('Nenhum aparelho recebe suas notificações ainda.')).toBeVisible();
  expect(await subscriptionOf(page)).toBeNull();
  expect(
    await withDb(
      async (c) => (await c.query('SELECT 1 FROM push_subscriptions WHERE user_id = $1', [ana.id])).rowCount,
    ),
  ).toBe(0);
});

test('the browser’s permission is asked only on the click; a refusal is explained', async ({ page, baseURL }) => {
  const ana = await createUser({ firstName: 'Ana' });
  await installPushDouble(page, push.origin);
  // The browser's answer to the question: "Block".
  await page.addInitScript(() => {
    let permission: NotificationPermission = 'default';
    (window as unknown as { asked: number }).asked = 0;
    Object.defineProperty(Notification, 'permission', { get: () => permission, configurable: true });
    Notification.requestPermission = async () => {
      (window as unknown as { asked: number }).asked += 1;
      permission = 'denied';
      return permission;
    };
  });
  await loginAs(page, ana);
  await page.goto('/settings#notifications');
  const section = page.locator('section#notifications');
  const enable = section.getByRole('button', { name: 'Ativar notificações neste aparelho' });
  await expect(enable).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { asked: number }).asked)).toBe(0);
  await enable.click();
  await expect(section.getByText(/O navegador bloqueou as notificações da Candeia/)).toBeVisible();
  await expect(enable).toBeHidden();
  expect(await page.evaluate(() => (window as unknown as { asked: number }).asked)).toBe(1);
  expect(await subscriptionOf(page)).toBeNull();
  expect(baseURL).toBeTruthy();
});
