import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminCounsellorDto, BookingDto, CounsellorDto, SlotsDto } from '@candeia/shared/schemas/consultation';
import { seedDemo } from '../src/db/seed-demo.ts';
import { sendNotice } from '../src/modules/consultations/notices.ts';
import { createTestApp, type TestRequestOptions } from './support/app.ts';
import { expectLedgerInvariant, planBySlug } from './support/billing.ts';
import { createSession } from './support/accounts.ts';
import { insertAccount, mailsTo, uniqueIp, type TestUser } from './support/factories.ts';
import { multipartFile, testPng } from './support/media.ts';

/**
 * Consultations through the API on a real database: an administrator makes a counsellor, who
 * fills in a profile and hours (São Paulo); members on Ouro book, pay in credits, cancel before
 * and after the cutoff, move, review; the counsellor writes notes and an outcome; mails with
 * calendar invites and reminders are sent once.
 */

// Monday 2027-01-04 08:00 in São Paulo.
const MONDAY = new Date('2027-01-04T11:00:00Z');
const t = await createTestApp();
t.clock.set(MONDAY);
afterAll(async () => t.close());

/** Runs `fn` with the clock at `at`, the given members signed in anew then. */
async function later<T extends TestUser[]>(at: Date, users: T, fn: (...u: T) => Promise<void>) {
  t.clock.set(at);
  try {
    const fresh = await Promise.all(
      users.map(async (u) => ({ ...u, cookie: (await createSession(t.database.db, u.user.id, { now: at })).cookie })),
    );
    await fn(...(fresh as T));
  } finally {
    t.clock.set(MONDAY);
  }
}

let admin: TestUser;
let counsellor: TestUser;
let ana: TestUser;
let bruno: TestUser;
let trialist: TestUser;

// Each request from its own address: the per-IP limits of the booking routes are not what is tested here.
const as = (u: TestUser | null, opts: TestRequestOptions) =>
  t.request({ remoteAddress: uniqueIp(), ...opts, cookie: u?.cookie ?? null });
const json = <T>(res: { statusCode: number; body: string; json: () => unknown }, status = 200): T => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
};

async function onGold(credits: number): Promise<TestUser> {
  const u = await insertAccount(t, { credits });
  const plan = await planBySlug(t, 'gold');
  await t.query(
    'UPDATE user_subscriptions SET plan_id = $1, status = $2, is_trial = false, trial_end_date = NULL WHERE user_id = $3',
    [plan.id, 'active', u.user.id],
  );
  return u;
}

const balance = async (u: TestUser) =>
  Number(
    (await t.query<{ balance: string }>('SELECT balance FROM credit_accounts WHERE user_id = $1', [u.user.id]))[0]
      ?.balance,
  );

const PROFILE = {
  displayName: 'Irmã Lúcia Prado',
  bio: 'Escuta, oração e acolhimento.',
  languages: ['pt-BR', 'es-ES'],
  specialties: ['luto', 'família'],
  sessionMinutes: 50,
  priceCredits: 2000,
  timeZone: 'America/Sao_Paulo',
  bufferMinutes: 10,
  minNoticeMinutes: 120,
  horizonDays: 60,
  cancelCutoffHours: 24,
  accepting: true,
};
const HOURS = {
  weekly: {
    1: [{ start: '09:00', end: '12:00' }],
    2: [{ start: '09:00', end: '12:00' }],
    3: [{ start: '09:00', end: '12:00' }],
    4: [{ start: '09:00', end: '12:00' }],
    5: [{ start: '09:00', end: '12:00' }],
    6: [],
    7: [],
  },
  overrides: [],
};

const slotsFor = async (u: TestUser, tz = 'America/Sao_Paulo', from = '2027-01-04', days = 7) =>
  json<SlotsDto>(
    await as(u, {
      url: `/api/consultations/counsellors/${counsellor.user.id}/slots?tz=${encodeURIComponent(tz)}&from=${from}&days=${days}`,
    }),
  );
const book = (u: TestUser, startsAt: string) =>
  as(u, {
    method: 'POST',
    url: '/api/consultations/bookings',
    payload: { counsellorId: counsellor.user.id, startsAt, timeZone: 'Europe/Madrid' },
  });

