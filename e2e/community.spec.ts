import type { Page } from '@playwright/test';
import { createUser, expect, loginAs, test, withDb } from './support/fixtures.ts';
import { COMMUNITY_SETTINGS_LOCK } from './support/community.ts';
import { sampleClip, samplePhoto } from './support/photos.ts';

/**
 * The community on the web: a post (and the empty post's message), a prayer request prayed for
 * by another member, a follow that brings the member's posts into Seguindo, a comment, a
 * reaction, and a shared post's link opened signed out.
 */

// New members' first posts: not while another file holds them for review.
test.describe.configure({ lock: COMMUNITY_SETTINGS_LOCK });

test('post, pray, follow, comment, react, and a shared link read signed out', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const author = await createUser({ firstName: 'Helena' });
  const reader = await createUser({ firstName: 'Rafael' });
  const composer = () => page.getByLabel('Compartilhe algo com a comunidade');

  // Helena: an empty post is refused with the spec's message; then a prayer request.
  await loginAs(page, author);
  await page.goto('/community');
  await page.getByRole('button', { name: 'Publicar' }).click();
  await expect(page.getByText('Seu post precisa ter texto ou uma mídia')).toBeVisible();
  const request = `Orem pela cirurgia da minha mãe ${Date.now()}`;
  await composer().fill(request);
  await page.getByLabel('É um pedido de oração').check();
  await page.getByRole('button', { name: 'Publicar' }).click();
  await expect(page.getByText('Post criado com sucesso')).toBeVisible();
  await expect(page.getByText('Seu post foi compartilhado com a comunidade')).toBeVisible();
  await expect(composer()).toHaveValue('');
  const mine = page.getByRole('article').filter({ hasText: request });
  await expect(mine.getByText('Pedido de oração')).toBeVisible();
  await page.getByRole('link', { name: 'Minha página' }).click();
  await expect(page).toHaveURL(/\/u\/helena\.teste/);
  const helenaPage = new URL(page.url()).pathname;

  // Rafael follows nobody: Descobrir opens; he prays, then follows Helena and finds her in Seguindo.
  const other = await browser.newContext({ locale: 'pt-BR' });
  const rp = await other.newPage();
  await loginAs(rp, reader);
  await rp.goto('/community');
  await expect(rp.getByRole('tab', { name: 'Descobrir', selected: true })).toBeVisible();
  const card = rp.getByRole('article').filter({ hasText: request });
  await card.getByRole('button', { name: /Orei por você/ }).click();
  await expect(card.getByRole('button', { name: /Orei por você/ })).toHaveAttribute('aria-pressed', 'true');
  await card.getByRole('button', { name: /Amém/ }).click();
  await expect(card.getByRole('button', { name: 'Amém 1' })).toBeVisible();
  await card.getByRole('button', { name: 'Comentar' }).first().click();
  await card.getByLabel('Seu comentário').fill('Estou orando, Helena!');
  await card.getByRole('button', { name: 'Comentar' }).last().click();
  await expect(card.getByRole('listitem').filter({ hasText: 'Estou orando, Helena!' })).toBeVisible();
  await expect(card.getByLabel('Seu comentário')).toHaveValue('');

  await rp.goto(helenaPage);
  await rp.getByRole('button', { name: 'Seguir' }).click();
  await expect(rp.getByRole('button', { name: 'Deixar de seguir' })).toBeVisible();
  await expect(rp.getByRole('button', { name: '1 seguidor' })).toBeVisible();
  await rp.goto('/community?feed=following');
  await expect(rp.getByRole('article').filter({ hasText: request })).toBeVisible();

  // Helena sees who prayed, and marks the prayer answered with a testimony.
  await page.goto('/community');
  await mine.getByRole('button', { name: '1 pessoa orou' }).click();
  await expect(mine.getByRole('link', { name: 'Rafael Teste' })).toBeVisible();
  await mine.getByRole('button', { name: 'Mais opções do post' }).click();
  await page.getByRole('menuitem', { name: 'Marcar como respondida' }).click();
  await mine.getByLabel('Seu testemunho (opcional)').fill('A cirurgia correu bem!');
  await mine.getByRole('button', { name: 'Marcar como respondida' }).click();
  await expect(mine.getByText('Oração respondida')).toBeVisible();
  await expect(mine.getByText('A cirurgia correu bem!')).toBeVisible();

  // The post's link, signed out: the post and its comment, and 'Faça login para comentar'.
  const postId = await withPostId(page, request);
  const visitor = await browser.newContext({ locale: 'pt-BR' });
  const vp = await visitor.newPage();
  await vp.goto(`/community/post/${postId}`);
  await expect(vp.getByText(request)).toBeVisible();
  await expect(vp.getByText('Estou orando, Helena!')).toBeVisible();
  await expect(vp.getByRole('link', { name: 'Faça login para comentar' })).toHaveAttribute(
    'href',
    `/login?next=${encodeURIComponent(`/community/post/${postId}`)}`,
  );
  await Promise.all([visitor.close(), other.close()]);
});

