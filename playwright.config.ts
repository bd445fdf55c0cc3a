import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import {
  E2E_FORM_POST_PORT,
  E2E_OIDC_CLIENT_ID,
  E2E_OIDC_CLIENT_SECRET,
  E2E_OIDC_ISSUER,
  E2E_OIDC_NAME,
  E2E_OIDC_PORT,
} from './e2e/support/oidc.ts';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_PG_PORT = Number(process.env.E2E_PG_PORT ?? 54329);
/** The push service on this machine that e2e/notification-push.spec.ts starts (the server may post only there). */
export const E2E_PUSH_PORT = Number(process.env.E2E_PUSH_PORT ?? E2E_PORT + 7);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'candeia-e2e-'));
process.env.E2E_DATA_DIR = dataDir;

const desktop = { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, channel: undefined };
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Files that change what every member sees (the moderation settings: held words, first posts held
 * for review). They take the lock COMMUNITY_SETTINGS_LOCK (e2e/support/community.ts), as do the
 * files whose new members post (a first post would be held meanwhile), so no two of them run at
 * once; every other file runs beside them. Their projects come first, so the locked files start
 * at once, one after the other, while the other worker goes through the rest; the run does not
 * end on them with a worker idle. E2E_WORKERS workers (2), a file per worker, one server.
 */
const sharedSettings = /community-(moderation|screens)\.spec\.ts/;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 2 : 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    // Recording a trace costs about a third of a test's time on two cores, and CI retries every
    // failure: there the retries are traced, not every first attempt. Locally (no retries) a
    // failure keeps the trace of its one run.
    trace: process.env.CI ? 'on-all-retries' : 'retain-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
  },
  projects: [
    { name: 'desktop-settings', use: desktop, testMatch: sharedSettings },
    { name: 'phone-settings', use: phone, testMatch: /community-screens\.spec\.ts/ },
    { name: 'desktop', use: desktop, testIgnore: sharedSettings },
    { name: 'phone', use: phone, testMatch: /screens\.spec\.ts/, testIgnore: sharedSettings },
  ],
  webServer: [
    {
      command: 'node scripts/start.mjs',
      url: `http://localhost:${E2E_PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'pipe',
      env: {
        PORT: String(E2E_PORT),
        HOST: '127.0.0.1',
        APP_URL: `http://localhost:${E2E_PORT}`,
        DATA_DIR: dataDir,
        EMBEDDED_PG_PORT: String(E2E_PG_PORT),
        SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
        SKIP_WEB_BUILD: process.env.SKIP_WEB_BUILD ?? '0',
        DATABASE_URL: '',
        // The built-in guide writes 3 words per piece; slower than its default 20 ms, an answer is
        // on screen long enough to stop it or reload in the middle of it (e2e/chat.spec.ts) on a busy
        // machine.
        AI_STREAM_PACE_MS: '100',
        // Push messages go to the test's own push service (its certificate is a test one).
        PUSH_SERVICE_HOSTS: `127.0.0.1:${E2E_PUSH_PORT}`,
        PUSH_CA_FILE: 'apps/server/test/support/push-tls/cert.pem',
        // Social sign-in through the run's own OpenID Connect provider (e2e/support/oidc-server.ts).
        OIDC_ISSUER: E2E_OIDC_ISSUER,
        OIDC_CLIENT_ID: E2E_OIDC_CLIENT_ID,
        OIDC_CLIENT_SECRET: E2E_OIDC_CLIENT_SECRET,
        OIDC_NAME: E2E_OIDC_NAME,
      },
    },
    {
      // The provider social sign-in goes to (e2e/social-sign-in*.spec.ts); every address typed on
      // its page is a verified account.
      command: 'npx tsx e2e/support/oidc-server.ts',
      url: `${E2E_OIDC_ISSUER}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
      env: {
        E2E_PORT: String(E2E_PORT),
        E2E_OIDC_PORT: String(E2E_OIDC_PORT),
        E2E_FORM_POST_PORT: String(E2E_FORM_POST_PORT),
      },
    },
  ],
});
