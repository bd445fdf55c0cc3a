import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, TRIAL_DAYS } from '@candeia/shared/constants';
import { createTestApp, sessionCookie, type TestApp } from './support/app.ts';
import { insertUser, makeSignUp, uniqueIp, type TestUser } from './support/factories.ts';

let t: TestApp;
let referrer: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  referrer = await insertUser(t);
});
afterAll(async () => t.close());

const signUp = (payload: unknown, locale = 'en-US') =>
  t.request({ method: 'POST', url: '/api/auth/signup', payload: payload as object, locale, remoteAddress: uniqueIp() });

async function countUsers(email: string): Promise<number> {
  const [row] = await t.query<{ n: string }>('SELECT count(*) AS n FROM users WHERE lower(email) = lower($1)', [email]);
  return Number(row!.n);
}

describe('POST /api/auth/signup (SPEC §3, §4, §5)', () => {
  it('creates the user, the profile, a 30-day trial and a session', async () => {
    const body = makeSignUp({ email: 'Ana.Souza+fe@Example.COM' });
    const res = await signUp(body);
    expect(res.statusCode).toBe(201);
    const user = res.json().user;
    expect(user).toMatchObject({
      email: 'ana.souza+fe@example.com',
      firstName: 'Maria',
      lastName: 'Oliveira',
      role: 'user',
      locale: 'en-US',
    });
    expect(user.referralCode).toMatch(/^REF-[A-Z0-9]{8}$/);
    expect(sessionCookie(res)).toBeTruthy();

    const me = await t.request({ url: '/api/profile', cookie: sessionCookie(res) });
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(user.id);

    const [profile] = await t.query('SELECT * FROM profiles WHERE id = $1', [user.id]);
    expect(profile).toEqual({ id: user.id, username: 'ana.souza+fe', email: 'ana.souza+fe@example.com' });

    const subs = await t.query<{
      status: string;
      is_trial: boolean;
      trial_end_date: Date;
      expires_at: Date;
      plan_id: string;
      credits_remaining: number;
    }>('SELECT * FROM user_subscriptions WHERE user_id = $1', [user.id]);
    expect(subs).toHaveLength(1);
    const sub = subs[0]!;
    expect(sub.status).toBe('trialing');
    expect(sub.is_trial).toBe(true);
    const expectedEnd = t.clock.now().getTime() + TRIAL_DAYS * DAY_MS;
    expect(sub.trial_end_date.getTime()).toBe(expectedEnd);
    expect(sub.trial_end_date.toISOString()).toBe('2026-04-09T12:00:00.000Z');
    expect(sub.expires_at.getTime()).toBe(expectedEnd);
    const [plan] = await t.query<{ name: string }>('SELECT name FROM subscription_plans WHERE id = $1', [sub.plan_id]);
    expect(plan!.name).toBe('Plano Gratuito');

    const state = await t.request({ url: '/api/subscription', cookie: sessionCookie(res) });
    expect(state.json()).toMatchObject({ status: 'trialing', isTrial: true, allowed: true, trialDaysLeft: 30 });
  });

  it('keeps the language of the request as the user language when none is chosen', async () => {
    const res = await signUp(makeSignUp(), 'es-ES');
    expect(res.json().user.locale).toBe('es-ES');
    const chosen = await signUp(makeSignUp({ locale: 'pt-BR' }), 'es-ES');
    expect(chosen.json().user.locale).toBe('pt-BR');
  });

  it('refuses an e-mail already registered (any case) with 409 AUTH_EMAIL_TAKEN and a field message', async () => {
    const email = 'repetido@example.com';
    expect((await signUp(makeSignUp({ email }))).statusCode).toBe(201);
    for (const again of [email, 'Repetido@Example.com', '  REPETIDO@EXAMPLE.COM ']) {
      const res = await signUp(makeSignUp({ email: again }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        error: {
          code: 'AUTH_EMAIL_TAKEN',
          message: 'This email is already registered. Sign in or reset your password.',
          fields: { email: 'This email is already registered. Sign in or reset your password.' },
        },
      });
      expect(sessionCookie(res)).toBeNull();
    }
    const pt = await signUp(makeSignUp({ email }), 'pt-BR');
    expect(pt.json().error.fields.email).toBe('Este e-mail já está cadastrado. Entre com sua senha ou redefina-a.');
    expect(await countUsers(email)).toBe(1);
  });

  it('refuses an unknown referral code with REFERRAL_INVALID and creates nothing', async () => {
    const body = makeSignUp({ referralCode: 'REF-ZZZZZZZZ' });
    const res = await signUp(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'REFERRAL_INVALID',
      message: 'Referral code not found.',
      fields: { referralCode: 'Referral code not found.' },
    });
    expect(await countUsers(body.email as string)).toBe(0);
  });

  it('refuses a malformed referral code with the format message', async () => {
    const res = await signUp(makeSignUp({ referralCode: 'INDICA-1' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.referralCode).toBe('The referral code must look like REF-XXXXXXXX.');
  });

  it('accepts a valid referral code (any case) and links the new user to the referrer', async () => {
    // The referral program is for active subscribers of a paid plan with it (Prata).
    await t.query(
      "UPDATE user_subscriptions SET plan_id = (SELECT id FROM subscription_plans WHERE slug = 'silver'), status = 'active', is_trial = false, trial_end_date = NULL WHERE user_id = $1",
      [referrer.user.id],
    );
    const res = await signUp(makeSignUp({ referralCode: referrer.user.referralCode.toLowerCase() }));
    expect(res.statusCode).toBe(201);
    const [row] = await t.query<{ referred_by: string }>('SELECT referred_by FROM users WHERE id = $1', [
      res.json().user.id,
    ]);
    expect(row!.referred_by).toBe(referrer.user.id);
  });

  it('answers the SPEC §5 messages for a bad e-mail and a weak password', async () => {
    const email = await signUp(makeSignUp({ email: "o'neil@example.com" }));
    expect(email.statusCode).toBe(400);
    expect(email.json().error).toMatchObject({
      code: 'AUTH_INVALID_EMAIL',
      message: 'Invalid email format',
      fields: { email: 'Email contains invalid characters' },
    });
    const weak = await signUp(makeSignUp({ password: 'Password123!', confirmPassword: 'Password123!' }));
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error).toMatchObject({
      code: 'AUTH_WEAK_PASSWORD',
      fields: { password: 'Password is too common' },
    });
    const pt = await signUp(makeSignUp({ password: 'curta1@', confirmPassword: 'curta1@' }), 'pt-BR');
    expect(pt.json().error).toMatchObject({
      code: 'AUTH_WEAK_PASSWORD',
      message: 'A senha não atende aos requisitos de segurança.',
    });
  });

  it('needs the terms accepted and matching passwords', async () => {
    const terms = await signUp(makeSignUp({ acceptTerms: false as unknown as true }));
    expect(terms.statusCode).toBe(400);
    expect(terms.json().error.fields.acceptTerms).toBe('You must accept the Terms of Use and the Privacy Policy.');
    const mismatch = await signUp(makeSignUp({ confirmPassword: 'Outra@Senha2026' }));
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error.fields.confirmPassword).toBe("Passwords don't match");
  });
});

