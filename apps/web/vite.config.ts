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
