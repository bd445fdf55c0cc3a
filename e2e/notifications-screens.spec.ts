import { notify } from '../apps/server/src/modules/notifications/index.ts';
import { COMMUNITY_SETTINGS_LOCK, handleOf, pageOf, postThroughApi } from './support/community.ts';
import { createUser, expect, loginAs, test, withServices } from './support/fixtures.ts';
import { expectAccessible, shot } from './support/scripture.ts';

// Members here post: no file may hold first posts for review meanwhile.
test.describe.configure({ lock: COMMUNITY_SETTINGS_LOCK });

/**
 * /notifications on a phone and a desktop, with one of each kind a member meets (some from
 * another member's acts, the rest as the app's jobs write them): accessible, and photographed.
 */
test('notifications screen', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const ana = await createUser({ firstName: 'Ana' });
  const bruno = await createUser({ firstName: 'Bruno' });
  await loginAs(page, ana);
  await page.goto('/notifications');
  await expect(page.getByText('Nenhuma notificação por enquanto.')).toBeVisible();
  await shot(page, 'notifications-empty', false);

  const now = Date.now();
  await withServices(async (db) => {
    const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000);
    const startsAt = new Date(now + 26 * 3_600_000).toISOString();
    await notify(db, { userId: ana.id, type: 'referral_reward', data: { credits: 5000 }, key: 'shot-1' }, at(3000));
    await notify(
      db,
      {
        userId: ana.id,
        type: 'consultation',
        data: { consultationId: crypto.randomUUID(), event: 'booked', startsAt, role: 'member', other: 'Lúcia Prado' },
        key: 'shot-2',
      },
      at(1500),
    );
    await notify(db, { userId: ana.id, type: 'credits_low', data: { balance: 7 }, key: 'shot-3' }, at(200));
    await notify(
      db,
      {
        userId: ana.id,
        type: 'trial_ending',
        data: { endsAt: new Date(now + 3 * 86_400_000).toISOString() },
        key: 'shot-4',
      },
      at(90),
    );
  });
  const post = await postThroughApi(page, baseURL!, 'Orem pela minha mãe, por favor.');
  const other = await pageOf(browser, bruno, baseURL!);
  try {
    const headers = { origin: baseURL! };
    await other.request.post(`/api/community/posts/${post.id}/comments`, { data: { body: 'Orando!' }, headers });
    await other.request.put(`/api/community/posts/${post.id}/reaction`, { data: { on: true }, headers });
    await other.request.put(`/api/community/members/${await handleOf(page)}/follow`, { data: { on: true }, headers });
  } finally {
    await other.context().close();
  }
  await page.reload();
  await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(7);
  await expectAccessible(page, 'notifications');
  await shot(page, 'notifications');
});
