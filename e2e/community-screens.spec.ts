import { createUser, expect, loginAs, test, withDb } from './support/fixtures.ts';
import { expectAccessible, shot } from './support/scripture.ts';
import { sampleClip, samplePhoto } from './support/photos.ts';

/** The community's screens on a phone and a desktop: accessible (axe), and photographed. */
test('community feed, member page and a post page: accessible, on a phone and a desktop', async ({ page }) => {
  test.setTimeout(90_000);
  // Each project (phone, desktop) writes its own posts on the same server.
  const tag = test.info().project.name;
  const user = await createUser({ firstName: 'Lúcia' });
  const friend = await createUser({ firstName: 'Paulo' });
  await loginAs(page, friend);
  await page.goto('/community');
  await page
    .getByLabel('Compartilhe algo com a comunidade')
    .fill(`Hoje agradeço pelo dom da vida (${tag}). Salmo 118:24.`);
  await page.locator('input[type="file"]').setInputFiles([
    { name: 'amanhecer.png', mimeType: 'image/png', buffer: await samplePhoto(30) },
    { name: 'campo.png', mimeType: 'image/png', buffer: await samplePhoto(160, 800, 1000) },
  ]);
  await expect(page.getByRole('list', { name: 'Fotos e vídeo do post' }).getByRole('status')).toHaveCount(0);
  await expectAccessible(page, '/community (composer with photos)');
  await shot(page, 'community-composer-photos');
  await page.getByRole('button', { name: 'Publicar' }).click();
  await expect(page.getByText('Post criado com sucesso')).toBeVisible();
  await page.getByLabel('Compartilhe algo com a comunidade').fill(`Peço oração pelo meu novo emprego (${tag}).`);
  await page.getByLabel('É um pedido de oração').check();
  await page.getByRole('button', { name: 'Publicar' }).click();
  await expect(page.getByRole('article').filter({ hasText: `novo emprego (${tag})` })).toBeVisible();
  await page.getByLabel('Compartilhe algo com a comunidade').fill(`O coral da igreja ensaiando (${tag}).`);
  await page
    .locator('input[type="file"]')
    .setInputFiles([{ name: 'coral.mov', mimeType: 'video/quicktime', buffer: await sampleClip(2, 960, 540) }]);
  await expect(page.getByRole('list', { name: 'Fotos e vídeo do post' }).getByRole('status')).toHaveCount(0);
  await page.getByRole('button', { name: 'Publicar' }).click();
  await expect(
    page
      .getByRole('article')
      .filter({ hasText: `ensaiando (${tag})` })
      .getByLabel('Vídeo de Paulo Teste'),
  ).toBeVisible({ timeout: 60_000 });

  await page.context().clearCookies();
  await loginAs(page, user);
  await page.goto('/community?feed=discover');
  await expect(page.getByRole('article').filter({ hasText: `novo emprego (${tag})` })).toBeVisible();
  await expectAccessible(page, '/community');
  await shot(page, 'community');

  const handle = await withDb(async (c) => {
    const { rows } = await c.query<{ handle: string }>('SELECT handle FROM community_members WHERE user_id = $1', [
      friend.id,
    ]);
    return rows[0]!.handle;
  });
  await page.goto(`/u/${handle}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Paulo Teste' })).toBeVisible();
  await expectAccessible(page, '/u/:handle');
  await shot(page, 'community-member');
  // A video still being processed, as the feed shows it.
  const video = (status: string) =>
    withDb((c) =>
      c.query(
        `UPDATE media SET status = $2 WHERE kind = 'video' AND post_id IN
           (SELECT id FROM community_posts WHERE author_id = $1 AND body LIKE 'O coral%')`,
        [friend.id, status],
      ),
    );
  await video('processing');
  await page.reload();
  const processing = page.getByRole('article').filter({ hasText: `ensaiando (${tag})` });
  await expect(processing.getByRole('status').filter({ hasText: 'Processando vídeo…' })).toBeVisible();
  await processing.scrollIntoViewIfNeeded();
  await expectAccessible(page, '/u/:handle (a video being processed)');
  await shot(page, 'community-video-processing');
  await video('ready');

  const card = page.getByRole('article').filter({ hasText: `vida (${tag})` });
  await card.getByRole('button', { name: 'Comentar' }).click();
  await card.getByLabel('Seu comentário').fill('Amém!');
  await card.getByRole('button', { name: 'Comentar' }).last().click();
  await expect(card.getByRole('listitem').filter({ hasText: 'Amém!' })).toBeVisible();
  await page.context().clearCookies();
  const id = await withDb(async (c) => {
    const { rows } = await c.query<{ id: string }>(
      `SELECT id FROM community_posts WHERE author_id = $1 AND body LIKE 'Hoje agradeço%'`,
      [friend.id],
    );
    return rows[0]!.id;
  });
  await page.goto(`/community/post/${id}`);
  await expect(page.getByRole('link', { name: 'Faça login para comentar' })).toBeVisible();
  await expectAccessible(page, '/community/post/:id');
  await shot(page, 'community-post-signed-out');
});
