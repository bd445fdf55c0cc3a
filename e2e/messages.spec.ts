import type { Page } from '@playwright/test';
import type { ModerationSettingsDto } from '@candeia/shared/schemas/moderation';
import { COMMUNITY_SETTINGS_LOCK, handleOf, pageOf } from './support/community.ts';
import { createUser, expect, loginAs, test } from './support/fixtures.ts';
import { counsellorAndClient } from './support/messages.ts';
import { expectAccessible, shot } from './support/scripture.ts';

// The second test switches members' messages on in the moderation settings, which other files
// save too: no two such files run at once.
test.describe.configure({ lock: COMMUNITY_SETTINGS_LOCK });

const thread = (page: Page, name: string) => page.getByRole('log', { name: `Mensagens com ${name}` });
const composer = (page: Page, name: string) => page.getByRole('textbox', { name: `Mensagem para ${name}` });

/**
 * A member and her counsellor, each at a browser of their own, talk: each sees the other's
 * message arrive without a reload, the member sees "Visto" when it is read, a message that could
 * not go waits with "Tentar de novo", the composer keeps what it refuses, and a block stops both.
 */
test('a member and her counsellor exchange messages live; a block stops them', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const { counsellor, member } = await counsellorAndClient('Irmã Clara', 'Marta');
  await loginAs(page, member);
  const clara = await pageOf(browser, counsellor, baseURL!);
  try {
    // The member starts from her booking.
    await page.goto('/consultation');
    // A fresh browser's first screens load the app's code: on a busy machine, more than the usual wait.
    const start = page.getByRole('button', { name: 'Enviar mensagem para Irmã Clara' });
    await expect(start).toBeVisible({ timeout: 30_000 });
    await shot(page, 'messages-booking-button', false);
    await start.click();
    await expect(page).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Irmã Clara' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('Ainda não há mensagens. Que tal escrever a primeira?')).toBeVisible();

    // The counsellor has nothing yet.
    await clara.goto('/messages');
    await expect(clara.getByRole('heading', { level: 1, name: 'Mensagens' })).toBeVisible({ timeout: 30_000 });
    await expect(clara.getByText('Nenhuma conversa por enquanto.')).toBeVisible();

    // What the composer refuses stays in it, with the reason.
    const box = composer(page, 'Irmã Clara');
    await box.fill('   ');
    await box.press('Enter');
    await expect(page.getByText('Escreva uma mensagem.')).toBeVisible();
    const tooLong = 'a'.repeat(2001);
    await box.fill(tooLong);
    await box.press('Enter');
    await expect(page.getByText('A mensagem pode ter até 2.000 caracteres.')).toBeVisible();
    await expect(box).toHaveValue(tooLong);

    // Enter sends.
    await box.fill('Boa tarde, Irmã Clara. Posso contar algo antes da nossa conversa?');
    await box.press('Enter');
    await expect(box).toHaveValue('');
    const mine = thread(page, 'Irmã Clara');
    await expect(mine.getByText('Boa tarde, Irmã Clara. Posso contar algo antes da nossa conversa?')).toBeVisible();
    await expect(mine.getByText('Enviada')).toBeVisible();

    // It reaches the counsellor's list and header without a reload.
    const item = clara.getByRole('link', { name: /^Marta Teste/ });
    await expect(item).toBeVisible();
    await expect(item).toContainText('Boa tarde, Irmã Clara.');
    await expect(item).toContainText('1 mensagem não lida');
    await clara
      .getByRole('banner')
      .getByRole('button', { name: /Menu da conta/ })
      .click();
    await expect(
      clara.getByRole('banner').getByRole('link', { name: 'Mensagens (1 conversa não lida)' }),
    ).toBeVisible();
    await clara.keyboard.press('Escape');

    // She opens it: the member sees it was read.
    await item.click();
    const hers = thread(clara, 'Marta Teste');
    await expect(hers.getByText('Boa tarde, Irmã Clara. Posso contar algo antes da nossa conversa?')).toBeVisible();
    await expect(mine.getByText('Visto')).toBeVisible();

    // Shift+Enter breaks the line; her answer arrives on the member's screen as it is.
    const reply = composer(clara, 'Marta Teste');
    await reply.fill('Claro, Marta.');
    await reply.press('Shift+Enter');
    await reply.pressSequentially('Estou aqui para ouvir.');
    await expect(reply).toHaveValue('Claro, Marta.\nEstou aqui para ouvir.');
    await reply.press('Enter');
    await expect(mine.getByText(/Claro, Marta\.\s+Estou aqui para ouvir\./)).toBeVisible();
    await expect(hers.getByText('Visto')).toBeVisible();

    // A message that cannot go waits, and goes on "Tentar de novo" (once).
    await page.route('**/api/messages/conversations/*/messages', (route) =>
      route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.fallback(),
    );
    await box.fill('Obrigada! Até quinta.');
    await box.press('Enter');
    await expect(mine.getByText('Não enviada.')).toBeVisible();
    await page.unroute('**/api/messages/conversations/*/messages');
    await mine.getByRole('button', { name: 'Tentar de novo' }).click();
    await expect(mine.getByText('Não enviada.')).toBeHidden();
    await expect(hers.getByText('Obrigada! Até quinta.')).toHaveCount(1);
    await expectAccessible(page, 'a conversation (member)');

    // The member blocks: neither can write, and the counsellor's screen says so at once.
    await page.getByRole('button', { name: 'Bloquear' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bloquear Irmã Clara?' });
    await dialog.getByRole('button', { name: 'Bloquear' }).click();
    await expect(page.getByText('Você bloqueou esta pessoa. Desbloqueie para voltar a conversar.')).toBeVisible();
    await expect(box).toBeHidden();
    await expect(clara.getByText('Não é possível enviar mensagens nesta conversa.')).toBeVisible();
    await expect(reply).toBeHidden();
    const conversationId = page.url().split('/').at(-1)!;
    const refused = await clara.request.post(`/api/messages/conversations/${conversationId}/messages`, {
      data: { body: 'Marta?', clientKey: 'e2e-after-block-1' },
      headers: { origin: baseURL! },
    });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).error.message).toBe('Não é possível trocar mensagens com esta pessoa.');

    // Unblocked, they write again.
    await page.getByRole('button', { name: 'Desbloquear' }).first().click();
    await expect(box).toBeVisible();
    await expect(reply).toBeVisible();
  } finally {
    await clara.context().close();
  }
});

