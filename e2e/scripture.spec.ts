import type { Page } from '@playwright/test';
import { randomBytes, randomInt } from 'node:crypto';
import { SCRIPTURE_FAVOURITES_MAX, SCRIPTURE_NOTES_MAX } from '@candeia/shared/constants';
import { createUser, expect, test, withDb } from './support/fixtures.ts';
import {
  bibleCase,
  expectAccessible,
  installedTexts,
  shot,
  useLocale,
  waitForContent,
  waitForServiceWorker,
  type BibleCase,
} from './support/scripture.ts';

/**
 * The scripture library on the web: reading, search, favourites and notes, the sacred
 * books, offline reading, accessibility and screenshots. The texts come from the content
 * mirror imported at start-up (Bíblia Livre when there, else the King James Version).
 */

let bible: BibleCase;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  await waitForContent(test.info().project.use.baseURL ?? 'http://localhost:3210');
  bible = await bibleCase();
});

const verse = (page: Page, n: number) => page.locator(`[data-verse="${n}"]`);
const chapterUrl = (b: BibleCase, chapter: number, book = b.book) => `/bible/${b.textId}/${book}/${chapter}`;

async function openChapter(page: Page, chapter: number) {
  await page.goto(chapterUrl(bible, chapter));
  await expect(page.getByRole('heading', { level: 1, name: `${bible.bookName} ${chapter}` })).toBeVisible({
    timeout: 20_000,
  });
  await expect(verse(page, 1)).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await useLocale(page, bible.locale);
});

test('reads a chapter, goes on to the next, and /bible opens where the reader left off', async ({ page, login }) => {
  await login();
  // First visit: the default Bible of the interface language, its books in two Testaments.
  await page.goto('/bible');
  await expect(page).toHaveURL(new RegExp(`/bible/${bible.textId}$`));
  await expect(page.getByRole('heading', { level: 1, name: bible.ui.bibleTitle })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
  await page.getByRole('link', { name: new RegExp(`^${bible.bookName}\\s*,`) }).click();
  await expect(page.getByRole('heading', { level: 1, name: bible.bookName })).toBeVisible();
  await page.getByRole('link', { name: `${bible.ui.chapter} 3`, exact: true }).click();

  await expect(page).toHaveURL(new RegExp(`${chapterUrl(bible, 3)}$`));
  await expect(page.getByRole('heading', { level: 1, name: `${bible.bookName} 3` })).toBeVisible();
  await expect(verse(page, 16)).toContainText(
    bible.locale === 'pt-BR' ? 'Deus amou ao mundo' : 'God so loved the world',
  );
  // Licence and attribution at the foot of the chapter.
  await expect(page.getByText(bible.locale === 'pt-BR' ? /CC BY 3\.0 BR/ : /Public domain/).first()).toBeVisible();

  await page.getByRole('link', { name: bible.ui.next }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${bible.bookName} 4` })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${chapterUrl(bible, 4)}$`));

  // Across books: before John 1 comes the last chapter of Luke.
  await page.goto(chapterUrl(bible, 1));
  await expect(page.getByRole('link', { name: /24$/ }).first()).toHaveAttribute(
    'href',
    `/bible/${bible.textId}/Luke/24`,
  );

  // The position is remembered per user: /bible reopens the last chapter read.
  await page.goto(chapterUrl(bible, 4));
  await expect(verse(page, 1)).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.goto('/bible');
  await expect(page).toHaveURL(new RegExp(`${chapterUrl(bible, 4)}$`));

  // The font size is kept on this device.
  await page
    .getByRole('button', { name: bible.locale === 'pt-BR' ? 'Ajustes de leitura' : 'Reading settings' })
    .click();
  const size = async () => verse(page, 1).evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  const before = await size();
  await page.getByRole('button', { name: bible.locale === 'pt-BR' ? 'Aumentar a letra' : 'Larger text' }).click();
  expect(await size()).toBeGreaterThan(before);
  await page.reload();
  await expect(verse(page, 1)).toBeVisible();
  expect(await size()).toBeGreaterThan(before);

  // Parallel view: a second Bible beside the first, verse by verse, on a wide screen.
  await page
    .getByRole('button', { name: bible.locale === 'pt-BR' ? 'Ajustes de leitura' : 'Reading settings' })
    .click();
  const compare = page.getByLabel(bible.locale === 'pt-BR' ? 'Comparar com' : 'Compare with');
  const option = compare.locator('option').nth(1);
  const [other, label] = [await option.getAttribute('value'), await option.textContent()];
  await compare.selectOption(other!);
  await expect(page.locator('main p').filter({ hasText: label! }).first()).toBeVisible();
  await expect(verse(page, 1)).toBeVisible();
  await compare.selectOption('');
});

