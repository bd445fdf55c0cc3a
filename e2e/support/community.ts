import type { Browser, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { loginAs, type E2EUser } from './fixtures.ts';
import { samplePhoto } from './photos.ts';

/**
 * The lock (Playwright's test locks) of the files that change the community's moderation
 * settings, which every member's posts go through, and of the files whose new members post (a
 * first post would be held for review while another file holds first posts). Files that take it
 * never run at the same time; the others run beside them (playwright.config.ts).
 */
export const COMMUNITY_SETTINGS_LOCK = 'community-settings';

/** A signed-in page of its own (a second person at another browser). */
export async function pageOf(
  browser: Browser,
  user: E2EUser,
  baseURL: string,
  viewport?: { width: number; height: number },
): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    ...(viewport ? { viewport } : {}),
  });
  const page = await context.newPage();
  await loginAs(page, user);
  return page;
}

/** The member's handle (made on their first visit to the community). */
export async function handleOf(page: Page): Promise<string> {
  const res = await page.request.get('/api/community/me');
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { handle: string }).handle;
}

/** A post written through the API the composer uses; its id and status. */
export async function postThroughApi(
  page: Page,
  baseURL: string,
  body: string,
): Promise<{ id: string; status: string }> {
  const res = await page.request.post('/api/community/posts', { data: { body }, headers: { origin: baseURL } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; status: string };
}

/** The held-posts settings, saved by an administrator's page through the API. */
export async function saveModerationSettings(admin: Page, baseURL: string, holdFirstPosts: number) {
  const res = await admin.request.put('/api/admin/community/settings', {
    data: { holdFirstPosts, words: { pt: [], en: [], es: [] } },
    headers: { origin: baseURL },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/**
 * A screenshot of what is on screen with a dialog open (the viewport, not the full page: a
 * full-page capture would draw the fixed sheet and overlay over the wrong part of the page).
 */
export async function dialogShot(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready);
  const kind = (page.viewportSize()?.width ?? 1440) < 700 ? 'phone' : 'desktop';
  await page.screenshot({ path: `e2e/screenshots/${kind}/${name}.png` });
}

/**
 * Shares a text and a photo into Candeia as another app's share sheet does (decision 021): a
 * page of the app's origin with no script of its own, turned into a multipart form posting to
 * /share, and submitted.
 */
export async function shareThroughForm(
  page: Page,
  share: { text: string; title?: string; photo: string; hue: number },
) {
  await page.goto('/api/health');
  await page.setContent(`<!doctype html><html lang="pt-BR"><body>
    <form method="post" action="/share" enctype="multipart/form-data">
      ${share.title ? `<input name="title" value="${share.title}">` : ''}
      <textarea name="text" aria-label="Texto">${share.text}</textarea>
      <input type="file" name="media" aria-label="Arquivo">
      <button type="submit">Compartilhar</button>
    </form></body></html>`);
  await page
    .getByLabel('Arquivo')
    .setInputFiles({ name: share.photo, mimeType: 'image/png', buffer: await samplePhoto(share.hue) });
  await page.getByRole('button', { name: 'Compartilhar' }).click();
}
