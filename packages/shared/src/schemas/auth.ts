import { z } from 'zod';
import { GENDERS, MIN_SIGNUP_AGE, NAME_MAX, REFERRAL_CODE_PATTERN, SUPPORTED_LOCALES } from '../constants.ts';
import { V, currentPasswordSchema, emailSchema, newPasswordSchema, optionalText, requiredText } from './common.ts';

const PHONE_PATTERN = /^\+?[0-9 ().-]{8,20}$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** True when `iso` (YYYY-MM-DD) is a real calendar date. */
function isRealDate(iso: string): boolean {
  if (!ISO_DATE.test(iso)) return false;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso;
}

/** Whole years between a birth date and `today` (both YYYY-MM-DD). */
export function ageOn(birthDate: string, today: Date): number {
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  const beforeBirthday = today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d);
  if (beforeBirthday) age -= 1;
  return age;
}

export const birthDateSchema = z
  .string({ error: V.birthDateFormat })
  .refine(isRealDate, V.birthDateFormat)
  .refine(
    (v) => !isRealDate(v) || (ageOn(v, new Date()) >= MIN_SIGNUP_AGE && ageOn(v, new Date()) <= 120),
    V.birthDateAge,
  );

export const phoneSchema = z
  .string({ error: V.required })
  .trim()
  .min(1, V.required)
  .regex(PHONE_PATTERN, V.phoneFormat);

export const referralCodeSchema = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .refine((v) => v === '' || REFERRAL_CODE_PATTERN.test(v), V.referralFormat);

export const localeSchema = z.enum(SUPPORTED_LOCALES, { error: V.localeInvalid });

/** Address fields shared by sign-up and the profile. */
export const addressFields = {
  address: optionalText(200),
  city: optionalText(100),
  state: optionalText(100),
  country: requiredText(100),
  zipCode: z
    .string()
    .trim()
    .max(20, V.tooLong)
    .regex(/^[A-Za-z0-9 -]*$/, V.zipFormat)
    .optional()
    .default(''),
};

export const signUpSchema = z
  .strictObject({
    email: emailSchema,
    password: newPasswordSchema,
    confirmPassword: z.string({ error: V.required }).min(1, V.required),
    firstName: requiredText(NAME_MAX, V.firstNameRequired),
    lastName: requiredText(NAME_MAX, V.lastNameRequired),
    phone: phoneSchema,
    ...addressFields,
    birthDate: birthDateSchema,
    gender: z.enum(GENDERS, { error: V.genderRequired }),
    acceptTerms: z.literal(true, { error: V.termsRequired }),
    referralCode: referralCodeSchema.optional().default(''),
    locale: localeSchema.optional(),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: V.passwordMismatch });
export type SignUpInput = z.input<typeof signUpSchema>;
export type SignUpData = z.output<typeof signUpSchema>;

export const loginSchema = z.strictObject({
  email: emailSchema,
  password: currentPasswordSchema,
});
export type LoginInput = z.input<typeof loginSchema>;

export const resetRequestSchema = z.strictObject({ email: emailSchema });
export type ResetRequestInput = z.input<typeof resetRequestSchema>;

export const resetConfirmSchema = z
  .strictObject({
    token: z.string({ error: V.tokenInvalid }).regex(/^[A-Za-z0-9_-]{43}$/, V.tokenInvalid),
    password: newPasswordSchema,
    confirmPassword: z.string({ error: V.required }).min(1, V.required),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: V.passwordMismatch });
export type ResetConfirmInput = z.input<typeof resetConfirmSchema>;

/** POST /api/auth/verify-email: the token of the mailed link (the page POSTs it; GET changes nothing). */
export const verifyEmailSchema = z.strictObject({
  token: z.string({ error: V.verifyTokenInvalid }).regex(/^[A-Za-z0-9_-]{43}$/, V.verifyTokenInvalid),
});
export type VerifyEmailInput = z.input<typeof verifyEmailSchema>;

/** POST /api/auth/verify-email/resend: a new link went to this address. */
export interface ResendVerificationResult {
  ok: true;
  email: string;
}

export const changePasswordSchema = z
  .strictObject({
    currentPassword: currentPasswordSchema,
    newPassword: newPasswordSchema,
    confirmPassword: z.string({ error: V.required }).min(1, V.required),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: V.passwordMismatch })
  .refine((v) => v.newPassword !== v.currentPassword, { path: ['newPassword'], message: V.passwordSame });
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

export const profileUpdateSchema = z.strictObject({
  firstName: requiredText(NAME_MAX, V.firstNameRequired),
  lastName: requiredText(NAME_MAX, V.lastNameRequired),
  phone: phoneSchema,
  ...addressFields,
  locale: localeSchema,
});
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;

/** The signed-in user as the API returns it (never a hash). */
export interface PublicUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  country: string;
  zipCode: string;
  birthDate: string;
  gender: string;
  locale: string;
  role: 'user' | 'counsellor' | 'admin';
  referralCode: string;
  /** Whether the address was confirmed through the mailed link. */
  emailVerified: boolean;
  createdAt: string;
}

export interface SessionInfo {
  user: PublicUser;
  /** When the session ends if idle from now on (ISO). */
  idleExpiresAt: string;
  /** When the session ends at the latest (ISO). */
  absoluteExpiresAt: string;
}
