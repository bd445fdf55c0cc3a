import AxeBuilder from '@axe-core/playwright';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { withDb } from './fixtures.ts';

/**
 * What the scripture tests read: Bíblia Livre in Portuguese when the content mirror put it
 * in the database, else the King James Version (always installed) with the interface in
 * English. The texts the tests look for are the interface's, in that language.
 */
export interface BibleCase {
  locale: 'pt-BR' | 'en-US';
  textId: string;
  abbreviation: string;
  book: string;
  bookName: string;
  /** A reference and its abbreviated form, both answered with John 3:16. */
  reference: string;
  shortReference: string;
  /** Words that appear in several verses. */
  words: string;
  ui: {
    bibleTitle: string;
    next: RegExp;
    selected: string;
    favourite: string;
    favouriteAdded: string;
    note: string;
    saveNote: string;
    noteRequired: string;
    noteSaved: string;
    notesInChapter: string;
    favouriteMark: string;
    noteMark: string;
    copy: string;
    copied: string;
    share: string;
    copyLink: string;
    linkCopied: string;
    clear: string;
    shareUnsupported: string;
    shareUnsupportedText: string;
    search: string;
    searchRequired: string;
    passage: string;
    nothingFound: RegExp;
    resultsFor: RegExp;
    offline: string;
    offlineAction: string;
    notSaved: string;
    favouritesTitle: string;
    notesTitle: string;
    notesSearch: string;
    edit: string;
    delete: string;
    deleteConfirm: string;
    chapter: string;
    catalogueTitle: string;
    taoism: string;
    textInEnglish: string;
    soon: string;
    email: string;
    password: string;
    signIn: string;
    notesLimit: string;
    favouritesLimit: string;
  };
}

const PT: BibleCase['ui'] = {
  bibleTitle: 'Bíblia Livre',
  next: /Próximo/,
  selected: 'selecionado',
  favourite: 'Favorito',
  favouriteAdded: 'Adicionado aos favoritos',
  note: 'Anotar',
  saveNote: 'Salvar anotação',
  noteRequired: 'Escreva sua anotação.',
  noteSaved: 'Anotação salva',
  notesInChapter: 'Suas anotações neste capítulo',
  favouriteMark: '(favorito)',
  noteMark: '(com anotação)',
  copy: 'Copiar',
  copied: 'Texto copiado',
  share: 'Compartilhar',
  copyLink: 'Copiar link',
  clear: 'Limpar',
  linkCopied: 'Link copiado',
  shareUnsupported: 'Compartilhamento não suportado',
  shareUnsupportedText: 'Seu navegador não suporta compartilhamento nativo',
  search: 'Buscar',
  searchRequired: 'Digite o que deseja buscar.',
  passage: 'Passagem',
  nothingFound: /Nada encontrado/,
  resultsFor: /versículos? encontrados? para/,
  offline: 'Você está offline.',
  offlineAction: 'Você está offline',
  notSaved: 'Indisponível sem conexão',
  favouritesTitle: 'Favoritos',
  notesTitle: 'Anotações',
  notesSearch: 'Buscar nas anotações',
  edit: 'Editar',
  delete: 'Excluir',
  deleteConfirm: 'Excluir esta anotação?',
  chapter: 'Capítulo',
  catalogueTitle: 'Livros sagrados',
  taoism: 'Taoismo',
  textInEnglish: 'Texto em inglês',
  soon: 'Em breve',
  email: 'E-mail',
  password: 'Senha',
  signIn: 'Entrar',
  notesLimit: 'Você chegou ao limite de anotações da sua conta.',
  favouritesLimit: 'Você chegou ao limite de favoritos da sua conta.',
};

const EN: BibleCase['ui'] = {
  bibleTitle: 'King James Version',
  next: /Next/,
  selected: 'selected',
  favourite: 'Favorite',
  favouriteAdded: 'Added to favorites',
  note: 'Add note',
  saveNote: 'Save note',
  noteRequired: 'Write your note.',
  noteSaved: 'Note saved',
  notesInChapter: 'Your notes on this chapter',
  favouriteMark: '(favorite)',
  noteMark: '(has a note)',
  copy: 'Copy',
  copied: 'Text copied',
  share: 'Share',
  copyLink: 'Copy link',
  linkCopied: 'Link copied',
  clear: 'Clear',
  shareUnsupported: 'Sharing not supported',
  shareUnsupportedText: 'Your browser does not support native sharing',
  search: 'Search',
  searchRequired: 'Type what you want to search for.',
  passage: 'Passage',
  nothingFound: /Nothing found/,
  resultsFor: /verses? found for/,
  offline: 'You are offline.',
  offlineAction: 'You are offline',
  notSaved: 'Not available offline',
  favouritesTitle: 'Favorites',
  notesTitle: 'Notes',
  notesSearch: 'Search your notes',
  edit: 'Edit',
  delete: 'Delete',
  deleteConfirm: 'Delete this note?',
  chapter: 'Chapter',
  catalogueTitle: 'Sacred books',
  taoism: 'Taoism',
  textInEnglish: 'Text in English',
  soon: 'Coming soon',
  email: 'Email',
  password: 'Password',
  signIn: 'Sign in',
  notesLimit: 'You have reached your account’s limit of notes.',
  favouritesLimit: 'You have reached your account’s limit of favorites.',
};

