import * as oidc from 'openid-client';
import { paths } from '@candeia/shared/routes';
import type {
  IdentitiesResult,
  SocialErrorCode,
  SocialPending,
  SocialProviderId,
  SocialSignUpData,
} from '@candeia/shared/schemas/social';
import { SOCIAL_PROVIDER_IDS } from '@candeia/shared/schemas/social';
import { emailSchema } from '@candeia/shared/schemas/common';
import { AppError } from '../../lib/app-error.ts';
import { requireAccess } from '../../lib/access.ts';
import { PG, pgCode, pgConstraint } from '../../lib/pg-errors.ts';
import { newReferralCode, newToken, sha256 } from '../../lib/tokens.ts';
import { startTrial } from '../billing/index.ts';
import { applySignupReferral, referralIneligibility } from '../referrals/index.ts';
import { logSecurityEvent } from '../security/index.ts';
import type { Actor, Deps } from '../../types.ts';
import * as repo from './repository.ts';
import { admitUser, createSession, login, toPublicUser, type NewSession } from './service.ts';
import { clientFor, configuredProviders, type ProviderSetup } from './social-providers.ts';
import * as social from './social-repository.ts';

/** How long the provider's round trip may take, and then the next step (sign-up form, password). */
export const SOCIAL_START_TTL_MS = 10 * 60_000;
export const SOCIAL_STEP_TTL_MS = 30 * 60_000;

/** Where the browser goes when a social sign-in does not end in a session. */
export class SocialRefusal extends Error {
  constructor(
    readonly code: SocialErrorCode,
    readonly purpose: 'sign_in' | 'link' = 'sign_in',
    options?: { cause: unknown },
  ) {
    super(code, options);
  }
}

export function findProvider(deps: Deps, id: string): ProviderSetup | undefined {
  if (!(SOCIAL_PROVIDER_IDS as readonly string[]).includes(id)) return undefined;
  return configuredProviders(deps.config).find((p) => p.id === id);
}

const redirectUri = (deps: Deps, p: ProviderSetup) =>
  `${deps.config.APP_URL.replace(/\/$/, '')}/api/auth/oauth/${p.id}/callback`;

/**
 * GET /api/auth/oauth/:provider/start: a new sign-in for this browser. State, PKCE verifier and
 * nonce stay on the server in a row found by the SHA-256 of the cookie's random token; the
 * browser goes to the provider with the state and the verifier's challenge.
 */
export async function startSocial(
  deps: Deps,
  actor: Actor,
  providerId: string,
  intent: 'sign_in' | 'link',
): Promise<{ token: string; url: string }> {
  const p = findProvider(deps, providerId);
  if (!p) throw new SocialRefusal('not_configured', intent);
  if (intent === 'link' && !actor.userId) throw new AppError('AUTH_REQUIRED');
  const now = deps.clock.now();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  let client: oidc.Configuration;
  try {
    client = await clientFor(p);
  } catch (err) {
    throw new SocialRefusal('failed', intent, { cause: err });
  }
  const token = newToken();
  await social.insertSignIn(deps.db, {
    tokenHash: sha256(token),
    provider: p.id,
    purpose: intent,
    state,
    codeVerifier,
    nonce,
    userId: intent === 'link' ? actor.userId : null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SOCIAL_START_TTL_MS),
  });
  const url = oidc.buildAuthorizationUrl(client, {
    redirect_uri: redirectUri(deps, p),
    scope: p.id === 'apple' ? 'openid email name' : 'openid email profile',
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    ...(p.formPost ? { response_mode: 'form_post' } : {}),
    ...(p.id === 'google' ? { prompt: 'select_account' } : {}),
  });
  return { token, url: url.href };
}

interface VerifiedClaims {
  subject: string;
  email: string;
  firstName: string;
  lastName: string;
}

