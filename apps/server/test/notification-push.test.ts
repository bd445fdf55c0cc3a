import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '@candeia/shared/i18n/server';
import {
  NOTIFICATION_DEFAULTS,
  NOTIFICATION_TYPES,
  PUSH_DEVICES_MAX,
  type NotificationPageDto,
  type NotificationPreferencesDto,
  type PushPayload,
} from '@candeia/shared/schemas/notifications';
import { deliverEmail, deliverPush, sweep } from '../src/modules/notifications/delivery.ts';
import { notify, wantsEmail } from '../src/modules/notifications/index.ts';
import { createTestApp, type TestApp, type TestRequestOptions } from './support/app.ts';
import { PUSH_CA_FILE, checkVapid, fakeDevice, startFakePushService, type FakeDevice } from './support/fake-push.ts';
import { insertUser, mailsTo, type TestUser } from './support/factories.ts';

/**
 * Notifications by push and e-mail (decision 027): each member's choices per type and channel,
 * push messages posted to a push service on this machine (decrypted here with the device's own
 * key), mails in the outbox, each once however often its job runs; devices a push service says
 * are gone are forgotten; only known push services are ever contacted; the keys outlive restarts.
 */

const push = await startFakePushService();
const env = { PUSH_SERVICE_HOSTS: push.host, PUSH_CA_FILE };
const t = await createTestApp(env);
let ana: TestUser;
let bruno: TestUser;
let carla: TestUser;
const handles: Record<string, string> = {};

beforeAll(async () => {
  ana = await insertUser(t, { firstName: 'Ana', lastName: 'Sino', verified: true });
  bruno = await insertUser(t, { firstName: 'Bruno', lastName: 'Sino', verified: true });
  carla = await insertUser(t, { firstName: 'Carla', lastName: 'Sino' });
  for (const [k, u] of Object.entries({ ana, bruno, carla }))
    handles[k] = (await as(u, { url: '/api/community/me' })).json<{ handle: string }>().handle;
});
afterAll(async () => {
  await t.close();
  await push.close();
});

const as = (u: TestUser | null, opts: TestRequestOptions, app: TestApp = t) =>
  app.request({ ...opts, cookie: u?.cookie ?? null });