beforeAll(async () => {
  admin = await insertAccount(t, { role: 'admin' });
  counsellor = await insertAccount(t, { firstName: 'Lúcia', lastName: 'Prado', locale: 'pt-BR' });
  ana = await onGold(10_000);
  bruno = await onGold(10_000);
  trialist = await insertAccount(t, { credits: 10_000 });
});

describe('counsellors', () => {
  it('only an administrator makes a member a counsellor; then the member fills in a profile and hours', async () => {
    expect(
      (await as(ana, { method: 'POST', url: '/api/admin/counsellors', payload: { email: counsellor.email } }))
        .statusCode,
    ).toBe(403);
    expect((await as(counsellor, { url: '/api/consultations/me' })).json()).toMatchObject({
      error: { code: 'NOT_A_COUNSELLOR' },
    });
    const made = json<AdminCounsellorDto>(
      await as(admin, {
        method: 'POST',
        url: '/api/admin/counsellors',
        payload: { email: counsellor.email.toUpperCase() },
      }),
      201,
    );
    expect(made).toMatchObject({ userId: counsellor.user.id, listed: false });
    expect(
      (await as(admin, { method: 'POST', url: '/api/admin/counsellors', payload: { email: 'ninguem@example.com' } }))
        .statusCode,
    ).toBe(404);

    // Not listed until the profile and hours are there.
    expect(
      json<{ counsellors: CounsellorDto[] }>(await as(ana, { url: '/api/consultations/counsellors' })).counsellors,
    ).toHaveLength(0);

    const bad = await as(counsellor, {
      method: 'PUT',
      url: '/api/consultations/me/profile',
      payload: { ...PROFILE, sessionMinutes: 55, timeZone: 'Lua/Base' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(expect.arrayContaining(['sessionMinutes', 'timeZone']));
    json(await as(counsellor, { method: 'PUT', url: '/api/consultations/me/profile', payload: PROFILE }));
    const overlap = await as(counsellor, {
      method: 'PUT',
      url: '/api/consultations/me/availability',
      payload: {
        ...HOURS,
        weekly: {
          ...HOURS.weekly,
          1: [
            { start: '09:00', end: '11:00' },
            { start: '10:00', end: '12:00' },
          ],
        },
      },
    });
    expect(overlap.statusCode).toBe(400);
    json(await as(counsellor, { method: 'PUT', url: '/api/consultations/me/availability', payload: HOURS }));
    const me = json<{ profile: { listed: boolean } }>(await as(counsellor, { url: '/api/consultations/me' }));
    expect(me.profile.listed).toBe(true);
  });

  it('members on a plan with `live` see the counsellor, filtered, with the next free slot; the trial does not', async () => {
    const list = json<{ counsellors: CounsellorDto[] }>(
      await as(ana, { url: '/api/consultations/counsellors?tz=Europe/Madrid' }),
    ).counsellors;
    expect(list).toHaveLength(1);
    // Monday 08:00 in São Paulo with 2 h notice: 10:00 (13:00 UTC) is the first.
    expect(list[0]).toMatchObject({
      displayName: 'Irmã Lúcia Prado',
      priceCredits: 2000,
      nextSlot: '2027-01-04T13:00:00.000Z',
    });
    expect(
      json<{ counsellors: CounsellorDto[] }>(await as(ana, { url: '/api/consultations/counsellors?language=en-US' }))
        .counsellors,
    ).toHaveLength(0);
    expect(
      json<{ counsellors: CounsellorDto[] }>(await as(ana, { url: '/api/consultations/counsellors?specialty=LUTO' }))
        .counsellors,
    ).toHaveLength(1);
    expect((await as(trialist, { url: '/api/consultations/counsellors' })).json()).toMatchObject({
      error: { code: 'FEATURE_NOT_IN_PLAN' },
    });
    expect((await as(null, { url: '/api/consultations/counsellors' })).statusCode).toBe(401);
  });

  it('slots are given in the member’s zone', async () => {
    const sp = await slotsFor(ana);
    expect(sp.days[0]).toMatchObject({ date: '2027-01-04', slots: [{ time: '10:00' }, { time: '11:00' }] });
    const madrid = await slotsFor(ana, 'Europe/Madrid');
    expect(madrid.days.find((d) => d.date === '2027-01-05')!.slots.map((s) => s.time)).toEqual([
      '13:00',
      '14:00',
      '15:00',
    ]);
    expect(
      (await as(ana, { url: `/api/consultations/counsellors/${counsellor.user.id}/slots?tz=Marte` })).statusCode,
    ).toBe(400);
  });
});

describe('booking, paid in credits', () => {
  let first: BookingDto;

  it('a booking takes the price from the balance, and the slot is gone', async () => {
    first = json<BookingDto>(await book(ana, '2027-01-05T12:00:00.000Z'), 201);
    expect(first).toMatchObject({
      status: 'booked',
      role: 'member',
      priceCredits: 2000,
      endsAt: '2027-01-05T12:50:00.000Z',
      refundableUntil: '2027-01-04T12:00:00.000Z',
      can: { cancel: true, reschedule: true, review: false, join: false },
    });
    expect(await balance(ana)).toBe(8000);
    const slots = await slotsFor(bruno);
    expect(slots.days.find((d) => d.date === '2027-01-05')!.slots.map((s) => s.time)).toEqual(['10:00', '11:00']);
    expect(json<BookingDto>(await book(bruno, '2027-01-05T12:00:00.000Z'), 409)).toMatchObject({
      error: { code: 'SLOT_TAKEN' },
    });
    await expectLedgerInvariant(t);
  });

  it('refuses a time not offered, one too soon, one’s own booking, and a short balance (nothing written)', async () => {
    expect((await book(bruno, '2027-01-05T12:15:00.000Z')).json()).toMatchObject({
      error: { code: 'SLOT_UNAVAILABLE' },
    });
    expect((await book(bruno, '2027-01-04T12:00:00.000Z')).json()).toMatchObject({
      error: { code: 'SLOT_UNAVAILABLE' },
    });
    expect((await book(bruno, '2027-01-09T12:00:00.000Z')).json()).toMatchObject({
      error: { code: 'SLOT_UNAVAILABLE' },
    });
    expect((await book(counsellor, '2027-01-06T12:00:00.000Z')).statusCode).toBe(403); // trial: no `live`
    const poor = await onGold(100);
    const res = await book(poor, '2027-01-06T12:00:00.000Z');
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ error: { code: 'INSUFFICIENT_CREDITS' } });
    expect(await t.query('SELECT 1 FROM consultations WHERE member_id = $1', [poor.user.id])).toHaveLength(0);
    // The slot is still free for someone else.
    json(await book(bruno, '2027-01-06T12:00:00.000Z'), 201);
  });

  it('20 concurrent requests for one slot make exactly one booking and one charge', async () => {
    const members = await Promise.all(Array.from({ length: 20 }, () => onGold(5000)));
    const results = await Promise.all(members.map((m) => book(m, '2027-01-07T13:00:00.000Z')));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    const rows = await t.query('SELECT member_id FROM consultations WHERE starts_at = $1', ['2027-01-07T13:00:00Z']);
    expect(rows).toHaveLength(1);
    const balances = await Promise.all(members.map(balance));
    expect(balances.filter((b) => b === 3000)).toHaveLength(1);
    expect(balances.filter((b) => b === 5000)).toHaveLength(19);
    await expectLedgerInvariant(t);
  });

  it('confirmation mails go to both, each in their zone, with a calendar invite; reminders are queued', async () => {
    const member = await waitForMail(ana.email, 'consultation-booked');
    expect(member.subject).toContain('Irmã Lúcia Prado');
    // Ana gave Madrid as her zone: 09:00 in São Paulo is 13:00 there.
    expect(member.text).toContain('13:00');
    expect(member.text).toContain('Europe/Madrid');
    expect(member.ics).toContain('METHOD:REQUEST');
    expect(member.ics).toContain('DTSTART:20270105T120000Z');
    expect(member.ics).toContain(`UID:consultation-${first.id}@candeia.app`);
    const toCounsellor = await waitForMail(counsellor.email, 'consultation-booked');
    expect(toCounsellor.text).toContain('09:00');
    const reminders = await t.query<{ data: { event: string }; start_after: Date }>(
      "SELECT data, start_after FROM pgboss.job WHERE name = 'consultation-notice' AND data->>'consultationId' = $1 AND data->>'event' LIKE 'reminder%' ORDER BY start_after",
      [first.id],
    );
    expect(reminders.map((r) => [r.data.event, r.start_after.toISOString()])).toEqual([
      ['reminder-24h', '2027-01-04T12:00:00.000Z'],
      ['reminder-1h', '2027-01-05T11:00:00.000Z'],
    ]);
  });

  it('a reminder is sent once however often its job runs, and not for a moved or cancelled booking', async () => {
    const notice = { consultationId: first.id, event: 'reminder-24h' as const, version: 0 };
    expect(await sendNotice(t.app.deps, notice)).toBe('sent');
    expect(await sendNotice(t.app.deps, notice)).toBe('repeat');
    expect(await mailsTo(t, ana.email, 'consultation-reminder-24h')).toHaveLength(1);
    // Both sides are told in the app too, once.
    const told = await t.query<{ user_id: string; data: Record<string, string> }>(
      "SELECT user_id, data FROM notifications WHERE type = 'consultation' AND data->>'consultationId' = $1 AND data->>'event' = 'reminder-24h'",
      [first.id],
    );
    expect(told.map((n) => [n.user_id, n.data.role]).sort()).toEqual(
      [
        [ana.user.id, 'member'],
        [counsellor.user.id, 'counsellor'],
      ].sort(),
    );
    expect(await sendNotice(t.app.deps, { ...notice, version: 1 })).toBe('stale');
  });
});

describe('cancel, move, and what follows', () => {
  it('a member’s cancel before the cutoff refunds in full, once', async () => {
    const b = json<BookingDto>(await book(ana, '2027-01-08T12:00:00.000Z'), 201);
    expect(await balance(ana)).toBe(6000);
    const cancelled = json<BookingDto>(
      await as(ana, {
        method: 'POST',
        url: `/api/consultations/bookings/${b.id}/cancel`,
        payload: { reason: 'Imprevisto' },
      }),
    );
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'member',
      refundedCredits: 2000,
      cancelReason: 'Imprevisto',
    });
    expect(await balance(ana)).toBe(8000);
    const again = await as(ana, { method: 'POST', url: `/api/consultations/bookings/${b.id}/cancel`, payload: {} });
    expect(again.json()).toMatchObject({ error: { code: 'BOOKING_NOT_CHANGEABLE' } });
    expect(await balance(ana)).toBe(8000);
    // The time is free again.
    const slots = await slotsFor(bruno, 'America/Sao_Paulo', '2027-01-08', 1);
    expect(slots.days[0]!.slots.map((s) => s.time)).toContain('09:00');
    await expectLedgerInvariant(t);
  });

  it('after the cutoff a member’s cancel refunds nothing; a counsellor’s cancel always refunds', async () => {
    const late = json<BookingDto>(await book(bruno, '2027-01-04T14:00:00.000Z'), 201); // today 11:00
    const before = await balance(bruno);
    const cancelled = json<BookingDto>(
      await as(bruno, { method: 'POST', url: `/api/consultations/bookings/${late.id}/cancel`, payload: {} }),
    );
    expect(cancelled).toMatchObject({ status: 'cancelled', refundedCredits: 0 });
    expect(await balance(bruno)).toBe(before);

    const other = json<BookingDto>(await book(bruno, '2027-01-04T13:00:00.000Z'), 201);
    const byCounsellor = json<BookingDto>(
      await as(counsellor, {
        method: 'POST',
        url: `/api/consultations/bookings/${other.id}/cancel`,
        payload: { reason: 'Doente' },
      }),
    );
    expect(byCounsellor).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'counsellor',
      refundedCredits: 2000,
      role: 'counsellor',
    });
    expect(await balance(bruno)).toBe(before);
    const mail = await waitForMail(bruno.email, 'consultation-cancelled');
    expect(mail.ics).toContain('METHOD:CANCEL');
    await expectLedgerInvariant(t);
  });

  it('a member moves a booking before the cutoff, to a free time; not after', async () => {
    const b = json<BookingDto>(await book(ana, '2027-01-11T12:00:00.000Z'), 201);
    const before = await balance(ana);
    const taken = await as(ana, {
      method: 'POST',
      url: `/api/consultations/bookings/${b.id}/reschedule`,
      payload: { startsAt: '2027-01-06T12:00:00.000Z' },
    });
    expect(taken.json()).toMatchObject({ error: { code: 'SLOT_TAKEN' } });
    const moved = json<BookingDto>(
      await as(ana, {
        method: 'POST',
        url: `/api/consultations/bookings/${b.id}/reschedule`,
        payload: { startsAt: '2027-01-11T13:00:00.000Z' },
      }),
    );
    expect(moved).toMatchObject({ startsAt: '2027-01-11T13:00:00.000Z', status: 'booked' });
    expect(await balance(ana)).toBe(before);
    // Moving into its own old neighbourhood works (its old time does not block it).
    json(
      await as(ana, {
        method: 'POST',
        url: `/api/consultations/bookings/${b.id}/reschedule`,
        payload: { startsAt: '2027-01-11T12:00:00.000Z' },
      }),
    );
    // Today 11:00 in São Paulo: within the 24 h cutoff.
    const soon = json<BookingDto>(await book(ana, '2027-01-04T14:00:00.000Z'), 201);
    expect(soon.can.reschedule).toBe(false);
    const late = await as(ana, {
      method: 'POST',
      url: `/api/consultations/bookings/${soon.id}/reschedule`,
      payload: { startsAt: '2027-01-12T12:00:00.000Z' },
    });
    expect(late.json()).toMatchObject({ error: { code: 'BOOKING_NOT_CHANGEABLE' } });
  });
});