/** The ID token's claims, only with an address the provider says it verified. */
function verifiedClaims(claims: oidc.IDToken, appleUser: string | undefined): VerifiedClaims | 'unverified' {
  const verified = claims.email_verified === true || claims.email_verified === 'true';
  const parsed = emailSchema.safeParse(typeof claims.email === 'string' ? claims.email : '');
  if (!verified || !parsed.success) return 'unverified';
  let firstName = typeof claims.given_name === 'string' ? claims.given_name : '';
  let lastName = typeof claims.family_name === 'string' ? claims.family_name : '';
  if (!firstName && typeof claims.name === 'string') {
    const [first = '', ...rest] = claims.name.trim().split(/\s+/);
    firstName = first;
    lastName ||= rest.join(' ');
  }
  // Apple gives the name once, beside the token (form field `user`), never inside it.
  if (!firstName && appleUser) {
    try {
      const u = JSON.parse(appleUser) as { name?: { firstName?: unknown; lastName?: unknown } };
      if (typeof u.name?.firstName === 'string') firstName = u.name.firstName;
      if (typeof u.name?.lastName === 'string') lastName = u.name.lastName;
    } catch {
      // A malformed name is no name: the completion form asks for it.
    }
  }
  return {
    subject: claims.sub,
    email: parsed.data,
    firstName: firstName.trim().slice(0, 100),
    lastName: lastName.trim().slice(0, 100),
  };
}

export type CallbackOutcome =
  | { kind: 'session'; session: NewSession; next: string }
  | { kind: 'step'; next: string }
  | { kind: 'linked'; next: string };

/**
 * GET /api/auth/oauth/:provider/callback: spends this browser's sign-in once, exchanges the code
 * with the PKCE verifier, validates the ID token (signature, issuer, audience, nonce) and requires
 * a verified address. Then: a linked identity signs in as a password would; a member linking adds
 * it; an address that has an account waits for its password; a new address waits for the sign-up form.
 */
export async function socialCallback(
  deps: Deps,
  actor: Actor,
  providerId: string,
  token: string | undefined,
  currentUrl: URL,
  appleUser?: string,
): Promise<CallbackOutcome> {
  const p = findProvider(deps, providerId);
  if (!p) throw new SocialRefusal('not_configured');
  const now = deps.clock.now();
  const row = token ? await social.spendCallback(deps.db, sha256(token), now) : undefined;
  if (!row || row.provider !== p.id) {
    await logSecurityEvent(deps, actor, {
      type: 'social_sign_in_refused',
      success: false,
      details: `${p.id}:no_pending_sign_in`,
    });
    throw new SocialRefusal('expired');
  }
  const purpose = row.purpose === 'link' ? 'link' : 'sign_in';
  const refuse = async (
    code: SocialErrorCode,
    details: string,
    extra: { userId?: string; email?: string; cause?: unknown } = {},
  ) => {
    const { cause, ...who } = extra;
    await logSecurityEvent(deps, actor, {
      type: 'social_sign_in_refused',
      success: false,
      details: `${p.id}:${details}`,
      ...who,
    });
    return new SocialRefusal(code, purpose, cause === undefined ? undefined : { cause });
  };
  if (currentUrl.searchParams.get('error')) throw await refuse('cancelled', 'provider_error');

  let claims: oidc.IDToken | undefined;
  try {
    const client = await clientFor(p);
    const tokens = await oidc.authorizationCodeGrant(client, currentUrl, {
      pkceCodeVerifier: row.codeVerifier,
      expectedState: row.state,
      expectedNonce: row.nonce,
      idTokenExpected: true,
    });
    claims = tokens.claims();
  } catch (err) {
    throw await refuse('failed', 'exchange_failed', { cause: err });
  }
  if (!claims) throw await refuse('failed', 'no_id_token');
  // The name beside the token comes only in a posted answer (Apple's `user` field), never from a redirect's query.
  const verified = verifiedClaims(claims, p.formPost ? appleUser : undefined);
  if (verified === 'unverified') throw await refuse('email_unverified', 'email_unverified');

  const identity = await social.findIdentity(deps.db, p.id, verified.subject);

  if (purpose === 'link') {
    // The member who started linking must still be the one signed in, in this browser.
    if (!actor.userId || actor.userId !== row.userId) throw await refuse('expired', 'link_session_changed');
    if (identity) {
      if (identity.userId === actor.userId) throw new SocialRefusal('already_linked', 'link');
      throw await refuse('identity_taken', 'identity_taken', { userId: actor.userId });
    }
    const linked = await social.insertIdentity(deps.db, {
      provider: p.id,
      subject: verified.subject,
      userId: actor.userId,
      email: verified.email,
      createdAt: now,
    });
    if (!linked) throw await refuse('already_linked', 'provider_already_linked', { userId: actor.userId });
    await logSecurityEvent(deps, actor, {
      type: 'social_identity_linked',
      success: true,
      userId: actor.userId,
      email: actor.email,
      details: p.id,
    });
    return { kind: 'linked', next: paths.settings({ socialLinked: p.id }) };
  }

  if (identity) {
    const user = await repo.findUserById(deps.db, identity.userId);
    if (!user || user.deletedAt) throw await refuse('failed', 'account_gone');
    if (user.lockedUntil && user.lockedUntil > now) {
      await logSecurityEvent(deps, actor, {
        type: 'login_locked',
        success: false,
        userId: user.id,
        email: user.email,
        details: `social:${p.id}`,
      });
      throw new SocialRefusal('locked');
    }
    try {
      const session = await admitUser(deps, actor, user, { details: `social:${p.id}` });
      return { kind: 'session', session, next: paths.start() };
    } catch (err) {
      if (err instanceof AppError && err.code === 'ACCOUNT_SUSPENDED') throw new SocialRefusal('suspended');
      if (err instanceof AppError && err.code === 'AUTH_PAYMENT_FAILED') throw new SocialRefusal('payment_failed');
      throw err;
    }
  }

  // Never a silent takeover: an address that has an account waits for that account's password.
  const existing = await repo.findUserByEmail(deps.db, verified.email);
  await social.setStep(deps.db, row.id, {
    step: existing ? 'link' : 'signup',
    subject: verified.subject,
    email: verified.email,
    firstName: verified.firstName,
    lastName: verified.lastName,
    userId: existing?.id ?? null,
    expiresAt: new Date(now.getTime() + SOCIAL_STEP_TTL_MS),
  });
  return { kind: 'step', next: existing ? paths.socialLink() : paths.socialSignUp() };
}

