import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  EMAIL_MAX,
  PASSWORD_MAX,
  PASSWORD_SPECIALS,
  SUPPORTED_LOCALES,
  matchLocale,
  type Locale,
} from '../src/constants.ts';
import { resources, translate } from '../src/i18n/server.ts';
import { normalizeFeatures } from '../src/plans.ts';
import { loginSchema, signUpSchema } from '../src/schemas/auth.ts';
import { emailSchema, newPasswordSchema } from '../src/schemas/common.ts';

/** SPEC.md §5, word for word: the English every validation message must render to. */
const SPEC_EN = {
  'validation:email.required': 'Email is required',
  'validation:email.tooLong': 'Email is too long',
  'validation:email.format': 'Invalid email format',
  'validation:email.chars': 'Email contains invalid characters',
  'validation:password.required': 'Password is required',
  'validation:password.min': 'Password must be at least 8 characters long',
  'validation:password.max': 'Password is too long (max 128 characters)',
  'validation:password.lower': 'Password must contain at least one lowercase letter',
  'validation:password.upper': 'Password must contain at least one uppercase letter',
  'validation:password.number': 'Password must contain at least one number',
  'validation:password.special': 'Password must contain at least one special character (@$!%*?&)',
  'validation:password.common': 'Password is too common',
} as const;
type SpecKey = keyof typeof SPEC_EN;

/** The i18n keys of the issues a schema reports for `value`, in order (for one field path when given). */
function keys(schema: z.ZodType, value: unknown, path?: string): string[] {
  const r = schema.safeParse(value);
  if (r.success) return [];
  return r.error.issues.filter((i) => path === undefined || i.path.join('.') === path).map((i) => i.message);
}

/** The English the user would read for each issue. */
function english(schema: z.ZodType, value: unknown, path?: string): string[] {
  return keys(schema, value, path).map((k) => translate('en-US', k));
}

