import type { Page } from '@playwright/test';
import { installSpeechDoubles, removeSpeechApis, say, speechState, spoken } from './fixtures/speech-doubles.ts';
import { subscribeThroughApi } from './support/billing.ts';
import { createUser, expect, loginAs, test, withDb } from './support/fixtures.ts';

// The portraits stay still (as for "reduce motion"): their animation is unit-tested, and a
// still page costs the busy test machine nothing.
test.use({ reducedMotion: 'reduce' });

/**
 * The avatar live session in a browser whose speech APIs are test doubles (headless Chromium has
 * no voices and no microphone): a member on Ouro speaks a question, sees it in the transcript,
 * hears the answer in a pt-BR voice of the counsellor's gender and reads it, stops the speech,
 * types, ends and rates; a browser without speech gets a text session; the week's credits run
 * out; a premium counsellor asks for Diamante.
 */

async function member(page: Page, baseURL: string, plan: 'gold' | 'diamond' | null, firstName = 'Marta') {
  const user = await createUser({ firstName });
  await loginAs(page, user);
  if (plan) await subscribeThroughApi(page, baseURL, plan);
  return user;
}

const tile = (page: Page, id: string) => page.getByTestId(`counsellor-${id}`).first();
const transcript = (page: Page) => page.getByTestId('avatar-transcript');

test('a spoken session: the question heard, the answer read and spoken in a pt-BR voice, stopped, typed, ended and rated', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  // Words spoken at a person's pace, so the answer is still being spoken when it is stopped.
  await installSpeechDoubles(page, { wordMs: 150 });
  await member(page, baseURL!, 'gold');
  await page.goto('/avatar');
  await expect(page.getByRole('heading', { level: 1, name: 'Sessão ao vivo' })).toBeVisible();
  await expect(page.getByTestId('avatar-allowance')).toContainText('15 créditos desta semana');
  await expect(page.locator('[data-testid^="counsellor-"]')).toHaveCount(6);
  // Ouro: the premium counsellors are shown with the way to Diamante.
  await expect(tile(page, 'samuel').getByRole('link', { name: 'Premium: disponível no Diamante' })).toBeVisible();

  // A favourite goes to the top, kept on the server.
  await tile(page, 'tiago').getByRole('button', { name: 'Favoritar Tiago' }).click();
  await expect(page.getByRole('heading', { name: 'Seus favoritos' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('region', { name: 'Seus favoritos' }).getByText('Tiago Moreira')).toBeVisible();

  // Helena: her greeting is spoken in a female pt-BR voice.
  await page
    .getByRole('region', { name: 'Todos os conselheiros' })
    .getByTestId('counsellor-helena')
    .getByRole('button', { name: 'Conversar · 1 crédito' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Helena Prado' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Retrato de Helena Prado' })).toBeVisible();
  await expect(transcript(page)).toContainText('Eu sou a Helena');
  await expect.poll(async () => (await spoken(page)).length).toBeGreaterThan(0);
  // Spoken sentence by sentence.
  await expect.poll(async () => (await spoken(page)).map((u) => u.text).join(' ')).toContain('Eu sou a Helena');
  expect((await spoken(page)).every((u) => u.lang === 'pt-BR' && u.voiceName === 'Luciana')).toBe(true);
  await expect(page.getByTestId('avatar-speech-note')).toContainText('seu navegador pode enviar o áudio');

  // Push-to-talk: held while speaking, sent on release.
  const before = (await spoken(page)).length;
  const mic = page.getByTestId('avatar-mic');
  await mic.hover();
  await page.mouse.down();
  await say(page, 'Perdi minha mãe no mês passado e sinto muita saudade dela');
  await expect(page.getByTestId('avatar-interim')).toContainText('Perdi minha mãe');
  await page.mouse.up();
  await expect(transcript(page)).toContainText('Perdi minha mãe no mês passado e sinto muita saudade dela');
  await expect(transcript(page).getByText('Dito por voz')).toBeVisible();
  // The answer is read as it is written, and its sentences are spoken in Helena's voice.
  await expect.poll(async () => (await spoken(page)).length, { timeout: 30_000 }).toBeGreaterThan(before);
  const answerSpoken = (await spoken(page)).slice(before);
  expect(answerSpoken.every((u) => u.lang === 'pt-BR' && u.voiceName === 'Luciana')).toBe(true);
  // Spoken as plain words: no Markdown marks read aloud.
  expect(answerSpoken.some((u) => /[*>]/.test(u.text))).toBe(false);

  // "Parar de falar" cancels the voice at once.
  const stop = page.getByTestId('avatar-stop');
  await expect(stop).toBeEnabled();
  const cancelledBefore = (await speechState(page)).cancelled;
  await stop.click();
  await expect.poll(async () => (await speechState(page)).cancelled).toBeGreaterThan(cancelledBefore);
  await expect(stop).toBeDisabled();
  expect((await speechState(page)).speaking).toBe(false);

  // Typing: an empty message is refused with a message; a written one is answered.
  const box = page.getByLabel('Sua mensagem');
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByText('Escreva ou diga alguma coisa antes de enviar.')).toBeVisible();
  await box.fill('Obrigada, Helena. Como posso guardar a memória dela?');
  await box.press('Enter');
  await expect(box).toHaveValue('');
  await expect(transcript(page)).toContainText('Como posso guardar a memória dela?');
  // Sending is possible again once the answer is written (while it is still being spoken).
  await expect(page.getByRole('button', { name: 'Enviar' })).toBeEnabled({ timeout: 60_000 });

  // Ending: the transcript stays, and the session can be rated.
  await page.getByRole('button', { name: 'Encerrar sessão' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sessão com Helena Prado' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Transcrição' })).toBeVisible();
  await expect(transcript(page)).toContainText('Perdi minha mãe');
  await page.getByRole('radio', { name: '5 estrelas' }).click();
  await expect(page.getByText('Obrigado pela sua avaliação.')).toBeVisible();

  // Back in the gallery: 14 credits left, Helena among the recent, the session to read again.
  await page.getByRole('link', { name: 'Voltar aos conselheiros' }).click();
  await expect(page.getByTestId('avatar-allowance')).toContainText('14 créditos desta semana');
  await expect(page.getByTestId('avatar-allowance')).toContainText('renova em 7 dias');
  await expect(page.getByRole('region', { name: 'Conversados recentemente' }).getByText('Helena Prado')).toBeVisible();
  await page.getByRole('region', { name: 'Sessões anteriores' }).getByRole('link').first().click();
  await expect(page.getByRole('heading', { name: 'Transcrição' })).toBeVisible();
});

