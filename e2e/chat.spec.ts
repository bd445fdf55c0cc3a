import type { Page } from '@playwright/test';
import { CHAT_CONVERSATIONS_MAX } from '@candeia/shared/constants';
import { expectAccessible } from './support/billing.ts';
import { answered, ask, chat, grantCredits, pt, shot } from './support/chat.ts';
import { expect, test, withDb } from './support/fixtures.ts';
import { waitForContent } from './support/scripture.ts';

/**
 * The spiritual chat (/chat) in Portuguese against the built-in guide engine: the welcome,
 * streamed answers with citations into the reader, cost and balance, stop, regenerate,
 * re-attaching after a reload, renaming and deleting, running out of credits, the crisis
 * card, accessibility, and screenshots of the viewport on desktop (1440×900) and phone
 * (390×844) under e2e/screenshots/<desktop|phone>/chat-*.png.
 */

test.beforeAll(async () => {
  test.setTimeout(180_000);
  // The guide quotes the installed texts, which are imported in the background at start-up.
  await waitForContent(test.info().project.use.baseURL ?? 'http://localhost:3210');
});

const CONVERSATION_URL = /\/chat\/[0-9a-f-]{36}$/;
const COST_LINE = /^(\d[\d.]*) créditos? · saldo (\d[\d.]*)$/;
const num = (s: string) => Number(s.replace(/\./g, ''));

/** Signs in a trial user (the chat flag) with credits, and opens /chat. */
async function openChat(page: Page, login: (o?: { firstName?: string }) => Promise<{ id: string }>, credits = 5000) {
  const user = await login({ firstName: 'Clara' });
  await grantCredits(user.id, credits);
  await page.goto('/chat');
  await expect(page.getByRole('heading', { level: 1, name: 'Olá, Clara' })).toBeVisible();
  return user;
}

/** The cost line under the latest answer: [cost, balance]. */
async function costAndBalance(page: Page): Promise<[number, number]> {
  const line = chat.log(page).getByText(COST_LINE).last();
  await expect(line).toBeVisible();
  const m = COST_LINE.exec((await line.textContent())!.replace(/\s+/g, ' ').trim())!;
  return [num(m[1]!), num(m[2]!)];
}

