import { createUser, expect, loginAs, test, withDb } from './support/fixtures.ts';
import { expectAccessible, shot } from './support/scripture.ts';
import { sampleClip, samplePhoto } from './support/photos.ts';
import { expectAccessible as expectAccessibleDialog } from './support/billing.ts';
import {
  COMMUNITY_SETTINGS_LOCK,
  dialogShot,
  handleOf,
  pageOf,
  postThroughApi,
  saveModerationSettings,
  shareThroughForm,
} from './support/community.ts';

/** The view this project runs as: 'phone' or 'desktop' (its project is desktop-settings or phone-settings). */
const view = () => test.info().project.name.replace(/-settings$/, '');

// Changes the moderation settings every member's posts go through (held words).
test.describe.configure({ lock: COMMUNITY_SETTINGS_LOCK });

/** The community's screens on a phone and a desktop: accessible (axe), and photographed. */
test('community feed, member page and a post page: accessible, on a phone and a desktop', async ({ page }) => {
  test.setTimeout(180_000);
  // Each project (phone, desktop), and each retry, writes its own posts on the same server: a
  // retry must not meet the posts of the attempt before it.
  const retry = test.info().retry;
  const tag = retry ? `${view()} #${retry}` : view();
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
    // The transcode is a queued job: on a loaded machine it waits for a turn.
  ).toBeVisible({ timeout: 120_000 });

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

/** The moderation's screens: the report dialog, the marks, a blocked member, a suspension, and the admin's tab. */
test('community moderation: report dialog, marks, block, suspension and the Moderação tab, on a phone and a desktop', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const tag = view();
  const author = await createUser({ firstName: 'Sara' });
  const reader = await createUser({ firstName: 'Tomé' });
  const admin = await createUser({ role: 'admin', firstName: 'Ester' });
  const ap = await pageOf(browser, author, baseURL!);
  const adminPage = await pageOf(browser, admin, baseURL!, page.viewportSize() ?? undefined);
  const held = `Compre agora o meu curso de oração (${tag})`;
  const hidden = `Palavras duras contra um irmão (${tag})`;
  const sensitive = `O relato difícil do acidente que vivi (${tag})`;
  try {
    await postThroughApi(ap, baseURL!, hidden);
    const s = await postThroughApi(ap, baseURL!, sensitive);
    const heldWords = await adminPage.request.put('/api/admin/community/settings', {
      data: { holdFirstPosts: 0, words: { pt: ['compre agora'], en: [], es: [] } },
      headers: { origin: baseURL! },
    });
    expect(heldWords.ok()).toBe(true);
    await postThroughApi(ap, baseURL!, held);

    // The reader reports the hidden-to-be post: the dialog.
    await loginAs(page, reader);
    await page.goto('/community?feed=discover');
    const card = page.getByRole('article').filter({ hasText: hidden });
    await expect(card).toBeVisible({ timeout: 30_000 });
    await card.getByRole('button', { name: 'Mais opções do post' }).click();
    await page.getByRole('menuitem', { name: 'Denunciar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Denunciar este post' });
    await dialog.getByRole('radio', { name: 'Assédio ou ofensa' }).check();
    await dialog.getByLabel('Observação (opcional)').fill('Ataca outro membro pelo nome.');
    await expectAccessibleDialog(page, 'report dialog');
    await dialogShot(page, 'community-report-dialog');
    await dialog.getByRole('button', { name: 'Enviar denúncia' }).click();
    await expect(page.getByText('Denúncia enviada')).toBeVisible();
    const other = page.getByRole('article').filter({ hasText: sensitive });
    await other.getByRole('button', { name: 'Mais opções do post' }).click();
    await page.getByRole('menuitem', { name: 'Denunciar' }).click();
    await dialog.getByRole('radio', { name: 'Conteúdo impróprio' }).check();
    await dialog.getByRole('button', { name: 'Enviar denúncia' }).click();
    await expect(dialog).toBeHidden();
    await expect(other.getByText('Você denunciou este conteúdo')).toBeVisible();

    // The admin's queue, before acting.
    await adminPage.goto('/admin?tab=moderation');
    await expect(adminPage.getByRole('listitem').filter({ hasText: held })).toBeVisible({ timeout: 30_000 });
    await expectAccessible(adminPage, '/admin?tab=moderation');
    await shot(adminPage, 'admin-moderation-queue');
    const item = adminPage.getByRole('listitem').filter({ hasText: hidden });
    await item.getByRole('button', { name: 'Ocultar' }).click();
    await expectAccessibleDialog(adminPage, 'moderation action dialog');
    await dialogShot(adminPage, 'admin-moderation-hide-dialog');
    await adminPage.getByRole('dialog').getByRole('button', { name: 'Ocultar' }).click();
    await expect(adminPage.getByText('Item ocultado')).toBeVisible();
    const marked = await adminPage.request.post(`/api/admin/community/posts/${s.id}/moderate`, {
      data: { action: 'sensitive', reason: '' },
      headers: { origin: baseURL! },
    });
    expect(marked.status()).toBe(204);

    // The author's feed: held, hidden and sensitive marks.
    await ap.setViewportSize(page.viewportSize()!);
    await ap.goto('/community?feed=following');
    await expect(ap.getByRole('article').filter({ hasText: held }).getByText('Aguardando revisão')).toBeVisible({
      timeout: 30_000,
    });
    await expect(ap.getByText('Conteúdo sensível').first()).toBeVisible();
    await expectAccessible(ap, '/community (held, hidden, sensitive)');
    await shot(ap, 'community-moderation-marks');

    // A blocked member's page, seen by the one who blocked.
    const authorHandle = await handleOf(ap);
    await page.goto(`/u/${authorHandle}`);
    await page.getByRole('button', { name: 'Bloquear', exact: true }).click();
    await expectAccessibleDialog(page, 'block dialog');
    await dialogShot(page, 'community-block-dialog');
    await page.getByRole('dialog').getByRole('button', { name: 'Bloquear' }).click();
    await expect(page.getByRole('button', { name: 'Desbloquear' })).toBeVisible();
    await expectAccessible(page, '/u/:handle (blocked)');
    await shot(page, 'community-member-blocked');
    await page.getByRole('button', { name: 'Desbloquear' }).click();
    await expect(page.getByRole('button', { name: 'Bloquear', exact: true })).toBeVisible();

    // A suspension: the reader's composer and comment box.
    const readerHandle = await handleOf(page);
    const suspended = await adminPage.request.put(`/api/admin/community/members/${readerHandle}/suspension`, {
      data: { until: new Date(Date.now() + 7 * 86_400_000).toISOString(), reason: 'Spam repetido nos comentários' },
      headers: { origin: baseURL! },
    });
    expect(suspended.ok()).toBe(true);
    await page.goto('/community?feed=discover');
    await expect(page.getByText('Sua participação está suspensa')).toBeVisible({ timeout: 30_000 });
    await page
      .getByRole('article')
      .first()
      .getByRole('button', { name: /Comentar|comentário/ })
      .first()
      .click();
    await expectAccessible(page, '/community (suspended)');
    await shot(page, 'community-suspended');

    // The admin's other sections.
    await adminPage.goto('/admin?tab=moderation&section=suspensions');
    await expect(adminPage.getByText('Spam repetido nos comentários').filter({ visible: true }).first()).toBeVisible();
    await expectAccessible(adminPage, '/admin moderation suspensions');
    await shot(adminPage, 'admin-moderation-suspensions');
    await adminPage.goto('/admin?tab=moderation&section=log');
    await expect(adminPage.getByText('Ocultou').filter({ visible: true }).first()).toBeVisible();
    await expectAccessible(adminPage, '/admin moderation log');
    await shot(adminPage, 'admin-moderation-log');
    await adminPage.goto('/admin?tab=moderation&section=settings');
    await expect(adminPage.getByLabel('Português')).toHaveValue('compre agora');
    await expectAccessible(adminPage, '/admin moderation settings');
    await shot(adminPage, 'admin-moderation-settings');
  } finally {
    await saveModerationSettings(adminPage, baseURL!, 0);
    await Promise.all([ap.context().close(), adminPage.context().close()]);
  }
});

