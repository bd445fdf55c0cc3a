import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '@candeia/shared/i18n/server';
import type { ContactMessageDto, InboxPageDto } from '@candeia/shared/schemas/contact';
import { createTestApp } from './support/app.ts';
import { insertAccount, mailsTo, uniqueIp, type TestUser } from './support/factories.ts';

/**
 * The contact inbox (decision 028): the footer's form keeps each message (and still mails the
 * support address); the administration lists them newest first with the unread count, opens
 * (read), marks handled or open again, replies by e-mail in the sender's language (queued mail,
 * logged) and deletes.
 */

const t = await createTestApp();
afterAll(async () => t.close());

let admin: TestUser;
let ana: TestUser;
beforeAll(async () => {
  admin = await insertAccount(t, { role: 'admin' });
  ana = await insertAccount(t, { firstName: 'Ana' });
});

const send = (payload: object, opts: { cookie?: string; locale?: string } = {}) => {
  t.clock.advance(1000);
  return t.request({ method: 'POST', url: '/api/contact', payload, remoteAddress: uniqueIp(), ...opts });
};
const inbox = async (q = '') => {
  const res = await t.request({ url: `/api/admin/inbox${q}`, cookie: admin.cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<InboxPageDto>();
};
const adminDo = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.request({
    method,
    url: `/api/admin/inbox${url}`,
    cookie: admin.cookie,
    locale: 'en-US',
    ...(payload ? { payload } : {}),
  });

describe('the contact form keeps each message', () => {
  it('stored with the sender’s language and account (if signed in), and still mailed to the support address', async () => {
    expect(
      (await send({ name: 'Joana', email: 'Joana@Example.com', message: 'Como funcionam as consultas?' })).statusCode,
    ).toBe(202);
    expect(
      (
        await send(
          { name: 'Ana', email: ana.email, message: 'I would like to change my plan.' },
          { cookie: ana.cookie, locale: 'en-US' },
        )
      ).statusCode,
    ).toBe(202);
    const rows = await t.query<{ name: string; email: string; locale: string; user_id: string | null }>(
      'SELECT name, email, locale, user_id FROM contact_messages ORDER BY created_at',
    );
    expect(rows).toEqual([
      { name: 'Joana', email: 'joana@example.com', locale: 'pt-BR', user_id: null },
      { name: 'Ana', email: ana.email, locale: 'en-US', user_id: ana.user.id },
    ]);
    const support = await t.query<{ reply_to: string }>(
      'SELECT reply_to FROM mail_outbox WHERE kind = \'contact\' AND "to" = $1 ORDER BY created_at',
      [t.config.CONTACT_EMAIL],
    );
    expect(support.map((m) => m.reply_to)).toEqual(['joana@example.com', ana.email]);
  });

  it('a bad message keeps nothing', async () => {
    const before = await t.query('SELECT count(*)::int AS n FROM contact_messages');
    expect((await send({ name: 'X', email: 'not-an-address', message: 'Olá' })).statusCode).toBe(400);
    expect((await send({ name: 'X', email: 'x@example.com', message: '   ' })).statusCode).toBe(400);
    expect(await t.query('SELECT count(*)::int AS n FROM contact_messages')).toEqual(before);
  });
});

describe('the inbox', () => {
  it('lists newest first with the unread count; reading it changes nothing', async () => {
    const page = await inbox();
    expect(page.items.map((m) => m.name)).toEqual(['Ana', 'Joana']);
    expect(page).toMatchObject({ total: 2, unread: 2, page: 1 });
    expect(page.items[0]).toMatchObject({ readAt: null, handledAt: null, replies: [], locale: 'en-US' });
    expect((await inbox()).unread).toBe(2);
  });

  it('opening marks read; handled and open again; the filters', async () => {
    const [newest] = (await inbox()).items;
    const opened = await adminDo('POST', `/${newest!.id}/read`);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json<ContactMessageDto>().readAt).not.toBeNull();
    expect((await inbox()).unread).toBe(1);

    const handled = await adminDo('PUT', `/${newest!.id}/handled`, { handled: true });
    expect(handled.json<ContactMessageDto>().handledAt).not.toBeNull();
    expect((await inbox('?filter=handled')).items.map((m) => m.id)).toEqual([newest!.id]);
    expect((await inbox('?filter=open')).items.map((m) => m.name)).toEqual(['Joana']);
    const reopened = await adminDo('PUT', `/${newest!.id}/handled`, { handled: false });
    expect(reopened.json<ContactMessageDto>()).toMatchObject({ handledAt: null });
    expect(reopened.json<ContactMessageDto>().readAt).not.toBeNull();
    expect((await inbox('?filter=open')).total).toBe(2);
  });

  it('a reply is mailed to the sender in their language, kept with the message, marks it handled, and is logged', async () => {
    const ana1 = (await inbox()).items.find((m) => m.name === 'Ana')!;
    const empty = await adminDo('POST', `/${ana1.id}/replies`, { body: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields.body).toBe(translate('en-US', 'validation:message.required'));

    const res = await adminDo('POST', `/${ana1.id}/replies`, { body: 'Of course: open Subscription and choose.' });
    expect(res.statusCode, res.body).toBe(201);
    const dto = res.json<ContactMessageDto>();
    expect(dto.handledAt).not.toBeNull();
    expect(dto.replies).toEqual([
      expect.objectContaining({ body: 'Of course: open Subscription and choose.', adminEmail: admin.email }),
    ]);
    const [mail] = await mailsTo(t, ana.email, 'contact_reply');
    expect(mail!.subject).toBe(translate('en-US', 'mail:contactReply.subject'));
    expect(mail!.text).toContain('Hello, Ana!');
    expect(mail!.text).toContain('Of course: open Subscription and choose.');
    expect(mail!.text).toContain('> I would like to change my plan.');
    const [row] = await t.query<{ reply_to: string }>('SELECT reply_to FROM mail_outbox WHERE id = $1', [mail!.id]);
    expect(row!.reply_to).toBe(t.config.CONTACT_EMAIL);
    expect(
      await t.query("SELECT user_id, email, details FROM security_events WHERE type = 'admin_contact_replied'"),
    ).toEqual([
      {
        user_id: ana.user.id,
        email: ana.email,
        details: `by ${admin.email} (${admin.user.id}): reply to contact message ${ana1.id}`,
      },
    ]);
    // In Portuguese for Joana, who wrote in Portuguese.
    const joana = (await inbox()).items.find((m) => m.name === 'Joana')!;
    await adminDo('POST', `/${joana.id}/replies`, { body: 'Pelo menu Consultas.' });
    const [pt] = await mailsTo(t, 'joana@example.com', 'contact_reply');
    expect(pt!.subject).toBe(translate('pt-BR', 'mail:contactReply.subject'));
    expect(pt!.text).toContain('Olá, Joana!');
  });

  it('deletes a message with its replies; logged; then it is not found', async () => {
    const joana = (await inbox()).items.find((m) => m.name === 'Joana')!;
    const res = await adminDo('DELETE', `/${joana.id}`);
    expect(res.statusCode).toBe(204);
    expect(await t.query('SELECT id FROM contact_replies WHERE message_id = $1', [joana.id])).toEqual([]);
    expect((await inbox()).items.map((m) => m.name)).toEqual(['Ana']);
    expect((await adminDo('DELETE', `/${joana.id}`)).statusCode).toBe(404);
    expect((await adminDo('POST', `/${joana.id}/read`)).statusCode).toBe(404);
    expect(await t.query("SELECT email FROM security_events WHERE type = 'admin_contact_deleted'")).toEqual([
      { email: 'joana@example.com' },
    ]);
  });

  it('is for administrators only', async () => {
    const [m] = (await inbox()).items;
    for (const [method, url, payload] of [
      ['GET', '', undefined],
      ['POST', `/${m!.id}/read`, undefined],
      ['PUT', `/${m!.id}/handled`, { handled: true }],
      ['POST', `/${m!.id}/replies`, { body: 'x' }],
      ['DELETE', `/${m!.id}`, undefined],
    ] as const) {
      const opts = { method, url: `/api/admin/inbox${url}`, ...(payload ? { payload } : {}) };
      expect((await t.request({ ...opts, cookie: ana.cookie })).statusCode).toBe(403);
      expect((await t.request(opts)).statusCode).toBe(401);
    }
    expect(await mailsTo(t, ana.email, 'contact_reply')).toHaveLength(1);
  });
});