test('search: a reference opens the passage, words give ranked and highlighted results', async ({ page, login }) => {
  await login();
  await openChapter(page, 1);

  // Empty: a translated message, and the box keeps its text.
  const box = page.getByRole('searchbox').first();
  await box.fill('   ');
  await page.getByRole('button', { name: bible.ui.search, exact: true }).first().click();
  await expect(page.getByText(bible.ui.searchRequired)).toBeVisible();
  await expect(box).toHaveValue('   ');

  await box.fill(bible.reference);
  await box.press('Enter');
  await expect(page).toHaveURL(/\/bible\/search\?/);
  await expect(page.getByText(bible.ui.passage, { exact: true })).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 2, name: `${bible.reference} (${bible.abbreviation})` }),
  ).toBeVisible();
  await expect(page.locator('main')).toContainText(
    bible.locale === 'pt-BR' ? 'Deus amou ao mundo' : 'God so loved the world',
  );

  // The abbreviated form finds the same passage.
  const searchBox = page.getByRole('searchbox', { name: /./ }).first();
  await searchBox.fill(bible.shortReference);
  await searchBox.press('Enter');
  await expect(
    page.getByRole('heading', { level: 2, name: `${bible.reference} (${bible.abbreviation})` }),
  ).toBeVisible();

  // Into the reader at the verse, which is selected.
  await page.getByRole('link', { name: new RegExp(`${bible.bookName} 3`) }).click();
  await expect(page).toHaveURL(new RegExp(`${chapterUrl(bible, 3)}#v16$`));
  await expect(verse(page, 16)).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText(`${bible.bookName} 3:16 ${bible.ui.selected}`)).toBeVisible();

  // Words: ranked results with highlights built from text nodes, and links into the reader.
  await page.goto(`/bible/search?q=${encodeURIComponent(bible.words)}`);
  await expect(page.getByText(bible.ui.resultsFor)).toBeVisible();
  await expect(page.locator('main ol mark').first()).toBeVisible();
  const first = page.locator('main ol li a').first();
  const href = await first.getAttribute('href');
  expect(href).toMatch(/^\/bible\/[a-z0-9-]+\/[A-Za-z0-9-]+\/\d+#v\d+$/);

  // Nothing found.
  await page.goto('/bible/search?q=xyzzyqwrtplk');
  await expect(page.getByText(bible.ui.nothingFound)).toBeVisible();
});