async function pendingRow(deps: Deps, token: string | undefined) {
  const row = token ? await social.findPending(deps.db, sha256(token), deps.clock.now()) : undefined;
  if (!row || !row.email || !row.subject) throw new AppError('SOCIAL_PENDING_EXPIRED');
  return row as social.SocialSignInRow & { email: string; subject: string };
}

/** GET /api/auth/oauth/pending: what this browser's sign-in waits for, with what the provider verified. */
export async function getPending(deps: Deps, token: string | undefined): Promise<SocialPending> {
  const row = await pendingRow(deps, token);
  const p = findProvider(deps, row.provider);
  if (!p) throw new AppError('SOCIAL_PENDING_EXPIRED');
  return {
    step: row.step === 'link' ? 'link' : 'signup',
    provider: { id: p.id, name: p.name },
    email: row.email,
    firstName: row.firstName ?? '',
    lastName: row.lastName ?? '',
  };
}

const isUniqueViolation = (err: unknown, constraint: string) =>
  pgCode(err) === PG.uniqueViolation && pgConstraint(err)?.includes(constraint) === true;

/**
 * POST /api/auth/oauth/signup: the account from the provider's verified address and what the form
 * adds, with the 30-day trial, and the referral as any sign-up has it. The address is verified, so
 * what waits for a verified address comes at once: the referral reward, the administrator role of
 * an address in ADMIN_EMAILS. There is no password: the provider is the way in, until the member
 * sets one through "forgot password".
 */
export async function completeSocialSignUp(
  deps: Deps,
  actor: Actor,
  token: string | undefined,
  input: SocialSignUpData,
): Promise<NewSession> {
  const row = await pendingRow(deps, token);
  if (row.step !== 'signup') throw new AppError('SOCIAL_PENDING_EXPIRED');
  const now = deps.clock.now();
  let referredBy: string | null = null;
  if (input.referralCode) {
    const referrer = await repo.findUserByReferralCode(deps.db, input.referralCode);
    if (!referrer) throw new AppError('REFERRAL_INVALID', { referralCode: 'errors:REFERRAL_INVALID' });
    if ((await referralIneligibility(deps, referrer)) !== null)
      throw new AppError('REFERRAL_CODE_INELIGIBLE', { referralCode: 'errors:REFERRAL_CODE_INELIGIBLE' });
    referredBy = referrer.id;
  }
  if (await repo.findUserByEmail(deps.db, row.email)) throw new AppError('AUTH_EMAIL_TAKEN');
  const admin = deps.config.ADMIN_EMAILS.includes(row.email);
  let user: repo.UserRow | undefined;
  for (let attempt = 0; attempt < 3 && !user; attempt++) {
    try {
      user = await deps.db.transaction(async (tx) => {
        if (!(await social.spendPending(tx, row.id, now))) throw new AppError('SOCIAL_PENDING_EXPIRED');
        const created = await repo.insertUser(tx, {
          email: row.email,
          passwordHash: '',
          firstName: input.firstName,
          lastName: input.lastName,
          country: input.country,
          birthDate: input.birthDate,
          locale: input.locale ?? actor.locale,
          role: admin ? 'admin' : 'user',
          referralCode: newReferralCode(),
          referredBy,
          emailVerifiedAt: now,
          createdAt: now,
          updatedAt: now,
        });
        await startTrial(tx, created.id, now);
        if (referredBy) await applySignupReferral(tx, created.id, referredBy, now);
        if (
          !(await social.insertIdentity(tx, {
            provider: row.provider,
            subject: row.subject,
            userId: created.id,
            email: row.email,
            createdAt: now,
          }))
        )
          throw new AppError('SOCIAL_IDENTITY_TAKEN');
        return created;
      });
    } catch (err) {
      if (isUniqueViolation(err, 'email')) throw new AppError('AUTH_EMAIL_TAKEN');
      if (!isUniqueViolation(err, 'referral_code')) throw err;
    }
  }
  if (!user) throw new AppError('SERVER_ERROR');
  await logSecurityEvent(deps, actor, {
    type: 'signup',
    success: true,
    userId: user.id,
    email: user.email,
    details: `social:${row.provider}${admin ? ' admin_granted' : ''}`,
  });
  if (actor.sessionId) await repo.revokeSession(deps.db, actor.sessionId, now);
  const session = await createSession(deps, actor, user.id);
  return { ...session, user: toPublicUser(user) };
}

