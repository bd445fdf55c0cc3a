import type { Page } from '@playwright/test';
import { expectAccessible, shot } from './support/billing.ts';
import { pageOf } from './support/community.ts';
import { bookThroughApi, goldMember, listedCounsellor, slotsOf } from './support/consultation.ts';
import { createUser, expect, test, withDb } from './support/fixtures.ts';

/**
 * The consultation room between two real browsers (a member and a counsellor, each in a context
 * of its own), with Chromium's fake camera and microphone: both pass the device check, each
 * receives the other's video (frames decoded, bytes flowing, read from the connection's
 * statistics the stage shows), they exchange chat messages, one ends for both, and the history
 * shows the session completed.
 */
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      '--autoplay-policy=no-user-gesture-required',
    ],
  },
});

/** Moves a booking to start in `minutes` (the room opens 10 minutes before). */
async function startsIn(bookingId: string, minutes: number) {
  await withDb((c) =>
    c.query(
      `UPDATE consultations SET starts_at = now() + make_interval(mins => $2::int),
              ends_at = now() + make_interval(mins => $2::int + 50),
              blocked_until = now() + make_interval(mins => $2::int + 60)
        WHERE id = $1`,
      [bookingId, minutes],
    ),
  );
}

/** How long a step of the call may take on a loaded machine (a video call is CPU-heavy). */
const LOADED = 30_000;

async function enter(page: Page, bookingId: string) {
  await page.goto(`/consultation/room/${bookingId}`);
  await expect(page.getByRole('heading', { name: 'Antes de entrar' })).toBeVisible({ timeout: LOADED });
  // The fake camera shows in the preview.
  await expect
    .poll(() => page.getByLabel('Pré-visualização da sua câmera').evaluate((v: HTMLVideoElement) => v.videoWidth), {
      timeout: LOADED,
    })
    .toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Entrar na sala' }).click();
}

async function receiving(page: Page) {
  const stage = page.getByTestId('stage');
  await expect
    .poll(async () => Number(await stage.getAttribute('data-frames-decoded')), { timeout: 90_000 })
    .toBeGreaterThan(0);
  await expect
    .poll(async () => Number(await stage.getAttribute('data-bytes-received')), { timeout: LOADED })
    .toBeGreaterThan(0);
  // And the remote <video> plays them.
  await expect
    .poll(() => page.locator('video[aria-label^="Vídeo de"]').evaluate((v: HTMLVideoElement) => v.videoWidth), {
      timeout: LOADED,
    })
    .toBeGreaterThan(0);
}

test('member and counsellor meet in the room: video both ways, chat, end for both, history', async ({
  browser,
  baseURL,
}, info) => {
  // Two browsers encoding and decoding fake video: slow on a busy 2-core machine.
  test.setTimeout(300_000);
  const counsellor = await listedCounsellor(browser, baseURL!);
  const memberUser = await createUser({ firstName: 'Marta' });
  const member = await pageOf(browser, memberUser, baseURL!);
  await goldMember(member, baseURL!, memberUser, 10_000);
  const slot = (await slotsOf(member, counsellor.user.id)).days.flatMap((d) => d.slots)[0]!;
  const booking = await bookThroughApi(member, baseURL!, counsellor.user.id, slot.startsAt);

  // Before it opens: the page says when.
  await member.goto(`/consultation/room/${booking.id}`);
  await expect(member.getByRole('heading', { name: 'A sala ainda não abriu' })).toBeVisible();

  // Someone else: not found.
  const strangerUser = await createUser({ firstName: 'Teodoro' });
  const stranger = await pageOf(browser, strangerUser, baseURL!);
  await startsIn(booking.id, 5);
  await stranger.goto(`/consultation/room/${booking.id}`);
  await expect(stranger.getByRole('heading', { name: 'Sala não encontrada' })).toBeVisible();
  await stranger.context().close();

  await enter(member, booking.id);
  await expect(member.getByText('Aguardando Irmã Clara entrar na sala…')).toBeVisible();
  await expectAccessible(member, 'consultation room, waiting');
  await enter(counsellor.page, booking.id);

  await receiving(member);
  await receiving(counsellor.page);

  await member.getByLabel('Mensagem').fill('Boa tarde, irmã.');
  await member.getByRole('button', { name: 'Enviar' }).click();
  await expect(counsellor.page.getByText('Boa tarde, irmã.')).toBeVisible();
  await counsellor.page.getByLabel('Mensagem').fill('Boa tarde, Marta. Que bom ver você.');
  await counsellor.page.keyboard.press('Enter');
  await expect(member.getByText('Boa tarde, Marta. Que bom ver você.')).toBeVisible();
  await expect(member.getByLabel('Mensagem')).toHaveValue('');

  // The member turns the camera off and on; the call goes on.
  await member.getByRole('button', { name: 'Desligar câmera' }).click();
  await expect(member.getByRole('button', { name: 'Ligar câmera' })).toBeVisible();
  await member.getByRole('button', { name: 'Ligar câmera' }).click();

  await expectAccessible(member, 'consultation room, in the call');
  await shot(member, info.project.name, 'consultation-room-call-member');
  await shot(counsellor.page, info.project.name, 'consultation-room-call-counsellor');
  // The same call on a phone's screen (the counsellor's window narrowed; the call goes on).
  await counsellor.page.setViewportSize({ width: 390, height: 844 });
  await receiving(counsellor.page);
  await shot(counsellor.page, 'phone', 'consultation-room-call');
  await counsellor.page.setViewportSize({ width: 1440, height: 900 });

  // A phone-sized view of the same call (a third context of the member).
  const phone = await pageOf(browser, memberUser, baseURL!, { width: 390, height: 844 });
  await phone.goto(`/consultation/room/${booking.id}`);
  await expect(phone.getByRole('heading', { name: 'Antes de entrar' })).toBeVisible({ timeout: LOADED });
  await shot(phone, 'phone', 'consultation-room-check');
  await phone.context().close();

  // The counsellor ends it for both (once the session has begun).
  await startsIn(booking.id, -1);
  await counsellor.page.getByRole('button', { name: 'Encerrar para os dois' }).click();
  await counsellor.page.getByRole('button', { name: 'Sim, encerrar' }).click();
  await expect(member.getByRole('heading', { name: 'Consulta encerrada' })).toBeVisible();
  await expect(counsellor.page.getByRole('heading', { name: 'Consulta encerrada' })).toBeVisible();

  await member.getByRole('link', { name: 'Ver histórico' }).click();
  await expect(member.getByText('Concluída').first()).toBeVisible();
  // The chat stays with the session.
  const room = await member.request.get(`/api/consultations/bookings/${booking.id}/room`);
  expect((await room.json()).messages.map((m: { text: string }) => m.text)).toEqual([
    'Boa tarde, irmã.',
    'Boa tarde, Marta. Que bom ver você.',
  ]);

  await member.context().close();
  await counsellor.page.context().close();
});