test('favourite, note, copy and share; all still there after a reload and in the lists', async ({
  page,
  login,
  context,
}) => {
  await login();
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // A browser without the Web Share API.
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'share', { value: undefined }));
  await openChapter(page, 3);

  await verse(page, 16).click();
  const bar = page.getByRole('region', { name: /./ }).filter({ hasText: bible.ui.selected });
  await expect(bar).toContainText(`${bible.bookName} 3:16`);

  await bar.getByRole('button', { name: bible.ui.copy, exact: true }).click();
  await expect(page.getByText(bible.ui.copied)).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain(`— ${bible.bookName} 3:16 (${bible.abbreviation})`);

  // Without Web Share the button offers the link itself, copied, and its message leaves "Limpar" free.
  await expect(bar.getByRole('button', { name: bible.ui.share })).toHaveCount(0);
  await bar.getByRole('button', { name: bible.ui.copyLink }).click();
  await expect(page.getByText(bible.ui.linkCopied)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/bible\/[\w-]+\/John\/3#v16$/);
  const toastBox = (await page.getByText(bible.ui.linkCopied).boundingBox())!;
  const clearBox = (await bar.getByRole('button', { name: bible.ui.clear }).boundingBox())!;
  expect(toastBox.y + toastBox.height <= clearBox.y || toastBox.y >= clearBox.y + clearBox.height).toBe(true);

  await bar.getByRole('button', { name: bible.ui.favourite, exact: true }).click();
  await expect(page.getByText(bible.ui.favouriteAdded)).toBeVisible();
  await expect(bar.getByRole('button', { name: bible.ui.favourite, exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // A note: refused when empty, saved with text; nothing typed is lost on the way.
  await bar.getByRole('button', { name: bible.ui.note }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: bible.ui.saveNote }).click();
  await expect(dialog.getByText(bible.ui.noteRequired)).toBeVisible();
  const body = `Amor que se entrega ${Date.now()}`;
  await dialog.getByRole('textbox').fill(body);
  await dialog.getByRole('button', { name: bible.ui.saveNote }).click();
  await expect(page.getByText(bible.ui.noteSaved)).toBeVisible();
  await expect(dialog).toBeHidden();

  // Shift extends a selection into a range.
  await verse(page, 17).click({ modifiers: ['Shift'] });
  await expect(bar).toContainText(`${bible.bookName} 3:16-17`);

  await page.goto(chapterUrl(bible, 3));
  await expect(verse(page, 16)).toContainText(bible.ui.favouriteMark);
  await expect(verse(page, 16)).toContainText(bible.ui.noteMark);
  await expect(page.getByRole('heading', { name: bible.ui.notesInChapter })).toBeVisible();
  await expect(page.getByText(body)).toBeVisible();

  await page.goto('/bible/favourites');
  await expect(page.getByRole('heading', { level: 1, name: bible.ui.favouritesTitle })).toBeVisible();
  await expect(page.getByRole('link', { name: `${bible.bookName} 3:16` })).toBeVisible();

  await page.goto('/bible/notes');
  await expect(page.getByText(body)).toBeVisible();
  const search = page.getByRole('searchbox', { name: bible.ui.notesSearch });
  await search.fill('nenhumapalavraassim');
  await search.press('Enter');
  await expect(page.getByText(body)).toBeHidden();
  await search.fill('entrega');
  await search.press('Enter');
  await expect(page.getByText(body)).toBeVisible();

  // Edit keeps the text when refused, and saves the new one.
  await page.getByRole('button', { name: new RegExp(`^${bible.ui.edit}`) }).click();
  const edit = page.getByRole('dialog');
  await edit.getByRole('textbox').fill('   ');
  await edit.getByRole('button', { name: bible.ui.saveNote }).click();
  await expect(edit.getByText(bible.ui.noteRequired)).toBeVisible();
  await edit.getByRole('textbox').fill(`${body} (revista)`);
  await edit.getByRole('button', { name: bible.ui.saveNote }).click();
  await expect(page.getByText(`${body} (revista)`)).toBeVisible();

  // Back to the passage.
  await page.getByRole('link', { name: `${bible.bookName} 3:16` }).click();
  await expect(page).toHaveURL(new RegExp(`${chapterUrl(bible, 3)}#v16$`));
  await expect(verse(page, 16)).toHaveAttribute('aria-pressed', 'true');

  // Delete, after confirming.
  await page.goto('/bible/notes');
  await page.getByRole('button', { name: new RegExp(`^${bible.ui.delete}`) }).click();
  await expect(page.getByRole('dialog', { name: bible.ui.deleteConfirm })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: bible.ui.delete }).click();
  await expect(page.getByText(`${body} (revista)`)).toBeHidden();
});

