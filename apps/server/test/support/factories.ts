import { randomBytes } from 'node:crypto';
import type { SignUpInput } from '@candeia/shared/schemas/auth';
import type { TestApp } from './app.ts';
import { sessionCookie } from './app.ts';
import { users } from '../../src/db/schema/index.ts';
import { eq } from 'drizzle-orm';

export const GOOD_PASSWORD = 'Luz@Caminho2026';

let seq = 0;
/** A valid sign-up body with a unique e-mail. */
export function makeSignUp(overrides: Partial<SignUpInput> = {}): SignUpInput {
  seq += 1;
  return {
    email: `pessoa${seq}.${randomBytes(4).toString('hex')}@example.com`,
    password: GOOD_PASSWORD,
    confirmPassword: GOOD_PASSWORD,
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
    ...overrides,
  };
}

/** Signs a user up through the API; returns the user, the cookie and the password. */
export async function insertUser(t: TestApp, overrides: Partial<SignUpInput> & { role?: 'admin' | 'user' } = {}) {
  const { role, ...rest } = overrides;
  const body = makeSignUp(rest);
  const res = await t.request({ method: 'POST', url: '/api/auth/signup', payload: body });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const user = res.json().user as { id: string; email: string };
  if (role) await t.database.db.update(users).set({ role }).where(eq(users.id, user.id));
  return { user, cookie: sessionCookie(res)!, password: body.password as string, email: user.email };
}
