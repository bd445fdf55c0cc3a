import type { Page } from '@playwright/test';
import { createUser, expect as baseExpect, loginAs, PASSWORD, test, withDb, type E2EUser } from './support/fixtures.ts';
import { waitForContent } from './support/scripture.ts';

/** This machine is shared and busy: a screen may take many seconds to come. */
const expect = baseExpect.configure({ timeout: 30_000 });

// The server imports the sacred texts as it starts: these tests begin once that is done, on a busy machine.
test.beforeEach(async ({ baseURL }) => {
  test.setTimeout(240_000);
  await waitForContent(baseURL!);
});

/**
 * The administration acts on a member's account and the member meets the result in their own
 * browser: a role given (the administration opens for them), a suspension (signed out, sign-in
 * refused with its message) and its lifting (signed in again). And a message written in the
 * footer's contact box reaches the administration's inbox, where it is answered by e-mail.
 */

async function openMember(admin: Page, member: E2EUser) {
  await admin.goto('/admin?tab=users');
  await admin.getByRole('searchbox', { name: 'Buscar usuários' }).fill(member.email);
  await admin.getByRole('button', { name: 'Buscar', exact: true }).click();
  await admin
    .getByRole('button', { name: `Gerenciar a conta de ${member.email}` })
    .filter({ visible: true })
    .click();
  await expect(admin.getByRole('heading', { name: new RegExp(`^${member.firstName}`), level: 3 })).toBeVisible();
}

