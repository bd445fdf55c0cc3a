import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE_MS } from '@candeia/shared/constants';
import { freePort } from '../src/db/embedded.ts';
import { MAIL_MAX_ATTEMPTS, REDACTED, mailHtml } from '../src/modules/mail/service.ts';
import { createTestApp, sessionCookie, type TestApp } from './support/app.ts';
import { startFakeSmtp, type FakeSmtp } from './support/fake-smtp.ts';
import {
  confirmEmail,
  confirmReset,
  insertUser,
  login,
  mailsTo,
  resetTokenFrom,
  verificationTokenFrom,
  type MailRow,
} from './support/factories.ts';

/** Undoes quoted-printable (soft line breaks and =XX bytes) of a UTF-8 body. */
function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The text/plain and text/html parts of a received multipart message, decoded. */
function parts(data: string): { text: string; html: string } {
  const boundary = /boundary="?([^"\r\n;]+)"?/.exec(data)?.[1];
  if (!boundary) throw new Error(`not multipart: ${data.slice(0, 300)}`);
  const found = { text: '', html: '' };
  for (const part of data.split(`--${boundary}`)) {
    const [head = '', ...rest] = part.split('\r\n\r\n');
    const body = rest.join('\r\n\r\n');
    const decoded = /quoted-printable/i.test(head) ? decodeQuotedPrintable(body) : body;
    if (/Content-Type: text\/plain/i.test(head)) found.text = decoded;
    if (/Content-Type: text\/html/i.test(head)) found.html = decoded;
  }
  return found;
}

const askReset = (t: TestApp, email: string) =>
  t.request({ method: 'POST', url: '/api/auth/password-reset/request', payload: { email } });

