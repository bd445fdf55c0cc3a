import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable('users', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  phone: text('phone').notNull().default(''),
  address: text('address').notNull().default(''),
  city: text('city').notNull().default(''),
  state: text('state').notNull().default(''),
  country: text('country').notNull().default(''),
  zipCode: text('zip_code').notNull().default(''),
  birthDate: date('birth_date', { mode: 'string' }),
  gender: text('gender').notNull().default('prefer_not_to_say'),
  locale: text('locale').notNull().default('pt-BR'),
  role: text('role').notNull().default('user'),
  referralCode: text('referral_code').notNull().unique(),
  referredBy: uuid('referred_by'),
  /** When the address was confirmed through the mailed link; null until then. */
  emailVerifiedAt: tz('email_verified_at'),
  /** The first successful payment (a referral reward waits for it and for the verified address). */
  firstPaymentAt: tz('first_payment_at'),
  failedLogins: integer('failed_logins').notNull().default(0),
  lockedUntil: tz('locked_until'),
  createdAt: tz('created_at').notNull().defaultNow(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
  /**
   * The account was deleted (decision 026): set when the member confirms, the row then kept as a
   * tombstone with no personal data so the credit ledger's rows still name an account.
   */
  deletedAt: tz('deleted_at'),
  /**
   * The account is suspended by an administrator (decision 028): sign-in is refused with its own
   * message and every session was ended. Not the community's suspension (community_members),
   * which only stops posting. The reason is the administrator's, shown in the administration.
   */
  suspendedAt: tz('suspended_at'),
  suspensionReason: text('suspension_reason'),
});

/** SPEC.md §3 profiles: id, username (the part of the e-mail before the at-sign), email. */
export const profiles = pgTable('profiles', {
  id: uuid('id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  username: text('username').notNull(),
  email: text('email').notNull(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: tz('created_at').notNull(),
    lastSeenAt: tz('last_seen_at').notNull(),
    expiresAt: tz('expires_at').notNull(),
    revokedAt: tz('revoked_at'),
    ip: text('ip').notNull().default('unknown'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    identifier: text('identifier').notNull(),
    ip: text('ip').notNull(),
    success: boolean('success').notNull(),
    createdAt: tz('created_at').notNull(),
  },
  (t) => [
    index('login_attempts_identifier_idx').on(t.identifier, t.createdAt),
    index('login_attempts_ip_idx').on(t.ip, t.createdAt),
  ],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: tz('created_at').notNull(),
    expiresAt: tz('expires_at').notNull(),
    usedAt: tz('used_at'),
  },
  (t) => [index('password_reset_user_idx').on(t.userId)],
);

/** E-mail verification links: stored as SHA-256, single use, 24 h. */
export const emailVerificationTokens = pgTable(
  'email_verification_tokens',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: tz('created_at').notNull(),
    expiresAt: tz('expires_at').notNull(),
    usedAt: tz('used_at'),
  },
  (t) => [index('email_verification_user_idx').on(t.userId, t.createdAt)],
);

export const securityEvents = pgTable(
  'security_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    success: boolean('success').notNull(),
    userId: uuid('user_id'),
    email: text('email'),
    details: text('details'),
    ip: text('ip').notNull(),
    userAgent: text('user_agent'),
    createdAt: tz('created_at').notNull(),
  },
  (t) => [index('security_events_created_idx').on(t.createdAt), index('security_events_email_idx').on(t.email)],
);

/**
 * A member's sign-in with an OpenID Connect provider (decision 032): the provider's stable subject
 * is the key; the e-mail is the verified one the provider gave when the identity was linked.
 */
export const userIdentities = pgTable(
  'user_identities',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    createdAt: tz('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.subject] }),
    // One identity per provider per member.
    uniqueIndex('user_identities_user_provider_idx').on(t.userId, t.provider),
  ],
);

/**
 * One social sign-in in progress, bound to the browser that started it by an HttpOnly cookie
 * holding a random token (only its SHA-256 is kept). The start keeps state, PKCE verifier and
 * nonce; the callback spends them once (`callbackAt`) and, when the sign-in needs a next step,
 * keeps what the provider verified: a new address to complete a sign-up with, or an existing
 * account's address to link by its password. That step spends the row (`doneAt`).
 */
export const socialSignIns = pgTable(
  'social_sign_ins',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    tokenHash: text('token_hash').notNull().unique(),
    provider: text('provider').notNull(),
    /** sign_in: from /login or /signup; link: a signed-in member adding a provider. */
    purpose: text('purpose').notNull(),
    state: text('state').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    /** The member linking (purpose link), or the account to link by password (step link). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: tz('created_at').notNull(),
    expiresAt: tz('expires_at').notNull(),
    callbackAt: tz('callback_at'),
    /** After the callback: signup (a new address) or link (an account with this address). */
    step: text('step'),
    subject: text('subject'),
    email: text('email'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    doneAt: tz('done_at'),
  },
  (t) => [index('social_sign_ins_expires_idx').on(t.expiresAt)],
);
