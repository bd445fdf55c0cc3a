import { createUser, expect, loginAs, test } from './support/fixtures.ts';
import {
  COMMUNITY_SETTINGS_LOCK,
  handleOf,
  pageOf,
  postThroughApi,
  saveModerationSettings,
} from './support/community.ts';

/**
 * The community's moderation on the web: a member reports a post, an administrator hides it
 * from the Moderação tab (gone for the reporter and a visitor, marked for its author); a block
 * takes each one's posts away from the other; a new member's post held for review is approved.
 */

// Changes the moderation settings every member's posts go through.
test.describe.configure({ lock: COMMUNITY_SETTINGS_LOCK });

test('a reported post hidden from the Moderação tab: gone for the reporter and a visitor, marked for its author', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const author = await createUser({ firstName: 'Ana' });
  const reporter = await createUser({ firstName: 'Bruno' });
  const admin = await createUser({ role: 'admin', firstName: 'Ester' });
  const body = `Uma frase ofensiva de teste ${Date.now()}`;
  const ap = await pageOf(browser, author, baseURL!);
  const post = await postThroughApi(ap, baseURL!, body);

  // Bruno reports it: the reason is asked for; what he typed stays; then a toast thanks him.
  await loginAs(page, reporter);
  await page.goto('/community?feed=discover');
  const card = page.getByRole('article').filter({ hasText: body });
  await expect(card).toBeVisible({ timeout: 30_000 });
  await card.getByRole('button', { name: 'Mais opções do post' }).click();
  await page.getByRole('menuitem', { name: 'Denunciar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Denunciar este post' });
  await dialog.getByLabel('Observação (opcional)').fill('Me ofendeu muito');
  await dialog.getByRole('button', { name: 'Enviar denúncia' }).click();
  await expect(dialog.getByText('Escolha o motivo da denúncia.')).toBeVisible();
  await expect(dialog.getByLabel('Observação (opcional)')).toHaveValue('Me ofendeu muito');
  await dialog.getByRole('radio', { name: 'Assédio ou ofensa' }).check();
  await dialog.getByRole('button', { name: 'Enviar denúncia' }).click();
  await expect(page.getByText('Denúncia enviada')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card.getByText('Você denunciou este conteúdo')).toBeVisible();
  // Reported already: the menu offers to withdraw it instead.
  await card.getByRole('button', { name: 'Mais opções do post' }).click();
  await expect(page.getByRole('menuitem', { name: 'Retirar denúncia' })).toBeVisible();
  await page.keyboard.press('Escape');

  // The administrator finds it in the queue, with the report grouped, and hides it with a reason.
  const adminPage = await pageOf(browser, admin, baseURL!);
  await adminPage.goto('/admin?tab=moderation');
  await expect(adminPage.getByRole('tab', { name: 'Moderação', selected: true })).toBeVisible();
  const item = adminPage.getByRole('listitem').filter({ hasText: body });
  await expect(item.getByText('1 denúncia')).toBeVisible();
  await expect(item.getByText('Assédio ou ofensa · 1')).toBeVisible();
  await expect(item.getByText('Me ofendeu muito')).toBeVisible();
  await item.getByRole('button', { name: 'Ocultar' }).click();
  const confirm = adminPage.getByRole('dialog', { name: 'Ocultar este item?' });
  await confirm.getByLabel(/Motivo/).fill('Ataque pessoal');
  await confirm.getByRole('button', { name: 'Ocultar' }).click();
  await expect(adminPage.getByText('Item ocultado')).toBeVisible();
  await expect(item).toHaveCount(0);
  // The log says who did it and why.
  await adminPage.getByRole('tab', { name: 'Registro' }).click();
  const logRow = adminPage.getByRole('row').filter({ hasText: 'Ataque pessoal' });
  await expect(logRow.getByText('Ocultou')).toBeVisible();
  await expect(logRow.getByText('Post de Ana Teste')).toBeVisible();
  await expect(logRow.getByText('Ester Teste')).toBeVisible();

  // Gone for Bruno and for a visitor with the link.
  await page.reload();
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('article').filter({ hasText: body })).toHaveCount(0);
  const visitor = await browser.newContext({ baseURL: baseURL!, locale: 'pt-BR' });
  const vp = await visitor.newPage();
  await vp.goto(`/community/post/${post.id}`);
  await expect(vp.getByText('Este post não existe mais ou foi removido.')).toBeVisible();

  // Ana still sees it, marked, with nothing to react to.
  await ap.goto('/community?feed=following');
  const mine = ap.getByRole('article').filter({ hasText: body });
  await expect(mine.getByText('Oculto pela moderação')).toBeVisible();
  await expect(mine.getByText('A moderação ocultou este post: só você o vê.')).toBeVisible();
  await expect(mine.getByRole('button', { name: /Amém/ })).toHaveCount(0);
  await Promise.all([visitor.close(), ap.context().close(), adminPage.context().close()]);
});