describe('after the session', () => {
  it('the counsellor writes notes and the member reads only the shared ones; the member rates once', async () => {
    const b = json<BookingDto>(await book(bruno, '2027-01-12T12:00:00.000Z'), 201);
    const notes = { privateNotes: 'Acompanhar o luto.', sharedNotes: 'Leia o Salmo 23 esta semana.' };
    expect(
      (await as(bruno, { method: 'PUT', url: `/api/consultations/bookings/${b.id}/notes`, payload: notes })).statusCode,
    ).toBe(404);
    json(await as(counsellor, { method: 'PUT', url: `/api/consultations/bookings/${b.id}/notes`, payload: notes }));
    const early = await as(bruno, {
      method: 'POST',
      url: `/api/consultations/bookings/${b.id}/review`,
      payload: { rating: 5 },
    });
    expect(early.json()).toMatchObject({ error: { code: 'REVIEW_NOT_ALLOWED' } });

    await later(new Date('2027-01-12T12:55:00Z'), [bruno, counsellor, ana], async (bruno, counsellor, ana) => {
      const seen = json<BookingDto>(await as(bruno, { url: `/api/consultations/bookings/${b.id}` }));
      expect(seen).toMatchObject({
        status: 'completed',
        sharedNotes: notes.sharedNotes,
        privateNotes: null,
        can: { review: true },
      });
      const reviewed = json<BookingDto>(
        await as(bruno, {
          method: 'POST',
          url: `/api/consultations/bookings/${b.id}/review`,
          payload: { rating: 4, review: 'Muito acolhedora.' },
        }),
      );
      expect(reviewed).toMatchObject({ rating: 4, review: 'Muito acolhedora.', can: { review: false } });
      const twice = await as(bruno, {
        method: 'POST',
        url: `/api/consultations/bookings/${b.id}/review`,
        payload: { rating: 1 },
      });
      expect(twice.json()).toMatchObject({ error: { code: 'REVIEW_NOT_ALLOWED' } });
      const profile = json<CounsellorDto>(
        await as(ana, { url: `/api/consultations/counsellors/${counsellor.user.id}` }),
      );
      expect(profile).toMatchObject({ rating: 4, ratingCount: 1 });
      expect(profile.completedSessions).toBeGreaterThanOrEqual(1);
      const history = json<{ bookings: BookingDto[] }>(
        await as(bruno, { url: '/api/consultations/bookings?when=past' }),
      );
      expect(history.bookings.map((x) => x.id)).toContain(b.id);
      const asCounsellor = json<BookingDto>(await as(counsellor, { url: `/api/consultations/bookings/${b.id}` }));
      expect(asCounsellor).toMatchObject({ privateNotes: notes.privateNotes, member: { name: 'Clara' } });
    });
  });

  it('the counsellor records a no-show only once the session has begun', async () => {
    const b = json<BookingDto>(await book(ana, '2027-01-13T12:00:00.000Z'), 201);
    const early = await as(counsellor, {
      method: 'POST',
      url: `/api/consultations/bookings/${b.id}/outcome`,
      payload: { outcome: 'no_show' },
    });
    expect(early.json()).toMatchObject({ error: { code: 'OUTCOME_NOT_ALLOWED' } });
    await later(new Date('2027-01-13T12:20:00Z'), [counsellor, ana], async (counsellor, ana) => {
      const done = json<BookingDto>(
        await as(counsellor, {
          method: 'POST',
          url: `/api/consultations/bookings/${b.id}/outcome`,
          payload: { outcome: 'no_show' },
        }),
      );
      expect(done.status).toBe('no_show');
      expect(
        (
          await as(ana, {
            method: 'POST',
            url: `/api/consultations/bookings/${b.id}/outcome`,
            payload: { outcome: 'completed' },
          })
        ).statusCode,
      ).toBe(404);
    });
  });
});