/** Sharing into Candeia: the page that keeps a share while signed out, and the composer it opens. */
test('sharing into Candeia: the kept share signed out and the filled composer, on a phone and a desktop', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const user = await createUser({ firstName: 'Noemi' });
  await shareThroughForm(page, { text: `Olhem que céu lindo hoje cedo (${view()}).`, photo: 'ceu.png', hue: 200 });
  await expect(page).toHaveURL(/\/share\?kept=1$/);
  await expect(page.getByText('Guardamos o que você compartilhou por uma hora.')).toBeVisible();
  await expectAccessible(page, '/share?kept=1 (signed out)');
  await shot(page, 'share-kept');

  await page.getByRole('main').getByRole('link', { name: 'Entrar', exact: true }).click();
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(user.email);
  await page.getByRole('textbox', { name: 'Senha', exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(/\/community/);
  const chosen = page.getByRole('list', { name: 'Fotos e vídeo do post' });
  await expect(chosen.getByRole('img')).toHaveJSProperty('complete', true);
  await expectAccessible(page, '/community (composer opened by a share)');
  await shot(page, 'share-composer', false);
  // Published, so no stash or upload of this test is left for the others.
  await page.getByRole('button', { name: 'Publicar' }).click();
  await expect(page.getByText('Post criado com sucesso')).toBeVisible();
});