/**
 * POST /api/auth/oauth/link: the account with the provider's verified address, proved by its
 * password through the password sign-in itself (its limits, lockout, suspension and messages),
 * then linked to the provider.
 */
export async function linkByPassword(
  deps: Deps,
  actor: Actor,
  token: string | undefined,
  password: string,
): Promise<NewSession> {
  const row = await pendingRow(deps, token);
  if (row.step !== 'link') throw new AppError('SOCIAL_PENDING_EXPIRED');
  const session = await login(deps, actor, { email: row.email, password });
  const now = deps.clock.now();
  const linked = await deps.db.transaction(async (tx) => {
    if (!(await social.spendPending(tx, row.id, now))) return false;
    return social.insertIdentity(tx, {
      provider: row.provider,
      subject: row.subject,
      userId: session.user.id,
      email: row.email,
      createdAt: now,
    });
  });
  await logSecurityEvent(deps, actor, {
    type: 'social_identity_linked',
    success: linked,
    userId: session.user.id,
    email: session.user.email,
    details: linked ? row.provider : `${row.provider}:already_linked`,
  });
  return session;
}

/** GET /api/auth/identities: the member's linked providers, and whether a password is a way in too. */
export async function listIdentities(deps: Deps, actor: Actor): Promise<IdentitiesResult> {
  const userId = requireAccess(actor, 'account.self').userId;
  const user = await repo.findUserById(deps.db, userId);
  if (!user) throw new AppError('AUTH_REQUIRED');
  const rows = await social.listIdentities(deps.db, userId);
  return {
    hasPassword: user.passwordHash !== '',
    identities: rows.map((r) => ({
      provider: r.provider as SocialProviderId,
      email: r.email,
      createdAt: r.createdAt.toISOString(),
    })),
    providers: configuredProviders(deps.config).map((p) => ({ id: p.id, name: p.name })),
  };
}

/** DELETE /api/auth/identities/:provider: never the last way in (no password and no other provider). */
export async function unlinkIdentity(deps: Deps, actor: Actor, provider: string): Promise<{ ok: true }> {
  const userId = requireAccess(actor, 'account.self').userId;
  const removed = await deps.db.transaction(async (tx) => {
    const user = await repo.findUserForUpdate(tx, userId);
    if (!user) throw new AppError('AUTH_REQUIRED');
    if (!(await social.findUserIdentity(tx, userId, provider))) throw new AppError('SOCIAL_IDENTITY_NOT_FOUND');
    if (user.passwordHash === '' && (await social.countIdentities(tx, userId)) <= 1)
      throw new AppError('SOCIAL_LAST_WAY_IN');
    return social.deleteIdentity(tx, userId, provider);
  });
  if (!removed) throw new AppError('SOCIAL_IDENTITY_NOT_FOUND');
  await logSecurityEvent(deps, actor, {
    type: 'social_identity_unlinked',
    success: true,
    userId,
    email: actor.email,
    details: provider,
  });
  return { ok: true };
}