describe('ownership', () => {
  it('a third member gets not-found for every booking route; a signed-out caller 401', async () => {
    const b = json<BookingDto>(await book(ana, '2027-01-14T12:00:00.000Z'), 201);
    const stranger = await onGold(5000);
    const routes: TestRequestOptions[] = [
      { url: `/api/consultations/bookings/${b.id}` },
      { method: 'POST', url: `/api/consultations/bookings/${b.id}/cancel`, payload: {} },
      {
        method: 'POST',
        url: `/api/consultations/bookings/${b.id}/reschedule`,
        payload: { startsAt: '2027-01-14T13:00:00.000Z' },
      },
      { method: 'PUT', url: `/api/consultations/bookings/${b.id}/notes`, payload: { sharedNotes: 'x' } },
      { method: 'POST', url: `/api/consultations/bookings/${b.id}/review`, payload: { rating: 5 } },
      { method: 'POST', url: `/api/consultations/bookings/${b.id}/outcome`, payload: { outcome: 'completed' } },
    ];
    for (const r of routes) {
      expect((await as(stranger, r)).statusCode, `${r.method ?? 'GET'} ${r.url}`).toBe(404);
      expect((await as(null, r)).statusCode, `${r.method ?? 'GET'} ${r.url} signed out`).toBe(401);
    }
    expect(
      json<{ bookings: BookingDto[] }>(await as(stranger, { url: '/api/consultations/bookings' })).bookings,
    ).toHaveLength(0);
    // Still booked, untouched.
    expect(json<BookingDto>(await as(ana, { url: `/api/consultations/bookings/${b.id}` })).status).toBe('booked');
    expect((await as(stranger, { url: '/api/consultations/me' })).statusCode).toBe(403);
    expect((await as(stranger, { url: '/api/consultations/bookings?as=counsellor' })).statusCode).toBe(403);
  });

  it('undoing a counsellor unlists them; their booked sessions stay and can still be cancelled with a refund', async () => {
    const b = json<BookingDto>(await book(bruno, '2027-01-15T12:00:00.000Z'), 201);
    const undo = () => as(admin, { method: 'DELETE', url: `/api/admin/counsellors/${counsellor.user.id}` });
    expect(json(await undo())).toEqual({ removed: true });
    // Idempotent: a second undo changes nothing and says so.
    expect(json(await undo())).toEqual({ removed: false });
    expect(
      json<{ counsellors: CounsellorDto[] }>(await as(ana, { url: '/api/consultations/counsellors' })).counsellors,
    ).toHaveLength(0);
    expect((await book(ana, '2027-01-15T13:00:00.000Z')).statusCode).toBe(404);
    const before = await balance(bruno);
    json(await as(bruno, { method: 'POST', url: `/api/consultations/bookings/${b.id}/cancel`, payload: {} }));
    expect(await balance(bruno)).toBe(before + 2000);
    json(await as(admin, { method: 'POST', url: '/api/admin/counsellors', payload: { email: counsellor.email } }), 201);
    expect(
      json<{ counsellors: CounsellorDto[] }>(await as(ana, { url: '/api/consultations/counsellors' })).counsellors,
    ).toHaveLength(1);
  });
});

