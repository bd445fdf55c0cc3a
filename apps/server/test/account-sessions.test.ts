import { afterAll, describe, expect, it } from 'vitest';
import type { DeviceSessionsDto } from '@candeia/shared/schemas/account';
import { deviceOf } from '../src/modules/account/user-agent.ts';
import { createTestApp, sessionCookie } from './support/app.ts';
import { insertUser, uniqueIp, type TestUser } from './support/factories.ts';

/**
 * Sessions on other devices (settings): the member lists their live sessions with the device each
 * was opened on, signs one out or all the others; another member's session is never listed or
 * ended (404, as for an id that does not exist).
 */

const t = await createTestApp();
afterAll(async () => t.close());

const UA = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  edgeMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  samsungAndroid:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
};

/** Signs `u` in from a browser with that user agent; returns the cookie. */
async function signIn(u: TestUser, userAgent: string): Promise<string> {
  const res = await t.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: u.email, password: u.password },
    headers: { 'user-agent': userAgent },
    remoteAddress: uniqueIp(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return sessionCookie(res)!;
}

const list = async (cookie: string) => {
  const res = await t.request({ url: '/api/account/sessions', cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DeviceSessionsDto>().sessions;
};
const profileStatus = async (cookie: string) => (await t.request({ url: '/api/profile', cookie })).statusCode;

describe('the device of a session', () => {
  it('reads the browser and system from the user agent, telling look-alikes apart', () => {
    expect(deviceOf(UA.chromeWindows)).toEqual({ browser: 'chrome', os: 'windows', mobile: false });
    expect(deviceOf(UA.safariIphone)).toEqual({ browser: 'safari', os: 'ios', mobile: true });
    expect(deviceOf(UA.firefoxLinux)).toEqual({ browser: 'firefox', os: 'linux', mobile: false });
    expect(deviceOf(UA.edgeMac)).toEqual({ browser: 'edge', os: 'macos', mobile: false });
    expect(deviceOf(UA.samsungAndroid)).toEqual({ browser: 'samsung', os: 'android', mobile: true });
    expect(deviceOf(null)).toEqual({ browser: null, os: null, mobile: false });
    expect(deviceOf('curl/8.0')).toEqual({ browser: null, os: null, mobile: false });
  });
});

describe('sessions on other devices', () => {
  it('lists the member’s live sessions, this one first, with device, start and last activity; never another member’s', async () => {
    const ana = await insertUser(t, { firstName: 'Ana' });
    const bob = await insertUser(t, { firstName: 'Bruno' });
    const phone = await signIn(ana, UA.safariIphone);
    const laptop = await signIn(ana, UA.chromeWindows);
    await signIn(bob, UA.firefoxLinux);

    const seen = await list(laptop);
    expect(seen).toHaveLength(3);
    expect(seen[0]).toMatchObject({ current: true, browser: 'chrome', os: 'windows', mobile: false });
    expect(seen.filter((s) => s.current)).toHaveLength(1);
    expect(seen.map((s) => s.browser)).toContain('safari');
    for (const s of seen) {
      expect(Date.parse(s.createdAt)).not.toBeNaN();
      expect(Date.parse(s.lastActiveAt)).not.toBeNaN();
    }
    const bobSessions = await t.query<{ id: string }>('SELECT id FROM sessions WHERE user_id = $1', [bob.user.id]);
    for (const { id } of bobSessions) expect(JSON.stringify(seen)).not.toContain(id);
    // From the phone, the phone is "this device".
    expect((await list(phone))[0]).toMatchObject({ current: true, browser: 'safari', os: 'ios', mobile: true });
  });

  it('signs one of the member’s sessions out; another member’s or an unknown id is 404 and nothing ends', async () => {
    const ana = await insertUser(t, { firstName: 'Ana' });
    const bob = await insertUser(t, { firstName: 'Bruno' });
    const phone = await signIn(ana, UA.safariIphone);
    const laptop = await signIn(ana, UA.chromeWindows);
    const phoneId = (await list(laptop)).find((s) => s.browser === 'safari')!.id;
    const [bobSession] = await t.query<{ id: string }>('SELECT id FROM sessions WHERE user_id = $1', [bob.user.id]);

    for (const id of [bobSession!.id, bob.user.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await t.request({ method: 'DELETE', url: `/api/account/sessions/${id}`, cookie: laptop });
      expect(res.statusCode, res.body).toBe(404);
    }
    expect(await profileStatus(bob.cookie)).toBe(200);
    const bad = await t.request({ method: 'DELETE', url: '/api/account/sessions/not-a-uuid', cookie: laptop });
    expect(bad.statusCode).toBe(400);

    const res = await t.request({ method: 'DELETE', url: `/api/account/sessions/${phoneId}`, cookie: laptop });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ revoked: 1 });
    expect(await profileStatus(phone)).toBe(401);
    expect(await profileStatus(laptop)).toBe(200);
    expect((await list(laptop)).map((s) => s.id)).not.toContain(phoneId);
    // Ending it again ends nothing, and says so.
    const again = await t.request({ method: 'DELETE', url: `/api/account/sessions/${phoneId}`, cookie: laptop });
    expect(again.json()).toEqual({ revoked: 0 });
    const [event] = await t.query<{ details: string }>(
      "SELECT details FROM security_events WHERE type = 'sessions_revoked' AND user_id = $1",
      [ana.user.id],
    );
    expect(event?.details).toBe('one');
  });

  it('signs out every other session and keeps this one; another member’s sessions stay', async () => {
    const ana = await insertUser(t, { firstName: 'Ana' });
    const bob = await insertUser(t, { firstName: 'Bruno' });
    const others = [await signIn(ana, UA.safariIphone), await signIn(ana, UA.firefoxLinux)];
    const laptop = await signIn(ana, UA.chromeWindows);
    const res = await t.request({ method: 'POST', url: '/api/account/sessions/revoke-others', cookie: laptop });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ revoked: 3 });
    for (const c of [...others, ana.cookie]) expect(await profileStatus(c)).toBe(401);
    expect(await profileStatus(laptop)).toBe(200);
    expect(await profileStatus(bob.cookie)).toBe(200);
    expect(await list(laptop)).toEqual([expect.objectContaining({ current: true })]);
  });

  it('needs a session, and a same-origin request to end one', async () => {
    expect((await t.request({ url: '/api/account/sessions' })).statusCode).toBe(401);
    const ana = await insertUser(t);
    const res = await t.request({
      method: 'POST',
      url: '/api/account/sessions/revoke-others',
      cookie: ana.cookie,
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(403);
  });
});