test('a block takes each one’s posts away from the other, both ways; unblock brings them back', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const carla = await createUser({ firstName: 'Carla' });
  const davi = await createUser({ firstName: 'Davi' });
  const stamp = Date.now();
  await loginAs(page, carla);
  const dp = await pageOf(browser, davi, baseURL!);
  await postThroughApi(page, baseURL!, `Post da Carla ${stamp}`);
  await postThroughApi(dp, baseURL!, `Post do Davi ${stamp}`);
  const [carlaHandle, daviHandle] = [await handleOf(page), await handleOf(dp)];

  await page.goto(`/u/${daviHandle}`);
  // The first screen of a busy machine may take a while.
  await expect(page.getByRole('article').filter({ hasText: `Post do Davi ${stamp}` })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('button', { name: 'Bloquear', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Bloquear Davi Teste?' });
  await expect(dialog.getByText(/Vocês deixam de se ver na comunidade/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Bloquear' }).click();
  await expect(page.getByText('Você bloqueou Davi Teste', { exact: true })).toBeVisible();
  await expect(page.getByText(/Você bloqueou Davi Teste\. Vocês não veem/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Desbloquear' })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(0);

  await page.goto('/community?feed=discover');
  await expect(page.getByRole('article').filter({ hasText: `Post da Carla ${stamp}` })).toBeVisible();
  await expect(page.getByRole('article').filter({ hasText: `Post do Davi ${stamp}` })).toHaveCount(0);
  await dp.goto('/community?feed=discover');
  await expect(dp.getByRole('article').filter({ hasText: `Post do Davi ${stamp}` })).toBeVisible();
  await expect(dp.getByRole('article').filter({ hasText: `Post da Carla ${stamp}` })).toHaveCount(0);
  await dp.goto(`/u/${carlaHandle}`);
  await expect(dp.getByText('Não encontramos este membro.')).toBeVisible();

  // Carla's own page lists whom she blocked; she unblocks there.
  await page.goto(`/u/${carlaHandle}`);
  const list = page.getByRole('region', { name: 'Silenciados e bloqueados' });
  await list.getByRole('button', { name: 'Desbloquear Davi Teste' }).click();
  await expect(page.getByText('Você desbloqueou Davi Teste')).toBeVisible();
  await expect(list).toHaveCount(0);
  await dp.goto('/community?feed=discover');
  await expect(dp.getByRole('article').filter({ hasText: `Post da Carla ${stamp}` })).toBeVisible();
  await dp.context().close();
});

test('the held-posts setting holds a new member’s first post; the administrator approves it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const admin = await createUser({ role: 'admin', firstName: 'Ester' });
  const newcomer = await createUser({ firstName: 'Elisa' });
  const reader = await createUser({ firstName: 'Fábio' });
  const adminPage = await pageOf(browser, admin, baseURL!);
  try {
    // The setting, with a translated refusal first.
    await adminPage.goto('/admin?tab=moderation&section=settings');
    const hold = adminPage.getByLabel('Primeiros posts de cada membro novo que esperam revisão');
    await hold.fill('51');
    await adminPage.getByRole('button', { name: 'Salvar configurações' }).click();
    await expect(adminPage.getByText('Informe um número inteiro de 0 a 50.')).toBeVisible();
    await hold.fill('1');
    await adminPage.getByRole('button', { name: 'Salvar configurações' }).click();
    await expect(adminPage.getByText('Configurações salvas')).toBeVisible();

    // Elisa's first post waits; she sees it marked; Fábio does not see it.
    const body = `Meu primeiro post na comunidade ${Date.now()}`;
    await loginAs(page, newcomer);
    await page.goto('/community');
    await page.getByLabel('Compartilhe algo com a comunidade').fill(body);
    await page.getByRole('button', { name: 'Publicar' }).click();
    await expect(page.getByText('Post enviado para revisão')).toBeVisible();
    const mine = page.getByRole('article').filter({ hasText: body });
    await expect(mine.getByText('Aguardando revisão')).toBeVisible();
    const rp = await pageOf(browser, reader, baseURL!);
    await rp.goto('/community?feed=discover');
    await expect(rp.getByRole('article').first()).toBeVisible();
    await expect(rp.getByRole('article').filter({ hasText: body })).toHaveCount(0);

    // The administrator approves it from the queue; it goes out.
    await adminPage.goto('/admin?tab=moderation');
    const held = adminPage.getByRole('region', { name: /Aguardando revisão/ });
    const item = held.getByRole('listitem').filter({ hasText: body });
    await expect(item.getByText('Primeiros posts de um membro novo')).toBeVisible();
    await item.getByRole('button', { name: 'Aprovar' }).click();
    await adminPage
      .getByRole('dialog', { name: 'Aprovar este post?' })
      .getByRole('button', { name: 'Aprovar' })
      .click();
    await expect(adminPage.getByText('Post aprovado')).toBeVisible();
    await expect(item).toHaveCount(0);
    await rp.reload();
    await expect(rp.getByRole('article').filter({ hasText: body })).toBeVisible();
    await page.reload();
    await expect(mine).toBeVisible();
    await expect(mine.getByText('Aguardando revisão')).toHaveCount(0);
    await rp.context().close();
  } finally {
    await saveModerationSettings(adminPage, baseURL!, 0);
    await adminPage.context().close();
  }
});

test('a suspended member is told so, with the end date, instead of the composer and the comment box', async ({
  page,
  browser,
  baseURL,
}) => {
  const admin = await createUser({ role: 'admin', firstName: 'Ester' });
  const member = await createUser({ firstName: 'Gabriel' });
  const other = await createUser({ firstName: 'Helena' });
  const op = await pageOf(browser, other, baseURL!);
  const body = `Um post para comentar ${Date.now()}`;
  await postThroughApi(op, baseURL!, body);
  await loginAs(page, member);
  const handle = await handleOf(page);
  const adminPage = await pageOf(browser, admin, baseURL!);
  const until = new Date('2030-03-20T18:30:00Z');
  const res = await adminPage.request.put(`/api/admin/community/members/${handle}/suspension`, {
    data: { until: until.toISOString(), reason: 'Spam repetido' },
    headers: { origin: baseURL! },
  });
  expect(res.ok(), await res.text()).toBe(true);

  await page.goto('/community?feed=discover');
  // 15:30 in São Paulo, in the reader's language.
  await expect(page.getByText('Sua participação está suspensa')).toBeVisible();
  await expect(
    page.getByText(/suspendeu sua participação na comunidade até 20 de março de 2030 (às )?15:30/),
  ).toBeVisible();
  await expect(page.getByLabel('Compartilhe algo com a comunidade')).toHaveCount(0);
  const card = page.getByRole('article').filter({ hasText: body });
  await card.getByRole('button', { name: 'Comentar' }).click();
  await expect(card.getByText(/Sua participação está suspensa até 20 de março de 2030/)).toBeVisible();
  await expect(card.getByLabel('Seu comentário')).toHaveCount(0);

  // Lifted from the Suspensões section: the composer is back.
  await adminPage.goto('/admin?tab=moderation&section=suspensions');
  const row = adminPage.getByRole('row').filter({ hasText: `@${handle}` });
  await expect(row.getByText('Spam repetido')).toBeVisible();
  await row.getByRole('button', { name: /Retirar suspensão/ }).click();
  await adminPage.getByRole('dialog').getByRole('button', { name: 'Retirar suspensão' }).click();
  await expect(adminPage.getByText('Suspensão de Gabriel Teste retirada')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Compartilhe algo com a comunidade')).toBeVisible();
  await Promise.all([op.context().close(), adminPage.context().close()]);
});
