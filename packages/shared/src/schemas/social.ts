import { z } from 'zod';
import { NAME_MAX } from '../constants.ts';
import { addressFields, birthDateSchema, localeSchema, referralCodeSchema } from './auth.ts';
import { V, currentPasswordSchema, requiredText } from './common.ts';

/** The social sign-in providers (decision 032): Google, Apple, and one generic OpenID Connect provider. */
export const SOCIAL_PROVIDER_IDS = ['google', 'apple', 'oidc'] as const;
export type SocialProviderId = (typeof SOCIAL_PROVIDER_IDS)[number];

/** A provider this server offers: its id and the name on its button. */
export interface SocialProvider {
  id: SocialProviderId;
  name: string;
}

/** GET /api/auth/providers. */
export interface SocialProvidersResult {
  providers: SocialProvider[];
}

/**
 * Why a social sign-in came back without a session: the callback sends the browser to the login
 * page (or settings, when linking) with `social_error=<code>`, which the page translates.
 */
export const SOCIAL_ERROR_CODES = [
  'cancelled',
  'failed',
  'expired',
  'email_unverified',
  'suspended',
  'payment_failed',
  'locked',
  'identity_taken',
  'already_linked',
  'not_configured',
] as const;
export type SocialErrorCode = (typeof SOCIAL_ERROR_CODES)[number];

/** The query of GET /api/auth/oauth/:provider/start: a sign-in (default) or a member linking. */
export const socialStartQuerySchema = z.strictObject({
  intent: z.enum(['sign_in', 'link']).optional(),
});

/** GET /api/auth/oauth/pending: what the provider verified, waiting for the next step. */
export interface SocialPending {
  step: 'signup' | 'link';
  provider: SocialProvider;
  email: string;
  firstName: string;
  lastName: string;
}

/**
 * POST /api/auth/oauth/signup: what the sign-up needs that the provider did not give. The e-mail
 * is the provider's verified one, never sent by the browser; there is no password.
 */
export const socialSignUpSchema = z.strictObject({
  firstName: requiredText(NAME_MAX, V.nameRequired),
  lastName: requiredText(NAME_MAX, V.lastNameRequired),
  country: addressFields.country,
  birthDate: birthDateSchema,
  acceptTerms: z.literal(true, { error: V.termsRequired }),
  referralCode: referralCodeSchema.optional().default(''),
  locale: localeSchema.optional(),
});
export type SocialSignUpInput = z.input<typeof socialSignUpSchema>;
export type SocialSignUpData = z.output<typeof socialSignUpSchema>;

/** POST /api/auth/oauth/link: the existing account's password proves the address is the member's. */
export const socialLinkSchema = z.strictObject({ password: currentPasswordSchema });
export type SocialLinkInput = z.input<typeof socialLinkSchema>;

/** A provider linked to the signed-in member. */
export interface LinkedIdentity {
  provider: SocialProviderId;
  email: string;
  createdAt: string;
}

/** GET /api/auth/identities: the member's ways in. */
export interface IdentitiesResult {
  hasPassword: boolean;
  identities: LinkedIdentity[];
  providers: SocialProvider[];
}