/** The id of the reader's post with this text, read from the API the page uses. */
async function withPostId(page: Page, text: string): Promise<string> {
  const res = await page.request.get('/api/community/feed?feed=following');
  const { items } = (await res.json()) as { items: { id: string; body: string }[] };
  const found = items.find((p) => p.body === text);
  if (!found) throw new Error(`no post "${text}" in the feed`);
  return found.id;
}

test('a post with photos: chosen, uploaded, published, seen full size, and seen through a shared link signed out', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const author = await createUser({ firstName: 'Marta' });
  await loginAs(page, author);
  await page.goto('/community');
  const caption = `O nascer do sol de hoje ${Date.now()}`;
  await page.getByLabel('Compartilhe algo com a comunidade').fill(caption);
  await page.locator('input[type="file"]').setInputFiles([
    { name: 'sol.png', mimeType: 'image/png', buffer: await samplePhoto(30) },
    { name: 'campo.png', mimeType: 'image/png', buffer: await samplePhoto(200) },
    // Not a picture: refused by the server with its message; the others stay.
    { name: 'nota.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('apenas texto') },
  ]);
  const chosen = page.getByRole('list', { name: 'Fotos e vídeo do post' });
  await expect(chosen.getByRole('listitem')).toHaveCount(3);
  await expect(
    chosen.getByText('Envie uma foto (JPEG, PNG, WebP ou GIF) ou um vídeo (MP4, WebM ou MOV).'),
  ).toBeVisible();
  // Once the good ones are up, publishing with a failed photo asks to remove it; nothing typed is lost.
  await expect(chosen.getByRole('status')).toHaveCount(0);
  await page.getByRole('button', { name: 'Publicar' }).click();
  await expect(page.getByText('Remova ou envie de novo as fotos ou o vídeo que falharam.')).toBeVisible();
  await chosen.getByRole('button', { name: 'Remover a foto 3' }).click();
  await expect(chosen.getByRole('listitem')).toHaveCount(2);
  await expect(page.getByLabel('Compartilhe algo com a comunidade')).toHaveValue(caption);
  await expect(chosen.getByRole('status')).toHaveCount(0);
  await page.getByRole('button', { name: 'Publicar' }).click();
  await expect(page.getByText('Post criado com sucesso')).toBeVisible();
  await expect(chosen).toHaveCount(0);

  const card = page.getByRole('article').filter({ hasText: caption });
  const photos = card.getByRole('button', { name: /^Abrir a foto \d de 2 de Marta Teste$/ });
  await expect(photos).toHaveCount(2);
  const firstImg = photos.first().locator('img');
  await expect(firstImg).toHaveJSProperty('complete', true);
  expect(await firstImg.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1080);
  await photos.first().click();
  const full = page.getByRole('dialog').getByRole('img', { name: 'Foto 1 de 2, de Marta Teste' });
  await expect(full).toBeVisible();
  await expect.poll(() => full.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The shared link, signed out: the post with its photos.
  const postId = await withDb(async (c) => {
    const { rows } = await c.query<{ id: string }>('SELECT id FROM community_posts WHERE body = $1', [caption]);
    return rows[0]!.id;
  });
  const visitor = await browser.newContext({ locale: 'pt-BR' });
  const vp = await visitor.newPage();
  await vp.goto(`/community/post/${postId}`);
  const seen = vp.getByRole('button', { name: /^Abrir a foto 1 de 2/ }).locator('img');
  await expect(seen).toHaveJSProperty('complete', true);
  expect(await seen.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1080);
  await visitor.close();
});

test('a post with a video: uploaded with its progress, "Processando vídeo…", then played by a visitor from its poster', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const author = await createUser({ firstName: 'Rute' });
  await loginAs(page, author);
  await page.goto('/community');
  const caption = `O coral ensaiando ${Date.now()}`;
  await page.getByLabel('Compartilhe algo com a comunidade').fill(caption);
  await page.locator('input[type="file"]').setInputFiles([
    { name: 'IMG_0420.MOV', mimeType: 'video/quicktime', buffer: await sampleClip() },
    // A photo with the video does not fit: left out, and said so.
    { name: 'sol.png', mimeType: 'image/png', buffer: await samplePhoto(30) },
  ]);
  const chosen = page.getByRole('list', { name: 'Fotos e vídeo do post' });
  await expect(chosen.getByRole('listitem')).toHaveCount(1);
  await expect(
    page.getByText('Um post pode ter até 4 fotos ou 1 vídeo: o que passou disso ficou de fora.'),
  ).toBeVisible();
  await expect(chosen.getByLabel('Vídeo escolhido')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Adicionar fotos ou vídeo' })).toBeDisabled();
  await expect(chosen.getByRole('status')).toHaveCount(0);
  await page.getByRole('button', { name: 'Publicar' }).click();
  await expect(page.getByText('Post criado com sucesso')).toBeVisible();

  // Transcoded by the queue: the card shows it processing, then the player, without a reload.
  const card = page.getByRole('article').filter({ hasText: caption });
  const player = card.getByLabel('Vídeo de Rute Teste');
  await expect(player).toBeVisible({ timeout: 60_000 });
  expect(await player.evaluate((v: HTMLVideoElement) => [v.videoWidth, v.poster.length > 0])).toEqual([0, true]);

  const postId = await withDb(async (c) => {
    const { rows } = await c.query<{ id: string }>('SELECT id FROM community_posts WHERE body = $1', [caption]);
    return rows[0]!.id;
  });
  const visitor = await browser.newContext({ locale: 'pt-BR' });
  const vp = await visitor.newPage();
  await vp.goto(`/community/post/${postId}`);
  const video = vp.getByLabel('Vídeo de Rute Teste');
  await expect(video).toBeVisible();
  // Its metadata loads through ranges: 1280×720 from the phone stays 1280×720 (720p), about 2 s.
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    v.preload = 'metadata';
    v.load();
  });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
  expect(await video.evaluate((v: HTMLVideoElement) => [v.videoWidth, v.videoHeight, Math.round(v.duration)])).toEqual([
    1280, 720, 2,
  ]);
  await visitor.close();
});

