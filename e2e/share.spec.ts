import { createUser, expect, test, withDb } from './support/fixtures.ts';
import { COMMUNITY_SETTINGS_LOCK, shareThroughForm } from './support/community.ts';

/**
 * Sharing into Candeia (decision 021): another app's share sheet posts a photo and its text to
 * /share (here a plain multipart form of the app's origin, as the sheet's post is); signed out,
 * the page says it is kept for an hour; signing in comes back to it, and the composer opens with
 * the text and the photo attached, ready to publish.
 */

// A new member's first post: not while another file holds first posts for review.
test.describe.configure({ lock: COMMUNITY_SETTINGS_LOCK });

test('a shared photo: kept while signed out, claimed after signing in, published with its text', async ({ page }) => {
  test.setTimeout(120_000);
  const user = await createUser({ firstName: 'Lia' });
  const text = `Um pôr do sol para agradecer ${Date.now()}`;

  await shareThroughForm(page, { text, title: 'Pôr do sol', photo: 'sol.png', hue: 30 });
  await expect(page).toHaveURL(/\/share\?kept=1$/);
  await expect(page.getByText('Guardamos o que você compartilhou por uma hora.')).toBeVisible();
  const stash = await withDb(async (c) => (await c.query('SELECT id FROM share_stashes')).rows);
  expect(stash.length).toBeGreaterThanOrEqual(1);

  await page.getByRole('main').getByRole('link', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(/\/login\?next=/);
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(user.email);
  await page.getByRole('textbox', { name: 'Senha', exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();

  // Back on /share, claimed at once, then the community with the composer filled.
  await expect(page).toHaveURL(/\/community/);
  const composer = page.getByLabel('Compartilhe algo com a comunidade');
  await expect(composer).toHaveValue(`Pôr do sol\n\n${text}`);
  const chosen = page.getByRole('list', { name: 'Fotos e vídeo do post' });
  await expect(chosen.getByRole('listitem')).toHaveCount(1);
  await expect(chosen.getByRole('img')).toHaveJSProperty('complete', true);

  await page.getByRole('button', { name: 'Publicar' }).click();
  await expect(page.getByText('Post criado com sucesso')).toBeVisible();
  const card = page.getByRole('article').filter({ hasText: text });
  const photo = card.getByRole('button', { name: /^Abrir a foto 1 de 1 de Lia/ }).locator('img');
  await expect(photo).toHaveJSProperty('complete', true);
  expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1080);

  // The stash is gone with its file; the photo is the post's.
  const left = await withDb(async (c) => (await c.query('SELECT id FROM share_stashes')).rows);
  expect(left).toEqual([]);
});
