import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxPage } from '@candeia/shared/schemas/admin';
import { freePort } from '../src/db/embedded.ts';
import { startJobs } from '../src/jobs/index.ts';
import { MAIL_LOST_ATTEMPT, REDACTED, mailHtml, redactError } from '../src/modules/mail/service.ts';
import { createTestApp, quietLog, sessionCookie, startTestQueue, type TestApp } from './support/app.ts';
import { startFakeSmtp, type FakeSmtp } from './support/fake-smtp.ts';
import {
  confirmEmail,
  confirmReset,
  insertUser,
  login,
  mailsTo,
  resetTokenFrom,
  uniqueIp,
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

/** Mails received by the SMTP server for an address whose body contains `marker`. */
const receivedFor = (smtp: FakeSmtp, to: string, marker: string) =>
  smtp.received.filter((m) => m.to.some((r) => r.includes(to)) && decodeQuotedPrintable(m.data).includes(marker));

/** The mail-send job of a mail (the job's id is the mail's), as pg-boss keeps it. */
async function jobOf(t: TestApp, mailId: string) {
  const rows = await t.query<{ state: string; retry_count: number; retry_limit: number; retry_backoff: boolean }>(
    `SELECT state, retry_count, retry_limit, retry_backoff FROM pgboss.job WHERE name = 'mail-send' AND id = $1`,
    [mailId],
  );
  return rows[0] ?? null;
}

/** Retries are real time (pg-boss): waits for a condition, waking the workers meanwhile. */
async function eventually(t: TestApp, check: () => Promise<boolean>, timeout = 25_000): Promise<void> {
  await expect
    .poll(
      async () => {
        t.jobs.wake('mail-send');
        return check();
      },
      { timeout, interval: 200 },
    )
    .toBe(true);
}

describe('e-mail through SMTP when SMTP_URL is set', () => {
  let smtp: FakeSmtp;
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof insertUser>>;
  beforeAll(async () => {
    smtp = await startFakeSmtp();
    t = await createTestApp({
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`,
      MAIL_RETRY_SECONDS: '1',
    });
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
    // It went through the job queue: one job, with the mail's id, done on its first attempt.
    expect(await jobOf(t, row.id)).toMatchObject({ state: 'completed', retry_count: 0, retry_backoff: true });
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

  it('a refused mail goes back to the queue with its attempts and error, is retried later, then sent once', async () => {
    const u = await insertUser(t);
    await t.app.deps.mailer.drain();
    smtp.refuse(2);
    expect((await askReset(t, u.email)).statusCode).toBe(200);
    await t.app.deps.mailer.drain();
    const row = await outboxRow(t, u.email, 'password_reset');
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    expect(row.error).toMatch(/451/);
    expect(row.pending_text).toContain('/reset-password?token=');
    // The retry waits (back-off): the admin sees when it is due.
    const list = await t.request({ url: '/api/admin/outbox?pageSize=200', cookie: admin.cookie });
    const listed = (list.json() as OutboxPage).items.find((m) => m.id === row.id)!;
    expect(listed).toMatchObject({ status: 'queued', attempts: 1 });
    expect(Date.parse(listed.nextAttemptAt!)).toBeGreaterThan(Date.now());
    expect((await jobOf(t, row.id))?.state).toBe('retry');

    await eventually(t, async () => (await outboxRow(t, u.email, 'password_reset')).status === 'sent');
    expect(await outboxRow(t, u.email, 'password_reset')).toMatchObject({
      status: 'sent',
      attempts: 3,
      error: null,
      pending_text: null,
    });
    expect(receivedFor(smtp, u.email, '/reset-password')).toHaveLength(1);
    expect((await jobOf(t, row.id))?.state).toBe('completed');
  });

  it('a mail already sent is never sent again, even if its job runs twice', async () => {
    const u = await insertUser(t);
    await t.app.deps.mailer.drain();
    const row = (await mailsTo(t, u.email, 'email_verification'))[0]!;
    expect(row.status).toBe('sent');
    await t.app.deps.mailer.deliver(row.id, { id: row.id, attempt: 2, lastAttempt: false });
    expect(smtp.received.filter((m) => m.to.some((r) => r.includes(u.email)))).toHaveLength(1);
    expect((await outboxRow(t, u.email, 'email_verification')).attempts).toBe(1);
  });

  it('queued mail without a job (written before the job queue) is given one and sent', async () => {
    const [legacy] = await t.query<{ id: string }>(
      `INSERT INTO mail_outbox ("to", subject, text, kind, status, created_at)
       VALUES ('antiga@example.com', 'Antiga', 'Uma mensagem antiga', 'contact', 'queued', now()) RETURNING id`,
    );
    expect(await jobOf(t, legacy!.id)).toBeNull();
    expect(await t.app.deps.mailer.requeueWithoutJob()).toBe(1);
    // A mail that has its job keeps it: asking again adds nothing.
    expect(await t.app.deps.mailer.requeueWithoutJob()).toBe(0);
    await t.app.deps.mailer.drain();
    expect(await outboxRow(t, 'antiga@example.com', 'contact')).toMatchObject({ status: 'sent', attempts: 1 });
    expect(receivedFor(smtp, 'antiga@example.com', 'Uma mensagem antiga')).toHaveLength(1);
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

describe('an SMTP server that is down, then up', () => {
  let port: number;
  let smtp: FakeSmtp | null = null;
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof insertUser>>;
  beforeAll(async () => {
    port = await freePort();
    t = await createTestApp({
      SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
      MAIL_RETRY_SECONDS: '1',
    });
    admin = await insertUser(t, { role: 'admin' });
  });
  afterAll(async () => {
    await t.close();
    await smtp?.close();
  });

  it('loses no mail: every one is retried with back-off and delivered exactly once, by either of two workers', async () => {
    // A second process's queue on the same database, working on the same jobs.
    const other = await startTestQueue(t.databaseUrl);
    try {
      await startJobs(other, t.app.deps, quietLog as never);
      const people = ['ana', 'bento', 'clara', 'davi', 'elisa'].map((n) => `${n}.${port}@example.com`);
      for (const email of people) {
        const res = await t.request({
          method: 'POST',
          url: '/api/contact',
          remoteAddress: uniqueIp(),
          payload: { name: 'Pessoa', email, message: `Mensagem de ${email} para o suporte.` },
        });
        expect(res.statusCode).toBe(202);
      }
      const mine = async () =>
        (await t.query<MailRow & { reply_to: string }>(`SELECT * FROM mail_outbox WHERE kind = 'contact'`)).filter(
          (m) => people.includes(m.reply_to),
        );
      // The server refuses connections: each mail failed its first attempt and waits, queued.
      await t.app.deps.mailer.drain();
      let rows = await mine();
      expect(rows).toHaveLength(people.length);
      for (const row of rows) {
        // On a busy machine the back-off's second attempt may already have come.
        expect(row).toMatchObject({ sent_at: null });
        expect(['queued', 'sending']).toContain(row.status);
        expect(row.attempts).toBeGreaterThanOrEqual(1);
        expect(row.error).toMatch(/ECONNREFUSED|connect/i);
      }
      // A second failed attempt each, later (back-off).
      await eventually(t, async () => (await mine()).every((m) => m.attempts >= 2));
      expect((await mine()).every((m) => m.status === 'queued' || m.status === 'sending')).toBe(true);

      // The administrator sees them queued, with their attempts and the last error.
      const during = (
        await t.request({ url: '/api/admin/outbox?pageSize=200', cookie: admin.cookie })
      ).json() as OutboxPage;
      expect(during.counts.queued + during.counts.sending).toBeGreaterThanOrEqual(people.length);
      const listed = during.items.filter((m) => rows.some((r) => r.id === m.id));
      expect(listed).toHaveLength(people.length);
      for (const m of listed) {
        expect(m.attempts).toBeGreaterThanOrEqual(2);
        expect(m.error).toBeTruthy();
      }

      // The server comes up on the same port: every mail goes out, once.
      smtp = await startFakeSmtp(port);
      await eventually(t, async () => (await mine()).every((m) => m.status === 'sent'), 40_000);
      rows = await mine();
      for (const row of rows) {
        expect(row).toMatchObject({ status: 'sent', error: null });
        expect(row.attempts).toBeGreaterThanOrEqual(3);
      }
      // Nothing more arrives later: no job is left to run again.
      await new Promise((r) => setTimeout(r, 1500));
      for (const email of people)
        expect(receivedFor(smtp, t.config.CONTACT_EMAIL, `Mensagem de ${email}`)).toHaveLength(1);
      const after = (
        await t.request({ url: '/api/admin/outbox?pageSize=200', cookie: admin.cookie })
      ).json() as OutboxPage;
      for (const m of after.items.filter((i) => rows.some((r) => r.id === i.id))) {
        expect(m).toMatchObject({ status: 'sent', nextAttemptAt: null });
        expect(m.attempts).toBeGreaterThanOrEqual(3);
      }
      const states = await t.query<{ state: string }>(
        `SELECT state FROM pgboss.job WHERE name = 'mail-send' AND id = ANY($1::uuid[])`,
        [rows.map((r) => r.id)],
      );
      expect(states.map((s) => s.state)).toEqual(rows.map(() => 'completed'));
    } finally {
      await other.stop(2000);
    }
  });
});

describe('a mail refused every time', () => {
  let smtp: FakeSmtp;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startFakeSmtp();
    t = await createTestApp({
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`,
      MAIL_RETRY_SECONDS: '1',
      MAIL_RETRY_LIMIT: '1',
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('is marked failed after its last retry and kept, without its token for the admin', async () => {
    const admin = await insertUser(t, { role: 'admin' });
    const u = await insertUser(t);
    await t.app.deps.mailer.drain();
    smtp.refuse(2);
    await askReset(t, u.email);
    await eventually(t, async () => (await outboxRow(t, u.email, 'password_reset')).status === 'failed');
    const row = await outboxRow(t, u.email, 'password_reset');
    expect(row).toMatchObject({ status: 'failed', attempts: 2 });
    expect(row.error).toMatch(/451/);
    expect(receivedFor(smtp, u.email, '/reset-password')).toHaveLength(0);
    expect((await jobOf(t, row.id))?.state).toBe('failed');
    // The dead letter (mail-failed) ran too, and left the failed mail as it was.
    await t.jobs.settle('mail-failed');
    expect(await outboxRow(t, u.email, 'password_reset')).toMatchObject({ status: 'failed', error: row.error });
    const token = resetTokenFrom(row.pending_text!);
    const cookie = sessionCookie(await login(t, admin.email, admin.password));
    const list = await t.request({ url: '/api/admin/outbox?pageSize=200', cookie });
    expect((list.json() as OutboxPage).items.find((m) => m.id === row.id)).toMatchObject({
      status: 'failed',
      attempts: 2,
      nextAttemptAt: null,
    });
    expect((list.json() as OutboxPage).counts.failed).toBe(1);
    expect(list.body).not.toContain(token);
  });

  it('whose attempt never finished (its process stopped) is marked failed by the dead letter', async () => {
    const u = await insertUser(t);
    await t.app.deps.mailer.drain();
    const row = (await mailsTo(t, u.email, 'email_verification'))[0]!;
    // As a worker that died while sending leaves it.
    await t.query(`UPDATE mail_outbox SET status = 'sending', sent_at = NULL WHERE id = $1`, [row.id]);
    await t.jobs.enqueue('mail-failed', { mailId: row.id });
    await t.jobs.settle('mail-failed');
    expect(await outboxRow(t, u.email, 'email_verification')).toMatchObject({
      status: 'failed',
      error: MAIL_LOST_ATTEMPT,
    });
  });
});

describe('delivery errors as the outbox keeps them', () => {
  it('carry no link token and no SMTP password', () => {
    const err = new Error(
      'Message refused: https://x.example/reset-password?token=abcDEF123_-xyz&lang=pt and auth s3cr%40t / s3cr@t',
    );
    const kept = redactError(err, 'smtps://user:s3cr%40t@smtp.example.com:465');
    expect(kept).toBe(
      `Message refused: https://x.example/reset-password?token=${REDACTED}&lang=pt and auth ${REDACTED} / ${REDACTED}`,
    );
    expect(redactError('x'.repeat(900))).toHaveLength(500);
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
    expect((list.json() as OutboxPage).counts).toMatchObject({ outbox: 3, queued: 0, sent: 0 });
    // No job: the outbox is the mailbox.
    expect(await t.query(`SELECT id FROM pgboss.job WHERE name = 'mail-send'`)).toEqual([]);
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
