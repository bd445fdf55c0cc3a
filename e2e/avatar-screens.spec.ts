import { installSpeechDoubles } from './fixtures/speech-doubles.ts';
import { subscribeThroughApi } from './support/billing.ts';
import { createUser, expect, loginAs, test } from './support/fixtures.ts';
import { expectAccessible, shot } from './support/scripture.ts';

// The portraits stay still (as for "reduce motion"): their animation is unit-tested, and a
// still page costs the busy test machine nothing.
test.use({ reducedMotion: 'reduce' });

/** The avatar screens on a phone and a desktop: accessible (axe), and photographed to be looked at. */
test('avatar screens: the gallery, a live session, the transcript after', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  await installSpeechDoubles(page);
  const user = await createUser({ firstName: 'Marta' });
  await loginAs(page, user);
  await subscribeThroughApi(page, baseURL!, 'diamond');
  const headers = { origin: baseURL! };
  const fav = await page.request.put('/api/avatar/counsellors/ines/favorite', { headers });
  expect(fav.status()).toBe(204);

  await page.goto('/avatar');
  await expect(page.locator('[data-testid^="counsellor-"]').first()).toBeVisible();
  await expectAccessible(page, 'avatar gallery');
  await shot(page, 'avatar-gallery');
  await shot(page, 'avatar-gallery-top', false);

  await page
    .getByRole('region', { name: 'Todos os conselheiros' })
    .getByTestId('counsellor-ines')
    .getByRole('button', { name: 'Conversar · 2 créditos' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Inês Cardoso' })).toBeVisible();
  const box = page.getByLabel('Sua mensagem');
  await box.fill('Quero aprender a rezar com mais calma, estou ansiosa.');
  await box.press('Enter');
  await expect(page.getByTestId('avatar-stop')).toBeDisabled({ timeout: 40_000 });
  await expectAccessible(page, 'avatar session');
  await shot(page, 'avatar-session', false);

  await page.getByRole('button', { name: 'Encerrar sessão' }).click();
  await expect(page.getByRole('heading', { name: 'Transcrição' })).toBeVisible();
  await expectAccessible(page, 'avatar transcript');
  await shot(page, 'avatar-transcript');
});