test('an open feed learns of a new post at once: the "novas publicações" pill, then the post on top', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const reader = await createUser({ firstName: 'Tiago' });
  const writer = await createUser({ firstName: 'Sara' });
  await loginAs(page, reader);
  await page.goto('/community');
  // A post of the reader's own, so the feed has a newest post to count from.
  const own = `Bom dia, comunidade ${Date.now()}`;
  await page.getByLabel('Compartilhe algo com a comunidade').fill(own);
  await page.getByRole('button', { name: 'Publicar' }).click();
  await expect(page.getByRole('article').filter({ hasText: own })).toBeVisible();
  await page.getByRole('tab', { name: 'Descobrir' }).click();
  await expect(page.getByRole('article').filter({ hasText: own })).toBeVisible();

  const other = await browser.newContext({ locale: 'pt-BR' });
  const op = await other.newPage();
  await loginAs(op, writer);
  const news = `Testemunho de Sara ${Date.now()}`;
  const res = await op.request.post('/api/community/posts', {
    data: { body: news },
    headers: { origin: baseURL! },
  });
  expect(res.status()).toBe(201);
  // Told by the server's stream, well before the 30-second fallback poll.
  const pill = page.getByRole('button', { name: /^\d+ novas? publicaç(ão|ões)$/ });
  await expect(pill).toBeVisible({ timeout: 10_000 });
  await pill.click();
  // On top of what was there (other tests may post at the same moment: the order, not the place).
  const articles = page.getByRole('article');
  await expect(articles.filter({ hasText: news })).toBeVisible();
  const texts = await articles.allInnerTexts();
  expect(texts.findIndex((t) => t.includes(news))).toBeLessThan(texts.findIndex((t) => t.includes(own)));
  await expect(pill).toHaveCount(0);
  await other.close();
});