/** Looks a key up in one locale only (translate() would fall back to pt-BR). */
function lookup(locale: Locale, key: string): string | undefined {
  const [ns, path] = key.split(':') as [string, string];
  let node: unknown = resources[locale][ns];
  for (const part of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' ? node : undefined;
}

const validSignUp = {
  email: 'maria.oliveira@example.com',
  password: 'Luz@Caminho2026',
  confirmPassword: 'Luz@Caminho2026',
  firstName: 'Maria',
  lastName: 'Oliveira',
  phone: '+55 21 98765-4321',
  address: 'Rua das Flores, 10',
  city: 'Rio de Janeiro',
  state: 'RJ',
  country: 'Brasil',
  zipCode: '20000-000',
  birthDate: '1988-04-02',
  gender: 'female',
  acceptTerms: true,
  referralCode: '',
};

const longEmail = (length: number) => `${'a'.repeat(length - '@example.com'.length)}@example.com`;

/** [e-mail, the message the user must see first, SPEC.md §5]. */
const EMAIL_CASES: Array<[string | undefined, SpecKey]> = [
  [undefined, 'validation:email.required'],
  ['', 'validation:email.required'],
  ['   ', 'validation:email.required'],
  [longEmail(EMAIL_MAX + 1), 'validation:email.tooLong'],
  [longEmail(400), 'validation:email.tooLong'],
  ['maria', 'validation:email.format'],
  ['maria@', 'validation:email.format'],
  ['@example.com', 'validation:email.format'],
  ['maria@example', 'validation:email.format'],
  ['maria oliveira@example.com', 'validation:email.format'],
  ['maria@@example.com', 'validation:email.format'],
  ["o'neil@example.com", 'validation:email.chars'],
  ['tom&jerry@example.com', 'validation:email.chars'],
  ['script@example.com', 'validation:email.chars'],
  ['my.javascript@example.com', 'validation:email.chars'],
  ['VBScript@example.com', 'validation:email.chars'],
  ['maria@SCRIPT.example.com', 'validation:email.chars'],
];

/** Characters the standard pattern refuses anyway: the "invalid characters" rule must still report them. */
const PATTERN_ALSO_REFUSES = ['a<b@example.com', 'a>b@example.com', 'a"b@example.com', '<script>@example.com'];

/** [password, the only message it gets, SPEC.md §5]. */
const PASSWORD_CASES: Array<[string, SpecKey]> = [
  ['Ab1@xyz', 'validation:password.min'],
  ['A1@a', 'validation:password.min'],
  [`Ab1@${'x'.repeat(PASSWORD_MAX - 3)}`, 'validation:password.max'],
  ['ABCDEFG1@', 'validation:password.lower'],
  ['abcdefg1@', 'validation:password.upper'],
  ['Abcdefgh@', 'validation:password.number'],
  ['Abcdefg12', 'validation:password.special'],
  ['Abcdefg1#', 'validation:password.special'],
  ['Password123!', 'validation:password.common'],
  ['PassWord123@', 'validation:password.common'],
  ['Password@123', 'validation:password.common'],
];

describe('SECURITY 3 / SPEC §5: e-mail rules through the shared schemas', () => {
  it.each(EMAIL_CASES)('%j → %s', (email, key) => {
    for (const [schema, value, path] of [
      [emailSchema, email, undefined],
      [signUpSchema, { ...validSignUp, email }, 'email'],
      [loginSchema, { email, password: 'x' }, 'email'],
    ] as const) {
      const found = keys(schema, value, path);
      expect(found[0]).toBe(key);
      expect(english(schema, value, path)[0]).toBe(SPEC_EN[key]);
    }
  });

  it.each(PATTERN_ALSO_REFUSES)('%s is refused and reported as invalid characters', (email) => {
    const found = english(emailSchema, email);
    expect(found.length).toBeGreaterThan(0);
    expect(found).toContain('Email contains invalid characters');
    expect(signUpSchema.safeParse({ ...validSignUp, email }).success).toBe(false);
  });

  it('accepts a standard address up to 254 characters, trimmed and folded to lower case', () => {
    expect(emailSchema.parse(longEmail(EMAIL_MAX))).toBe(longEmail(EMAIL_MAX));
    expect(emailSchema.parse('  Maria.Oliveira+fe@Example.COM ')).toBe('maria.oliveira+fe@example.com');
    expect(loginSchema.parse({ email: 'A@X.com', password: 'p' }).email).toBe('a@x.com');
  });
});

describe('SECURITY 3 / SPEC §5: password rules through the shared schemas', () => {
  it.each(PASSWORD_CASES)('%j → %s', (password, key) => {
    expect(keys(newPasswordSchema, password)).toEqual([key]);
    expect(english(newPasswordSchema, password)).toEqual([SPEC_EN[key]]);
    const body = { ...validSignUp, password, confirmPassword: password };
    expect(keys(signUpSchema, body, 'password')).toEqual([key]);
  });

  it('an empty or missing password reports "Password is required" first', () => {
    for (const value of ['', undefined, null, 42]) {
      expect(english(newPasswordSchema, value)[0]).toBe('Password is required');
      expect(english(signUpSchema, { ...validSignUp, password: value }, 'password')[0]).toBe('Password is required');
    }
    expect(english(loginSchema, { email: 'a@example.com', password: '' }, 'password')).toEqual([
      'Password is required',
    ]);
    expect(english(loginSchema, { email: 'a@example.com' }, 'password')).toEqual(['Password is required']);
  });

  it('"password" alone breaks every rule it can, including "too common"', () => {
    expect(english(newPasswordSchema, 'password')).toEqual([
      'Password must contain at least one uppercase letter',
      'Password must contain at least one number',
      'Password must contain at least one special character (@$!%*?&)',
      'Password is too common',
    ]);
  });

  it('every listed special character counts, and the boundaries 8 and 128 are allowed', () => {
    for (const c of PASSWORD_SPECIALS) expect(newPasswordSchema.safeParse(`Abcdefg1${c}`).success).toBe(true);
    expect(newPasswordSchema.safeParse('Abcde1@x').success).toBe(true);
    expect(newPasswordSchema.safeParse(`Ab1@${'x'.repeat(PASSWORD_MAX - 4)}`).success).toBe(true);
  });

  it('is never truncated: a long password comes back whole', () => {
    const long = `Ab1@${'y'.repeat(68)}ZZZZZZZZ`;
    expect(newPasswordSchema.parse(long)).toBe(long);
    expect(loginSchema.parse({ email: 'a@example.com', password: long }).password).toBe(long);
  });

  it('sign-up needs the confirmation to match and the terms to be accepted', () => {
    expect(signUpSchema.safeParse(validSignUp).success).toBe(true);
    expect(english(signUpSchema, { ...validSignUp, confirmPassword: 'Luz@Caminho2027' }, 'confirmPassword')).toEqual([
      "Passwords don't match",
    ]);
    expect(keys(signUpSchema, { ...validSignUp, acceptTerms: false }, 'acceptTerms')).toEqual([
      'validation:terms.required',
    ]);
  });

  it('an empty first name and an empty last name each say which one is missing', () => {
    const blank = { ...validSignUp, firstName: ' ', lastName: '' };
    expect(keys(signUpSchema, blank, 'firstName')).toEqual(['validation:name.firstRequired']);
    expect(keys(signUpSchema, blank, 'lastName')).toEqual(['validation:name.lastRequired']);
    expect(translate('pt-BR', 'validation:name.firstRequired')).toBe('Informe seu nome.');
    expect(translate('en-US', 'validation:name.firstRequired')).toBe('Please enter your first name.');
    expect(translate('es-ES', 'validation:name.firstRequired')).toBe('Indica tu nombre.');
    expect(translate('pt-BR', 'validation:name.lastRequired')).toBe('Informe seu sobrenome.');
    expect(translate('en-US', 'validation:name.lastRequired')).toBe('Please enter your last name.');
    expect(translate('es-ES', 'validation:name.lastRequired')).toBe('Indica tus apellidos.');
  });

  it('login does not hint at the strength rules (any non-empty password is checked by the server)', () => {
    expect(loginSchema.safeParse({ email: 'a@example.com', password: 'abc' }).success).toBe(true);
  });
});

describe('SPEC §5 messages rendered with translate() in every locale', () => {
  it.each(Object.entries(SPEC_EN))('%s', (key, en) => {
    expect(translate('en-US', key)).toBe(en);
    for (const locale of SUPPORTED_LOCALES) {
      const own = lookup(locale, key);
      expect(own, `${locale} has ${key}`).toBeTypeOf('string');
      expect(own!.trim()).not.toBe('');
      expect(translate(locale, key)).toBe(own);
      if (locale !== 'en-US') expect(own, `${locale} ${key} is translated`).not.toBe(en);
    }
    // Numbers and the special characters must survive translation.
    for (const locale of SUPPORTED_LOCALES) {
      if (key.endsWith('.min')) expect(translate(locale, key)).toContain('8');
      if (key.endsWith('.max')) expect(translate(locale, key)).toContain('128');
      if (key.endsWith('.special')) expect(translate(locale, key)).toContain('(@$!%*?&)');
    }
  });
});

describe('SPEC §8: the coded messages of the catalogue', () => {
  /** Portuguese messages of SPEC.md §8, word for word. */
  const SPEC_PT = {
    AUTH_INVALID_CREDENTIALS: 'Email ou senha incorretos. Verifique seus dados e tente novamente.',
    AUTH_RATE_LIMITED: 'Muitas tentativas de login. Tente novamente em alguns minutos.',
    AUTH_ACCOUNT_LOCKED: 'Conta temporariamente bloqueada por segurança. Entre em contato com o suporte.',
    AUTH_INVALID_EMAIL: 'Formato de email inválido. Verifique e tente novamente.',
    AUTH_WEAK_PASSWORD: 'A senha não atende aos requisitos de segurança.',
    DB_CONNECTION_ERROR: 'Erro de conexão. Tente novamente em alguns instantes.',
    DB_QUERY_ERROR: 'Erro interno do sistema. Tente novamente.',
    DB_PERMISSION_ERROR: 'Você não tem permissão para realizar esta ação.',
    VALIDATION_REQUIRED_FIELD: 'Por favor, preencha todos os campos obrigatórios.',
    VALIDATION_INVALID_FORMAT: 'Formato de dados inválido.',
    VALIDATION_LENGTH_ERROR: 'Tamanho do campo inválido.',
    NETWORK_ERROR: 'Erro de conectividade. Verifique sua conexão e tente novamente.',
    UNEXPECTED_ERROR: 'Ocorreu um erro inesperado. Tente novamente.',
    SERVER_ERROR: 'Erro interno do servidor. Tente novamente em alguns instantes.',
  };
  /** English messages of SPEC.md §8, word for word. */
  const SPEC_EN_ERRORS = {
    AUTH_INVALID_EMAIL: 'Invalid email format',
    AUTH_RATE_LIMITED: 'Too many login attempts. Please try again later.',
    AUTH_ACCOUNT_LOCKED: 'Account temporarily locked due to suspicious activity',
    AUTH_INVALID_CREDENTIALS: 'Invalid credentials',
    AUTH_FAILED: 'Authentication failed',
    AUTH_SIGNUP_VIA_FORM: 'Please use the SignUpForm to register.',
    ADMIN_USER_ID_REQUIRED: 'Admin user ID required',
    ADMIN_CLEAR_FAILED: 'Failed to clear security logs',
  };

  it.each(Object.entries(SPEC_PT))('pt-BR %s', (code, text) => {
    expect(translate('pt-BR', `errors:${code}`)).toBe(text);
  });
  it.each(Object.entries(SPEC_EN_ERRORS))('en-US %s', (code, text) => {
    expect(translate('en-US', `errors:${code}`)).toBe(text);
  });
  it('the payment_failed message says the payment is pending and the method must be updated', () => {
    const pt = translate('pt-BR', 'errors:AUTH_PAYMENT_FAILED');
    expect(pt).toMatch(/pagamento pendente/);
    expect(pt).toMatch(/forma de pagamento/);
    expect(pt).toMatch(/continuar usando a plataforma/);
  });
});

describe('i18n catalogues: every key in all three locales', () => {
  const root = join(dirname(fileURLToPath(import.meta.url)), '../src/i18n');
  type Tree = { [k: string]: string | Tree };
  const flatten = (tree: Tree, prefix = ''): Array<[string, string]> =>
    Object.entries(tree).flatMap(([k, v]) =>
      typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : flatten(v, `${prefix}${k}.`),
    );
  const catalogues = Object.fromEntries(
    SUPPORTED_LOCALES.map((locale) => [
      locale,
      Object.fromEntries(
        readdirSync(join(root, locale))
          .filter((f) => f.endsWith('.json'))
          .map((f) => [
            f.slice(0, -5),
            new Map(flatten(JSON.parse(readFileSync(join(root, locale, f), 'utf8')) as Tree)),
          ]),
      ),
    ]),
  ) as Record<Locale, Record<string, Map<string, string>>>;
  const namespaces = [...new Set(SUPPORTED_LOCALES.flatMap((l) => Object.keys(catalogues[l])))].sort();

  it('finds the catalogues', () => {
    expect(namespaces).toEqual(expect.arrayContaining(['common', 'errors', 'mail', 'validation']));
  });

  it.each(namespaces)('%s: same files, same keys, non-empty texts, same placeholders', (ns) => {
    const all = new Set(SUPPORTED_LOCALES.flatMap((l) => [...(catalogues[l][ns]?.keys() ?? [])]));
    const problems: string[] = [];
    for (const key of all) {
      const placeholders = new Set<string>();
      for (const locale of SUPPORTED_LOCALES) {
        const text = catalogues[locale][ns]?.get(key);
        if (text === undefined) problems.push(`${locale}/${ns}.json lacks ${key}`);
        else if (text.trim() === '') problems.push(`${locale}/${ns}.json has an empty ${key}`);
        else
          placeholders.add(
            [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)]
              .map((m) => m[1])
              .sort()
              .join(','),
          );
      }
      if (placeholders.size > 1)
        problems.push(`${ns}:${key} has different placeholders: ${[...placeholders].join(' | ')}`);
    }
    expect(problems).toEqual([]);
  });

  it('every error code has a message in every locale', async () => {
    const { ERROR_CODES } = await import('../src/errors.ts');
    for (const locale of SUPPORTED_LOCALES)
      for (const code of Object.keys(ERROR_CODES))
        expect(lookup(locale, `errors:${code}`), `${locale} ${code}`).toBeTypeOf('string');
  });
});