async function outboxRow(t: TestApp, to: string, kind: string): Promise<MailRow> {
  const rows = await mailsTo(t, to, kind);
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

describe('e-mail through SMTP when SMTP_URL is set', () => {
  let smtp: FakeSmtp;
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof insertUser>>;
  beforeAll(async () => {
    smtp = await startFakeSmtp();
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true` });
    admin = await insertUser(t, { role: 'admin' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('the delivered reset mail has the live link in text and HTML; the outbox copy has a placeholder', async () => {
    const u = await insertUser(t);
    expect((await askReset(t, u.email)).statusCode).toBe(200);
    await t.app.deps.mailer.drain();
    const mail = smtp.received.find(
      (m) => m.to.some((r) => r.includes(u.email)) && decodeQuotedPrintable(m.data).includes('/reset-password'),
    );
    expect(mail).toBeDefined();
    const { text, html } = parts(mail!.data);
    expect(text).toContain('Olá, Maria!');
    const token = resetTokenFrom(text);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(html).toContain(`<a href="${t.config.APP_URL}/reset-password?token=${token}">`);
    expect(html).toContain('<html lang="pt-BR">');

    const row = await outboxRow(t, u.email, 'password_reset');
    expect(row).toMatchObject({ status: 'sent', attempts: 1, error: null, pending_text: null, pending_html: null });
    expect(row.sent_at).toBeInstanceOf(Date);
    for (const copy of [row.text, row.html!]) {
      expect(copy).not.toContain(token);
      expect(copy).toContain(`/reset-password?token=${REDACTED}`);
    }
    // Nothing in the whole database holds the live token any more.
    const dump = await t.query<{ j: string }>('SELECT row_to_json(m)::text AS j FROM mail_outbox m');
    expect(dump.map((d) => d.j).join('\n')).not.toContain(token);

    // The administrator reads the outbox: the copy without the token, and that SMTP is the mode.
    const list = await t.request({ url: '/api/admin/outbox', cookie: admin.cookie });
    expect(list.statusCode).toBe(200);
    expect(list.json().delivery).toBe('smtp');
    expect(list.body).not.toContain(token);
    const listed = list.json().items as Array<{ to: string; kind: string }>;
    expect(listed.find((m) => m.to === u.email && m.kind === 'password_reset')).toMatchObject({
      status: 'sent',
      attempts: 1,
    });

    // The delivered link is the live one.
    expect((await confirmReset(t, token)).statusCode).toBe(200);
  });

  it('the verification link of a sign-up is delivered live and kept redacted', async () => {
    const u = await insertUser(t, { locale: 'es-ES' });
    await t.app.deps.mailer.drain();
    const mail = smtp.received.find((m) => m.to.some((r) => r.includes(u.email)));
    const { text, html } = parts(mail!.data);
    expect(text).toContain('¡Hola, Maria!');
    const token = verificationTokenFrom(text);
    expect(html).toContain(`href="${t.config.APP_URL}/verify-email?token=${token}"`);
    const row = await outboxRow(t, u.email, 'email_verification');
    expect(row.status).toBe('sent');
    expect(`${row.text}${row.html}`).not.toContain(token);
    expect(row.text).toContain(`/verify-email?token=${REDACTED}`);
    expect((await confirmEmail(t, token)).statusCode).toBe(200);
  });

  it('a reset request answers before the SMTP server has accepted the mail (the request never waits for it)', async () => {
    const u = await insertUser(t);
    await t.app.deps.mailer.drain();
    smtp.hold();
    try {
      const known = await askReset(t, u.email);
      const unknown = await askReset(t, 'ninguem.aqui@example.com');
      expect(known.statusCode).toBe(200);
      expect(known.body).toBe(unknown.body);
      // Answered while the SMTP server still sits on the message.
      await expect.poll(() => smtp.waiting()).toBe(1);
      const row = await outboxRow(t, u.email, 'password_reset');
      expect(row.status).toBe('sending');
      // Even while waiting, the row the admin reads has no live token.
      expect(row.pending_text).toContain('/reset-password?token=');
      expect(row.text).not.toContain(resetTokenFrom(row.pending_text!));
    } finally {
      smtp.release();
    }
    await t.app.deps.mailer.drain();
    expect((await outboxRow(t, u.email, 'password_reset')).status).toBe('sent');
  });

  it('a refused mail stays queued with its attempts and error, is retried with a growing delay, then sent', async () => {
    const u = await insertUser(t);
    await t.app.deps.mailer.drain();
    smtp.refuse(2);
    expect((await askReset(t, u.email)).statusCode).toBe(200);
    await t.app.deps.mailer.drain();
    let row = await outboxRow(t, u.email, 'password_reset');
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    expect(row.error).toMatch(/451/);
    expect(row.pending_text).toContain('/reset-password?token=');

    // Not due yet: nothing is sent.
    await t.app.deps.mailer.retryDue();
    expect((await outboxRow(t, u.email, 'password_reset')).attempts).toBe(1);
    t.clock.advance(MINUTE_MS);
    await t.app.deps.mailer.retryDue();
    row = await outboxRow(t, u.email, 'password_reset');
    expect(row).toMatchObject({ status: 'queued', attempts: 2 });
    // The second delay is twice the first.
    t.clock.advance(MINUTE_MS);
    await t.app.deps.mailer.retryDue();
    expect((await outboxRow(t, u.email, 'password_reset')).attempts).toBe(2);
    t.clock.advance(MINUTE_MS);
    await t.app.deps.mailer.retryDue();
    row = await outboxRow(t, u.email, 'password_reset');
    expect(row).toMatchObject({ status: 'sent', attempts: 3, error: null, pending_text: null });
    const delivered = smtp.received.filter(
      (m) => m.to.some((r) => r.includes(u.email)) && decodeQuotedPrintable(m.data).includes('/reset-password'),
    );
    expect(delivered).toHaveLength(1);
  });

  it(`after ${MAIL_MAX_ATTEMPTS} refusals the mail is marked failed and kept, without its token for the admin`, async () => {
    const u = await insertUser(t);
    await t.app.deps.mailer.drain();
    smtp.refuse(MAIL_MAX_ATTEMPTS);
    await askReset(t, u.email);
    await t.app.deps.mailer.drain();
    for (let i = 1; i < MAIL_MAX_ATTEMPTS; i++) {
      t.clock.advance(2 ** (i - 1) * MINUTE_MS);
      await t.app.deps.mailer.retryDue();
    }
    const row = await outboxRow(t, u.email, 'password_reset');
    expect(row).toMatchObject({ status: 'failed', attempts: MAIL_MAX_ATTEMPTS });
    expect(row.error).toMatch(/451/);
    t.clock.advance(60 * MINUTE_MS);
    await t.app.deps.mailer.retryDue();
    expect((await outboxRow(t, u.email, 'password_reset')).attempts).toBe(MAIL_MAX_ATTEMPTS);
    const token = resetTokenFrom(row.pending_text!);
    // (The clock moved past the idle limit: the admin signs in again.)
    const cookie = sessionCookie(await login(t, admin.email, admin.password));
    const list = await t.request({ url: '/api/admin/outbox?pageSize=200', cookie });
    const listed = list.json().items as Array<{ to: string; kind: string }>;
    expect(listed.find((m) => m.to === u.email && m.kind === 'password_reset')).toMatchObject({
      status: 'failed',
      attempts: MAIL_MAX_ATTEMPTS,
    });
    expect(list.body).not.toContain(token);
  });

  it('the contact box reaches the support address with the sender as Reply-To', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Joana', email: 'joana@example.com', message: 'Gostaria de saber mais <sobre> as consultas.' },
    });
    expect(res.statusCode).toBe(202);
    await t.app.deps.mailer.drain();
    const mail = smtp.received.find((m) => decodeQuotedPrintable(m.data).includes('Gostaria de saber mais'));
    expect(mail?.to.join()).toContain(t.config.CONTACT_EMAIL);
    expect(mail?.data).toMatch(/Reply-To: joana@example\.com/i);
    // What a visitor typed is text in the HTML part, never markup.
    expect(parts(mail!.data).html).toContain('Gostaria de saber mais &lt;sobre&gt; as consultas.');
  });
});

describe('without a reachable SMTP server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${await freePort()}?ignoreTLS=true` });
  });
  afterAll(async () => t.close());

  it('keeps the message queued in the outbox with the error, and the request still succeeds', async () => {
    const u = await insertUser(t);
    const res = await askReset(t, u.email);
    expect(res.statusCode).toBe(200);
    await t.app.deps.mailer.drain();
    const row = await outboxRow(t, u.email, 'password_reset');
    expect(row).toMatchObject({ status: 'queued', attempts: 1, sent_at: null });
    expect(row.error).toBeTruthy();
  });
});

