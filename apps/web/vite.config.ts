import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './build/precompress.ts';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3001';

export default defineConfig({
  plugins: [
    react(),
    precompress(),
    tailwindcss(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: null,
      includeAssets: ['favicon.svg', 'icons/*.png'],
      manifest: {
        name: 'Candeia',
        short_name: 'Candeia',
        description: 'Orientação espiritual: chat, Bíblia e livros sagrados, comunidade e consultas.',
        lang: 'pt-BR',
        start_url: '/start',
        scope: '/',
        display: 'standalone',
        background_color: '#fafaf9',
        theme_color: '#b45309',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-512-maskable.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        share_target: {
          action: '/share',
          method: 'GET',
          params: { title: 'title', text: 'text', url: 'url' },
        },
        protocol_handlers: [{ protocol: 'web+candeia', url: '/protocol?url=%s' }],
        file_handlers: [{ action: '/open-file', accept: { 'text/plain': ['.txt'] } }],
      },
      workbox: {
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        // A page opened before the worker was installed is taken over at once, so a chapter read on
        // the very first visit is kept for offline reading too. Updates still wait for 'Atualizar
        // Agora' (no skipWaiting), so the prompt flow is unchanged.
        clientsClaim: true,
        runtimeCaching: [
          {
            // The sacred texts (catalogue, book lists, chapters) are public content: network first,
            // the last copy when offline. The reader's own data (…/annotations) is never kept.
            urlPattern: ({ url, sameOrigin }) =>
              sameOrigin &&
              /^\/api\/scripture\/(catalogue|texts\/[^/]+\/books(\/[^/]+\/chapters\/\d+)?)$/.test(url.pathname),
            handler: 'NetworkFirst',
            options: {
              cacheName: 'candeia-scripture',
              networkTimeoutSeconds: 6,
              expiration: { maxEntries: 500, maxAgeSeconds: 90 * 24 * 60 * 60 },
              cacheableResponse: { statuses: [200] },
            },
          },
          {
            // The session check, so signed-in screens (the reader) open offline. Forgotten as soon
            // as the server says the session is over (401) and at sign-out (below).
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname === '/api/auth/session',
            handler: 'NetworkFirst',
            options: {
              cacheName: 'candeia-session',
              networkTimeoutSeconds: 6,
              cacheableResponse: { statuses: [200] },
              plugins: [
                {
                  fetchDidSucceed: async ({ response }) => {
                    if (response.status === 401) await caches.delete('candeia-session');
                    return response;
                  },
                },
              ],
            },
          },
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname === '/api/auth/logout',
            method: 'POST',
            handler: 'NetworkOnly',
            options: {
              plugins: [
                {
                  requestWillFetch: async ({ request }) => {
                    await caches.delete('candeia-session');
                    return request;
                  },
                },
              ],
            },
          },
        ],
      },
    }),
  ],
  server: {
    port: 3000,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    target: 'es2022',
    manifest: true,
    // Every browser that runs this app supports <link rel=modulepreload>.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // Everything the first page needs in one chunk: fewer requests and less per-chunk overhead.
      output: { codeSplitting: { groups: [{ name: 'shell', tags: ['$initial'] }] } },
    },
    sourcemap: false,
  },
});
