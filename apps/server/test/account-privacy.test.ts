import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { translate } from '@candeia/shared/i18n/server';
import type { AccountExportDto, AccountExportStateDto } from '@candeia/shared/schemas/account';
import { USER_REFERENCES } from '../src/modules/account/index.ts';
import { createSession } from './support/accounts.ts';
import { createTestApp, sessionCookie } from './support/app.ts';
import { expectLedgerInvariant, planBySlug, subscribeLocally } from './support/billing.ts';
import { mailsTo, insertUser, makeSignUp, uniqueIp, type TestUser } from './support/factories.ts';
import { multipartFile, testPng } from './support/media.ts';
import { bibleFixture, insertText, seedScriptureOf } from './support/scripture.ts';

/**
 * Privacy (decision 026), through the API on a real database: the data export holds the member's
 * rows and own media and nothing of anyone else's, is prepared by a job, mailed, served only to
 * its member and removed after 7 days; account deletion is confirmed by the password, ends every
 * session at once, leaves no personal data in any table (every table with a reference to a user,
 * found in information_schema, is checked, and then every row of every table is searched for the
 * member's words), keeps the ledger and its sum, refuses the old sign-in and frees the e-mail.
 */

const dataDir = mkdtempSync(join(tmpdir(), 'candeia-account-'));
const t = await createTestApp({ DATA_DIR: dataDir });
await insertText(t, bibleFixture('en', 'kjv'));
await t.query('UPDATE community_moderation_settings SET hold_first_posts = 0');
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Words only this member ever wrote or owns: none may survive their deletion anywhere. */
interface Member extends TestUser {
  marks: string[];
  postId: string;
  photoId: string;
  endpoint: string;
}

let admin: TestUser | null = null;
/** The administrator who answers contact messages. */
async function staff(): Promise<TestUser> {
  admin ??= await insertUser(t, { role: 'admin' });
  return admin;
}