export async function installedTexts(): Promise<Map<string, { title: string; abbreviation: string }>> {
  return withDb(async (c) => {
    const { rows } = await c.query<{ id: string; title: string; abbreviation: string }>(
      'SELECT id, title, abbreviation FROM scripture_texts',
    );
    return new Map(rows.map((r) => [r.id, { title: r.title, abbreviation: r.abbreviation }]));
  });
}

export async function bibleCase(): Promise<BibleCase> {
  const texts = await installedTexts();
  const blivre = texts.get('porblivre');
  if (blivre)
    return {
      locale: 'pt-BR',
      textId: 'porblivre',
      abbreviation: blivre.abbreviation,
      book: 'John',
      bookName: 'João',
      reference: 'João 3:16',
      shortReference: 'Jo 3:16',
      words: 'amor ao próximo',
      ui: { ...PT, bibleTitle: blivre.title },
    };
  const kjv = texts.get('kjv');
  if (!kjv)
    throw new Error('Neither Bíblia Livre nor the King James Version is installed: is the content import running?');
  return {
    locale: 'en-US',
    textId: 'kjv',
    abbreviation: kjv.abbreviation,
    book: 'John',
    bookName: 'John',
    reference: 'John 3:16',
    shortReference: 'Jn 3:16',
    words: 'love thy neighbour',
    ui: { ...EN, bibleTitle: kjv.title },
  };
}

/** Sets the interface language before the app starts (the Portuguese default needs nothing). */
export async function useLocale(page: Page, locale: BibleCase['locale']) {
  await page.addInitScript((l) => localStorage.setItem('i18nextLng', l), locale);
}

/** Waits until the screen has loaded what it shows: fonts, data, lazy parts, no spinner left. */
export async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
  await expect(page.locator('[role="status"] .animate-spin')).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toBeVisible();
}

/** axe, WCAG 2.0/2.1 A and AA, as in e2e/a11y.spec.ts: any violation fails with its rule and elements. */
export async function expectAccessible(page: Page, screen: string) {
  await settle(page);
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const lines = violations.flatMap((v) => [
    `[${v.impact ?? 'n/a'}] ${v.id}: ${v.help}`,
    ...v.nodes.map((n) => `  ${n.target.join(' ')} | ${(n.failureSummary ?? '').replace(/\s*\n\s*/g, ' ')}`),
  ]);
  expect(violations.length, `${violations.length} accessibility violation(s) on ${screen}:\n${lines.join('\n')}`).toBe(
    0,
  );
}

/** Saves a screenshot under e2e/screenshots/<phone|desktop>/ to be looked at. */
export async function shot(page: Page, name: string, fullPage = true) {
  await settle(page);
  const kind = (page.viewportSize()?.width ?? 1440) < 700 ? 'phone' : 'desktop';
  await page.screenshot({ path: `e2e/screenshots/${kind}/${name}.png`, fullPage });
  test.info().annotations.push({ type: 'screenshot', description: `${kind}/${name}.png` });
}

/** Waits until the service worker is active and controls the page (it claims the page on activation). */
export async function waitForServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 30_000 });
}

/**
 * The server imports the texts in the background after it starts listening: waits until the
 * texts the content mirror holds are in the database and served, so every test sees them.
 */
export async function waitForContent(baseURL: string) {
  const mirror = process.env.CONTENT_MIRROR || resolve('../shared/content');
  const expected = ['kjv'];
  if (existsSync(join(mirror, 'sword/mods.d/porblivre.conf'))) expected.push('porblivre');
  if (existsSync(join(mirror, 'gutenberg/tao-te-ching-legge'))) expected.push('tao-te-ching-legge');
  if (existsSync(join(mirror, 'quran-pickthall'))) expected.push('quran-pickthall');
  const deadline = Date.now() + 150_000;
  for (;;) {
    const ids = new Set((await installedTexts()).keys());
    if (expected.every((id) => ids.has(id))) {
      const catalogue = await fetch(`${baseURL}/api/scripture/catalogue`).then((r) => r.text());
      if (expected.every((id) => catalogue.includes(`"id":"${id}"`))) return;
    }
    if (Date.now() > deadline) throw new Error(`The content import did not finish: expected ${expected.join(', ')}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}
