import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { localStore, sessionStore } from './storage.ts';
import {
  DEFAULT_LOCALE,
  LANGUAGE_CHANGED_EVENT,
  LOCALE_HINT_COOKIE,
  LOCALE_STORAGE_KEY,
  SUPPORTED_LOCALES,
  matchLocale,
  type Locale,
} from '@candeia/shared/constants';

/** Catalogues live in packages/shared; each (locale, namespace) is its own lazy chunk. */
const loaders = import.meta.glob<{ default: Record<string, unknown> }>([
  '../../../../packages/shared/src/i18n/*/*.json',
  // E-mail texts and the chat guide's phrasing are the server's.
  '!../../../../packages/shared/src/i18n/*/mail.json',
  '!../../../../packages/shared/src/i18n/*/guide.json',
]);

function loaderFor(lng: string, ns: string) {
  return loaders[`../../../../packages/shared/src/i18n/${lng}/${ns}.json`];
}

const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(lng, ns, cb) {
    const load = loaderFor(lng, ns);
    if (!load) return cb(null, {});
    load().then(
      (m) => cb(null, m.default),
      (err: unknown) => cb(err as Error, false),
    );
  },
};

/** A supported locale from a language tag or its short form (pt, en, es), or null. */
function supported(tag: string | null | undefined): Locale | null {
  return tag ? matchLocale(tag) : null;
}

function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const found = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return found ? decodeURIComponent(found.slice(name.length + 1)) : null;
}

/**
 * Keeps the language on this device: in local storage, and a copy in a cookie the server reads to
 * send the prerendered landing in the same language (apps/server/src/web.ts).
 */
function rememberLocale(locale: Locale): void {
  localStore()?.setItem(LOCALE_STORAGE_KEY, locale);
  if (typeof document === 'undefined') return;
  const secure = location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${LOCALE_HINT_COOKIE}=${locale}; path=/; max-age=31536000; samesite=lax${secure}`;
}

/**
 * SPEC.md §9's detection order: the query string's `lng`, a cookie, local storage, session
 * storage, the browser's languages, the html tag; default pt-BR. What is found is stored, so a
 * link with `?lng=es` keeps the app in Spanish after it.
 */
export function detectLocale(): Locale {
  const query = typeof location !== 'undefined' ? new URLSearchParams(location.search).get('lng') : null;
  const browser = typeof navigator !== 'undefined' ? [...(navigator.languages ?? []), navigator.language] : [];
  const candidates = [
    query,
    readCookie(LOCALE_STORAGE_KEY),
    localStore()?.getItem(LOCALE_STORAGE_KEY),
    sessionStore()?.getItem(LOCALE_STORAGE_KEY),
    ...browser,
    typeof document !== 'undefined' ? document.documentElement.lang : null,
  ];
  const found = candidates.map(supported).find(Boolean) ?? DEFAULT_LOCALE;
  rememberLocale(found);
  return found;
}

export function currentLocale(): Locale {
  return (matchLocale(i18n.resolvedLanguage ?? i18n.language) ?? DEFAULT_LOCALE) as Locale;
}

/** Changes the language: stores it and broadcasts a language-changed event. */
export async function changeLocale(locale: Locale): Promise<void> {
  rememberLocale(locale);
  await i18n.changeLanguage(locale);
  window.dispatchEvent(new CustomEvent(LANGUAGE_CHANGED_EVENT, { detail: { locale } }));
}

/**
 * The page's description and its web app manifest in the language shown (the build writes a
 * manifest per language: apps/web/build/prerender.ts).
 */
function localiseHead(locale: string): void {
  if (typeof document === 'undefined') return;
  const description = document.querySelector('meta[name="description"]');
  const text = i18n.t('common:meta.description');
  if (description && text !== 'meta.description') description.setAttribute('content', text);
  const manifest = document.querySelector('link[rel="manifest"]');
  if (manifest)
    manifest.setAttribute('href', locale === 'pt-BR' ? '/manifest.webmanifest' : `/manifest.${locale}.webmanifest`);
}

export async function initI18n(): Promise<typeof i18n> {
  const lng = detectLocale();
  await i18n
    .use(lazyBackend)
    .use(initReactI18next)
    .init({
      lng,
      fallbackLng: DEFAULT_LOCALE,
      supportedLngs: [...SUPPORTED_LOCALES],
      load: 'currentOnly',
      // Each screen asks for the namespaces it uses; only `common` is needed before the first paint.
      ns: ['common'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
      debug: false,
    });
  document.documentElement.lang = lng;
  localiseHead(lng);
  i18n.on('languageChanged', (l) => {
    document.documentElement.lang = l;
    // `common` of the new language is loaded once the change resolves.
    void i18n.loadNamespaces('common').then(() => localiseHead(l));
  });
  return i18n;
}

export { i18n };