test('welcome by first name; an answer streams in with citation links, its cost and the balance left', async ({
  page,
  login,
}) => {
  await openChat(page, login);
  await expect(page.getByText('Chat espiritual', { exact: true })).toBeVisible();
  for (const s of [
    'Sinto ansiedade por causa do trabalho',
    'Perdi alguém que eu amava',
    'Como posso perdoar?',
    'Preciso de esperança',
  ])
    await expect(page.getByRole('button', { name: s })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Suas conversas' })).toContainText('Nenhuma conversa ainda');
  await expectAccessible(page, '/chat (empty)');
  await shot(page, 'chat-welcome');

  // Nothing to send, or too much: a translated message at the field, and the text kept.
  await chat.composer(page).press('Enter');
  await expect(page.getByText('Escreva uma mensagem.')).toBeVisible();
  await expect(chat.composer(page)).toHaveAttribute('aria-invalid', 'true');
  await chat.composer(page).fill('a'.repeat(4001));
  await expect(page.getByText('4.001 de 4.000 caracteres')).toBeVisible();
  await chat.composer(page).press('Enter');
  await expect(page.getByText('A mensagem pode ter no máximo 4.000 caracteres.')).toBeVisible();
  await expect(chat.composer(page)).toHaveValue('a'.repeat(4001));

  await ask(page, 'Estou muito ansioso com o meu trabalho');
  // The message was saved: a new conversation, named from it, and the composer is cleared.
  await expect(page).toHaveURL(CONVERSATION_URL);
  await expect(chat.composer(page)).toHaveValue('');
  await expect(page.getByText('Escreva uma mensagem.')).toHaveCount(0);
  await expect(chat.log(page)).toContainText('Estou muito ansioso com o meu trabalho');
  await expect(page.getByRole('heading', { level: 1, name: 'Estou muito ansioso com o meu trabalho' })).toBeVisible();
  // While it is written: the stop button instead of send, the answer busy.
  await expect(chat.stop(page)).toBeVisible();
  await expect(chat.streaming(page)).toHaveCount(1);
  await expect(chat.composer(page)).toBeFocused();

  await answered(page);
  expect(await chat.citations(page).count()).toBeGreaterThan(0);
  const [cost, balance] = await costAndBalance(page);
  expect(cost).toBeGreaterThan(0);
  expect(balance).toBe(5000 - cost);
  // The header balance follows.
  await expect(page.getByRole('link', { name: `${pt(balance)} créditos disponíveis` })).toBeVisible();
  // The conversation heads the list, marked as the open one.
  await expect(
    page.getByRole('navigation', { name: 'Suas conversas' }).getByRole('link', { name: /Estou muito ansioso/ }),
  ).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('button', { name: 'Gerar outra resposta' })).toBeVisible();
  await expectAccessible(page, '/chat/:id (with an answer)');
  await shot(page, 'chat-conversation');

  // A citation opens the reader at its verse.
  const link = chat.citations(page).first();
  const href = (await link.getAttribute('href'))!;
  expect(href).toMatch(/^\/(bible|sacred-books)\/[\w-]+\/[\w-]+\/\d+(#v\d+(-\d+)?)?$/);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${href.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  const verse = /#v(\d+)/.exec(href)?.[1] ?? '1';
  await expect(page.locator(`[data-verse="${verse}"]`)).toBeVisible({ timeout: 20_000 });

  // Back in the chat: the stored answer, its citations still links, its cost without the balance.
  await page.goBack();
  await expect(page).toHaveURL(CONVERSATION_URL);
  await expect(chat.citations(page).first()).toBeVisible();
  await expect(chat.log(page).getByText(`${pt(cost)} créditos`, { exact: true })).toBeVisible();
});

test('stop an answer, then regenerate the last answer', async ({ page, login }) => {
  await openChat(page, login);
  await ask(page, 'Preciso de esperança para continuar');
  await expect(page).toHaveURL(CONVERSATION_URL);
  // Some text is on screen, and it is still being written: stop it.
  await expect(chat.streaming(page)).toContainText(/\w{3,}/);
  await chat.stop(page).click();
  await expect(chat.log(page).getByText('Resposta interrompida')).toBeVisible();
  await expect(chat.send(page)).toBeVisible();
  await expect(chat.streaming(page)).toHaveCount(0);
  const [stoppedCost] = await costAndBalance(page);
  const stopped = (await chat.log(page).textContent())!;

  // Regenerate: a new answer replaces the stopped one.
  await page.getByRole('button', { name: 'Gerar outra resposta' }).click();
  await expect(chat.stop(page)).toBeVisible();
  await expect(chat.log(page).getByText('Resposta interrompida')).toHaveCount(0);
  await answered(page);
  await expect(chat.log(page).getByText(COST_LINE)).toHaveCount(1);
  const [cost, balance] = await costAndBalance(page);
  expect(balance).toBe(5000 - stoppedCost - cost);
  expect(await chat.log(page).textContent()).not.toBe(stopped);
  // One question, one answer.
  await expect(chat.log(page).getByText('Preciso de esperança para continuar')).toHaveCount(1);
});

test('a reload while the answer is written re-attaches, and the answer finishes on screen', async ({ page, login }) => {
  await openChat(page, login);
  await ask(page, 'Perdi alguém que eu amava e sinto muita saudade');
  await expect(page).toHaveURL(CONVERSATION_URL);
  await expect(chat.streaming(page)).toContainText(/\w{3,}/);
  const before = (await chat.streaming(page).innerText()).trim().split(/\s+/).slice(0, 4).join(' ');
  await page.reload();

  // The stored answer is still streaming: the screen re-attaches and shows it finishing.
  await expect(chat.log(page)).toContainText('Perdi alguém que eu amava');
  await expect(chat.stop(page)).toBeVisible();
  await expect(chat.streaming(page)).toContainText(before);
  await answered(page);
  await expect(chat.log(page)).toContainText(before);
  const [cost, balance] = await costAndBalance(page);
  expect(balance).toBe(5000 - cost);
  await expect(chat.log(page).getByText('Resposta interrompida')).toHaveCount(0);
});

test('rename and delete a conversation', async ({ page, login }) => {
  await openChat(page, login);
  await ask(page, 'Como posso perdoar quem me magoou?');
  await expect(page).toHaveURL(CONVERSATION_URL);
  await answered(page);

  await page.getByRole('button', { name: 'Renomear' }).click();
  const dialog = page.getByRole('dialog', { name: 'Renomear conversa' });
  const name = dialog.getByRole('textbox', { name: 'Nome da conversa' });
  await expect(name).toHaveValue('Como posso perdoar quem me magoou?');
  await name.fill('   ');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog.getByText('Dê um nome à conversa.')).toBeVisible();
  await name.fill('Perdão');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Perdão' })).toBeVisible();
  const list = page.getByRole('navigation', { name: 'Suas conversas' });
  await expect(list.getByRole('link', { name: /^Perdão/ })).toBeVisible();

  await page.getByRole('button', { name: 'Excluir' }).click();
  const confirm = page.getByRole('dialog', { name: 'Excluir esta conversa?' });
  await expect(confirm).toContainText('“Perdão”');
  await confirm.getByRole('button', { name: 'Excluir' }).click();
  await expect(page).toHaveURL(/\/chat$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Olá, Clara' })).toBeVisible();
  await expect(list).toContainText('Nenhuma conversa ainda');
  await expect(chat.composer(page)).toBeFocused();
});

test('out of credits: the upgrade notice, and the typed message is kept', async ({ page, login }) => {
  await openChat(page, login, 40);
  await ask(page, 'Estou muito ansioso com o meu trabalho');
  const notice = page.getByRole('status').filter({ hasText: 'Seus créditos acabaram' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('Faça upgrade do plano');
  await expect(chat.composer(page)).toHaveValue('Estou muito ansioso com o meu trabalho');
  await expect(page).toHaveURL(/\/chat$/);
  await expectAccessible(page, '/chat (out of credits)');
  await shot(page, 'chat-out-of-credits');
  await notice.getByRole('link', { name: 'Fazer upgrade do plano' }).click();
  await expect(page).toHaveURL(/\/subscription$/);
});

test('at the conversation limit: the notice on the composer, the typed message kept, an old one goes on', async ({
  page,
  login,
}) => {
  // Two answers and a refusal: more than the default minute on a busy machine.
  test.slow();
  const user = await openChat(page, login);
  // Years of conversations, one short of the limit, written straight into the database.
  await withDb((c) =>
    c.query(
      `INSERT INTO chat_conversations (user_id, title) SELECT $1, 'Conversa antiga ' || g FROM generate_series(1, $2) g`,
      [user.id, CHAT_CONVERSATIONS_MAX - 1],
    ),
  );
  await ask(page, 'Preciso de esperança');
  await expect(page).toHaveURL(CONVERSATION_URL);
  await answered(page);
  const last = page.url();

  await page.goto('/chat');
  await ask(page, 'Quero começar uma conversa nova');
  const notice = page.getByRole('status').filter({ hasText: 'Limite de conversas atingido' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('Continue uma conversa existente ou apague algumas antigas');
  await expect(chat.composer(page)).toHaveValue('Quero começar uma conversa nova');
  await expect(page).toHaveURL(/\/chat$/);
  await expectAccessible(page, '/chat (conversation limit)');

  await page.goto(last);
  await ask(page, 'E amanhã?');
  await answered(page);
  await expect(chat.log(page)).toContainText('E amanhã?');
});

test('a message with signs of crisis gets the CVV 188 card, never charged', async ({ page, login }) => {
  await openChat(page, login);
  await ask(page, 'Não aguento mais viver, penso em me matar');
  const card = page.getByRole('note', { name: 'Apoio imediato' });
  await expect(card).toBeVisible();
  await expect(card.getByRole('link', { name: '188' })).toHaveAttribute('href', 'tel:188');
  // The helpline's chat is a link too (the only web link an answer may carry), in a new tab.
  const site = card.getByRole('link', { name: 'cvv.org.br' });
  await expect(site).toHaveAttribute('href', 'https://cvv.org.br');
  await expect(site).toHaveAttribute('target', '_blank');
  await answered(page);
  await expect(chat.log(page).getByText(COST_LINE)).toHaveCount(0);
  const balance = await withDb(async (c) => {
    const { rows } = await c.query<{ balance: string }>(
      `SELECT balance FROM credit_accounts a JOIN chat_conversations c ON c.user_id = a.user_id WHERE c.id = $1`,
      [page.url().split('/').pop()],
    );
    return Number(rows[0]!.balance);
  });
  expect(balance).toBe(5000);
  await shot(page, 'chat-crisis');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

  test('welcome, a conversation, the conversations drawer', async ({ page, login }) => {
    await openChat(page, login);
    await expect(page.getByRole('navigation', { name: 'Suas conversas' })).toBeHidden();
    await shot(page, 'chat-welcome');
    await page.getByRole('button', { name: 'Sinto ansiedade por causa do trabalho' }).click();
    await expect(page).toHaveURL(CONVERSATION_URL);
    await answered(page);
    await costAndBalance(page);
    await shot(page, 'chat-conversation');

    await page.getByRole('button', { name: 'Conversas' }).click();
    const drawer = page.getByRole('dialog', { name: 'Suas conversas' });
    await expect(drawer.getByRole('link', { name: /Sinto ansiedade por causa do trabalho/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expectAccessible(page, '/chat drawer (phone)');
    await shot(page, 'chat-drawer');

    // A new conversation from the drawer: the welcome again, ready to write.
    await drawer.getByRole('button', { name: 'Nova conversa' }).click();
    await expect(drawer).toHaveCount(0);
    await expect(page).toHaveURL(/\/chat$/);
    await expect(chat.composer(page)).toBeFocused();
  });

  test('out of credits', async ({ page, login }) => {
    await openChat(page, login, 40);
    await ask(page, 'Preciso de esperança');
    await expect(page.getByRole('status').filter({ hasText: 'Seus créditos acabaram' })).toBeVisible();
    await shot(page, 'chat-out-of-credits');
  });
});