async function signIn(page: Page, user: E2EUser) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(user.email);
  await page.getByRole('textbox', { name: 'Senha', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
}

test('the administration makes a member an administrator, suspends the account and lifts it; the member sees each', async ({
  page,
  browser,
}) => {
  const admin = await createUser({ role: 'admin', firstName: 'Ester' });
  const member = await createUser({ firstName: 'Miriam' });
  await loginAs(page, admin);
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  try {
    await loginAs(memberPage, member);
    // Not an administrator yet: /admin sends the member home.
    await memberPage.goto('/admin');
    await expect(memberPage).toHaveURL(/localhost:\d+\/$/);

    await openMember(page, member);
    const panel = page.getByRole('tabpanel');
    await expect(panel.locator('span:text-is("Usuário")')).toBeVisible();
    await panel.getByRole('combobox', { name: 'Novo papel' }).selectOption('admin');
    await panel.getByRole('button', { name: 'Alterar papel…' }).click();
    const roleDialog = page.getByRole('dialog', { name: /Alterar o papel de Miriam/ });
    await expect(roleDialog).toContainText(
      `${member.email} deixa de ser Usuário e passa a ser Administrador agora mesmo.`,
    );
    await roleDialog.getByRole('textbox', { name: /Motivo/ }).fill('Vai ajudar na moderação');
    await roleDialog.getByRole('button', { name: 'Tornar Administrador' }).click();
    await expect(roleDialog).toBeHidden();
    await expect(page.getByText(`Papel de ${member.email} alterado.`)).toBeVisible();
    await expect(panel.locator('span:text-is("Administrador")')).toBeVisible();
    await expect(panel.getByText(/Vai ajudar na moderação/)).toBeVisible();

    // The member now reaches the administration.
    await memberPage.goto('/admin');
    await expect(memberPage.getByRole('heading', { name: 'Administração', level: 1 })).toBeVisible();

    // Suspended: a reason is required; the member's session ends and sign-in says why.
    await panel.getByRole('button', { name: 'Suspender conta' }).click();
    const suspendDialog = page.getByRole('dialog', { name: /Suspender a conta de Miriam/ });
    await expect(suspendDialog).toContainText('todas as sessões abertas serão encerradas agora');
    await suspendDialog.getByRole('button', { name: 'Suspender conta' }).click();
    await expect(suspendDialog.getByText('Este campo é obrigatório.')).toBeVisible();
    await suspendDialog.getByRole('textbox', { name: /Motivo/ }).fill('Conta usada por outra pessoa');
    await suspendDialog.getByRole('button', { name: 'Suspender conta' }).click();
    await expect(suspendDialog).toBeHidden();
    await expect(panel.getByText('Conta suspensa', { exact: true })).toBeVisible();

    await memberPage.goto('/start');
    await expect(memberPage).not.toHaveURL(/\/start$/);
    await signIn(memberPage, member);
    await expect(
      memberPage.getByText('Sua conta está suspensa. Se acha que é um engano, escreva para nós pelo contato.'),
    ).toBeVisible();

    // Lifted: the member signs in again.
    await panel.getByRole('button', { name: 'Retirar suspensão' }).click();
    const liftDialog = page.getByRole('dialog', { name: /Retirar a suspensão de Miriam/ });
    await liftDialog.getByRole('button', { name: 'Retirar suspensão' }).click();
    await expect(liftDialog).toBeHidden();
    await expect(panel.getByText('Conta suspensa', { exact: true })).toBeHidden();
    await signIn(memberPage, member);
    await expect(memberPage).toHaveURL(/\/start$/);

    // Every act is in the account's security log, with who acted.
    await expect(panel.getByText('Conta suspensa pela administração')).toBeVisible();
    await expect(panel.getByText('Suspensão de conta retirada')).toBeVisible();
    await expect(panel.getByText(`by ${admin.email}`).first()).toBeVisible();
  } finally {
    await memberContext.close();
  }
});

test('a message from the footer’s contact box shows in the inbox, unread, and is answered by e-mail', async ({
  page,
  browser,
}) => {
  const stamp = Date.now().toString(36);
  const sender = `visitante.${stamp}@example.com`;
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  try {
    await visitorPage.goto('/');
    const form = visitorPage.getByRole('form', { name: 'Formulário de contato' });
    // The landing is drawn before the app takes it over: a click before that does nothing.
    await expect(async () => {
      await visitorPage.getByRole('button', { name: 'Escrever mensagem' }).click({ timeout: 10_000 });
      await expect(form).toBeVisible({ timeout: 10_000 });
    }).toPass({ timeout: 90_000 });
    await form.getByRole('textbox', { name: 'Seu nome' }).fill('Visitante');
    await form.getByRole('textbox', { name: 'Seu e-mail' }).fill(sender);
    await form.getByRole('textbox', { name: 'Sua mensagem' }).fill(`Como faço para doar? (${stamp})`);
    await form.getByRole('button', { name: 'Enviar mensagem' }).click();
    await expect(visitorPage.getByText('Mensagem enviada!')).toBeVisible();
  } finally {
    await visitor.close();
  }

  const admin = await createUser({ role: 'admin', firstName: 'Ester' });
  await loginAs(page, admin);
  await page.goto('/admin');
  const inboxTab = page.getByRole('tab', { name: /^Mensagens/ });
  await expect(inboxTab).toContainText(/\d/);
  await inboxTab.click();
  const panel = page.getByRole('tabpanel');
  const item = panel.locator('details').filter({ hasText: stamp });
  await expect(item.locator('summary')).toContainText('Não lida:');
  await expect(item.locator('summary .font-bold').first()).toBeVisible();
  await item.locator('summary').click();
  await expect(item.getByText(`Como faço para doar? (${stamp})`).last()).toBeVisible();
  await expect(item.locator('summary')).not.toContainText('Não lida:');

  await item.getByRole('textbox', { name: `Responder a ${sender}` }).fill('Pela página Doações, no menu. Obrigado!');
  await item.getByRole('button', { name: 'Responder por e-mail…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enviar esta resposta?' });
  await expect(dialog).toContainText(`Este texto será enviado por e-mail para ${sender}`);
  await dialog.getByRole('button', { name: 'Enviar resposta' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Resposta enviada para ${sender}.`)).toBeVisible();
  await expect(item.getByText('Tratada', { exact: true })).toBeVisible();
  await expect(item.getByText('Pela página Doações, no menu. Obrigado!')).toBeVisible();

  const mails = await withDb(
    async (c) =>
      (
        await c.query<{ subject: string; text: string }>(
          `SELECT subject, text FROM mail_outbox WHERE "to" = $1 AND kind = 'contact_reply'`,
          [sender],
        )
      ).rows,
  );
  expect(mails).toHaveLength(1);
  expect(mails[0]!.subject).toBe('Resposta da Candeia à sua mensagem');
  expect(mails[0]!.text).toContain(`> Como faço para doar? (${stamp})`);
});
