import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCKOUT_THRESHOLD, LOGIN_RATE_LIMIT, LOGIN_RATE_WINDOW_MS } from '@candeia/shared/constants';
import { translate } from '@candeia/shared/i18n/server';
import { createTestApp, type TestApp } from './support/app.ts';
import {
  insertUser,
  login,
  mailsTo,
  makeSignUp,
  requestResetToken,
  uniqueIp,
  type TestUser,
} from './support/factories.ts';

let t: TestApp;
let u: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  u = await insertUser(t);
});
afterAll(async () => t.close());

const INVALID = {
  'pt-BR': 'Email ou senha incorretos. Verifique seus dados e tente novamente.',
  'en-US': 'Invalid credentials',
  'es-ES': 'Correo o contraseña incorrectos. Revisa tus datos e inténtalo de nuevo.',
} as const;

/** A wrong login with the given language headers; returns the error message. */
async function wrongLogin(headers: Record<string, string>): Promise<string> {
  const res = await t.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: `ninguem.${uniqueIp()}@example.com`, password: 'Wrong@Password1' },
    remoteAddress: uniqueIp(),
    headers,
  });
  expect(res.statusCode).toBe(401);
  return res.json().error.message as string;
}

describe('SPEC §4/§9 and PRODUCT: the server answers in the user’s language', () => {
  it.each([
    [{ 'x-locale': 'pt-BR' }, 'pt-BR'],
    [{ 'x-locale': 'en-US' }, 'en-US'],
    [{ 'x-locale': 'es-ES' }, 'es-ES'],
    [{ 'x-locale': 'en' }, 'en-US'],
    [{ 'x-locale': 'es' }, 'es-ES'],
    [{ 'x-locale': 'pt' }, 'pt-BR'],
    [{ 'accept-language': 'en-US,en;q=0.9' }, 'en-US'],
    [{ 'accept-language': 'es-ES,es;q=0.9,en;q=0.8' }, 'es-ES'],
    [{ 'accept-language': 'es-MX' }, 'es-ES'],
    [{ 'accept-language': 'pt-PT,pt;q=0.9' }, 'pt-BR'],
    [{ 'accept-language': 'fr-FR,fr;q=0.9,en-GB;q=0.8' }, 'en-US'],
    [{ 'accept-language': 'de-DE,de;q=0.9' }, 'pt-BR'],
    [{ 'accept-language': 'es;q=0.5,fr;q=1,en;q=0.8' }, 'en-US'],
    [{ 'accept-language': 'en;q=0,es-ES' }, 'es-ES'],
    [{}, 'pt-BR'],
    [{ 'x-locale': 'en-US', 'accept-language': 'es-ES' }, 'en-US'],
    [{ 'x-locale': 'klingon', 'accept-language': 'es-ES' }, 'es-ES'],
    [{ 'x-locale': '', 'accept-language': 'en' }, 'en-US'],
  ] as const)('%j → %s', async (headers, locale) => {
    expect(await wrongLogin(headers)).toBe(INVALID[locale]);
  });

  it('validation messages of every field come in the request language', async () => {
    for (const [locale, email, password] of [
      ['pt-BR', 'Formato de e-mail inválido', 'A senha é obrigatória'],
      ['en-US', 'Invalid email format', 'Password is required'],
      ['es-ES', 'Formato de correo electrónico no válido', 'La contraseña es obligatoria'],
    ] as const) {
      const res = await t.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'maria', password: '' },
        locale,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ email, password });
      expect(res.json().error.message).toBe(translate(locale, 'errors:AUTH_INVALID_EMAIL'));
    }
  });

  it('sign-up messages for each SPEC §5 rule in all three languages', async () => {
    for (const locale of ['pt-BR', 'en-US', 'es-ES'] as const) {
      for (const [password, key] of [
        ['Ab1@', 'validation:password.min'],
        ['abcdefg1@', 'validation:password.upper'],
        ['ABCDEFG1@', 'validation:password.lower'],
        ['Abcdefgh@', 'validation:password.number'],
        ['Abcdefg12', 'validation:password.special'],
        ['Password123!', 'validation:password.common'],
      ] as const) {
        const res = await t.request({
          method: 'POST',
          url: '/api/auth/signup',
          payload: makeSignUp({ password, confirmPassword: password }),
          locale,
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().error.fields.password).toBe(translate(locale, key));
      }
    }
  });

  it('rate limiting, CSRF, 404 and sign-in required speak the request language too', async () => {
    const email = 'limite.idioma@example.com';
    for (let i = 0; i < LOGIN_RATE_LIMIT; i++) await login(t, email, 'Wrong@Password1');
    const es = await login(t, email, 'Wrong@Password1', { locale: 'es-ES' });
    expect(es.json().error.message).toBe(
      'Demasiados intentos de inicio de sesión. Inténtalo de nuevo en unos minutos.',
    );
    const csrf = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: {},
      headers: { origin: 'https://evil.example', 'accept-language': 'en' },
    });
    expect(csrf.json().error.message).toBe('Request refused for security reasons. Reload the page and try again.');
    const notFound = await t.request({ url: '/api/nada', cookie: u.cookie, headers: { 'accept-language': 'es' } });
    expect(notFound.json().error.message).toBe('No encontrado.');
    const required = await t.request({ url: '/api/profile', headers: { 'accept-language': 'es' } });
    expect(required.json().error.message).toBe('Inicia sesión para continuar.');
  });

  it('mails go out in the user’s own language, whatever the language of the request', async () => {
    const es = await insertUser(t, { locale: 'es-ES' });
    await t.request({
      method: 'POST',
      url: '/api/auth/password-reset/request',
      payload: { email: es.email },
      locale: 'pt-BR',
    });
    const [reset] = await mailsTo(t, es.email, 'password_reset');
    expect(reset!.subject).toBe(translate('es-ES', 'mail:reset.subject'));

    const en = await insertUser(t, { locale: 'en-US' });
    for (let i = 0; i < LOCKOUT_THRESHOLD; i++) {
      if (i > 0 && i % LOGIN_RATE_LIMIT === 0) t.clock.advance(LOGIN_RATE_WINDOW_MS + 1000);
      await login(t, en.email, 'Wrong@Password1', { locale: 'pt-BR' });
    }
    const [locked] = await mailsTo(t, en.email, 'account_locked');
    expect(locked!.subject).toBe(translate('en-US', 'mail:locked.subject'));
    expect(locked!.text).toContain('Account temporarily locked due to suspicious activity');

    const pt = await insertUser(t);
    await requestResetToken(t, pt.email);
    const [ptMail] = await mailsTo(t, pt.email, 'password_reset');
    expect(ptMail!.subject).toBe(translate('pt-BR', 'mail:reset.subject'));
  });

  it('the chosen language is stored on the profile', async () => {
    const me = await insertUser(t);
    const put = await t.request({
      method: 'PUT',
      url: '/api/profile/locale',
      cookie: me.cookie,
      payload: { locale: 'es-ES' },
    });
    expect(put.statusCode).toBe(200);
    expect((await t.request({ url: '/api/profile', cookie: me.cookie })).json().locale).toBe('es-ES');
    const bad = await t.request({
      method: 'PUT',
      url: '/api/profile/locale',
      cookie: me.cookie,
      payload: { locale: 'fr-FR' },
      locale: 'en-US',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.locale).toBe('Unsupported language.');
  });
});
