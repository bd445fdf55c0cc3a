import { z } from 'zod';
import { COMMON_PASSWORDS, EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN, PASSWORD_SPECIALS } from '../constants.ts';

/** Validation messages are i18n keys in the `validation` namespace, never literals. */
export const V = {
  required: 'validation:required',
  tooLong: 'validation:tooLong',
  emailRequired: 'validation:email.required',
  emailTooLong: 'validation:email.tooLong',
  emailFormat: 'validation:email.format',
  emailChars: 'validation:email.chars',
  passwordRequired: 'validation:password.required',
  passwordMin: 'validation:password.min',
  passwordMax: 'validation:password.max',
  passwordLower: 'validation:password.lower',
  passwordUpper: 'validation:password.upper',
  passwordNumber: 'validation:password.number',
  passwordSpecial: 'validation:password.special',
  passwordCommon: 'validation:password.common',
  passwordMismatch: 'validation:password.mismatch',
  passwordSame: 'validation:password.same',
  nameRequired: 'validation:name.required',
  firstNameRequired: 'validation:name.firstRequired',
  lastNameRequired: 'validation:name.lastRequired',
  phoneFormat: 'validation:phone.format',
  birthDateFormat: 'validation:birthDate.format',
  birthDateAge: 'validation:birthDate.age',
  genderRequired: 'validation:gender.required',
  termsRequired: 'validation:terms.required',
  referralFormat: 'validation:referral.format',
  zipFormat: 'validation:zip.format',
  messageRequired: 'validation:message.required',
  localeInvalid: 'validation:locale.invalid',
  tokenInvalid: 'validation:token.invalid',
  verifyTokenInvalid: 'validation:token.verifyInvalid',
} as const;

const EMAIL_PATTERN = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]{2,}$/;
const EMAIL_FORBIDDEN = /[<>"'&]|script|javascript|vbscript/i;

/** E-mail rules of SPEC.md §5, in the order given there. */
export const emailSchema = z
  .string({ error: V.emailRequired })
  .trim()
  .min(1, V.emailRequired)
  .max(EMAIL_MAX, V.emailTooLong)
  .regex(EMAIL_PATTERN, V.emailFormat)
  .refine((v) => !EMAIL_FORBIDDEN.test(v), V.emailChars)
  .transform((v) => v.toLowerCase());

const specialClass = new RegExp(`[${PASSWORD_SPECIALS.replace(/[$*?]/g, '\\$&')}]`);
const specialStrip = new RegExp(`[${PASSWORD_SPECIALS.replace(/[$*?]/g, '\\$&')}]`, 'g');

export function isCommonPassword(password: string): boolean {
  const folded = password.toLowerCase().replace(specialStrip, '');
  return (COMMON_PASSWORDS as readonly string[]).includes(folded);
}

/** Password rules of SPEC.md §5 (sign-up and any new password). Never truncated. */
export const newPasswordSchema = z
  .string({ error: V.passwordRequired })
  .min(1, V.passwordRequired)
  .min(PASSWORD_MIN, V.passwordMin)
  .max(PASSWORD_MAX, V.passwordMax)
  .regex(/[a-z]/, V.passwordLower)
  .regex(/[A-Z]/, V.passwordUpper)
  .regex(/[0-9]/, V.passwordNumber)
  .regex(specialClass, V.passwordSpecial)
  .refine((v) => !isCommonPassword(v), V.passwordCommon);

/** A password typed to sign in: only presence and an upper bound (no rule hints). */
export const currentPasswordSchema = z
  .string({ error: V.passwordRequired })
  .min(1, V.passwordRequired)
  .max(PASSWORD_MAX * 4, V.passwordMax);

export const requiredText = (max = 200, message: string = V.required) =>
  z.string({ error: message }).trim().min(1, message).max(max, V.tooLong);

export const optionalText = (max = 200) => z.string().trim().max(max, V.tooLong).optional().default('');
