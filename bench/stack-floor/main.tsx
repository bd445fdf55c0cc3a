/**
 * The floor of the web stack ENGINEERING.md names (React 19, react-router 7, TanStack Query 5,
 * react-i18next): the least a page hydrated by it loads: one route, one query, one translated
 * link. bench/landing builds it as the app is built and prints its size beside the landing's.
 */
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter, Link, Route, Routes } from 'react-router';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import i18n from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';

await i18n.use(initReactI18next).init({
  lng: 'pt-BR',
  resources: { 'pt-BR': { common: { greeting: 'Olá, {{name}}' } } },
  ns: ['common'],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
});
const client = new QueryClient();

function Page() {
  const { t } = useTranslation();
  const name = useQuery({ queryKey: ['name'], queryFn: async () => String(await (await fetch('/name')).text()) });
  return <Link to="/signup">{t('greeting', { name: name.data ?? '' })}</Link>;
}

startTransition(() => {
  hydrateRoot(
    document.getElementById('root')!,
    <QueryClientProvider client={client}>
      <BrowserRouter>
        <Routes>
          <Route path="/" element={<Page />} />
        </Routes>
      </BrowserRouter>
    </QueryClientProvider>,
  );
});