describe('without SMTP the outbox is the mailbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('keeps the live link readable for the admin, and says which mode is active', async () => {
    const admin = await insertUser(t, { role: 'admin' });
    const u = await insertUser(t);
    await askReset(t, u.email);
    const row = await outboxRow(t, u.email, 'password_reset');
    expect(row).toMatchObject({ status: 'outbox', attempts: 0, pending_text: null });
    const token = resetTokenFrom(row.text);
    expect(row.html).toContain(`/reset-password?token=${token}`);
    const list = await t.request({ url: '/api/admin/outbox', cookie: admin.cookie });
    expect(list.json().delivery).toBe('outbox');
    expect(list.body).toContain(`/reset-password?token=${token}`);
    expect((await confirmReset(t, token)).statusCode).toBe(200);
  });
});

describe('the HTML part', () => {
  it('escapes the text, keeps paragraphs and line breaks, and links web addresses', () => {
    const html = mailHtml('Assunto <b>', 'Olá, "Ana" & <João>!\n\nLink:\nhttps://x.example/a?b=1&c=2\n\nFim', 'es-ES');
    expect(html).toContain('<html lang="es-ES">');
    expect(html).toContain('<title>Assunto &lt;b&gt;</title>');
    expect(html).toContain('Olá, &quot;Ana&quot; &amp; &lt;João&gt;!');
    expect(html).toContain('Link:<br><a href="https://x.example/a?b=1&amp;c=2">https://x.example/a?b=1&amp;c=2</a>');
    expect(html.match(/<p /g)).toHaveLength(3);
    expect(html).not.toContain('<João>');
  });
});
