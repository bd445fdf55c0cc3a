import { shot } from './support/billing.ts';
import { pageOf } from './support/community.ts';
import { goldMember, listedCounsellor } from './support/consultation.ts';
import { samplePhoto } from './support/photos.ts';
import { createUser, expect, test } from './support/fixtures.ts';

/**
 * A counsellor sets a photo on their screen; members see it in the list (filtered by how soon
 * they are free); removing it brings the initials back.
 */
test('the counsellor’s photo, from their screen to the members’ list', async ({ browser, baseURL }, info) => {
  const counsellor = await listedCounsellor(browser, baseURL!, { displayName: 'Irmã Fotografada' });
  const page = counsellor.page;
  await page.goto('/consultation/counsellor#profile');
  await expect(page.getByText('Sua foto')).toBeVisible();
  await page.locator('#counsellor-photo').setInputFiles({
    name: 'retrato.jpg',
    mimeType: 'image/jpeg',
    buffer: await samplePhoto(200, 800, 800),
  });
  await expect(page.getByRole('button', { name: 'Trocar foto' })).toBeVisible();
  const img = page.locator('#profile img').first();
  await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBeGreaterThan(0);
  await shot(page, info.project.name, 'consultation-counsellor-photo');

  const memberUser = await createUser({ firstName: 'Rute' });
  const member = await pageOf(browser, memberUser, baseURL!);
  await goldMember(member, baseURL!, memberUser, 5000);
  await member.goto('/consultation');
  // Free within 3 days (the counsellor's week is open every day): still listed.
  await member.getByLabel('Próximo horário livre').selectOption({ label: 'Nos próximos 3 dias' });
  await expect(member).toHaveURL(/within=3/);
  const card = member.locator('li, article').filter({ hasText: 'Irmã Fotografada' }).first();
  const photo = card.locator('img').first();
  await expect.poll(() => photo.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Remover foto' }).click();
  await expect(page.getByRole('button', { name: 'Escolher foto' })).toBeVisible();
  await member.reload();
  await expect(
    member.locator('li, article').filter({ hasText: 'Irmã Fotografada' }).first().locator('img'),
  ).toHaveCount(0);
  await member.context().close();
  await page.context().close();
});