test('at the note limit: the dialog says so and keeps the note; a favourite says so too', async ({ page, login }) => {
  const user = await login();
  // Years of notes and favourites, up to the limits, written straight into the database.
  await withDb(async (c) => {
    await c.query(
      `INSERT INTO scripture_notes (user_id, text_id, book_code, chapter, verse_start, verse_end, body)
       SELECT $1, $2, $3, 1, 1, 1, 'Anotação antiga ' || g FROM generate_series(1, $4) g`,
      [user.id, bible.textId, bible.book, SCRIPTURE_NOTES_MAX],
    );
    await c.query(
      `INSERT INTO scripture_favourites (user_id, text_id, book_code, chapter, verse_start, verse_end)
       SELECT $1, $2, $3, 1000 + g, 1, 1 FROM generate_series(1, $4) g`,
      [user.id, bible.textId, bible.book, SCRIPTURE_FAVOURITES_MAX],
    );
  });
  await openChapter(page, 3);
  await verse(page, 16).click();
  const bar = page.getByRole('region', { name: /./ }).filter({ hasText: bible.ui.selected });
  await bar.getByRole('button', { name: bible.ui.note }).click();
  const dialog = page.getByRole('dialog');
  const body = `Uma nota a mais ${Date.now()}`;
  await dialog.getByRole('textbox').fill(body);
  await dialog.getByRole('button', { name: bible.ui.saveNote }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: bible.ui.notesLimit })).toBeVisible();
  await expect(dialog.getByRole('textbox')).toHaveValue(body);
  await page.keyboard.press('Escape');

  await bar.getByRole('button', { name: bible.ui.favourite, exact: true }).click();
  await expect(page.getByText(bible.ui.favouritesLimit).first()).toBeVisible();
  await expect(bar.getByRole('button', { name: bible.ui.favourite, exact: true })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
});