let seq = 0;
/** A member with something in every part of the app: notes, chat, posts with a photo, avatar, a booking, a donation. */
async function seedMember(name: string): Promise<Member> {
  seq += 1;
  const mark = `${name}${seq}x${Date.now().toString(36)}`;
  const phone = `+55 11 9${String(1000_0000 + seq * 7919).slice(0, 4)}-${String(5000 + seq)}`;
  const u = await insertUser(t, { firstName: `${mark}Nome`, lastName: `${mark}Sobrenome`, phone });
  const cookie = u.cookie;
  const marks = [u.email, `${mark}Nome`, `${mark}Sobrenome`, phone, u.user.referralCode];
  await seedScriptureOf(t, cookie, `${mark} nota`);
  marks.push(`${mark} nota`);
  const chat = await t.request({
    method: 'POST',
    url: '/api/chat/messages',
    cookie,
    payload: { content: `${mark} preciso de paz` },
  });
  expect(chat.statusCode, chat.body).toBe(200);
  marks.push(`${mark} preciso de paz`);
  const upload = await t.request({
    method: 'POST',
    url: '/api/media',
    cookie,
    ...multipartFile(await testPng(), 'p.png', 'image/png'),
  });
  expect(upload.statusCode, upload.body).toBe(201);
  const photoId = upload.json<{ id: string }>().id;
  const post = await t.request({
    method: 'POST',
    url: '/api/community/posts',
    cookie,
    payload: { body: `${mark} publicação`, mediaIds: [photoId], isPrayer: true },
  });
  expect(post.statusCode, post.body).toBe(201);
  marks.push(`${mark} publicação`);
  const gold = await planBySlug(t, 'gold');
  await t.query(
    'UPDATE user_subscriptions SET plan_id = $1, status = $2, is_trial = false, trial_end_date = NULL WHERE user_id = $3',
    [gold.id, 'active', u.user.id],
  );
  const avatar = await t.request({
    method: 'POST',
    url: '/api/avatar/sessions',
    cookie,
    payload: { avatarId: 'helena' },
  });
  expect(avatar.statusCode, avatar.body).toBe(201);
  const donation = await t.request({
    method: 'POST',
    url: '/api/donations',
    cookie,
    payload: { amountCents: 1500 },
    remoteAddress: uniqueIp(),
  });
  expect(donation.statusCode, donation.body).toBe(200);
  // Notification choices, a device (at a push service no test reaches) and a notice still to push.
  const chose = await t.request({
    method: 'PUT',
    url: '/api/notifications/preferences',
    cookie,
    payload: { comment: { inApp: true, push: true, email: true } },
  });
  expect(chose.statusCode, chose.body).toBe(200);
  const endpoint = `https://push.invalid/${mark}-aparelho`;
  await t.query(
    `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth) VALUES ($1, $2, 'BPub', 'segredo${mark}')`,
    [u.user.id, endpoint],
  );
  await t.query(
    `INSERT INTO notification_deliveries (user_id, type, data, key, push, email, dispatched_at)
     VALUES ($1, 'follow', $2, $3, true, false, now())`,
    [u.user.id, { other: `${mark} aviso` }, `test:${mark}`],
  );
  marks.push(endpoint, `segredo${mark}`, `${mark} aviso`);
  // Contact messages (decision 028): one sent signed in, one signed out from the same address,
  // and the administration's reply to the first.
  for (const [text, signedIn] of [
    [`${mark} contato logado`, true],
    [`${mark} contato anônimo`, false],
  ] as const) {
    const sent = await t.request({
      method: 'POST',
      url: '/api/contact',
      cookie: signedIn ? cookie : null,
      payload: { name: `${mark}Nome`, email: u.email, message: text },
      remoteAddress: uniqueIp(),
    });
    expect(sent.statusCode, sent.body).toBe(202);
    marks.push(text);
  }
  const [signedInMessage] = await t.query<{ id: string }>('SELECT id FROM contact_messages WHERE user_id = $1', [
    u.user.id,
  ]);
  const replied = await t.request({
    method: 'POST',
    url: `/api/admin/inbox/${signedInMessage!.id}/replies`,
    cookie: (await staff()).cookie,
    payload: { body: `${mark} resposta da equipe` },
  });
  expect(replied.statusCode, replied.body).toBe(201);
  marks.push(`${mark} resposta da equipe`);
  return { ...u, marks, postId: post.json<{ id: string }>().id, photoId, endpoint };
}

/** The files of a zip, by name. */
function unzip(buf: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buf, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('no zip'));
      const out = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(out));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

const exportState = async (cookie: string) =>
  (await t.request({ url: '/api/account/export', cookie })).json<AccountExportStateDto>().export;

/** Every foreign key to users, as the database knows them. */
const foreignKeysToUsers = () =>
  t.query<{ table: string; column: string }>(
    `SELECT tc.table_name AS table, kcu.column_name AS column
       FROM information_schema.table_constraints tc
       JOIN information_schema.key_column_usage kcu
         ON kcu.constraint_name = tc.constraint_name AND kcu.table_schema = tc.table_schema
       JOIN information_schema.constraint_column_usage ccu
         ON ccu.constraint_name = tc.constraint_name AND ccu.table_schema = tc.table_schema
      WHERE tc.constraint_type = 'FOREIGN KEY' AND ccu.table_name = 'users' AND ccu.table_schema = 'public'
      ORDER BY 1, 2`,
  );