const prefs = async (u: TestUser) => {
  const res = await as(u, { url: '/api/notifications/preferences' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<NotificationPreferencesDto>();
};
const choose = (u: TestUser, payload: unknown, locale?: string) =>
  as(u, {
    method: 'PUT',
    url: '/api/notifications/preferences',
    payload: payload as object,
    ...(locale ? { locale } : {}),
  });
const subscribe = (u: TestUser, payload: unknown, locale?: string) =>
  as(u, {
    method: 'POST',
    url: '/api/notifications/push/subscriptions',
    payload: payload as object,
    ...(locale ? { locale } : {}),
  });

const follow = (by: TestUser, handle: string, on = true) =>
  as(by, { method: 'PUT', url: `/api/community/members/${handle}/follow`, payload: { on } });

async function notificationsOf(u: TestUser): Promise<NotificationPageDto['items']> {
  return (await as(u, { url: '/api/notifications' })).json<NotificationPageDto>().items;
}

/**
 * Lets every push and mail of the notices so far run: their jobs are queued when the note sent at
 * their commit arrives (the sweep's row of the last test is left to the sweep).
 */
async function settle(app: TestApp = t) {
  await expect
    .poll(
      async () =>
        (await app.query(`SELECT 1 FROM notification_deliveries WHERE dispatched_at IS NULL AND NOT type = 'prayer'`))
          .length,
    )
    .toBe(0);
  await app.jobs.settle('notification-push');
  await app.jobs.settle('notification-email');
}

/** The messages the push service has received for a device, decrypted with its key. */
function messagesFor(device: FakeDevice): PushPayload[] {
  const path = new URL(device.subscription.endpoint).pathname;
  return push.received.filter((r) => r.path === path).map((r) => JSON.parse(device.decrypt(r.body)) as PushPayload);
}

const newDevice = (name: string = randomUUID()) => fakeDevice(`${push.origin}/push/${name}`);

describe('choices per type', () => {
  it('are the defaults until changed: in the app and push for all, e-mail for bookings, payments and the trial', async () => {
    const p = await prefs(carla);
    expect(Object.keys(p.types).sort()).toEqual([...NOTIFICATION_TYPES].sort());
    expect(p.types).toEqual(NOTIFICATION_DEFAULTS);
    expect(p.devices).toBe(0);
    const mailed = NOTIFICATION_TYPES.filter((type) => p.types[type].email).sort();
    expect(mailed).toEqual(['consultation', 'payment_failed', 'trial_ending']);
  });

  it('are saved per type, the others untouched, and are the member’s own', async () => {
    const res = await choose(carla, { comment: { inApp: false, push: false, email: true } });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json<NotificationPreferencesDto>();
    expect(saved.types.comment).toEqual({ inApp: false, push: false, email: true });
    expect(saved.types.follow).toEqual(NOTIFICATION_DEFAULTS.follow);
    expect((await prefs(carla)).types.comment).toEqual({ inApp: false, push: false, email: true });
    expect((await prefs(bruno)).types.comment).toEqual(NOTIFICATION_DEFAULTS.comment);
    // Saved again: the last choice holds.
    await choose(carla, { comment: { inApp: true, push: false, email: false } });
    expect((await prefs(carla)).types.comment).toEqual({ inApp: true, push: false, email: false });
  });

  it('refuse a type the app does not know, a channel missing or unknown, nothing at all, with a translated 400; nothing changes', async () => {
    const before = await prefs(carla);
    const bad = [
      { sermon: { inApp: true, push: true, email: true } },
      { follow: { inApp: true, push: true, email: true }, sermon: { inApp: true, push: true, email: true } },
      { follow: { inApp: true, push: true } },
      { follow: { inApp: true, push: true, email: true, sms: true } },
      { follow: { inApp: 'yes', push: true, email: true } },
      { follow: true },
      {},
      [],
    ];
    for (const payload of bad) {
      const res = await choose(carla, payload, 'en-US');
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const { error } = res.json<{ error: { code: string; message: string } }>();
      expect(['VALIDATION_INVALID_FORMAT', 'VALIDATION_REQUIRED_FIELD']).toContain(error.code);
      expect(error.message).toBe(translate('en-US', `errors:${error.code}`));
    }
    expect(await prefs(carla)).toEqual(before);
    // The reading route takes no query.
    expect((await as(carla, { url: '/api/notifications/preferences?userId=x' })).statusCode).toBe(400);
    expect((await as(null, { url: '/api/notifications/preferences' })).statusCode).toBe(401);
  });
});

describe('devices', () => {
  it('the public key is made once and kept: the same for two apps on one database, and after a restart', async () => {
    const first = (await as(ana, { url: '/api/notifications/push/key' })).json<{ publicKey: string }>().publicKey;
    expect(Buffer.from(first, 'base64url')).toHaveLength(65);
    const other = await createTestApp(env, { sameDatabaseAs: t });
    try {
      const second = (await as(ana, { url: '/api/notifications/push/key' }, other)).json<{ publicKey: string }>();
      expect(second.publicKey).toBe(first);
    } finally {
      await other.close();
    }
  });

  it('two processes asking for it together on a new database make one key pair', async () => {
    const fresh = await createTestApp(env, { workers: false });
    try {
      await fresh.query('DELETE FROM push_keys');
      const other = await createTestApp(env, { sameDatabaseAs: fresh, workers: false });
      try {
        const u = await insertUser(fresh);
        const answers = await Promise.all(
          [fresh, other, fresh, other].map((app) => as(u, { url: '/api/notifications/push/key' }, app)),
        );
        const rows = await fresh.query<{ public_key: string }>('SELECT public_key FROM push_keys');
        expect(rows).toHaveLength(1);
        for (const res of answers) expect(res.json()).toEqual({ publicKey: rows[0]!.public_key });
      } finally {
        await other.close();
      }
    } finally {
      await fresh.close();
    }
  });

  it('an endpoint anywhere but a known push service, over https, is refused (translated) and never contacted', async () => {
    const keys = newDevice().subscription.keys;
    const before = push.received.length;
    for (const endpoint of [
      'https://evil.example/push/1',
      'https://169.254.169.254/latest/meta-data',
      `http://${push.host}/push/1`,
      'https://127.0.0.1:1/push/1',
      `https://user:pw@${push.host}/push/1`,
      'https://fcm.googleapis.com.evil.example/fcm/send/1',
    ]) {
      const res = await subscribe(ana, { endpoint, keys }, 'en-US');
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json().error.fields).toEqual({
        endpoint: translate('en-US', 'notification-channels:errors.endpoint'),
      });
    }
    // Keys that are not a P-256 point and a 16-byte secret.
    const bad = await subscribe(ana, {
      endpoint: `${push.origin}/push/x`,
      keys: { p256dh: Buffer.alloc(65, 1).toString('base64url'), auth: 'c2hvcnQ' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['keys.auth', 'keys.p256dh']);
    const unknown = await subscribe(ana, { endpoint: `${push.origin}/push/x`, keys, extra: 1 });
    expect(unknown.statusCode).toBe(400);
    expect(await t.query('SELECT 1 FROM push_subscriptions WHERE user_id = $1', [ana.user.id])).toHaveLength(0);
    expect(push.received.length).toBe(before);
  });

  it('another member cannot remove my device (404); I can, once', async () => {
    const d = newDevice();
    expect((await subscribe(ana, d.subscription)).statusCode).toBe(201);
    const unsubscribe = (u: TestUser, endpoint: string) =>
      as(u, { method: 'POST', url: '/api/notifications/push/unsubscribe', payload: { endpoint } });
    expect((await unsubscribe(bruno, d.subscription.endpoint)).statusCode).toBe(404);
    expect((await prefs(ana)).devices).toBe(1);
    const mine = await unsubscribe(ana, d.subscription.endpoint);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual({ devices: 0 });
    expect((await unsubscribe(ana, d.subscription.endpoint)).statusCode).toBe(404);
  });

  it('a browser subscribing again under another member moves to them; past the cap the oldest goes', async () => {
    const d = newDevice();
    await subscribe(carla, d.subscription);
    // Knowing the address is not enough: other keys are refused, and it stays Carla's.
    const taken = await subscribe(bruno, { ...d.subscription, keys: newDevice().subscription.keys }, 'en-US');
    expect(taken.statusCode).toBe(400);
    expect(taken.json().error.fields).toEqual({
      endpoint: translate('en-US', 'notification-channels:errors.endpointTaken'),
    });
    expect((await prefs(carla)).devices).toBe(1);
    // The same browser (same keys), now signed in as Bruno.
    expect((await subscribe(bruno, d.subscription)).statusCode).toBe(201);
    expect((await prefs(carla)).devices).toBe(0);
    expect((await prefs(bruno)).devices).toBe(1);
    const u = await insertUser(t);
    const devices = Array.from({ length: PUSH_DEVICES_MAX + 1 }, () => newDevice());
    for (const device of devices) {
      t.clock.advance(1000);
      expect((await subscribe(u, device.subscription)).statusCode).toBe(201);
    }
    const kept = await t.query<{ endpoint: string }>('SELECT endpoint FROM push_subscriptions WHERE user_id = $1', [
      u.user.id,
    ]);
    expect(kept).toHaveLength(PUSH_DEVICES_MAX);
    expect(kept.map((k) => k.endpoint)).not.toContain(devices[0]!.subscription.endpoint);
    await t.query('DELETE FROM push_subscriptions WHERE endpoint = $1', [d.subscription.endpoint]);
  });
});

describe('a notice reaches the member the ways they chose', () => {
  let phone: FakeDevice;
  let key: string;

  beforeAll(async () => {
    key = (await as(ana, { url: '/api/notifications/push/key' })).json<{ publicKey: string }>().publicKey;
    phone = newDevice('ana-phone');
    expect((await subscribe(ana, phone.subscription)).statusCode).toBe(201);
  });

  it('in the app off: no notification row, but pushed once to the device, encrypted for it, signed with the server’s key', async () => {
    expect((await choose(ana, { follow: { inApp: false, push: true, email: false } })).statusCode).toBe(200);
    expect((await follow(bruno, handles.ana!)).statusCode).toBe(200);
    await settle();
    expect(await t.query("SELECT 1 FROM notifications WHERE user_id = $1 AND type = 'follow'", [ana.user.id])).toEqual(
      [],
    );
    expect((await notificationsOf(ana)).filter((n) => n.type === 'follow')).toHaveLength(0);
    const messages = messagesFor(phone);
    expect(messages).toEqual([
      {
        id: null,
        type: 'follow',
        title: 'Novo seguidor',
        body: 'Bruno Sino começou a seguir você.',
        url: `/u/${handles.bruno}`,
        tag: expect.any(String),
      },
    ]);
    const request = push.received.find((r) => r.path === '/push/ana-phone')!;
    expect(request.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(request.headers.ttl)).toBeGreaterThan(0);
    const vapid = checkVapid(request.headers.authorization, push.origin);
    expect(vapid.publicKey).toBe(key);
    expect(vapid.claims.sub).toBe(`mailto:${t.config.CONTACT_EMAIL}`);
    // No mail: e-mail is off for follows.
    expect(await mailsTo(t, ana.email, 'notification-follow')).toHaveLength(0);
    // Unfollowing and following again tells nothing new.
    await follow(bruno, handles.ana!, false);
    await follow(bruno, handles.ana!, true);
    await settle();
    expect(messagesFor(phone)).toHaveLength(1);
  });

  it('a job run twice pushes once', async () => {
    const [delivery] = await t.query<{ id: string }>(
      "SELECT id FROM notification_deliveries WHERE user_id = $1 AND type = 'follow'",
      [ana.user.id],
    );
    // The same delivery's job again (another id), and the work itself once more.
    await t.jobs.enqueue('notification-push', { deliveryId: delivery!.id });
    await t.jobs.settle('notification-push');
    await deliverPush(t.app.deps, delivery!.id);
    expect(messagesFor(phone)).toHaveLength(1);
  });

  it('e-mail on: one mail in the member’s language with the link, once; in the app too; pushed', async () => {
    await as(ana, { method: 'PUT', url: '/api/profile/locale', payload: { locale: 'en-US' } });
    const invoice = `in_${randomUUID()}`;
    const at = t.clock.now();
    const notice = { userId: ana.user.id, type: 'payment_failed' as const, key: `payment-failed:${invoice}` };
    expect(await notify(t.database.db, notice, at)).toBe(true);
    // The same fact again (Stripe's event retried) tells nothing more.
    expect(await notify(t.database.db, notice, at)).toBe(false);
    await settle();
    await t.app.deps.mailer.drain();
    const mails = await mailsTo(t, ana.email, 'notification-payment_failed');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Payment failed · Candeia');
    expect(mails[0]!.text).toContain('Hello Ana,');
    expect(mails[0]!.text).toContain(translate('en-US', 'notifications:type.payment_failed'));
    expect(mails[0]!.text).toContain('http://localhost:3000/subscription');
    expect(mails[0]!.text).toContain('http://localhost:3000/settings#notifications');
    const [delivery] = await t.query<{ id: string; notification_id: string }>(
      "SELECT id, notification_id FROM notification_deliveries WHERE user_id = $1 AND type = 'payment_failed'",
      [ana.user.id],
    );
    await deliverEmail(t.app.deps, delivery!.id);
    await t.jobs.enqueue('notification-email', { deliveryId: delivery!.id });
    await t.jobs.settle('notification-email');
    expect(await mailsTo(t, ana.email, 'notification-payment_failed')).toHaveLength(1);
    const inApp = (await notificationsOf(ana)).filter((n) => n.type === 'payment_failed');
    expect(inApp.map((n) => n.id)).toEqual([delivery!.notification_id]);
    const pushed = messagesFor(phone).filter((m) => m.type === 'payment_failed');
    expect(pushed).toEqual([
      {
        id: delivery!.notification_id,
        type: 'payment_failed',
        title: 'Payment failed',
        body: translate('en-US', 'notifications:type.payment_failed'),
        url: '/subscription',
        tag: delivery!.id,
      },
    ]);
    await as(ana, { method: 'PUT', url: '/api/profile/locale', payload: { locale: 'pt-BR' } });
  });

  it('no mail to an address not confirmed; nothing pushed to a member without devices', async () => {
    const notice = { userId: carla.user.id, type: 'payment_failed' as const, key: `payment-failed:${randomUUID()}` };
    const before = push.received.length;
    await notify(t.database.db, notice, t.clock.now());
    await settle();
    expect(await mailsTo(t, carla.email, 'notification-payment_failed')).toHaveLength(0);
    expect(push.received.length).toBe(before);
    expect((await notificationsOf(carla)).filter((n) => n.type === 'payment_failed')).toHaveLength(1);
  });

  it('a booking mails its own notice (with the invite): no second mail is queued, and it asks the choice first', async () => {
    expect(await wantsEmail(t.database.db, ana.user.id, 'consultation')).toBe(true);
    const notice = {
      userId: ana.user.id,
      type: 'consultation' as const,
      data: {
        consultationId: randomUUID(),
        event: 'booked',
        startsAt: '2026-03-20T13:00:00.000Z',
        role: 'member',
        other: 'Lúcia',
        zone: 'America/Sao_Paulo',
      },
      key: `consultation:${randomUUID()}:booked:1`,
      ownMail: true,
    };
    await notify(t.database.db, notice, t.clock.now());
    await settle();
    const [delivery] = await t.query<{ push: boolean; email: boolean }>(
      'SELECT push, email FROM notification_deliveries WHERE user_id = $1 AND key = $2',
      [ana.user.id, notice.key],
    );
    expect(delivery).toEqual({ push: true, email: false });
    expect(await mailsTo(t, ana.email, 'notification-consultation')).toHaveLength(0);
    // Pushed in her language, the time in the booking's zone, named.
    expect(messagesFor(phone).at(-1)).toMatchObject({
      type: 'consultation',
      title: 'Consulta',
      url: '/consultation',
    });
    expect(messagesFor(phone).at(-1)!.body).toMatch(/^Sua consulta com Lúcia está confirmada: .*10:00 BRT\.$/);
    await choose(ana, { consultation: { inApp: true, push: true, email: false } });
    expect(await wantsEmail(t.database.db, ana.user.id, 'consultation')).toBe(false);
  });

  it('push off for a type: in the app only, nothing pushed', async () => {
    await choose(ana, { comment: { inApp: true, push: false, email: false } });
    const post = (
      await as(ana, { method: 'POST', url: '/api/community/posts', payload: { body: 'Bom dia a todos.' } })
    ).json<{ id: string }>();
    const before = messagesFor(phone).length;
    const res = await as(bruno, {
      method: 'POST',
      url: `/api/community/posts/${post.id}/comments`,
      payload: { body: 'Bom dia!' },
    });
    expect(res.statusCode).toBe(201);
    await settle();
    expect(messagesFor(phone)).toHaveLength(before);
    expect((await notificationsOf(ana)).filter((n) => n.type === 'comment' && n.data.postId === post.id)).toHaveLength(
      1,
    );
    // Every channel off: nothing at all, anywhere.
    await choose(ana, { reaction: { inApp: false, push: false, email: false } });
    await as(bruno, { method: 'PUT', url: `/api/community/posts/${post.id}/reaction`, payload: { on: true } });
    await settle();
    expect(messagesFor(phone)).toHaveLength(before);
    expect((await notificationsOf(ana)).filter((n) => n.type === 'reaction')).toHaveLength(0);
    expect(
      await t.query("SELECT 1 FROM notification_deliveries WHERE user_id = $1 AND type = 'reaction'", [ana.user.id]),
    ).toHaveLength(0);
  });

  it('a device the push service says is gone (410) is forgotten; the others still get it', async () => {
    const old = newDevice('ana-old-laptop');
    push.answer('/push/ana-old-laptop', 410);
    await subscribe(ana, old.subscription);
    const before = messagesFor(phone).length;
    await notify(
      t.database.db,
      { userId: ana.user.id, type: 'credits_low', data: { balance: 3 }, key: `low:${randomUUID()}` },
      t.clock.now(),
    );
    await settle();
    expect(messagesFor(phone)).toHaveLength(before + 1);
    expect(messagesFor(phone).at(-1)).toMatchObject({
      type: 'credits_low',
      body: 'Seus créditos estão acabando: restam 3.',
    });
    expect(push.received.filter((r) => r.path === '/push/ana-old-laptop')).toHaveLength(1);
    expect(await t.query('SELECT 1 FROM push_subscriptions WHERE endpoint = $1', [old.subscription.endpoint])).toEqual(
      [],
    );
  });

  it('a push service that fails (500) gets the message again on the retry, and only that device', async () => {
    const flaky = newDevice('ana-flaky');
    push.answer('/push/ana-flaky', 500);
    await subscribe(ana, flaky.subscription);
    const before = messagesFor(phone).length;
    await notify(
      t.database.db,
      { userId: ana.user.id, type: 'referral_reward', data: { credits: 5000 }, key: `reward:${randomUUID()}` },
      t.clock.now(),
    );
    await settle();
    const [delivery] = await t.query<{ id: string }>(
      "SELECT id FROM notification_deliveries WHERE user_id = $1 AND type = 'referral_reward'",
      [ana.user.id],
    );
    const [job] = await t.query<{ state: string }>(
      "SELECT state FROM pgboss.job WHERE name = 'notification-push' AND id = $1",
      [delivery!.id],
    );
    expect(job!.state).toBe('retry');
    expect(messagesFor(phone)).toHaveLength(before + 1);
    expect(push.received.filter((r) => r.path === '/push/ana-flaky')).toHaveLength(1);
    // The service is back: the retry pushes to the flaky device only.
    push.answer('/push/ana-flaky', 201);
    await deliverPush(t.app.deps, delivery!.id);
    // What the service received for it: the message it refused, then the one it took.
    expect(messagesFor(flaky).map((m) => m.type)).toEqual(['referral_reward', 'referral_reward']);
    await deliverPush(t.app.deps, delivery!.id);
    expect(push.received.filter((r) => r.path === '/push/ana-flaky')).toHaveLength(2);
    expect(messagesFor(phone)).toHaveLength(before + 1);
    await as(ana, {
      method: 'POST',
      url: '/api/notifications/push/unsubscribe',
      payload: { endpoint: flaky.subscription.endpoint },
    });
  });

  it('a delivery whose note no process heard is queued by the sweep', async () => {
    const [row] = await t.query<{ id: string }>(
      `INSERT INTO notification_deliveries (user_id, type, data, key, push, email, created_at)
       VALUES ($1, 'prayer', $2, $3, true, false, $4) RETURNING id`,
      [ana.user.id, { postId: randomUUID() }, `prayer:${randomUUID()}`, t.clock.now()],
    );
    const before = messagesFor(phone).length;
    await sweep(t.app.deps);
    await settle();
    // Too recent: its note may still be on its way.
    expect(messagesFor(phone)).toHaveLength(before);
    t.clock.advance(60_000);
    await sweep(t.app.deps);
    await settle();
    expect(messagesFor(phone).slice(before)).toEqual([
      expect.objectContaining({ type: 'prayer', tag: row!.id, body: 'Alguém orou por você.' }),
    ]);
    // Deliveries a month old are forgotten.
    t.clock.advance(31 * 86_400_000);
    await sweep(t.app.deps);
    expect(await t.query('SELECT 1 FROM notification_deliveries WHERE id = $1', [row!.id])).toEqual([]);
  });
});