test('sacred books: catalogue by religion, and a book in the same reader', async ({ page, login }) => {
  const texts = await installedTexts();
  // Skipped only without the content mirror (CONTENT_MIRROR), the Tao Te Ching's source; .ci/run gives it.
  test.skip(!texts.has('tao-te-ching-legge'), 'Tao Te Ching (Legge) is not installed');
  await login();
  await page.goto('/sacred-books');
  await expect(page.getByRole('heading', { level: 1, name: bible.ui.catalogueTitle })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(14);
  await expect(page.getByText(bible.ui.soon).first()).toBeVisible();

  await page.getByRole('button', { name: bible.ui.taoism }).click();
  await expect(page.getByRole('button', { name: bible.ui.taoism })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('article')).toHaveCount(1);
  const card = page.getByRole('article').first();
  await expect(card).toContainText('Tao Te Ching');
  if (bible.locale === 'pt-BR') await expect(card.getByText(bible.ui.textInEnglish)).toBeVisible();

  await card.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/sacred-books\/tao-te-ching-legge$/);
  await expect(page.getByRole('link', { name: `${bible.ui.chapter} 81`, exact: true })).toBeVisible();
  await page.getByRole('link', { name: `${bible.ui.chapter} 1`, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tao Te Ching 1' })).toBeVisible();
  await expect(page.getByText(/Legge/).first()).toBeVisible();
  await expect(page.locator('[data-verse]').first()).toBeVisible();

  // Favourite it the same way.
  await page.locator('[data-verse]').first().click();
  await page.getByRole('button', { name: bible.ui.favourite, exact: true }).click();
  await expect(page.getByText(bible.ui.favouriteAdded)).toBeVisible();

  // Search within the book.
  const box = page.getByRole('searchbox').first();
  await box.fill('Tao');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/sacred-books\/search\?q=Tao&textId=tao-te-ching-legge/);
  await expect(page.getByText(bible.ui.resultsFor)).toBeVisible();
  await expect(page.locator('main ol li a').first()).toHaveAttribute('href', /^\/sacred-books\/tao-te-ching-legge\//);

  // The Qur'an lists its surahs by name.
  if (texts.has('quran-pickthall')) {
    await page.goto('/sacred-books/quran-pickthall');
    await expect(page.getByRole('link', { name: /Al-Fatihah/ })).toBeVisible();
    await expect(page.getByRole('link', { name: /An-Nas$/ })).toBeVisible();
  }
});

test('a chapter read once opens offline, with the offline notice', async ({ page, login, context }) => {
  await login();
  await openChapter(page, 3);
  await waitForServiceWorker(page);
  // Now controlled by the worker: the app shell, the session check and the chapters go through it.
  await page.reload();
  await expect(verse(page, 1)).toBeVisible();
  await page.getByRole('link', { name: bible.ui.next }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${bible.bookName} 4` })).toBeVisible();
  await page.waitForLoadState('networkidle');

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: `${bible.bookName} 4` })).toBeVisible();
  await expect(verse(page, 1)).toBeVisible();
  await expect(page.getByText(bible.ui.offline)).toBeVisible();

  // User data needs the network: a clear message, nothing pretends to work.
  await verse(page, 2).click();
  await page.getByRole('button', { name: bible.ui.favourite, exact: true }).click();
  await expect(page.getByText(bible.ui.offlineAction, { exact: true })).toBeVisible();

  // A chapter never opened says so.
  await page.goto(chapterUrl(bible, 9));
  await expect(page.getByText(bible.ui.notSaved)).toBeVisible();

  await context.setOffline(false);
});

test('offline reading keeps nothing personal on the device; a chapter link opened signed out comes back after sign-in', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  // A reader with every personal field filled with values found nowhere else.
  const tag = randomBytes(4).toString('hex');
  const user = await createUser({ firstName: 'Lídia' });
  const personal = {
    email: user.email,
    phone: `+55 19 9${randomInt(1000, 9999)}-${randomInt(1000, 9999)}`,
    address: `Rua Sabiá ${tag} 4821`,
    zip: `1301${tag.slice(0, 2)}-907`,
    birthDate: '1987-06-23',
    lastName: `Moura${tag}`,
  };
  await withDb((c) =>
    c.query(
      `UPDATE users SET phone = $2, address = $3, zip_code = $4, birth_date = $5, last_name = $6, city = 'Campinas'
       WHERE id = $1`,
      [user.id, personal.phone, personal.address, personal.zip, personal.birthDate, personal.lastName],
    ),
  );

  // Signed out, a chapter link goes to / (SPEC.md §2); signing in opens the chapter after all.
  await page.goto(chapterUrl(bible, 3));
  await expect(page).toHaveURL(/localhost:\d+\/$/);
  await page.getByRole('banner').getByRole('link', { name: bible.ui.signIn }).first().click();
  await page.getByRole('textbox', { name: bible.ui.email, exact: true }).fill(user.email);
  await page.getByRole('textbox', { name: bible.ui.password, exact: true }).fill(user.password);
  await page.getByRole('button', { name: bible.ui.signIn, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${chapterUrl(bible, 3)}$`));
  await expect(page.getByRole('heading', { level: 1, name: `${bible.bookName} 3` })).toBeVisible();

  // Controlled by the worker, the app checks the session and reads another chapter through it.
  await waitForServiceWorker(page);
  await page.reload();
  await expect(verse(page, 1)).toBeVisible();
  await page.getByRole('link', { name: bible.ui.next }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${bible.bookName} 4` })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect
    .poll(() => page.evaluate(async () => (await (await caches.open('candeia-session')).keys()).length))
    .toBe(1);

  // Everything the page can read of this origin's storage: every Cache Storage entry, every
  // IndexedDB store, localStorage and sessionStorage.
  const stored = await page.evaluate(async () => {
    const out: Array<{ where: string; text: string }> = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const req of await cache.keys()) {
        const res = await cache.match(req);
        out.push({ where: `cache ${name} ${req.url}`, text: res ? await res.text() : '' });
      }
    }
    const done = <T>(r: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error);
      });
    for (const info of await indexedDB.databases()) {
      const db = await done(indexedDB.open(info.name!));
      for (const store of Array.from(db.objectStoreNames))
        out.push({
          where: `indexedDB ${info.name}/${store}`,
          text: JSON.stringify(await done(db.transaction(store).objectStore(store).getAll())),
        });
      db.close();
    }
    out.push({ where: 'localStorage', text: JSON.stringify({ ...localStorage }) });
    out.push({ where: 'sessionStorage', text: JSON.stringify({ ...sessionStorage }) });
    return out;
  });
  expect(stored.some((s) => s.where.startsWith('cache candeia-scripture '))).toBe(true);
  const digits = (v: string) => v.replace(/\D/g, '');
  for (const { where, text } of stored) {
    for (const [field, value] of Object.entries(personal)) expect(text, `${field} in ${where}`).not.toContain(value);
    expect(digits(text), `phone digits in ${where}`).not.toContain(digits(personal.phone));
    expect(text, `e-mail in ${where}`).not.toContain(personal.email.split('@')[0]);
  }
  // What the worker keeps for offline reading: signed in until when, the first name, the role.
  const kept = stored.filter((s) => s.where.startsWith('cache candeia-session '));
  expect(kept).toHaveLength(1);
  const record = JSON.parse(kept[0]!.text) as Record<string, unknown>;
  expect(Object.keys(record).sort()).toEqual(['absoluteExpiresAt', 'idleExpiresAt', 'offline', 'user']);
  expect(record.user).toEqual({ firstName: 'Lídia', role: 'user' });
  expect(Date.parse(String(record.idleExpiresAt))).toBeGreaterThan(Date.now());

  // Offline, the chapter still opens from that record and the kept chapter.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: `${bible.bookName} 4` })).toBeVisible();
  await expect(verse(page, 1)).toBeVisible();
  await expect(page.getByText(bible.ui.offline)).toBeVisible();
  await context.setOffline(false);
});

test.describe('accessibility (axe, WCAG 2.1 AA)', () => {
  test('reader with a selection, search results, sacred books, notes list', async ({ page, login }) => {
    test.setTimeout(150_000);
    await login();
    await openChapter(page, 3);
    await verse(page, 16).click();
    await expectAccessible(page, 'reader');

    await page.goto(`/bible/search?q=${encodeURIComponent(bible.words)}`);
    await expect(page.getByText(bible.ui.resultsFor)).toBeVisible();
    await expectAccessible(page, 'search results');

    await page.goto('/sacred-books');
    await expect(page.getByRole('article').first()).toBeVisible();
    await expectAccessible(page, 'sacred books');

    await page.goto(`/bible/${bible.textId}`);
    await expect(page.getByRole('heading', { level: 1, name: bible.ui.bibleTitle })).toBeVisible();
    await expect(page.locator('main blockquote').first()).toBeVisible();
    await expectAccessible(page, 'books of the Bible and verses by theme');

    await openChapter(page, 3);
    await verse(page, 16).click();
    await page.getByRole('button', { name: bible.ui.note }).click();
    await page.getByRole('dialog').getByRole('textbox').fill('Uma nota para a lista.');
    await page.getByRole('dialog').getByRole('button', { name: bible.ui.saveNote }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await page.goto('/bible/notes');
    await expect(page.getByText('Uma nota para a lista.')).toBeVisible();
    await expectAccessible(page, 'notes list');
  });

  test('the verses work by keyboard alone', async ({ page, login }) => {
    await login();
    await openChapter(page, 3);
    await verse(page, 1).focus();
    await page.keyboard.press('ArrowDown');
    await expect(verse(page, 2)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(verse(page, 2)).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('Shift+ArrowDown');
    await expect(verse(page, 3)).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText(`${bible.bookName} 3:2-3 ${bible.ui.selected}`)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(verse(page, 2)).toHaveAttribute('aria-pressed', 'false');
  });
});

for (const device of [
  {
    name: 'phone',
    use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
  },
  { name: 'desktop', use: { viewport: { width: 1440, height: 900 } } },
]) {
  test.describe(`screenshots (${device.name})`, () => {
    test.use(device.use);
    test('reader, search results, sacred books, notes list', async ({ page, login }) => {
      test.setTimeout(180_000);
      await login({ firstName: 'Isabel' });
      await openChapter(page, 3);
      await shot(page, 'scripture-reader', false);
      await verse(page, 16).click();
      await verse(page, 17).click();
      await shot(page, 'scripture-reader-selection', false);
      await page.getByRole('button', { name: bible.ui.note }).click();
      await page.getByRole('dialog').getByRole('textbox').fill('Deus ama primeiro; eu respondo com a vida.');
      await page.getByRole('dialog').getByRole('button', { name: bible.ui.saveNote }).click();
      await expect(page.getByRole('dialog')).toBeHidden();
      await shot(page, 'scripture-reader-full');

      await page.goto(`/bible/search?q=${encodeURIComponent(bible.words)}`);
      await expect(page.getByText(bible.ui.resultsFor)).toBeVisible();
      await shot(page, 'scripture-search');
      await page.goto(`/bible/search?q=${encodeURIComponent(bible.reference)}`);
      await expect(page.getByText(bible.ui.passage, { exact: true })).toBeVisible();
      await shot(page, 'scripture-passage');

      await page.goto('/sacred-books');
      await expect(page.getByRole('article').first()).toBeVisible();
      await shot(page, 'scripture-sacred-books');

      await page.goto('/bible/notes');
      await expect(page.getByText('Deus ama primeiro')).toBeVisible();
      await shot(page, 'scripture-notes');

      await page.goto(`/bible/${bible.textId}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await shot(page, 'scripture-books');

      await page.goto('/start');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await shot(page, 'scripture-start-votd');
    });
  });
}

