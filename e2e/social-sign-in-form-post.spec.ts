import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { E2E_DATABASE_URL, expect, test, withDb } from './support/fixtures.ts';
import {
  E2E_FORM_POST_PORT,
  E2E_OIDC_CLIENT_ID,
  E2E_OIDC_CLIENT_SECRET,
  E2E_OIDC_ISSUER,
  E2E_OIDC_NAME,
} from './support/oidc.ts';
import { PROVIDER, providerAddress, signInAtProvider } from './support/social.ts';

/**
 * Apple's way back (decision 032): the provider's page posts the answer to the callback from the
 * provider's own site. That cross-site POST carries no SameSite=Lax cookie, so the server turns it
 * into a GET on its own site, which does. Proved here in Chromium, with the run's provider set to
 * answer so (OIDC_RESPONSE_MODE=form_post) on a second app server over the run's database.
 */
const BASE = `http://localhost:${E2E_FORM_POST_PORT}`;
let server: ChildProcess | undefined;
let dataDir: string | undefined;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = mkdtempSync(join(tmpdir(), 'candeia-e2e-form-post-'));
  server = spawn(process.execPath, ['scripts/start.mjs'], {
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(E2E_FORM_POST_PORT),
      HOST: '127.0.0.1',
      APP_URL: BASE,
      DATA_DIR: dataDir,
      DATABASE_URL: E2E_DATABASE_URL,
      SKIP_WEB_BUILD: '1',
      LOG_LEVEL: 'warn',
      OIDC_ISSUER: E2E_OIDC_ISSUER,
      OIDC_CLIENT_ID: E2E_OIDC_CLIENT_ID,
      OIDC_CLIENT_SECRET: E2E_OIDC_CLIENT_SECRET,
      OIDC_NAME: E2E_OIDC_NAME,
      OIDC_RESPONSE_MODE: 'form_post',
    },
  });
  const exited = new Promise<never>((_, reject) =>
    server!.once('exit', (code) => reject(new Error(`the form_post server exited (${code})`))),
  );
  const healthy = (async () => {
    for (;;) {
      try {
        if ((await fetch(`${BASE}/api/health`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
  await Promise.race([healthy, exited]);
});

test.afterAll(async () => {
  if (server?.pid && server.exitCode === null) {
    const gone = new Promise((r) => server!.once('exit', r));
    process.kill(-server.pid, 'SIGTERM');
    await gone;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test.describe('social sign-in answered by a form POST', () => {
  test('a new member signs up, and signs in again, through the posted answer', async ({ page }) => {
    test.setTimeout(90_000);
    const email = providerAddress('bia', 'lima');
    const callbacks: string[] = [];
    page.on('request', (req) => {
      if (req.url().startsWith(`${BASE}/api/auth/oauth/oidc/callback`)) callbacks.push(req.method());
    });

    await page.goto(`${BASE}/login`);
    await page.getByRole('link', { name: `Entrar com ${PROVIDER}` }).click();
    await signInAtProvider(page, email);

    // The provider's page posted the answer; the server sent it on as a GET, which found this
    // browser's sign-in by its cookie.
    await expect(page).toHaveURL(`${BASE}/signup/social`);
    expect(callbacks).toEqual(['POST', 'GET']);
    await expect(page.getByRole('heading', { name: 'Complete seu cadastro' })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Nome', exact: true })).toHaveValue('Bia');
    await page.getByLabel('País').fill('Brasil');
    await page.getByLabel('Data de nascimento').fill('1988-09-21');
    await page.getByRole('checkbox', { name: /Termos de Uso/ }).check();
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await expect(page).toHaveURL(`${BASE}/start`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Bia');

    const provider = await withDb(async (c) => {
      const { rows } = await c.query<{ provider: string }>(
        `SELECT i.provider FROM users u JOIN user_identities i ON i.user_id = u.id WHERE u.email = $1`,
        [email],
      );
      return rows.map((r) => r.provider);
    });
    expect(provider).toEqual(['oidc']);

    // Without our cookies (the provider still knows this browser), one click: posted again, and in.
    await page.context().clearCookies({ domain: 'localhost' });
    callbacks.length = 0;
    await page.goto(`${BASE}/login`);
    await page.getByRole('link', { name: `Entrar com ${PROVIDER}` }).click();
    await expect(page).toHaveURL(`${BASE}/start`);
    expect(callbacks).toEqual(['POST', 'GET']);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Bia');
  });
});
