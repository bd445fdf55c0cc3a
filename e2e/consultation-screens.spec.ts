import { expectAccessible as expectAccessibleDialog } from './support/billing.ts';
import { dialogShot } from './support/community.ts';
import { bookThroughApi, goldMember, heldInThePast, listedCounsellor, slotsOf } from './support/consultation.ts';
import { createUser, expect, loginAs, test } from './support/fixtures.ts';
import { expectAccessible, shot } from './support/scripture.ts';

/** The consultation screens on a phone and a desktop: accessible (axe), and photographed to be looked at. */
test('consultation screens: list, booking, confirmation, cancel, history, the counsellor area and the admin tab', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const view = test.info().project.name;
  const headers = { origin: baseURL! };
  // Each project (phone, desktop) has its own counsellor, with a name of its own.
  const counsellor = await listedCounsellor(browser, baseURL!, { displayName: `Irmã Clara (${view})` });
  const id = counsellor.profile.id;
  const member = await createUser({ firstName: 'Marta' });
  await loginAs(page, member);
  await goldMember(page, baseURL!, member, 12_000);

  // Sessions to show: one to come, one held (shared notes, to be reviewed), one held and reviewed, one cancelled.
  const days = (await slotsOf(page, id)).days.filter((d) => d.slots.length > 1);
  const next = await bookThroughApi(page, baseURL!, id, days[1]!.slots[0]!.startsAt);
  const held = await bookThroughApi(page, baseURL!, id, days[2]!.slots[0]!.startsAt);
  const reviewed = await bookThroughApi(page, baseURL!, id, days[3]!.slots[0]!.startsAt);
  const cancelled = await bookThroughApi(page, baseURL!, id, days[4]!.slots[0]!.startsAt);
  for (const [b, notes] of [
    [held, 'Leia o Salmo 23 antes da próxima conversa e anote o que mais tocar você.'],
    [reviewed, 'Continue a caminhada diária de oração pela manhã.'],
  ] as const) {
    const res = await counsellor.page.request.put(`/api/consultations/bookings/${b.id}/notes`, {
      data: { privateNotes: 'Luto recente.', sharedNotes: notes },
      headers,
    });
    expect(res.ok(), await res.text()).toBe(true);
  }
  await heldInThePast(held.id, 'completed', 3);
  await heldInThePast(reviewed.id, 'completed', 9);
  const review = await page.request.post(`/api/consultations/bookings/${reviewed.id}/review`, {
    data: { rating: 5, review: 'Uma escuta muito acolhedora.' },
    headers,
  });
  expect(review.ok(), await review.text()).toBe(true);
  const cancel = await page.request.post(`/api/consultations/bookings/${cancelled.id}/cancel`, {
    data: { reason: 'Surgiu uma viagem.' },
    headers,
  });
  expect(cancel.ok(), await cancel.text()).toBe(true);

  await page.goto(`/consultation?specialty=grief`);
  await expect(page.getByRole('group', { name: `Irmã Clara (${view})` }).first()).toBeVisible();
  await expect(page.locator(`#booking-${next.id}`)).toBeVisible();
  await expectAccessible(page, '/consultation');
  await shot(page, 'consultation');

  await page.goto(`/consultation/book?counsellor=${id}`);
  await expect(page.getByText('Horários em America/Sao_Paulo')).toBeVisible();
  await page.locator('fieldset section').nth(1).locator('label').nth(2).click();
  await expectAccessible(page, '/consultation/book');
  await shot(page, 'consultation-book', false);
  await shot(page, 'consultation-book-full');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: 'Confirme sua consulta' })).toBeVisible();
  await expectAccessible(page, '/consultation/book (confirmation)');
  await shot(page, 'consultation-confirm');

  await page.goto('/consultation/book');
  await expect(page.getByRole('heading', { name: 'Escolha um conselheiro' })).toBeVisible();
  await expectAccessible(page, '/consultation/book (no counsellor)');
  await shot(page, 'consultation-book-choose', false);

  await page.goto('/consultation');
  await page.locator(`#booking-${next.id}`).getByRole('button', { name: 'Cancelar consulta' }).click();
  await expect(page.getByRole('dialog', { name: 'Cancelar consulta?' })).toBeVisible();
  await expectAccessibleDialog(page, '/consultation (cancel dialog)');
  await dialogShot(page, 'consultation-cancel');
  await page.keyboard.press('Escape');

  await page.goto('/consultation/history');
  await expect(
    page.getByRole('group').filter({ hasText: 'Leia o Salmo 23' }).getByText('Como foi a consulta?'),
  ).toBeVisible();
  await expectAccessible(page, '/consultation/history');
  await shot(page, 'consultation-history');
  // A review sent without stars: the message at the stars.
  const toReview = page.getByRole('group').filter({ hasText: 'Leia o Salmo 23' });
  await toReview.getByLabel('Comentário').fill('Foi muito bom.');
  await toReview.getByRole('button', { name: 'Enviar avaliação' }).click();
  await expect(toReview.getByText('Escolha de 1 a 5 estrelas.')).toBeVisible();
  await expectAccessible(page, '/consultation/history (a review without stars)');
  await toReview.scrollIntoViewIfNeeded();
  await shot(page, 'consultation-review-error', false);

  // The counsellor's own area, on this device.
  await page.context().clearCookies();
  await loginAs(page, counsellor.user);
  await page.goto('/consultation/counsellor');
  await expect(page.getByRole('heading', { level: 1, name: 'Minha área de conselheiro' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Marta' }).first()).toBeVisible();
  await expectAccessible(page, '/consultation/counsellor');
  await shot(page, 'consultation-counsellor');
  await page.getByLabel('Segunda-feira, início do horário 2').fill('11:00');
  await page.getByLabel('Duração da sessão').scrollIntoViewIfNeeded();
  await page.getByLabel('Valor em créditos').fill('-5');
  await page.getByRole('button', { name: 'Salvar perfil' }).click();
  await expect(page.getByText('O valor é um número inteiro de créditos, de 0 a 1.000.000.')).toBeVisible();
  await shot(page, 'consultation-profile-error', false);
  await page.getByRole('button', { name: 'Salvar disponibilidade' }).click();
  await expect(page.getByText('Os horários deste dia se sobrepõem.')).toBeVisible();
  await expectAccessible(page, '/consultation/counsellor (errors)');
  await page.getByLabel('Segunda-feira, início do horário 2').scrollIntoViewIfNeeded();
  await shot(page, 'consultation-availability-error', false);

  // The administration's Conselheiros tab.
  const admin = await createUser({ role: 'admin', firstName: 'Ester' });
  await page.context().clearCookies();
  await loginAs(page, admin);
  await page.goto('/admin?tab=counsellors');
  await expect(page.getByRole('tabpanel')).toContainText(counsellor.user.email);
  await expectAccessible(page, '/admin?tab=counsellors');
  await shot(page, 'admin-counsellors');

  // A member whose plan lacks consultations.
  await page.context().clearCookies();
  await loginAs(page, await createUser({ firstName: 'Tiago' }));
  await page.goto('/consultation');
  await expect(page.getByText('Consultas não fazem parte do seu plano')).toBeVisible();
  await expectAccessible(page, '/consultation (plan without consultations)');
  await shot(page, 'consultation-no-plan');
});
