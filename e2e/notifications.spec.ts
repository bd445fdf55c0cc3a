import { COMMUNITY_SETTINGS_LOCK, handleOf, pageOf, postThroughApi } from './support/community.ts';
import { createUser, expect, loginAs, test } from './support/fixtures.ts';
import { expectAccessible } from './support/scripture.ts';

// Members here post: no file may hold first posts for review meanwhile.
test.describe.configure({ lock: COMMUNITY_SETTINGS_LOCK });

/**
 * The bell and /notifications: the count rises while another member, at another browser,
 * comments and follows (no reload); the list says who did what and leads to it; reading one and
 * then all brings the count down.
 */
test('the bell counts live what another member does, and the list leads to it', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const ana = await createUser({ firstName: 'Ana' });
  const bruno = await createUser({ firstName: 'Bruno' });
  await loginAs(page, ana);
  const streams: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/notifications/events')) streams.push(r.url());
  });
  await page.goto('/start');
  const bell = page.getByRole('banner').getByRole('link', { name: /^Notificações/ });
  await expect(bell).toHaveAccessibleName('Notificações');
  // One stream for the tab, whichever of the two bells (phone, wide screen) is on view.
  await expect.poll(() => streams.length).toBe(1);

  const post = await postThroughApi(page, baseURL!, 'Peço oração por uma decisão difícil.');
  expect(post.status).toBe('published');
  const anaHandle = await handleOf(page);
  const other = await pageOf(browser, bruno, baseURL!);
  try {
    const headers = { origin: baseURL! };
    const comment = await other.request.post(`/api/community/posts/${post.id}/comments`, {
      data: { body: 'Estou orando por você.' },
      headers,
    });
    expect(comment.status(), await comment.text()).toBe(201);
    await expect(bell).toHaveAccessibleName('Notificações, 1 não lida');
    await expect(bell.getByTestId('unread-badge')).toHaveText('1');
    const follow = await other.request.put(`/api/community/members/${anaHandle}/follow`, {
      data: { on: true },
      headers,
    });
    expect(follow.status(), await follow.text()).toBe(200);
    await expect(bell).toHaveAccessibleName('Notificações, 2 não lidas');
  } finally {
    await other.context().close();
  }

  await bell.click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Notificações' })).toBeVisible();
  await expect(page.getByText('2 não lidas')).toBeVisible();
  const items = page.getByRole('main').getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText(new RegExp(`^${bruno.firstName}\\b.* começou a seguir você\\.`));
  await expect(items.nth(1)).toContainText(new RegExp(`^${bruno.firstName}\\b.* comentou na sua publicação\\.`));
  await expectAccessible(page, 'notifications');

  // The comment's notification leads to the post, and is read on the way.
  await items.nth(1).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/community/post/${post.id}$`));
  await expect(page.getByText('Estou orando por você.')).toBeVisible();
  await expect(bell).toHaveAccessibleName('Notificações, 1 não lida');

  await page.goBack();
  await expect(page.getByText('1 não lida')).toBeVisible();
  await page.getByRole('button', { name: 'Marcar todas como lidas' }).click();
  await expect(page.getByText('Tudo lido.')).toBeVisible();
  await expect(bell).toHaveAccessibleName('Notificações');
  await expect(bell.getByTestId('unread-badge')).toHaveCount(0);
});