describe('SPEC §3: plan features as labels or booleans', () => {
  const none = { community: false, chat: false, bible: false, live: false, referral_program: false };

  it.each([
    [['Chat espiritual personalizado'], { chat: true }],
    [['Chat da comunidade'], { chat: true, community: true }],
    [['Community feed'], { community: true }],
    [['Comunidade'], { community: true }],
    [['Bíblia'], { bible: true }],
    [['biblia completa'], { bible: true }],
    [['Holy Bible'], { bible: true }],
    [['Textos sagrados por religião'], { bible: true }],
    [['Live spiritual therapy'], { live: true }],
    [['Referral program'], { referral_program: true }],
    [['Programa de indicação'], { referral_program: true }],
    [['Programa de indicacao'], { referral_program: true }],
    [['Mentoria', 'Eventos VIP', 'Suporte técnico'], {}],
    [[42, null, { chat: true }, 'chat'], { chat: true }],
    [[], {}],
  ])('labels %j', (input, flags) => {
    expect(normalizeFeatures(input)).toEqual({ ...none, ...flags });
  });

  it.each([
    [
      { chat: true, community: true, bible: true, live: true, referral_program: true },
      { chat: true, community: true, bible: true, live: true, referral_program: true },
    ],
    [{ chat: true, live: false }, { chat: true }],
    [{ chat: 'true', community: 1, bible: 'yes', live: null }, {}],
    [{ unknown: true, admin: true }, {}],
    [{}, {}],
  ])('booleans %j', (input, flags) => {
    expect(normalizeFeatures(input)).toEqual({ ...none, ...flags });
  });

  it.each([null, undefined, 'chat', 7, true])('anything else (%j) gives no flags', (input) => {
    expect(normalizeFeatures(input)).toEqual(none);
  });
});

describe('SPEC §4 / §9: language matching', () => {
  it.each([
    ['pt-BR', 'pt-BR'],
    ['pt', 'pt-BR'],
    ['pt-PT', 'pt-BR'],
    ['PT_br', 'pt-BR'],
    ['en-US', 'en-US'],
    ['en', 'en-US'],
    ['en-GB', 'en-US'],
    ['EN_us', 'en-US'],
    ['es-ES', 'es-ES'],
    ['es', 'es-ES'],
    ['es-MX', 'es-ES'],
    ['fr', null],
    ['de-DE', null],
    ['', null],
    [null, null],
    [undefined, null],
    ['*', null],
  ])('%j → %j', (tag, locale) => {
    expect(matchLocale(tag)).toBe(locale);
  });
});
