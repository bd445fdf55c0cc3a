import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { MEDIA_EXTENSIONS, PHOTO_TYPES, VIDEO_TYPES } from '../../packages/shared/src/schemas/media.ts';
import { precompress } from './build/precompress.ts';
import { PRERENDERED_DIR, prerenderLanding } from './build/prerender.ts';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3001';

export default defineConfig({
  plugins: [
    react(),
    precompress({ before: prerenderLanding }),
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
        // Posted to the server, files and all (decision 021): kept for an hour, then claimed.
        share_target: {
          action: '/share',
          method: 'POST',
          enctype: 'multipart/form-data',
          params: {
            title: 'title',
            text: 'text',
            url: 'url',
            files: [{ name: 'media', accept: [...PHOTO_TYPES, ...VIDEO_TYPES, ...MEDIA_EXTENSIONS] }],
          },
        },
        protocol_handlers: [{ protocol: 'web+candeia', url: '/protocol?url=%s' }],
        file_handlers: [{ action: '/open-file', accept: { 'text/plain': ['.txt'] } }],
      },
      workbox: {
        // Push messages and their clicks (public/push-sw.js, decision 027).
        importScripts: ['/push-sw.js'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        // The prerendered landing is the server's to send for `/`; offline, the app shell serves.
        globIgnores: [`${PRERENDERED_DIR}/**`],
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
            // The session check, so signed-in screens (the reader) open offline. What is kept is not
            // the answer, which holds the user's e-mail, phone, address and birth date, but what
            // offline reading needs: signed in until when, the first name and the role (decision
            // 008). It is served only until then; forgotten as soon as the server says the session
            // is over (401) and at sign-out (below). These functions are copied into the worker
            // as written: each stands alone.
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname === '/api/auth/session',
            handler: 'NetworkFirst',
            options: {
              cacheName: 'candeia-session',
              networkTimeoutSeconds: 6,
              plugins: [
                {
                  fetchDidSucceed: async ({ response }) => {
                    if (response.status === 401) await caches.delete('candeia-session');
                    return response;
                  },
                  cacheWillUpdate: async ({ response }) => {
                    if (response.status !== 200) return null;
                    try {
                      const s = await response.clone().json();
                      const record = {
                        offline: true,
                        user: { firstName: String(s.user.firstName ?? ''), role: s.user.role },
                        idleExpiresAt: s.idleExpiresAt,
                        absoluteExpiresAt: s.absoluteExpiresAt,
                      };
                      return new Response(JSON.stringify(record), {
                        status: 200,
                        headers: { 'content-type': 'application/json' },
                      });
                    } catch {
                      return null;
                    }
                  },
                  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
                    if (!cachedResponse) return null;
                    try {
                      const s = await cachedResponse.clone().json();
                      const until = Math.min(Date.parse(s.idleExpiresAt), Date.parse(s.absoluteExpiresAt));
                      if (until > Date.now()) return cachedResponse;
                    } catch {
                      /* not a record of ours */
                    }
                    await caches.delete('candeia-session');
                    return null;
                  },
                },
              ],
            },
          },
          {
            // Activity moves the idle deadline: the kept record follows the refreshed answer.
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname === '/api/auth/session/refresh',
            method: 'POST',
            handler: 'NetworkOnly',
            options: {
              plugins: [
                {
                  fetchDidSucceed: async ({ response }) => {
                    if (response.status === 401) await caches.delete('candeia-session');
                    if (response.status !== 200) return response;
                    try {
                      const s = await response.clone().json();
                      const record = {
                        offline: true,
                        user: { firstName: String(s.user.firstName ?? ''), role: s.user.role },
                        idleExpiresAt: s.idleExpiresAt,
                        absoluteExpiresAt: s.absoluteExpiresAt,
                      };
                      const cache = await caches.open('candeia-session');
                      await cache.put(
                        new URL('/api/auth/session', self.location.origin).href,
                        new Response(JSON.stringify(record), {
                          status: 200,
                          headers: { 'content-type': 'application/json' },
                        }),
                      );
                    } catch {
                      /* the next session check keeps it instead */
                    }
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
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      // The share target's post (the page itself, a GET, stays with Vite).
      '/share': {
        target: apiTarget,
        changeOrigin: false,
        bypass: (req) => (req.method === 'POST' ? undefined : req.url),
      },
    },
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