test('a male counsellor speaks in a male pt-BR voice; a browser without speech gets a text session', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await installSpeechDoubles(page);
  await member(page, baseURL!, 'gold');
  await page.goto('/avatar');
  await page
    .getByRole('region', { name: 'Todos os conselheiros' })
    .getByTestId('counsellor-tiago')
    .getByRole('button', { name: /Conversar/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tiago Moreira' })).toBeVisible();
  await expect.poll(async () => (await spoken(page))[0]?.voiceName).toBe('Felipe');
  await page.getByRole('button', { name: 'Encerrar sessão' }).click();
  await expect(page.getByRole('heading', { name: 'Transcrição' })).toBeVisible();

  // The same member in a browser with no speech at all.
  const plain = await page.context().newPage();
  await removeSpeechApis(plain);
  await plain.goto('/avatar');
  await plain
    .getByRole('region', { name: 'Todos os conselheiros' })
    .getByTestId('counsellor-benedita')
    .getByRole('button', { name: /Conversar/ })
    .click();
  await expect(plain.getByRole('heading', { level: 1, name: 'Benedita Sousa' })).toBeVisible();
  await expect(plain.getByTestId('avatar-speech-note')).toHaveText(
    'Seu navegador não oferece voz: esta sessão será por texto.',
  );
  await expect(plain.getByTestId('avatar-mic')).toHaveCount(0);
  await plain.getByLabel('Sua mensagem').fill('Brigamos em família e não sei como pedir perdão.');
  await plain.getByRole('button', { name: 'Enviar' }).click();
  await expect(transcript(plain)).toContainText('não sei como pedir perdão');
  await expect(plain.getByTestId('avatar-stop')).toBeDisabled({ timeout: 30_000 });
  await expect(transcript(plain).locator('div').filter({ hasText: 'Benedita' }).last()).not.toBeEmpty();
  await plain.close();
});

test('out of the week’s credits, a premium counsellor on Ouro, and a plan without the live session', async ({
  page,
  baseURL,
}) => {
  const user = await member(page, baseURL!, 'gold');
  await withDb((c) =>
    c.query(
      `INSERT INTO avatar_allowances (user_id, week_started_at, used) VALUES ($1, now() - interval '2 days', 15)
       ON CONFLICT (user_id) DO UPDATE SET week_started_at = excluded.week_started_at, used = 15`,
      [user.id],
    ),
  );
  await page.goto('/avatar');
  await expect(page.getByTestId('avatar-allowance')).toContainText('0 créditos desta semana');
  await expect(page.getByTestId('avatar-allowance')).toContainText('renova em 5 dias');
  await expect(tile(page, 'helena')).toContainText('Créditos desta semana insuficientes');
  // The server says the same to a start that gets through anyway (another tab, an old screen).
  const res = await page.request.post('/api/avatar/sessions', {
    data: { avatarId: 'helena' },
    headers: { origin: baseURL! },
  });
  expect(res.status()).toBe(402);
  expect(((await res.json()) as { error: { message: string } }).error.message).toContain(
    'créditos de avatar desta semana',
  );

  // A premium counsellor on Ouro leads to the plans.
  await tile(page, 'ines').getByRole('link', { name: 'Premium: disponível no Diamante' }).click();
  await expect(page).toHaveURL(/\/subscription#plans$/);

  // On the trial (no live session in the plan): the counsellors are shown with the way to the plans.
  const trial = await page.context().browser()!.newContext();
  const other = await trial.newPage();
  await member(other, baseURL!, null, 'Rui');
  await other.goto('/avatar');
  await expect(other.getByText('A sessão ao vivo faz parte dos planos Ouro e Diamante')).toBeVisible();
  await expect(
    tile(other, 'helena').getByRole('link', { name: 'Disponível nos planos Ouro e Diamante' }),
  ).toBeVisible();
  await trial.close();
});