/**
 * Members who follow each other write to each other only once an administrator allows it (the
 * Moderação tab's settings): the "Mensagem" button then shows on the other's page.
 */
test('mutual followers get "Mensagem" once the administration allows it', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const ana = await createUser({ firstName: 'Ana' });
  const bruno = await createUser({ firstName: 'Bruno' });
  const admin = await pageOf(browser, await createUser({ role: 'admin', firstName: 'Ester' }), baseURL!);
  const before = (await (await admin.request.get('/api/admin/community/settings')).json()) as ModerationSettingsDto;
  try {
    await loginAs(page, ana);
    const anaHandle = await handleOf(page);
    const other = await pageOf(browser, bruno, baseURL!);
    const brunoHandle = await handleOf(other);
    const headers = { origin: baseURL! };
    for (const [p, h] of [
      [page, brunoHandle],
      [other, anaHandle],
    ] as const) {
      const res = await p.request.put(`/api/community/members/${h}/follow`, { data: { on: true }, headers });
      expect(res.status(), await res.text()).toBe(200);
    }
    await other.context().close();

    // Off by default: no button.
    const asked = page.waitForResponse((r) => r.url().includes('/api/messages/reach'));
    await page.goto(`/u/${brunoHandle}`);
    await asked;
    await expect(page.getByRole('button', { name: 'Deixar de seguir' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: /^Enviar mensagem para/ })).toHaveCount(0);

    // The administrator allows it.
    await admin.goto('/admin?tab=moderation&section=settings');
    const allow = admin.getByRole('checkbox', { name: 'Permitir mensagens entre membros que se seguem' });
    await expect(allow).not.toBeChecked({ timeout: 30_000 });
    await allow.check();
    await admin.getByRole('button', { name: 'Salvar configurações' }).click();
    await expect(admin.getByText('Configurações salvas')).toBeVisible();

    await page.reload();
    await page.getByRole('button', { name: /^Enviar mensagem para Bruno/ }).click();
    await expect(page).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
    const box = composer(page, 'Bruno Teste');
    await box.fill('Oi, Bruno! Obrigada pelas orações.');
    await box.press('Enter');
    await expect(thread(page, 'Bruno Teste').getByText('Oi, Bruno! Obrigada pelas orações.')).toBeVisible();
    await expect(thread(page, 'Bruno Teste').getByText('Enviada')).toBeVisible();
  } finally {
    const restored = await admin.request.put('/api/admin/community/settings', {
      data: { holdFirstPosts: before.holdFirstPosts, words: before.words, memberMessages: false },
      headers: { origin: baseURL! },
    });
    expect(restored.ok(), await restored.text()).toBe(true);
    await admin.context().close();
  }
});
