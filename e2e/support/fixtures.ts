import { createHash, randomBytes } from 'node:crypto';
import { test as base, expect, type Page } from '@playwright/test';
import { hash } from '@node-rs/argon2';
import pg from 'pg';

const PG_PORT = Number(process.env.E2E_PG_PORT ?? 54329);
/** The embedded database of the server under test (fixed port in playwright.config.ts). */
export const E2E_DATABASE_URL = `postgres://candeia:candeia-local@127.0.0.1:${PG_PORT}/candeia`;

export const PASSWORD = 'Caminho@Luz2026';

export async function withDb<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: E2E_DATABASE_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

export interface E2EUser {
  id: string;
  email: string;
  firstName: string;
  password: string;
}

/**
 * Creates a user (trialing, e-mail verified unless `verified: false`) and, when asked, a live
 * session, straight in the database.
 */
export async function createUser(
  opts: { role?: 'user' | 'admin'; firstName?: string; status?: string | null; verified?: boolean } = {},
) {
  const email = `e2e.${randomBytes(5).toString('hex')}@example.com`;
  const firstName = opts.firstName ?? 'Clara';
  const passwordHash = await hash(PASSWORD, { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 });
  return withDb(async (c) => {
    const ref = `REF-${randomBytes(4).toString('hex').toUpperCase()}`;
    const { rows } = await c.query<{ id: string }>(
      `INSERT INTO users (email, password_hash, first_name, last_name, phone, country, birth_date, gender, locale, role, referral_code, email_verified_at)
       VALUES ($1, $2, $3, 'Teste', '+55 11 90000-0000', 'Brasil', '1990-01-01', 'female', 'pt-BR', $4, $5, $6) RETURNING id`,
      [email, passwordHash, firstName, opts.role ?? 'user', ref, opts.verified === false ? null : new Date()],
    );
    const id = rows[0]!.id;
    await c.query(`INSERT INTO profiles (id, username, email) VALUES ($1, $2, $3)`, [id, email.split('@')[0], email]);
    if (opts.status !== null) {
      await c.query(
        `INSERT INTO user_subscriptions (user_id, plan_id, status, is_trial, trial_end_date, expires_at)
         VALUES ($1, (SELECT id FROM subscription_plans WHERE slug = 'free'), $2, $3, now() + interval '30 days', now() + interval '30 days')`,
        [id, opts.status ?? 'trialing', (opts.status ?? 'trialing') === 'trialing'],
      );
    }
    return { id, email, firstName, password: PASSWORD } satisfies E2EUser;
  });
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

/** Signs a user in by writing a session row and setting its cookie (no UI round trip). */
export async function loginAs(page: Page, user: E2EUser) {
  const token = randomBytes(32).toString('base64url');
  const tokenHash = createHash('sha256').update(token).digest('hex');
  await withDb((c) =>
    c.query(
      `INSERT INTO sessions (user_id, token_hash, created_at, last_seen_at, expires_at, ip)
       VALUES ($1, $2, now(), now(), now() + interval '12 hours', '127.0.0.1')`,
      [user.id, tokenHash],
    ),
  );
  await page.context().addCookies([
    {
      name: 'candeia_session',
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

export { expect };