let ana: Member;
let bia: Member;
beforeAll(async () => {
  ana = await seedMember('Anaclara');
  bia = await seedMember('Biatriz');
  // Each also touched the other's post: a comment, a reaction, a prayer; and each follows the other.
  for (const [who, other] of [
    [ana, bia],
    [bia, ana],
  ] as const) {
    const c = await t.request({
      method: 'POST',
      url: `/api/community/posts/${other.postId}/comments`,
      cookie: who.cookie,
      payload: { body: `${who.marks[1]} comentário` },
    });
    expect(c.statusCode, c.body).toBe(201);
    who.marks.push(`${who.marks[1]} comentário`);
    for (const part of ['reaction', 'prayer'])
      expect(
        (
          await t.request({
            method: 'PUT',
            url: `/api/community/posts/${other.postId}/${part}`,
            cookie: who.cookie,
            payload: { on: true },
          })
        ).statusCode,
      ).toBe(200);
  }
  // A counsellor, with Ana's booking to come and Ana's past session with notes and a review.
  const c = await insertUser(t, { firstName: 'Conselheira' });
  await t.query(
    "INSERT INTO counsellors (user_id, display_name, languages, specialties) VALUES ($1, 'Cecília', '{pt-BR}', '{luto}')",
    [c.user.id],
  );
  await t.query(
    `INSERT INTO consultations (counsellor_id, member_id, starts_at, ends_at, blocked_until, price_credits, cancel_cutoff_hours, shared_notes, status)
     VALUES ($1, $2, now() + interval '3 days', now() + interval '3 days 50 minutes', now() + interval '3 days 60 minutes', 2000, 24, $3, 'booked'),
            ($1, $2, now() - interval '3 days', now() - interval '3 days' + interval '50 minutes', now() - interval '3 days' + interval '60 minutes', 2000, 24, $4, 'completed')`,
    [c.user.id, ana.user.id, `${ana.marks[1]} notas futuras`, `${ana.marks[1]} notas passadas`],
  );
  await t.query('UPDATE consultations SET review = $2, rating = 5 WHERE member_id = $1 AND status = $3', [
    ana.user.id,
    `${ana.marks[1]} avaliação`,
    'completed',
  ]);
  ana.marks.push(`${ana.marks[1]} notas futuras`, `${ana.marks[1]} notas passadas`, `${ana.marks[1]} avaliação`);
});

describe('the list of user references', () => {
  it('names every foreign key to users the database has, and no other', async () => {
    const listed = USER_REFERENCES.filter((r) => r.foreignKey).map((r) => `${r.table}.${r.column}`);
    const actual = (await foreignKeysToUsers()).map((r) => `${r.table}.${r.column}`);
    expect([...listed].sort()).toEqual([...actual].sort());
  });

  it('names columns that exist (the ones without a foreign key too)', async () => {
    for (const r of USER_REFERENCES) {
      const found = await t.query(
        "SELECT 1 FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1 AND column_name = $2",
        [r.table, r.column],
      );
      expect(found, `${r.table}.${r.column}`).toHaveLength(1);
    }
  });
});

