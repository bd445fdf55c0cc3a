/**
 * The build's prerender of the landing (build/prerender.ts runs this module in Node): the page
 * `/` as a signed-out visitor first sees it, in each language, so a phone paints it from the HTML
 * alone while the app's JavaScript loads. The browser then hydrates it (main.tsx).
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import type { ReactNode } from 'react';
import { DEFAULT_LOCALE, SUPPORTED_LOCALES, type Locale } from '@candeia/shared/constants';
import { ROUTES } from '@candeia/shared/routes';
import { AppTree } from './app/app-tree.tsx';

export type Catalogues = Record<Locale, Record<string, Record<string, unknown>>>;

const LandingRouter = ({ children }: { children: ReactNode }) => (
  <StaticRouter location={ROUTES.landing}>{children}</StaticRouter>
);

/** The landing's markup (what goes inside #root) in `locale`, every lazy part resolved. */
export async function renderLanding(locale: Locale, catalogues: Catalogues): Promise<string> {
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({
      lng: locale,
      resources: catalogues,
      fallbackLng: DEFAULT_LOCALE,
      supportedLngs: [...SUPPORTED_LOCALES],
      load: 'currentOnly',
      ns: ['common'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
      initAsync: false,
    });
  }
  await i18n.changeLanguage(locale);
  // A first pass waits for every lazy part (the landing, the footer) to load; the second, with
  // all of them loaded, renders the page whole. It thus carries no streaming scripts (which the
  // Content-Security-Policy would block) and no boundary left waiting.
  await prerender(<AppTree Router={LandingRouter} />);
  const html = renderToString(<AppTree Router={LandingRouter} />);
  if (/<script|<template|<!--\$[?!]-->/.test(html)) throw new Error(`prerender: the ${locale} landing did not finish`);
  return html;
}
