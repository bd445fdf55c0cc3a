import type { Page } from '@playwright/test';
import { pageOf } from './support/community.ts';
import { adminPage, bookThroughApi, goldMember } from './support/consultation.ts';
import { createUser, expect, loginAs, test } from './support/fixtures.ts';

const ZONE = 'America/Sao_Paulo';
/** A day as the screens write it ("quinta-feira, 3 de dezembro de 2026"). */
const longDay = (iso: string) =>
  new Intl.DateTimeFormat('pt-BR', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: ZONE,
  }).format(new Date(iso));

/** The free slots of the n-th day shown (0: the first day with any), as radio buttons. */
const daySlots = (page: Page, n: number) => page.locator('fieldset section').nth(n);

async function credits(page: Page): Promise<number> {
  const res = await page.request.get('/api/subscription');
  return ((await res.json()) as { creditsRemaining: number }).creditsRemaining;
}

test('a counsellor is made and sets up; a member books, moves and cancels with a refund; notes reach the history', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const name = `Irmã Clara ${Date.now().toString(36)}`;

  // The administrator makes a member a counsellor on the Conselheiros tab.
  const counsellor = await createUser({ firstName: 'Clara' });
  const admin = await adminPage(browser, baseURL!);
  await admin.goto('/admin?tab=counsellors');
  await admin.getByLabel('E-mail do membro').fill(counsellor.email);
  await admin.getByRole('button', { name: 'Tornar conselheiro' }).click();
  await expect(admin.getByText(`${counsellor.email} agora é conselheiro`)).toBeVisible();
  await expect(admin.getByRole('row').filter({ hasText: counsellor.email })).toContainText('Perfil incompleto');
  await admin.context().close();

  // The counsellor (on the trial, without consultations in the plan) fills in the profile.
  const cp = await pageOf(browser, counsellor, baseURL!);
  await cp.goto('/consultation/counsellor');
  await expect(cp.getByRole('heading', { level: 1, name: 'Minha área de conselheiro' })).toBeVisible();
  await cp.getByLabel('Nome de exibição').fill(name);
  await cp.getByLabel('Espanhol').check();
  await cp.getByLabel('Luto').check();
  await cp.getByLabel('Família').check();
  await cp.getByLabel('Outra especialidade').fill('Vida de oração');
  await cp.getByLabel('Outra especialidade').press('Enter');
  await cp.getByLabel('Valor em créditos').fill('2500');
  await cp.getByLabel('Agenda aberta por (dias)').fill('0');
  await cp.getByRole('button', { name: 'Salvar perfil' }).click();
  // A bad value: said at its field, which takes focus; nothing typed is lost.
  await expect(cp.getByText('A agenda fica aberta de 1 a 180 dias.')).toBeVisible();
  await expect(cp.getByLabel('Agenda aberta por (dias)')).toBeFocused();
  await expect(cp.getByLabel('Nome de exibição')).toHaveValue(name);
  await cp.getByLabel('Agenda aberta por (dias)').fill('60');
  await cp.getByRole('button', { name: 'Salvar perfil' }).click();
  await expect(cp.getByText('Perfil salvo')).toBeVisible();

  // The availability: hours on every weekday; overlapping ones are refused at the day.
  for (const day of [
    'Segunda-feira',
    'Terça-feira',
    'Quarta-feira',
    'Quinta-feira',
    'Sexta-feira',
    'Sábado',
    'Domingo',
  ])
    await cp.getByRole('button', { name: `Adicionar horário em ${day}` }).click();
  await cp.getByLabel('Segunda-feira, fim do horário 1').fill('18:00');
  await cp.getByRole('button', { name: 'Adicionar horário em Segunda-feira' }).click();
  await cp.getByLabel('Segunda-feira, início do horário 2').fill('17:00');
  await cp.getByLabel('Segunda-feira, fim do horário 2').fill('20:00');
  await cp.getByRole('button', { name: 'Salvar disponibilidade' }).click();
  await expect(cp.getByText('Os horários deste dia se sobrepõem.')).toBeVisible();
  await cp.getByLabel('Segunda-feira, início do horário 2').fill('18:30');
  await cp.getByRole('button', { name: 'Salvar disponibilidade' }).click();
  await expect(cp.getByText('Disponibilidade salva')).toBeVisible();
  await expect(cp.getByText('Aparece na lista')).toBeVisible();

  // A member on the Gold plan finds the counsellor.
  const member = await createUser({ firstName: 'Marta' });
  await loginAs(page, member);
  await goldMember(page, baseURL!, member, 10_000);
  await page.goto('/consultation');
  await expect(page.getByText('Você ainda não tem consultas marcadas.')).toBeVisible();
  await page.getByLabel('Especialidade', { exact: true }).selectOption('grief');
  const card = page.getByRole('group', { name });
  await expect(card).toContainText('2.500 créditos');
  await expect(card).toContainText('Vida de oração');
  await expect(card).toContainText('Português · Espanhol');
  await card.getByRole('link', { name: 'Ver horários' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Agendar consulta' })).toBeVisible();
  await expect(page.getByText(`Horários em ${ZONE}`)).toBeVisible();
  const counsellorId = new URL(page.url()).searchParams.get('counsellor')!;

  // Someone takes the chosen slot meanwhile: the slots are refreshed and the screen says so.
  await daySlots(page, 1).locator('label').first().click();
  const takenAt = await daySlots(page, 1).getByRole('radio').first().inputValue();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: 'Confirme sua consulta' })).toBeVisible();
  await expect(page.getByText('10.000 créditos (depois: 7.500)')).toBeVisible();
  const other = await bookThroughApi(page, baseURL!, counsellorId, takenAt);
  await page.getByRole('button', { name: 'Confirmar agendamento' }).click();
  await expect(page.getByText('Outra pessoa acabou de reservar esse horário.')).toBeVisible();
  await expect(page.locator(`input[value="${takenAt}"]`)).toHaveCount(0);

  // Another slot, two days on: price, balance and the refund rule, then booked.
  await daySlots(page, 2).locator('label').first().click();
  const startsAt = await daySlots(page, 2).getByRole('radio').first().inputValue();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByText('7.500 créditos (depois: 5.000)')).toBeVisible();
  await expect(page.getByText(/Cancelamento com reembolso integral até \d\d\/\d\d \d\d:\d\d\./)).toBeVisible();
  await page.getByRole('button', { name: 'Confirmar agendamento' }).click();
  await expect(page).toHaveURL(/\/consultation\?booked=/);
  const bookingId = new URL(page.url()).searchParams.get('booked')!;
  const booked = page.locator(`#booking-${bookingId}`);
  await expect(booked.getByText('Consulta marcada')).toBeVisible();
  await expect(booked).toBeFocused();
  expect(await credits(page)).toBe(5000);

  // The first booking moved to another time: no new charge.
  await page.locator(`#booking-${other.id}`).getByRole('link', { name: 'Remarcar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Remarcar consulta' })).toBeVisible();
  await daySlots(page, 3).locator('label').first().click();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByText('Já paga (sem nova cobrança)')).toBeVisible();
  await page.getByRole('button', { name: 'Confirmar novo horário' }).click();
  await expect(page.locator(`#booking-${other.id}`).getByText('Consulta remarcada')).toBeVisible();
  expect(await credits(page)).toBe(5000);

  // The counsellor writes notes on the session.
  await cp.goto('/consultation/counsellor');
  const session = cp.getByRole('group', { name: 'Marta' }).filter({ hasText: longDay(startsAt) });
  await session.getByLabel('Anotações privadas').fill('Primeira conversa: luto recente.');
  await session.getByLabel('Anotações para o membro').fill('Leia o Salmo 23 antes da próxima conversa.');
  await session.getByRole('button', { name: 'Salvar anotações' }).click();
  await expect(cp.getByText('Anotações salvas')).toBeVisible();

  // The member cancels before the cutoff: the credits come back in full.
  await page.reload();
  await booked.getByRole('button', { name: 'Cancelar consulta' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancelar consulta?' });
  await expect(dialog).toContainText('Você receberá de volta 2.500 créditos');
  await dialog.getByLabel('Motivo').fill('Surgiu uma viagem.');
  await dialog.getByRole('button', { name: 'Cancelar consulta' }).click();
  await expect(page.getByText('2.500 créditos voltaram ao seu saldo.')).toBeVisible();
  await expect(booked).toHaveCount(0);
  expect(await credits(page)).toBe(7500);

  // The history: the cancelled session with its refund and the counsellor's shared notes (never the private ones).
  await page.getByRole('link', { name: 'Histórico de consultas' }).click();
  const past = page.getByRole('group').filter({ hasText: 'Surgiu uma viagem.' });
  await expect(past).toContainText('Cancelada');
  await expect(past).toContainText('2.500 créditos devolvidos.');
  await expect(past).toContainText('Leia o Salmo 23 antes da próxima conversa.');
  await expect(page.getByText('Primeira conversa: luto recente.')).toHaveCount(0);
  await expect(past.getByRole('link', { name: 'Agendar de novo' })).toHaveAttribute(
    'href',
    `/consultation/book?counsellor=${counsellorId}`,
  );
  await expect(page.getByRole('region', { name: 'Próximas' }).getByText('Agendada')).toBeVisible();
});

test('a member whose plan lacks consultations is told so, and keeps the history', async ({ page, login }) => {
  await login({ firstName: 'Tiago' });
  await page.goto('/consultation');
  await expect(page.getByText('Consultas não fazem parte do seu plano')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ver planos' })).toBeVisible();
  await expect(page.getByText('Você ainda não tem consultas marcadas.')).toBeVisible();
  await page.goto('/consultation/history');
  await expect(page.getByText('Você ainda não teve consultas.')).toBeVisible();
  await page.goto('/consultation/counsellor');
  await expect(page.getByText('Esta área é dos conselheiros')).toBeVisible();
});