describe('export my data', () => {
  let ready: AccountExportDto;
  let files: Map<string, Buffer>;

  it('is started once at a time, prepared by a job, then ready for 7 days and mailed', async () => {
    expect(await exportState(ana.cookie)).toBeNull();
    // One being prepared (as a job under way leaves it): a second one is refused, translated.
    const [busy] = await t.query<{ id: string }>(
      "INSERT INTO account_exports (user_id, status, created_at) VALUES ($1, 'preparing', now()) RETURNING id",
      [ana.user.id],
    );
    const second = await t.request({ method: 'POST', url: '/api/account/export', cookie: ana.cookie, locale: 'en-US' });
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toMatchObject({
      code: 'EXPORT_IN_PROGRESS',
      message: translate('en-US', 'errors:EXPORT_IN_PROGRESS'),
    });
    expect(await exportState(ana.cookie)).toMatchObject({ id: busy!.id, status: 'preparing' });
    await t.query('DELETE FROM account_exports WHERE id = $1', [busy!.id]);

    const first = await t.request({ method: 'POST', url: '/api/account/export', cookie: ana.cookie });
    expect(first.statusCode, first.body).toBe(202);
    expect(first.json()).toMatchObject({ status: 'preparing', readyAt: null, expiresAt: null });
    await t.jobs.settle('account-export', 30_000);
    ready = (await exportState(ana.cookie))!;
    expect(ready).toMatchObject({ id: first.json().id, status: 'ready' });
    expect(Date.parse(ready.expiresAt!) - Date.parse(ready.readyAt!)).toBe(7 * 86_400_000);
    expect(ready.sizeBytes).toBeGreaterThan(0);
    const [mail] = await mailsTo(t, ana.email, 'account_export');
    expect(mail?.subject).toBe(translate('pt-BR', 'mail:accountExport.subject'));
    expect(mail?.text).toContain('http://localhost:3000/settings#privacy');
  });

  it('downloads as a zip with data.json and the member’s own photos, for its member only', async () => {
    for (const cookie of [bia.cookie, null]) {
      const res = await t.request({ url: `/api/account/exports/${ready.id}/download`, cookie });
      expect(res.statusCode).toBe(cookie ? 404 : 401);
    }
    const res = await t.request({ url: `/api/account/exports/${ready.id}/download`, cookie: ana.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="candeia-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(res.headers['cache-control']).toContain('no-store');
    files = await unzip(res.rawPayload);
    expect([...files.keys()].sort()).toEqual(['data.json', `media/${ana.photoId}-full.webp`]);
    expect(files.get(`media/${ana.photoId}-full.webp`)!.subarray(8, 12).toString()).toBe('WEBP');
  });

  it('data.json holds the member’s rows in every part of the app', () => {
    const data = JSON.parse(files.get('data.json')!.toString()) as {
      account: Record<string, unknown>;
      tables: Record<string, Record<string, unknown>[]>;
      files: { path: string; mediaId: string }[];
    };
    expect(data.account).toMatchObject({ id: ana.user.id, email: ana.email, first_name: ana.marks[1] });
    expect(data.account).not.toHaveProperty('password_hash');
    const text = (table: string) => JSON.stringify(data.tables[table] ?? []);
    expect(text('scripture_notes')).toContain(ana.marks[5]);
    expect(data.tables.scripture_favourites).toHaveLength(1);
    expect(data.tables.reading_positions).toHaveLength(1);
    expect(text('chat_messages')).toContain(ana.marks[6]);
    expect(data.tables.chat_conversations).toHaveLength(1);
    expect(text('community_posts')).toContain(ana.marks[7]);
    expect(text('community_comments')).toContain(`${ana.marks[1]} comentário`);
    expect(data.tables.community_reactions).toHaveLength(1);
    expect(data.tables.community_prayers).toHaveLength(1);
    expect(data.tables.media?.map((m) => m.id)).toEqual([ana.photoId]);
    expect(data.tables.avatar_sessions).toHaveLength(1);
    expect(data.tables.consultations).toHaveLength(2);
    expect(text('consultations')).toContain(`${ana.marks[1]} avaliação`);
    expect(data.tables.user_subscriptions).toHaveLength(1);
    expect(data.tables.credit_ledger!.length).toBeGreaterThan(0);
    expect(data.tables.donations).toHaveLength(1);
    expect(data.tables.sessions!.length).toBeGreaterThan(0);
    expect(data.tables.notification_preferences).toEqual([
      expect.objectContaining({ type: 'comment', in_app: true, push: true, email: true }),
    ]);
    // Her device is listed, without its address and keys.
    expect(data.tables.push_subscriptions).toHaveLength(1);
    expect(Object.keys(data.tables.push_subscriptions![0]!).sort()).toEqual(['created_at', 'id', 'user_id']);
    expect(data.tables).not.toHaveProperty('notification_deliveries');
    expect(data.files).toEqual([{ path: `media/${ana.photoId}-full.webp`, mediaId: ana.photoId, kind: 'photo' }]);
    // Her contact messages, by her session and by her address, with the reply (not who wrote it).
    expect(data.tables.contact_messages).toHaveLength(2);
    expect(text('contact_messages')).toContain(`${ana.marks[0]}`);
    for (const m of ana.marks.filter((x) => / contato | resposta da equipe$/.test(x)))
      expect(text('contact_messages')).toContain(m);
    expect(text('contact_messages')).not.toContain('admin_id');
    for (const row of data.tables.contact_messages!) expect(row.email).toBe(ana.email);
    // Every row names Ana in the column it was found by (contact messages: or by her address).
    for (const ref of USER_REFERENCES.filter((r) => r.export === 'owner' && r.table !== 'contact_messages'))
      for (const row of data.tables[ref.table] ?? [])
        expect(
          USER_REFERENCES.filter((r) => r.table === ref.table && r.export === 'owner').some(
            (r) => row[r.column] === ana.user.id,
          ),
          ref.table,
        ).toBe(true);
  });

  it('holds nothing of anyone else, and no secret', () => {
    const all = [...files.values()].map((b) => b.toString('latin1')).join('\n');
    for (const s of [bia.user.id, bia.photoId, ...bia.marks]) expect(all).not.toContain(s);
    for (const secret of [
      'password_hash',
      'token_hash',
      'payer_token_hash',
      'private_notes',
      '$argon2',
      ana.endpoint,
    ]) {
      expect(all).not.toContain(secret);
    }
  });

  it('expires after 7 days: the sweep removes its file, the download is gone, a new one can be asked for', async () => {
    const key = `exports/${ready.id}.zip`;
    expect(await t.app.deps.storage.head(key)).not.toBeNull();
    t.clock.set(new Date(Date.parse(ready.expiresAt!) + 60_000));
    const ana2 = (await createSession(t.database.db, ana.user.id, { now: t.clock.now() })).cookie;
    expect(await exportState(ana2)).toMatchObject({ status: 'expired', sizeBytes: null });
    await t.jobs.enqueue('account-export-sweep', {});
    await t.jobs.settle('account-export-sweep');
    expect(await t.app.deps.storage.head(key)).toBeNull();
    expect((await t.request({ url: `/api/account/exports/${ready.id}/download`, cookie: ana2 })).statusCode).toBe(404);
    const again = await t.request({ method: 'POST', url: '/api/account/export', cookie: ana2 });
    expect(again.statusCode, again.body).toBe(202);
    await t.jobs.settle('account-export', 30_000);
    ana.cookie = ana2;
  });
});

describe('delete my account', () => {
  it('refuses a wrong or missing password with a translated field error, and nothing is lost', async () => {
    const wrong = await t.request({
      method: 'POST',
      url: '/api/account/delete',
      cookie: ana.cookie,
      payload: { password: 'Errada@2026' },
      locale: 'es-ES',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({
      code: 'AUTH_WRONG_PASSWORD',
      fields: { password: translate('es-ES', 'errors:AUTH_WRONG_PASSWORD') },
    });
    const missing = await t.request({ method: 'POST', url: '/api/account/delete', cookie: ana.cookie, payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields.password).toBe(translate('pt-BR', 'validation:password.required'));
    expect((await t.request({ url: '/api/profile', cookie: ana.cookie })).statusCode).toBe(200);
  });

  it('an account made through a provider, with no password yet, is told how to make one; nothing is lost', async () => {
    const u = await insertUser(t);
    await t.query("UPDATE users SET password_hash = '' WHERE id = $1", [u.user.id]);
    const res = await t.request({
      method: 'POST',
      url: '/api/account/delete',
      cookie: u.cookie,
      payload: { password: 'Qualquer@2026' },
      locale: 'en-US',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'ACCOUNT_NO_PASSWORD',
      fields: { password: translate('en-US', 'errors:ACCOUNT_NO_PASSWORD') },
    });
    expect((await t.request({ url: '/api/profile', cookie: u.cookie })).statusCode).toBe(200);
  });

  it('refuses a counsellor’s account (the administration closes it)', async () => {
    const c = await insertUser(t);
    await t.query("INSERT INTO counsellors (user_id, display_name) VALUES ($1, 'C')", [c.user.id]);
    const res = await t.request({
      method: 'POST',
      url: '/api/account/delete',
      cookie: c.cookie,
      payload: { password: c.password },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('ACCOUNT_DELETE_COUNSELLOR');
    expect((await t.request({ url: '/api/profile', cookie: c.cookie })).statusCode).toBe(200);
  });

  it('cancels a paid subscription at the provider, as the member’s own cancel does; the ledger still adds up', async () => {
    const u = await insertUser(t);
    await subscribeLocally(t, u, 'gold');
    const res = await t.request({
      method: 'POST',
      url: '/api/account/delete',
      cookie: u.cookie,
      payload: { password: u.password },
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.jobs.settle('account-erase', 30_000);
    expect(
      await t.query('SELECT cancel_at_period_end FROM local_provider_subscriptions WHERE user_id = $1', [u.user.id]),
    ).toEqual([{ cancel_at_period_end: true }]);
    expect(
      await t.query('SELECT cancel_at_period_end FROM user_subscriptions WHERE user_id = $1', [u.user.id]),
    ).toEqual([{ cancel_at_period_end: true }]);
    expect(await t.query('SELECT first_name, email FROM users WHERE id = $1', [u.user.id])).toEqual([
      { first_name: '', email: `deleted-${u.user.id}@deleted.invalid` },
    ]);
    await expectLedgerInvariant(t);
  });

  it('ends every session at once, erases every personal row, keeps the ledger and its sum, refuses the sign-in and frees the e-mail', async () => {
    const ledgerBefore = await t.query<{ n: number; sum: number }>(
      'SELECT count(*)::int AS n, coalesce(sum(delta), 0)::bigint AS sum FROM credit_ledger',
    );
    const anaLedger = await t.query<{ n: number; sum: number }>(
      'SELECT count(*)::int AS n, coalesce(sum(delta), 0)::bigint AS sum FROM credit_ledger WHERE user_id = $1',
      [ana.user.id],
    );
    const [biaPost] = await t.query<{ comment_count: number; reaction_count: number; prayer_count: number }>(
      'SELECT comment_count, reaction_count, prayer_count FROM community_posts WHERE id = $1',
      [bia.postId],
    );
    const phone = (await createSession(t.database.db, ana.user.id, { now: t.clock.now() })).cookie;

    const res = await t.request({
      method: 'POST',
      url: '/api/account/delete',
      cookie: ana.cookie,
      payload: { password: ana.password },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deleted: true });
    expect(res.cookies.find((c) => c.name === 'candeia_session')?.value).toBe('');
    for (const cookie of [ana.cookie, phone])
      expect((await t.request({ url: '/api/profile', cookie })).statusCode).toBe(401);

    // Sign-in refused with the answer an unknown address gets, at once (before the job).
    const signInRows: Record<string, number> = {};
    for (const table of ['login_attempts', 'security_events'])
      signInRows[table] = (await t.query<{ n: number }>(`SELECT coalesce(max(id), 0)::int AS n FROM ${table}`))[0]!.n;
    const signIn = (email: string) =>
      t.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: ana.password },
        remoteAddress: uniqueIp(),
      });
    const refused = await signIn(ana.email);
    const unknown = await signIn('ninguem.aqui@example.com');
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual(unknown.json());

    await t.jobs.settle('account-erase', 30_000);
    expect(
      await t.query("SELECT state FROM pgboss.job WHERE name = 'account-erase' AND data->>'userId' = $1", [
        ana.user.id,
      ]),
    ).toEqual([{ state: 'completed' }]);

    // Every table with a foreign key to users: no row of hers left, but where kept for accounting.
    const kept = new Set(USER_REFERENCES.filter((r) => r.erase === 'keep' || r.erase === 'scrub').map((r) => r.table));
    for (const { table, column } of await foreignKeysToUsers()) {
      const rows = await t.query(`SELECT * FROM "${table}" WHERE "${column}" = $1`, [ana.user.id]);
      if (!kept.has(table)) expect(rows, `${table}.${column}`).toEqual([]);
    }
    // Nowhere in any table, kept rows included, is anything she wrote or was known by.
    const tables = await t.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'",
    );
    for (const { table_name } of tables) {
      // The sign-in attempts this test made with the address after the deletion are recorded as
      // any unknown address's are (and purged with them): only the rows before them are searched.
      const before = signInRows[table_name];
      const rows = await t.query<{ r: string }>(
        `SELECT t::text AS r FROM "${table_name}" t${before !== undefined ? ' WHERE id <= $1' : ''}`,
        before !== undefined ? [before] : [],
      );
      const text = rows.map((r) => r.r).join('\n');
      for (const mark of ana.marks) expect(text, `${table_name} holds ${mark}`).not.toContain(mark);
    }
    // Her photo's files are gone; Bia's are still there.
    expect(await t.app.deps.storage.head(`media/${ana.photoId}-full.webp`)).toBeNull();
    expect(await t.app.deps.storage.head(`media/${bia.photoId}-full.webp`)).not.toBeNull();

    // The ledger: every row kept, the sum intact, her balance still its sum.
    expect(
      await t.query('SELECT count(*)::int AS n, coalesce(sum(delta), 0)::bigint AS sum FROM credit_ledger'),
    ).toEqual(ledgerBefore);
    expect(
      await t.query(
        'SELECT count(*)::int AS n, coalesce(sum(delta), 0)::bigint AS sum FROM credit_ledger WHERE user_id = $1',
        [ana.user.id],
      ),
    ).toEqual(anaLedger);
    const [account] = await t.query<{ balance: number }>('SELECT balance FROM credit_accounts WHERE user_id = $1', [
      ana.user.id,
    ]);
    expect(account!.balance).toBe(anaLedger[0]!.sum);
    // The tombstone, and the security log's record of the deletion.
    const [tomb] = await t.query<{ email: string; password_hash: string; deleted_at: Date | null }>(
      'SELECT email, password_hash, deleted_at FROM users WHERE id = $1',
      [ana.user.id],
    );
    expect(tomb).toMatchObject({ email: `deleted-${ana.user.id}@deleted.invalid`, password_hash: '' });
    expect(tomb!.deleted_at).toBeInstanceOf(Date);
    expect(
      (
        await t.query(
          "SELECT type FROM security_events WHERE user_id = $1 AND success AND type LIKE 'account_delet%' ORDER BY id",
          [ana.user.id],
        )
      ).map((r) => r.type),
    ).toEqual(['account_deletion_requested', 'account_deleted']);
    // Her future booking was cancelled; her part of Bia's post came off its counters.
    expect(
      await t.query('SELECT status FROM consultations WHERE member_id = $1 ORDER BY starts_at', [ana.user.id]),
    ).toEqual([{ status: 'completed' }, { status: 'cancelled' }]);
    expect(
      await t.query('SELECT comment_count, reaction_count, prayer_count FROM community_posts WHERE id = $1', [
        bia.postId,
      ]),
    ).toEqual([
      {
        comment_count: biaPost!.comment_count - 1,
        reaction_count: biaPost!.reaction_count - 1,
        prayer_count: biaPost!.prayer_count - 1,
      },
    ]);
    // Bia's account is whole.
    const biaNow = (await createSession(t.database.db, bia.user.id, { now: t.clock.now() })).cookie;
    expect((await t.request({ url: '/api/profile', cookie: biaNow })).json()).toMatchObject({ id: bia.user.id });
    expect(await t.query('SELECT 1 FROM scripture_notes WHERE user_id = $1', [bia.user.id])).toHaveLength(1);

    // Still refused after the erasure; and the address can sign up again, as a new account.
    expect((await signIn(ana.email)).json()).toEqual(unknown.json());
    const again = await t.request({
      method: 'POST',
      url: '/api/auth/signup',
      payload: makeSignUp({ email: ana.email }),
      remoteAddress: uniqueIp(),
    });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().user.id).not.toBe(ana.user.id);
    expect(sessionCookie(again)).not.toBeNull();
  });
});
