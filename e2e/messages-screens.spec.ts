import type { Page } from '@playwright/test';
import { LOCALE_STORAGE_KEY } from '@candeia/shared/constants';
import { pageOf } from './support/community.ts';
import { createUser, expect, loginAs, test, withDb } from './support/fixtures.ts';
import { conversationWith, counsellorAndClient, sendThroughApi } from './support/messages.ts';
import { expectAccessible, shot } from './support/scripture.ts';

/** The app in another language: on this device and on the member's profile. */
async function inLocale(page: Page, locale: string, origin: string) {
  await page.evaluate(([key, l]) => localStorage.setItem(key!, l!), [LOCALE_STORAGE_KEY, locale]);
  const res = await page.request.put('/api/profile/locale', { data: { locale }, headers: { origin } });
  expect(res.ok(), await res.text()).toBe(true);
}

/**
 * /messages on a phone and a desktop, in Portuguese and English: the empty list, the list with a
 * counsellor's and another's conversation (one unread), and a conversation with messages over two
 * days, a long one, a removed one and the read receipt. Accessible, and photographed.
 */
test('messages screens', async ({ page, browser, baseURL, isMobile }) => {
  test.setTimeout(150_000);
  const origin = baseURL!;
  const { counsellor, member } = await counsellorAndClient('Irmã Lúcia Prado', 'Helena');
  await loginAs(page, member);
  await page.goto('/messages');
  // A fresh browser's first screen loads the app's code: on a busy machine, more than the usual wait.
  await expect(page.getByText('Nenhuma conversa por enquanto.')).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page, '/messages, empty');
  await shot(page, 'messages-empty', false);

  // A second counsellor, so the list has two; the newest from the counsellor is unread.
  const second = await counsellorAndClient('Frei Tomás', 'Outro');
  await withDb((c) =>
    c.query(
      `INSERT INTO consultations (counsellor_id, member_id, starts_at, ends_at, blocked_until, price_credits, cancel_cutoff_hours, status)
       VALUES ($1, $2, date_trunc('hour', now()) - interval '10 days', date_trunc('hour', now()) - interval '10 days' + interval '50 minutes',
               date_trunc('hour', now()) - interval '10 days' + interval '60 minutes', 3000, 24, 'completed')`,
      [second.counsellor.id, member.id],
    ),
  );
  const lucia = await pageOf(browser, counsellor, origin);
  const tomas = await pageOf(browser, second.counsellor, origin);
  let conversationId = '';
  try {
    const withTomas = await conversationWith(page, origin, second.counsellor.id);
    await sendThroughApi(page, origin, withTomas.id, 'Frei Tomás, obrigada pela última conversa. Ajudou muito.');
    await sendThroughApi(tomas, origin, withTomas.id, 'Fico feliz, Helena. Conte comigo.');
    const c = await conversationWith(page, origin, counsellor.id);
    conversationId = c.id;
    const first = await sendThroughApi(
      page,
      origin,
      c.id,
      'Boa tarde, Irmã Lúcia. Posso contar algo antes da consulta?',
    );
    await sendThroughApi(lucia, origin, c.id, 'Claro, Helena. Estou aqui para ouvir.');
    await sendThroughApi(
      page,
      origin,
      c.id,
      'Tenho sentido muita saudade da minha mãe desde que ela partiu, no ano passado. Às vezes rezo e sinto paz; outras vezes não consigo nem começar. Queria entender se isso é normal e como atravessar os dias mais difíceis sem me afastar de Deus.',
    );
    const removed = await sendThroughApi(lucia, origin, c.id, 'Promoção imperdível: clique neste link agora!');
    // Yesterday's first messages, and one the moderation removed.
    await withDb(async (db) => {
      await db.query(
        "UPDATE messages SET created_at = created_at - interval '1 day' WHERE conversation_id = $1 AND seq <= $2",
        [c.id, first.seq + 1],
      );
      await db.query('UPDATE messages SET removed_at = now() WHERE id = $1', [removed.id]);
    });
    await sendThroughApi(
      lucia,
      origin,
      c.id,
      'É normal, sim. O luto tem ondas. Na quinta conversamos com calma; até lá, tente rezar um salmo curto por dia.',
    );
  } finally {
    await lucia.context().close();
    await tomas.context().close();
  }

  for (const locale of ['pt-BR', 'en-US'] as const) {
    const suffix = locale === 'pt-BR' ? '' : '-en';
    await page.goto('/messages');
    await inLocale(page, locale, origin);
    await page.reload();
    const list = page.getByRole('list', { name: locale === 'pt-BR' ? 'Conversas' : 'Conversations' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(list.getByRole('listitem').first()).toContainText('Irmã Lúcia Prado');
    // Unread until she opens it (the first time round).
    if (locale === 'pt-BR') await expect(list.getByRole('listitem').first()).toContainText('2 mensagens não lidas');
    await expectAccessible(page, `/messages (${locale})`);
    await shot(page, `messages-list${suffix}`, false);

    await list.getByRole('link').first().click();
    await expect(page).toHaveURL(new RegExp(`/messages/${conversationId}$`));
    const log = page.getByRole('log', {
      name: locale === 'pt-BR' ? 'Mensagens com Irmã Lúcia Prado' : 'Messages with Irmã Lúcia Prado',
    });
    await expect(log.getByText(/tente rezar um salmo curto por dia/)).toBeVisible();
    await expect(log.getByText(locale === 'pt-BR' ? 'Ontem' : 'Yesterday')).toBeVisible();
    await expect(
      log.getByText(
        locale === 'pt-BR'
          ? 'Esta mensagem foi removida pela moderação.'
          : 'This message was removed by the moderators.',
      ),
    ).toBeVisible();
    // On a phone the list is a screen of its own; on a desktop it stays beside the conversation.
    if (isMobile) await expect(list).toBeHidden();
    else await expect(list).toBeVisible();
    await page
      .getByRole('textbox', { name: /Irmã Lúcia Prado/ })
      .fill(locale === 'pt-BR' ? 'Obrigada, Irmã. Até quinta!' : 'Thank you, Sister. See you Thursday!');
    await expectAccessible(page, `/messages/:id (${locale})`);
    await shot(page, `messages-thread${suffix}`, false);
  }

  // Reading the conversation brought the count down: the header's entry has no number.
  await inLocale(page, 'pt-BR', origin);
  await page.reload();
  await expect(page.getByRole('banner').getByTestId('messages-badge')).toHaveCount(0);
});

/** The admin's Moderação tab: a reported message, and the switch for members' messages. */
test('reported messages for the administration', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const origin = baseURL!;
  const text = 'Você precisa me pagar por fora, não pela Candeia.';
  const { counsellor, member } = await counsellorAndClient('Irmã Rita', 'Joana');
  const rita = await pageOf(browser, counsellor, origin);
  try {
    await loginAs(page, member);
    const c = await conversationWith(page, origin, counsellor.id);
    const m = await sendThroughApi(rita, origin, c.id, text);
    const res = await page.request.post(`/api/messages/conversations/${c.id}/messages/${m.id}/report`, {
      data: { reason: 'spam', note: 'Pediu pagamento fora da plataforma.' },
      headers: { origin },
    });
    expect(res.status(), await res.text()).toBe(201);
    // The site's database outlives a run: an earlier attempt's report of the same words (the
    // other viewport's, or a retry's) is closed, so the list shows this one alone.
    await withDb((db) =>
      db.query(
        `UPDATE message_reports SET status = 'closed', resolution = 'dismissed', resolved_at = now()
          WHERE status = 'open' AND message_id <> $1
            AND message_id IN (SELECT id FROM messages WHERE body = $2)`,
        [m.id, text],
      ),
    );
  } finally {
    await rita.context().close();
  }
  await loginAs(page, await createUser({ role: 'admin', firstName: 'Ester' }));
  await page.goto('/admin?tab=moderation&section=messages');
  const report = page.getByRole('listitem').filter({ hasText: text });
  await expect(report).toHaveCount(1, { timeout: 30_000 });
  await expect(report.getByText('Observação: Pediu pagamento fora da plataforma.')).toBeVisible();
  await expectAccessible(page, 'admin, reported messages');
  await shot(page, 'messages-admin-reports', false);
  // Keeping the message closes the report: it leaves the list.
  await report.getByRole('button', { name: 'Manter mensagem' }).click();
  await expect(page.getByText('Denúncia encerrada. A mensagem foi mantida.')).toBeVisible();
  await expect(report).toHaveCount(0);
  await page.goto('/admin?tab=moderation&section=settings');
  await expect(page.getByRole('checkbox', { name: 'Permitir mensagens entre membros que se seguem' })).toBeVisible({
    timeout: 30_000,
  });
  await shot(page, 'messages-admin-settings');
});
