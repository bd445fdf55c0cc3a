import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminAlertDto, AlertsDto } from '@candeia/shared/schemas/alerts';
import { createTestApp, type TestRequestOptions } from './support/app.ts';
import { insertUser, type TestUser } from './support/factories.ts';

/**
 * Site alerts (the banner): what an administrator writes, who sees it and when, dismissals kept
 * per member, and the rules of the admin's editor.
 */

const t = await createTestApp();
let ana: TestUser;
let bruno: TestUser;
let admin: TestUser;
beforeAll(async () => {
  ana = await insertUser(t, { firstName: 'Ana', lastName: 'Aviso' });
  bruno = await insertUser(t, { firstName: 'Bruno', lastName: 'Aviso' });
  admin = await insertUser(t, { firstName: 'Admin', lastName: 'Aviso', role: 'admin' });
});
afterAll(() => t.close());

const as = (u: TestUser | null, opts: TestRequestOptions) => t.request({ ...opts, cookie: u?.cookie ?? null });
const at = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString();
const HOUR = 3_600_000;
const MIN = 60_000;

const messages = (s: string) => ({
  'pt-BR': `Manutenção ${s}`,
  'en-US': `Maintenance ${s}`,
  'es-ES': `Mantenimiento ${s}`,
});

async function create(body: Record<string, unknown>): Promise<AdminAlertDto> {
  const res = await as(admin, { method: 'POST', url: '/api/admin/alerts', payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<AdminAlertDto>();
}

async function shown(u: TestUser | null, only?: RegExp): Promise<string[]> {
  const res = await as(u, { url: '/api/alerts' });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res
    .json<AlertsDto>()
    .alerts.map((a) => a.messages['pt-BR'])
    .filter((m) => !only || only.test(m));
}

describe('who sees an alert, and when', () => {
  it('a member’s dismissal holds on every device but only for them; a visitor cannot dismiss on the server', async () => {
    const a = await create({
      severity: 'info',
      audience: 'everyone',
      messages: messages('dispensável'),
      startsAt: at(0),
      endsAt: at(HOUR),
    });
    expect(await shown(ana)).toContain('Manutenção dispensável');
    const url = `/api/alerts/${a.id}/dismiss`;
    expect((await as(ana, { method: 'POST', url })).statusCode).toBe(200);
    // Twice changes nothing.
    expect((await as(ana, { method: 'POST', url })).statusCode).toBe(200);
    expect(await shown(ana)).not.toContain('Manutenção dispensável');
    expect(await shown(bruno)).toContain('Manutenção dispensável');
    expect(await shown(null)).toContain('Manutenção dispensável');
    expect((await as(null, { method: 'POST', url })).statusCode).toBe(401);
    const unknown = await as(ana, { method: 'POST', url: '/api/alerts/00000000-0000-4000-8000-000000000000/dismiss' });
    expect(unknown.statusCode).toBe(404);
    const list = (await as(admin, { url: '/api/admin/alerts' })).json<AdminAlertDto[]>();
    expect(list.find((x) => x.id === a.id)?.dismissals).toBe(1);
  });
});

describe('the administrator’s editor', () => {
  it('is the administrators’ alone', async () => {
    expect((await as(ana, { url: '/api/admin/alerts' })).statusCode).toBe(403);
    expect((await as(null, { url: '/api/admin/alerts' })).statusCode).toBe(401);
    const res = await as(ana, {
      method: 'POST',
      url: '/api/admin/alerts',
      payload: { severity: 'info', audience: 'everyone', messages: messages('x'), startsAt: at(0), endsAt: at(HOUR) },
    });
    expect(res.statusCode).toBe(403);
  });

  it('refuses a missing language, a long message, an end before the start or in the past, and more than 90 days, with translated field messages', async () => {
    const base = { severity: 'info', audience: 'everyone', messages: messages('x'), startsAt: at(0), endsAt: at(HOUR) };
    const post = (payload: Record<string, unknown>, locale = 'pt-BR') =>
      as(admin, { method: 'POST', url: '/api/admin/alerts', payload, locale });

    const noSpanish = await post({ ...base, messages: { 'pt-BR': 'Olá', 'en-US': 'Hello', 'es-ES': '   ' } });
    expect(noSpanish.statusCode, noSpanish.body).toBe(400);
    expect(noSpanish.json().error.fields['messages.es-ES']).toBe('Escreva o aviso neste idioma.');

    const long = await post({ ...base, messages: { ...messages('x'), 'en-US': 'a'.repeat(281) } }, 'en-US');
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields['messages.en-US']).toBe('The alert can be up to 280 characters.');

    const backwards = await post({ ...base, startsAt: at(HOUR), endsAt: at(0) }, 'es-ES');
    expect(backwards.json().error.fields.endsAt).toBe('El fin tiene que ser posterior al inicio.');

    const past = await post({ ...base, startsAt: at(-3 * HOUR), endsAt: at(-HOUR) });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.fields.endsAt).toBe('O término já passou: escolha uma data futura.');

    const forever = await post({ ...base, endsAt: at(91 * 24 * HOUR) });
    expect(forever.json().error.fields.endsAt).toBe('Um aviso fica no ar por no máximo 90 dias.');

    for (const bad of [
      { ...base, severity: 'panic' },
      { ...base, audience: 'admins' },
      { ...base, startsAt: 'amanhã' },
      { ...base, extra: true },
      { ...base, messages: { ...messages('x'), fr: 'Bonjour' } },
    ]) {
      const res = await post(bad);
      expect(res.statusCode, `${JSON.stringify(bad)} ${res.body}`).toBe(400);
    }
  });

  it('edits, ends now (only a running alert) and deletes; unknown ids are 404', async () => {
    const a = await create({
      severity: 'info',
      audience: 'everyone',
      messages: messages('editável'),
      startsAt: at(0),
      endsAt: at(HOUR),
    });
    const edited = await as(admin, {
      method: 'PUT',
      url: `/api/admin/alerts/${a.id}`,
      payload: {
        severity: 'critical',
        audience: 'members',
        messages: messages('editada'),
        startsAt: at(0),
        endsAt: at(2 * HOUR),
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<AdminAlertDto>()).toMatchObject({ severity: 'critical', audience: 'members' });
    expect(await shown(null)).not.toContain('Manutenção editada');
    expect(await shown(bruno)).toContain('Manutenção editada');

    const ended = await as(admin, { method: 'POST', url: `/api/admin/alerts/${a.id}/end` });
    expect(ended.statusCode).toBe(200);
    expect(ended.json<AdminAlertDto>().state).toBe('ended');
    expect(await shown(bruno)).not.toContain('Manutenção editada');
    const again = await as(admin, { method: 'POST', url: `/api/admin/alerts/${a.id}/end` });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('ALERT_NOT_ACTIVE');

    expect((await as(admin, { method: 'DELETE', url: `/api/admin/alerts/${a.id}` })).statusCode).toBe(200);
    expect((await as(admin, { method: 'DELETE', url: `/api/admin/alerts/${a.id}` })).statusCode).toBe(404);
    const missing = '00000000-0000-4000-8000-000000000000';
    const put = await as(admin, {
      method: 'PUT',
      url: `/api/admin/alerts/${missing}`,
      payload: { severity: 'info', audience: 'members', messages: messages('x'), startsAt: at(0), endsAt: at(HOUR) },
    });
    expect(put.statusCode).toBe(404);
  });
});

const OVER_TIME = /geral|membros|futura/;

describe('over time', () => {
  // Last: it moves the clock (each request keeps the sessions alive).
  it('shows everyone’s alert to visitors and members, the members’ one only when signed in, each between its start and end', async () => {
    const all = await create({
      severity: 'warning',
      audience: 'everyone',
      messages: messages('geral'),
      startsAt: at(-10 * MIN),
      endsAt: at(20 * MIN),
    });
    expect(all).toMatchObject({ state: 'active', dismissals: 0, audience: 'everyone' });
    await create({
      severity: 'info',
      audience: 'members',
      messages: messages('membros'),
      startsAt: at(-10 * MIN),
      endsAt: at(25 * MIN),
    });
    const later = await create({
      severity: 'critical',
      audience: 'everyone',
      messages: messages('futura'),
      startsAt: at(10 * MIN),
      endsAt: at(40 * MIN),
    });
    expect(later.state).toBe('scheduled');

    expect(await shown(null, OVER_TIME)).toEqual(['Manutenção geral']);
    // Soonest to end first.
    expect(await shown(ana, OVER_TIME)).toEqual(['Manutenção geral', 'Manutenção membros']);

    t.clock.advance(15 * MIN);
    // The administrator keeps their session alive meanwhile.
    expect((await as(admin, { url: '/api/admin/alerts' })).statusCode).toBe(200);
    expect(await shown(null, OVER_TIME)).toEqual(['Manutenção geral', 'Manutenção futura']);
    t.clock.advance(26 * MIN);
    expect(await shown(ana, OVER_TIME)).toEqual([]);
    const list = (await as(admin, { url: '/api/admin/alerts' })).json<AdminAlertDto[]>();
    expect(list.filter((a) => OVER_TIME.test(a.messages['pt-BR'])).map((a) => a.state)).toEqual([
      'ended',
      'ended',
      'ended',
    ]);
  });
});
