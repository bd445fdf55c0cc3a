import { test as base, expect, type Locator, type Page } from '@playwright/test';
import pg from 'pg';
import { SESSION_COOKIE } from '@candeia/shared/constants';
import { createDatabase, type Db } from '../../apps/server/src/db/client.ts';
import {
  ACCOUNT_PASSWORD,
  createAccount,
  createSession,
  grantCredits as grantThroughService,
  setCredits as setThroughService,
} from '../../apps/server/test/support/accounts.ts';

const PG_PORT = Number(process.env.E2E_PG_PORT ?? 54329);
/** The embedded database of the server under test (fixed port in playwright.config.ts). */
export const E2E_DATABASE_URL = `postgres://candeia:candeia-local@127.0.0.1:${PG_PORT}/candeia`;

export const PASSWORD = ACCOUNT_PASSWORD;

export async function withDb<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: E2E_DATABASE_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** The server's own services on the e2e database (one short-lived pool per call). */
export async function withServices<T>(fn: (db: Db) => Promise<T>): Promise<T> {
  const database = createDatabase(E2E_DATABASE_URL, 2);
  try {
    return await fn(database.db);
  } finally {
    await database.close();
  }
}

export interface E2EUser {
  id: string;
  email: string;
  firstName: string;
  password: string;
}

/**
 * Creates a user (trialing, e-mail verified unless `verified: false`) with the server's own
 * services (apps/server/test/support/accounts.ts). No credits unless `credits` says how many:
 * the trial's are spent, so a test's balance is only what it gives.
 */
export async function createUser(
  opts: {
    role?: 'user' | 'admin';
    firstName?: string;
    status?: string | null;
    verified?: boolean;
    credits?: number;
  } = {},
): Promise<E2EUser> {
  const account = await withServices((db) =>
    createAccount(db, { ...opts, credits: opts.status === null ? undefined : (opts.credits ?? 0) }),
  );
  return { id: account.id, email: account.email, firstName: account.firstName, password: account.password };
}

/** Adds credits through the credits service (an administrator's grant); returns the balance. */
export function grantCredits(userId: string, amount: number): Promise<number> {
  return withServices((db) => grantThroughService(db, userId, amount));
}

/** Sets the balance to exactly `amount` through the credits service; returns it. */
export function setCredits(userId: string, amount: number): Promise<number> {
  return withServices((db) => setThroughService(db, userId, amount));
}

/** The path of the newest verification link mailed to an address (read from the outbox: no SMTP in e2e). */
export async function verificationLinkOf(email: string): Promise<string> {
  const text = await withDb(async (c) => {
    const { rows } = await c.query<{ text: string }>(
      `SELECT text FROM mail_outbox WHERE "to" = $1 AND kind = 'email_verification' ORDER BY created_at DESC LIMIT 1`,
      [email],
    );
    return rows[0]?.text ?? '';
  });
  const m = /https?:\/\/[^/\s]+(\/verify-email\?token=[A-Za-z0-9_-]+)/.exec(text);
  if (!m) throw new Error(`no verification link mailed to ${email}`);
  return m[1]!;
}

/** Signs a user in with a session made as sign-in makes it, and its cookie (no UI round trip). */
export async function loginAs(page: Page, user: E2EUser) {
  const { token } = await withServices((db) => createSession(db, user.id));
  await page.context().addCookies([
    {
      name: SESSION_COOKIE,
      value: token,
      domain: 'localhost',
      path: '/',
      httpOnly: true,
      sameSite: 'Lax',
      secure: false,
    },
  ]);
}

export const test = base.extend<{ login: (opts?: Parameters<typeof createUser>[0]) => Promise<E2EUser> }>({
  login: async ({ page }, use) => {
    await use(async (opts) => {
      const user = await createUser(opts);
      await loginAs(page, user);
      return user;
    });
  },
});

/**
 * Opens the header's menu that holds the member's own controls (on a phone the menu, on a wide
 * screen the account menu) when `target` is not on view, then acts on it; again if the menu
 * closed meanwhile (a page that changes its address as it loads closes it).
 */
async function inAccountMenu(page: Page, target: Locator, act: (l: Locator) => Promise<void>) {
  const header = page.getByRole('banner');
  const phoneMenu = header.getByRole('button', { name: 'Abrir menu' });
  await expect(async () => {
    if (!(await target.isVisible())) {
      if (await phoneMenu.isVisible()) await phoneMenu.click();
      else await header.getByRole('button', { name: /Menu da conta|Account menu|Menú de la cuenta/ }).click();
    }
    await act(target);
  }).toPass({ timeout: 20_000 });
}

/** Signs out from the header as a person would (the phone's menu, or the account menu). */
export async function signOut(page: Page) {
  const button = page.getByRole('banner').getByRole('button', { name: /^(Sair|Sign out|Cerrar sesión)$/ });
  await inAccountMenu(page, button.filter({ visible: true }), (l) => l.click({ timeout: 2000 }));
}

/** Chooses the language in the header, signed in (from the account menu) or out. */
export async function chooseLanguage(page: Page, label: string, locale: string) {
  const select = page.getByRole('banner').getByLabel(label).filter({ visible: true });
  await inAccountMenu(page, select, (l) => l.selectOption(locale, { timeout: 2000 }).then(() => undefined));
}

export { expect };
