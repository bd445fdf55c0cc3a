import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mailOutbox } from '../src/db/schema/index.ts';
import { freePort } from '../src/db/embedded.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { startFakeSmtp } from './support/fake-smtp.ts';
import { insertUser } from './support/factories.ts';

/** Undoes quoted-printable (soft line breaks and =XX bytes) of a UTF-8 body. */
function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

describe('e-mail through SMTP when SMTP_URL is set', () => {
  let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startFakeSmtp();
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true` });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('sends the reset mail to the SMTP server and marks the outbox row sent', async () => {
    const u = await insertUser(t);
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/password-reset/request',
      payload: { email: u.email },
    });
    expect(res.statusCode).toBe(200);
    const mail = smtp.received.find((m) => m.to.some((r) => r.includes(u.email)));
    expect(mail).toBeDefined();
    const body = decodeQuotedPrintable(mail!.data);
    expect(body).toMatch(/\/reset-password\?token=[A-Za-z0-9_-]{43}\b/);
    expect(body).toContain('Olá, Maria!');
    const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, u.email));
    expect(row?.kind).toBe('password_reset');
    expect(row?.sentAt).toBeInstanceOf(Date);
    expect(row?.error).toBeNull();
  });

  it('the contact box reaches the support address with the sender as Reply-To', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Joana', email: 'joana@example.com', message: 'Gostaria de saber mais sobre as consultas.' },
    });
    expect(res.statusCode).toBe(202);
    const mail = smtp.received.find((m) => m.data.includes('Gostaria de saber mais'));
    expect(mail?.to.join()).toContain(t.config.CONTACT_EMAIL);
    expect(mail?.data).toMatch(/Reply-To: joana@example\.com/i);
  });
});

describe('without a reachable SMTP server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${await freePort()}?ignoreTLS=true` });
  });
  afterAll(async () => t.close());

  it('keeps the message in the outbox with the error, and the request still succeeds', async () => {
    const u = await insertUser(t);
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/password-reset/request',
      payload: { email: u.email },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, u.email));
    expect(row?.sentAt).toBeNull();
    expect(row?.error).toBeTruthy();
  });
});