describe('SECURITY 14: strict schemas; role, credits and status cannot be set by the user', () => {
  const smuggled: Array<[string, Record<string, unknown>]> = [
    ['role', { role: 'admin' }],
    ['credits', { credits: 1_000_000 }],
    ['creditsRemaining', { creditsRemaining: 1_000_000 }],
    ['status', { status: 'active' }],
    ['isAdmin', { isAdmin: true }],
    ['isTrial', { isTrial: false }],
    ['passwordHash', { passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$AAAA$BBBB' }],
    ['id', { id: '00000000-0000-4000-8000-000000000000' }],
  ];

  it.each(smuggled)('sign-up with "%s" → 400 and no user', async (_name, extra) => {
    const body = { ...makeSignUp(), ...extra };
    const res = await signUp(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_INVALID_FORMAT');
    expect(sessionCookie(res)).toBeNull();
    expect(await countUsers(body.email as string)).toBe(0);
  });

  it('a __proto__ or constructor key is refused too', async () => {
    const body = makeSignUp();
    for (const raw of [
      `{"__proto__":{"role":"admin"},${JSON.stringify(body).slice(1)}`,
      `{"constructor":{"prototype":{"role":"admin"}},${JSON.stringify(body).slice(1)}`,
    ]) {
      const res = await t.request({
        method: 'POST',
        url: '/api/auth/signup',
        payload: raw,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(400);
    }
    expect(await countUsers(body.email as string)).toBe(0);
    expect(({} as Record<string, unknown>).role).toBeUndefined();
  });

  it('the profile update refuses role, credits and status and changes nothing', async () => {
    const u = await insertUser(t);
    const base = {
      firstName: 'Joana',
      lastName: 'Lima',
      phone: '+55 11 91234-5678',
      address: '',
      city: '',
      state: '',
      country: 'Brasil',
      zipCode: '',
      locale: 'pt-BR',
    };
    for (const [, extra] of smuggled) {
      const res = await t.request({
        method: 'PUT',
        url: '/api/profile',
        cookie: u.cookie,
        payload: { ...base, ...extra },
      });
      expect(res.statusCode).toBe(400);
    }
    const [row] = await t.query<{ role: string; first_name: string }>(
      'SELECT role, first_name FROM users WHERE id = $1',
      [u.user.id],
    );
    expect(row).toEqual({ role: 'user', first_name: 'Maria' });
    const [sub] = await t.query<{ status: string; credits_remaining: number }>(
      'SELECT status, credits_remaining FROM user_subscriptions WHERE user_id = $1',
      [u.user.id],
    );
    expect(sub).toEqual({ status: 'trialing', credits_remaining: 0 });
    // The same body without the extra field is accepted: the refusal was for the field.
    const ok = await t.request({ method: 'PUT', url: '/api/profile', cookie: u.cookie, payload: base });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ firstName: 'Joana', role: 'user' });
  });

  it('the locale update refuses extra fields', async () => {
    const u = await insertUser(t);
    const res = await t.request({
      method: 'PUT',
      url: '/api/profile/locale',
      cookie: u.cookie,
      payload: { locale: 'en-US', role: 'admin' },
    });
    expect(res.statusCode).toBe(400);
    const [row] = await t.query<{ role: string; locale: string }>('SELECT role, locale FROM users WHERE id = $1', [
      u.user.id,
    ]);
    expect(row).toEqual({ role: 'user', locale: 'pt-BR' });
  });
});
