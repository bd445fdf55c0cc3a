import { expect, type Browser, type Page } from '@playwright/test';
import type {
  AvailabilityInput,
  BookingDto,
  CounsellorProfileInput,
  CounsellorSelfDto,
  SlotsDto,
} from '@candeia/shared/schemas/consultation';
import { subscribeThroughApi } from './billing.ts';
import { pageOf } from './community.ts';
import { createUser, setCredits, withDb, type E2EUser } from './fixtures.ts';

/** Every weekday open 09:00–12:00 and 14:00–18:00 (in the counsellor's zone). */
export const OPEN_WEEK: AvailabilityInput = {
  weekly: Object.fromEntries(
    [1, 2, 3, 4, 5, 6, 7].map((d) => [
      d,
      [
        { start: '09:00', end: '12:00' },
        { start: '14:00', end: '18:00' },
      ],
    ]),
  ) as AvailabilityInput['weekly'],
  overrides: [],
};

export const PROFILE: CounsellorProfileInput = {
  displayName: 'Irmã Clara',
  bio: 'Acompanho famílias em luto e pessoas que atravessam tempos de dúvida, com escuta e oração.',
  languages: ['pt-BR', 'es-ES'],
  specialties: ['grief', 'family', 'faith'],
  sessionMinutes: 50,
  priceCredits: 3000,
  timeZone: 'America/Sao_Paulo',
  bufferMinutes: 10,
  minNoticeMinutes: 12 * 60,
  horizonDays: 60,
  cancelCutoffHours: 24,
  accepting: true,
};

/** An administrator's signed-in page (to make counsellors through the admin API). */
export async function adminPage(browser: Browser, baseURL: string): Promise<Page> {
  return pageOf(browser, await createUser({ role: 'admin', firstName: 'Ester' }), baseURL);
}

/** Makes the user a counsellor as the admin screen does (POST /api/admin/counsellors). */
export async function makeCounsellor(admin: Page, baseURL: string, user: E2EUser) {
  const res = await admin.request.post('/api/admin/counsellors', {
    data: { email: user.email },
    headers: { origin: baseURL },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/** The counsellor's profile and availability, saved through the API their screen uses; their profile. */
export async function setUpCounsellor(
  page: Page,
  baseURL: string,
  profile: Partial<CounsellorProfileInput> = {},
  availability: AvailabilityInput = OPEN_WEEK,
): Promise<CounsellorSelfDto> {
  const headers = { origin: baseURL };
  const saved = await page.request.put('/api/consultations/me/profile', { data: { ...PROFILE, ...profile }, headers });
  expect(saved.ok(), await saved.text()).toBe(true);
  const hours = await page.request.put('/api/consultations/me/availability', { data: availability, headers });
  expect(hours.ok(), await hours.text()).toBe(true);
  return (await saved.json()) as CounsellorSelfDto;
}

/** A counsellor ready to be booked: made by an administrator, profile and week saved; their page. */
export async function listedCounsellor(
  browser: Browser,
  baseURL: string,
  profile: Partial<CounsellorProfileInput> = {},
): Promise<{ user: E2EUser; page: Page; profile: CounsellorSelfDto }> {
  const user = await createUser({ firstName: 'Clara' });
  const admin = await adminPage(browser, baseURL);
  await makeCounsellor(admin, baseURL, user);
  await admin.context().close();
  const page = await pageOf(browser, user, baseURL);
  return { user, page, profile: await setUpCounsellor(page, baseURL, profile) };
}

/** A member on the Gold plan (consultations included) with exactly `credits` credits. */
export async function goldMember(page: Page, baseURL: string, user: E2EUser, credits: number) {
  await subscribeThroughApi(page, baseURL, 'gold');
  await setCredits(user.id, credits);
}

/** The counsellor's free slots in São Paulo time, from today. */
export async function slotsOf(page: Page, counsellorId: string, days = 14): Promise<SlotsDto> {
  const res = await page.request.get(
    `/api/consultations/counsellors/${counsellorId}/slots?days=${days}&tz=America/Sao_Paulo`,
  );
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as SlotsDto;
}

/** A booking made through the API the booking screen uses. */
export async function bookThroughApi(
  page: Page,
  baseURL: string,
  counsellorId: string,
  startsAt: string,
): Promise<BookingDto> {
  const res = await page.request.post('/api/consultations/bookings', {
    data: { counsellorId, startsAt, timeZone: 'America/Sao_Paulo' },
    headers: { origin: baseURL },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as BookingDto;
}

/**
 * Moves a booking into the past with an outcome (a session that took place): what the history
 * shows after the time has passed, without waiting for it.
 */
export async function heldInThePast(bookingId: string, status: 'completed' | 'no_show', daysAgo = 3) {
  await withDb((c) =>
    c.query(
      `UPDATE consultations
          SET starts_at = date_trunc('hour', now()) - make_interval(days => $2::int),
              ends_at = date_trunc('hour', now()) - make_interval(days => $2::int) + interval '50 minutes',
              blocked_until = date_trunc('hour', now()) - make_interval(days => $2::int) + interval '60 minutes',
              status = $3
        WHERE id = $1`,
      [bookingId, daysAgo, status],
    ),
  );
}
