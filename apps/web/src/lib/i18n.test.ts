import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_CHANGED_EVENT, LOCALE_STORAGE_KEY } from '@candeia/shared/constants';
import { changeLocale, detectLocale, initI18n } from './i18n.ts';

function setBrowserLanguages(langs: string[]) {
  vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(langs);
  vi.spyOn(window.navigator, 'language', 'get').mockReturnValue(langs[0] ?? '');
}

describe('language detection (SPEC.md §4, §9)', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.restoreAllMocks());

  it('reads the query string first (?lng=es), over a stored choice and the browser, and stores it', () => {
    localStorage.setItem(LOCALE_STORAGE_KEY, 'pt-BR');
    setBrowserLanguages(['en-US']);
    window.history.replaceState(null, '', '/bible?lng=es');
    try {
      expect(detectLocale()).toBe('es-ES');
      expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('es-ES');
      // An unsupported one is passed over.
      window.history.replaceState(null, '', '/bible?lng=fr');
      expect(detectLocale()).toBe('es-ES');
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('uses a stored choice when it is one of the three supported', () => {
    localStorage.setItem(LOCALE_STORAGE_KEY, 'es-ES');
    setBrowserLanguages(['en-US']);
    expect(detectLocale()).toBe('es-ES');
  });

  it('ignores an unsupported stored value and maps the browser language, then stores it', () => {
    localStorage.setItem(LOCALE_STORAGE_KEY, 'fr-FR');
    setBrowserLanguages(['en-GB', 'pt-PT']);
    expect(detectLocale()).toBe('en-US');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('en-US');
  });

  it('maps pt to Brazilian Portuguese and es to Spanish', () => {
    setBrowserLanguages(['pt']);
    expect(detectLocale()).toBe('pt-BR');
    localStorage.clear();
    setBrowserLanguages(['es-MX']);
    expect(detectLocale()).toBe('es-ES');
  });

  it('falls back to pt-BR when nothing matches', () => {
    setBrowserLanguages(['de-DE', 'ja']);
    expect(detectLocale()).toBe('pt-BR');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('pt-BR');
  });

  it('changing the language stores it, sets <html lang> and broadcasts an event', async () => {
    setBrowserLanguages(['pt-BR']);
    await initI18n();
    const seen: string[] = [];
    window.addEventListener(LANGUAGE_CHANGED_EVENT, (e) =>
      seen.push((e as CustomEvent<{ locale: string }>).detail.locale),
    );
    await changeLocale('en-US');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('en-US');
    expect(document.documentElement.lang).toBe('en-US');
    expect(seen).toEqual(['en-US']);
  });
});

describe('numbers and counts in texts', () => {
  afterEach(() => vi.restoreAllMocks());

  it('formats {{count, number}} in the language shown, and says zero in words', async () => {
    setBrowserLanguages(['pt-BR']);
    localStorage.clear();
    const i18n = await initI18n();
    await changeLocale('pt-BR');
    await i18n.loadNamespaces('scripture');
    const t = i18n.getFixedT(null, 'scripture');
    expect(t('favourites.count', { count: 1234 })).toBe('1.234 favoritos');
    expect(t('favourites.count', { count: 1 })).toBe('1 favorito');
    expect(t('favourites.count', { count: 0 })).toBe('Nenhum favorito');
    await changeLocale('en-US');
    await i18n.loadNamespaces('scripture');
    expect(i18n.getFixedT(null, 'scripture')('favourites.count', { count: 1234 })).toBe('1,234 favorites');
    expect(i18n.getFixedT(null, 'scripture')('favourites.count', { count: 0 })).toBe('No favorites');
    await changeLocale('es-ES');
    await i18n.loadNamespaces('scripture');
    expect(i18n.getFixedT(null, 'scripture')('favourites.count', { count: 12345 })).toBe('12.345 favoritos');
    expect(i18n.getFixedT(null, 'scripture')('favourites.count', { count: 0 })).toBe('Ningún favorito');
  });
});

describe('the page head follows the language', () => {
  afterEach(() => vi.restoreAllMocks());

  it('sets the description and the manifest of the language shown', async () => {
    document.head.innerHTML = '<meta name="description" content="x"><link rel="manifest" href="/manifest.webmanifest">';
    setBrowserLanguages(['pt-BR']);
    localStorage.clear();
    const i18n = await initI18n();
    await changeLocale('es-ES');
    await i18n.loadNamespaces('common');
    await vi.waitFor(() =>
      expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toContain(
        'orientación espiritual',
      ),
    );
    expect(document.querySelector('link[rel="manifest"]')?.getAttribute('href')).toBe('/manifest.es-ES.webmanifest');
    await changeLocale('pt-BR');
    await vi.waitFor(() =>
      expect(document.querySelector('link[rel="manifest"]')?.getAttribute('href')).toBe('/manifest.webmanifest'),
    );
  });
});