async function waitForMail(to: string, kind: string): Promise<{ subject: string; text: string; ics: string | null }> {
  for (let i = 0; i < 100; i++) {
    const [row] = await t.query<{ subject: string; text: string; ics: string | null }>(
      'SELECT subject, text, ics FROM mail_outbox WHERE "to" = $1 AND kind = $2 ORDER BY created_at DESC LIMIT 1',
      [to, kind],
    );
    if (row) return row;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no ${kind} mail to ${to}`);
}

describe('limits', () => {
  it('free-slot reads are limited per address (each one computes weeks of a calendar)', async () => {
    const url = `/api/consultations/counsellors/${counsellor.user.id}/slots?tz=UTC&days=62`;
    const codes: number[] = [];
    for (let i = 0; i < 121; i++)
      codes.push((await t.request({ url, cookie: ana.cookie, remoteAddress: '10.99.0.1' })).statusCode);
    expect(codes.slice(0, 120).every((c) => c === 200)).toBe(true);
    expect(codes[120]).toBe(429);
    // Another address is not affected.
    expect((await t.request({ url, cookie: ana.cookie, remoteAddress: '10.99.0.2' })).statusCode).toBe(200);
  });
});

describe('the counsellor’s photo', () => {
  const upload = async (u: TestUser) =>
    json<{ id: string }>(
      await as(u, {
        method: 'POST',
        url: '/api/media',
        ...multipartFile(await testPng(400, 400), 'eu.png', 'image/png'),
      }),
      201,
    ).id;

  it('an upload of theirs becomes the photo members see; a new one replaces it, files and all', async () => {
    const first = await upload(counsellor);
    const saved = json<CounsellorDto>(
      await as(counsellor, { method: 'PUT', url: '/api/consultations/me/photo', payload: { mediaId: first } }),
    );
    expect(saved.photoUrl).toBe(`/api/consultations/counsellors/${counsellor.user.id}/photo/feed?v=${first}`);
    const seen = json<CounsellorDto>(await as(ana, { url: `/api/consultations/counsellors/${counsellor.user.id}` }));
    expect(seen.photoUrl).toBe(saved.photoUrl);
    const img = await as(ana, { url: saved.photoUrl! });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/webp');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    expect((await as(null, { url: saved.photoUrl! })).statusCode).toBe(401);
    // Kept: not taken back as an unposted upload, not swept.
    expect((await as(counsellor, { method: 'DELETE', url: `/api/media/${first}` })).statusCode).toBe(404);
    expect(await t.query('SELECT 1 FROM media WHERE id = $1 AND profile_of IS NOT NULL', [first])).toHaveLength(1);

    const second = await upload(counsellor);
    json(await as(counsellor, { method: 'PUT', url: '/api/consultations/me/photo', payload: { mediaId: second } }));
    expect(await t.query('SELECT 1 FROM media WHERE id = $1', [first])).toHaveLength(0);
    expect(
      (await as(ana, { url: `/api/consultations/counsellors/${counsellor.user.id}/photo/full?v=${first}` })).statusCode,
    ).toBe(200);

    // Someone else's upload cannot become it; null goes back to initials.
    const anasUpload = await upload(ana);
    expect(
      (await as(counsellor, { method: 'PUT', url: '/api/consultations/me/photo', payload: { mediaId: anasUpload } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await as(ana, { method: 'PUT', url: '/api/consultations/me/photo', payload: { mediaId: anasUpload } }))
        .statusCode,
    ).toBe(403);
    const none = json<CounsellorDto>(
      await as(counsellor, { method: 'PUT', url: '/api/consultations/me/photo', payload: { mediaId: null } }),
    );
    expect(none.photoUrl).toBeNull();
    expect(await t.query('SELECT 1 FROM media WHERE id = $1', [second])).toHaveLength(0);
    expect((await as(ana, { url: `/api/consultations/counsellors/${counsellor.user.id}/photo/feed` })).statusCode).toBe(
      404,
    );
  });
});

describe('demo data', () => {
  it('the laptop demo has a counsellor members can book, written once', async () => {
    await seedDemo(t.database.db, t.clock.now());
    await seedDemo(t.database.db, t.clock.now());
    const list = json<{ counsellors: CounsellorDto[] }>(
      await as(ana, { url: '/api/consultations/counsellors?tz=America/Sao_Paulo' }),
    ).counsellors;
    const demo = list.find((c) => c.displayName === 'Irmã Lúcia Prado' && c.id !== counsellor.user.id);
    expect(demo).toMatchObject({ languages: ['pt-BR', 'es-ES'], sessionMinutes: 50, priceCredits: 3000 });
    // Monday 08:00 with 2 h notice: 10:00 today.
    expect(demo!.nextSlot).toBe('2027-01-04T13:00:00.000Z');
    expect(
      await t.query(
        "SELECT 1 FROM counsellors c JOIN users u ON u.id = c.user_id WHERE u.email = 'conselheira@candeia.app'",
      ),
    ).toHaveLength(1);
  });
});