test('the sacred books’ search finds the box’s own example, “João 3:16” (the Bible is searched too)', async ({
  page,
  login,
}) => {
  await login();
  await page.goto('/sacred-books/search');
  const box = page.getByRole('searchbox').first();
  await expect(box).toHaveAttribute('placeholder', /João 3:16/);
  await box.fill('João 3:16');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/sacred-books\/search\?q=Jo%C3%A3o\+3%3A16.*scope=all/);
  const passage = page.locator('section[aria-labelledby="passage-title"]');
  await expect(passage).toBeVisible();
  await expect(passage.locator('#passage-title')).toContainText(/(João|John) 3:16/);
});

test('the Torá opens as Gênesis–Deuteronômio of the reader’s Bible, not “Em breve”', async ({ page, login }) => {
  await login();
  await page.goto('/sacred-books');
  const card = page.getByRole('article', { name: 'Torá' });
  await expect(card).toBeVisible();
  await expect(card.getByText('Em breve')).toHaveCount(0);
  await expect(card.getByText(/Os cinco livros da Torá, na sua Bíblia/)).toBeVisible();
  await card.screenshot({ path: 'test-results/torah-card.png' });
  await card.getByRole('link', { name: 'Êxodo' }).click();
  await expect(page).toHaveURL(/\/bible\/[\w-]+\/Exod$/);
  await expect(page.getByRole('main').getByRole('heading', { name: 'Êxodo', level: 1 })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Capítulo 20', exact: true })).toBeVisible();
});
