/**
 * Typed error codes. The catalogue of SPEC.md §8 plus the codes the API needs.
 * Each code has an HTTP status and a translated message under `errors:<CODE>`.
 */
export const ERROR_CODES = {
  AUTH_INVALID_CREDENTIALS: { status: 401, logged: true },
  AUTH_RATE_LIMITED: { status: 429, logged: true },
  AUTH_ACCOUNT_LOCKED: { status: 423, logged: true },
  AUTH_INVALID_EMAIL: { status: 400, logged: false },
  AUTH_WEAK_PASSWORD: { status: 400, logged: false },
  AUTH_FAILED: { status: 500, logged: true },
  AUTH_PAYMENT_FAILED: { status: 403, logged: true },
  AUTH_EMAIL_TAKEN: { status: 409, logged: false },
  AUTH_REQUIRED: { status: 401, logged: false },
  AUTH_SESSION_EXPIRED: { status: 401, logged: false },
  AUTH_FORBIDDEN: { status: 403, logged: true },
  AUTH_WRONG_PASSWORD: { status: 400, logged: true },
  AUTH_RESET_INVALID: { status: 400, logged: true },
  EMAIL_VERIFY_INVALID: { status: 400, logged: true },
  EMAIL_ALREADY_VERIFIED: { status: 409, logged: false },
  EMAIL_VERIFY_TOO_SOON: { status: 429, logged: false },
  EMAIL_VERIFY_DAILY_LIMIT: { status: 429, logged: false },
  AUTH_SIGNUP_VIA_FORM: { status: 400, logged: false },
  REFERRAL_INVALID: { status: 400, logged: false },
  REFERRAL_CODE_INELIGIBLE: { status: 400, logged: false },
  CSRF_REJECTED: { status: 403, logged: true },
  DB_CONNECTION_ERROR: { status: 503, logged: true },
  DB_QUERY_ERROR: { status: 500, logged: true },
  DB_PERMISSION_ERROR: { status: 403, logged: true },
  VALIDATION_REQUIRED_FIELD: { status: 400, logged: false },
  VALIDATION_INVALID_FORMAT: { status: 400, logged: false },
  VALIDATION_LENGTH_ERROR: { status: 400, logged: false },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, logged: false },
  PAYLOAD_TOO_LARGE: { status: 413, logged: false },
  NOT_FOUND: { status: 404, logged: false },
  BAD_REQUEST: { status: 400, logged: false },
  REQUEST_TIMEOUT: { status: 408, logged: false },
  URL_TOO_LONG: { status: 414, logged: false },
  HEADERS_TOO_LARGE: { status: 431, logged: false },
  RATE_LIMITED: { status: 429, logged: true },
  ADMIN_USER_ID_REQUIRED: { status: 400, logged: false },
  ADMIN_CLEAR_FAILED: { status: 500, logged: true },
  PLAN_NOT_FOUND: { status: 404, logged: false },
  SUBSCRIPTION_UPDATE_FAILED: { status: 500, logged: true },
  SUBSCRIPTION_REQUIRED: { status: 403, logged: false },
  FEATURE_NOT_IN_PLAN: { status: 403, logged: false },
  NO_PAID_SUBSCRIPTION: { status: 409, logged: false },
  /** A data export is already being prepared for this member (one at a time). */
  EXPORT_IN_PROGRESS: { status: 409, logged: false },
  /** A counsellor's account is closed by the administrators (their bookings involve other members). */
  ACCOUNT_DELETE_COUNSELLOR: { status: 409, logged: false },
  /** An account made through a provider has no password yet to confirm a deletion or a change with. */
  ACCOUNT_NO_PASSWORD: { status: 400, logged: false },
  INSUFFICIENT_CREDITS: { status: 402, logged: false },
  CREDITS_FAILED: { status: 500, logged: true },
  PAYMENT_DECLINED: { status: 402, logged: true },
  CHECKOUT_FAILED: { status: 502, logged: true },
  CHECKOUT_CLOSED: { status: 409, logged: false },
  DONATION_FAILED: { status: 502, logged: true },
  PROVIDER_UNAVAILABLE: { status: 503, logged: true },
  /**
   * No payment provider on this deployment (no Stripe, test checkout off). 503, not 4xx: the
   * request is fine and the server cannot serve it in its present state; not 501, which is for
   * a method the server does not implement at all. Logged, so operators see members trying.
   */
  PAYMENTS_NOT_CONFIGURED: { status: 503, logged: true },
  /** A test-checkout plan payment by anyone but the member who opened it. */
  CHECKOUT_OTHER_ACCOUNT: { status: 403, logged: true },
  /** A test-checkout donation paid from a browser other than the one that opened it. */
  CHECKOUT_OTHER_BROWSER: { status: 403, logged: true },
  /** The card's expiry month has passed (a failed payment, like PAYMENT_DECLINED). */
  CARD_EXPIRED: { status: 402, logged: true },
  WEBHOOK_INVALID: { status: 400, logged: true },
  REFERRAL_NOT_ELIGIBLE: { status: 403, logged: false },
  PLAN_NOT_PURCHASABLE: { status: 409, logged: true },
  CHAT_BUSY: { status: 409, logged: false },
  /** Per-account storage limits (constants.ts): 409, the request is valid but the account is full. */
  NOTES_LIMIT_REACHED: { status: 409, logged: false },
  FAVOURITES_LIMIT_REACHED: { status: 409, logged: false },
  CONVERSATIONS_LIMIT_REACHED: { status: 409, logged: false },
  CHAT_ENGINE_FAILED: { status: 502, logged: true },
  /** Uploads (SECURITY.md 23–24; limits in schemas/media.ts). */
  MEDIA_TOO_LARGE: { status: 413, logged: false },
  MEDIA_VIDEO_TOO_LARGE: { status: 413, logged: false },
  MEDIA_DAILY_LIMIT: { status: 413, logged: false },
  MEDIA_TYPE_REFUSED: { status: 415, logged: true },
  MEDIA_UNREADABLE: { status: 400, logged: false },
  MEDIA_PER_POST: { status: 400, logged: false },
  /** Why a video's processing failed (MediaDto.error, for its author; never an HTTP answer). */
  MEDIA_VIDEO_TOO_LONG: { status: 400, logged: false },
  MEDIA_VIDEO_FAILED: { status: 500, logged: true },
  /** The moderation suspended the member from the community: reading only (params.until: its end). */
  COMMUNITY_SUSPENDED: { status: 403, logged: false },
  COMMUNITY_SUSPENDED_UNTIL: { status: 403, logged: false },
  /** One open report per member and item. */
  REPORT_DUPLICATE: { status: 409, logged: false },
  REPORT_OWN_CONTENT: { status: 400, logged: false },
  /** The item was moderated meanwhile, or does not take this action (approve a post not held). */
  MODERATION_NOT_APPLICABLE: { status: 409, logged: false },
  /** Consultations: the slot was just taken by someone else (the exclusion constraint said so). */
  SLOT_TAKEN: { status: 409, logged: false },
  /** Consultations: the time is outside the counsellor's availability, notice or horizon. */
  SLOT_UNAVAILABLE: { status: 409, logged: false },
  COUNSELLOR_NOT_ACCEPTING: { status: 409, logged: false },
  BOOKING_OWN: { status: 400, logged: false },
  /** The booking is no longer booked, or (reschedule) its refund cutoff has passed. */
  BOOKING_NOT_CHANGEABLE: { status: 409, logged: false },
  /** A review needs a completed session, one per booking. */
  REVIEW_NOT_ALLOWED: { status: 409, logged: false },
  /** The counsellor's outcome needs a session that has begun and is still booked. */
  OUTCOME_NOT_ALLOWED: { status: 409, logged: false },
  /** Counsellor screens for a member who is not one. */
  NOT_A_COUNSELLOR: { status: 403, logged: false },
  /** The consultation's room is not open now (it opens 10 minutes before the start). */
  ROOM_CLOSED: { status: 409, logged: false },
  /** Messages: only with a counsellor one has a booking with (or a mutual follower, when allowed). */
  MESSAGES_NOT_ALLOWED: { status: 403, logged: false },
  /** Messages: a block between the two (either way); nothing is sent. */
  MESSAGES_BLOCKED: { status: 403, logged: false },
  /** Messages: the other account was deleted. */
  MESSAGES_ACCOUNT_GONE: { status: 403, logged: false },
  /** Messages: too many sent in a minute. */
  MESSAGES_TOO_FAST: { status: 429, logged: true },
  /** Messages: too many conversations started in a day. */
  MESSAGES_NEW_LIMIT: { status: 429, logged: true },
  /** Avatar (SPEC.md §8): the counsellors could not be loaded. */
  AVATAR_LOAD_FAILED: { status: 500, logged: true },
  /** Avatar (SPEC.md §8): a session could not be started. */
  AVATAR_START_FAILED: { status: 500, logged: true },
  /** Avatar (SPEC.md §8): spending the weekly avatar credits failed inside the server. */
  AVATAR_CREDITS_FAILED: { status: 500, logged: true },
  /** Avatar: the week's avatar credits do not cover this start. */
  AVATAR_CREDITS_EXHAUSTED: { status: 402, logged: false },
  /** Avatar: a premium counsellor, and the plan is not Diamante. */
  AVATAR_PREMIUM_REQUIRED: { status: 403, logged: false },
  /** Avatar: an administrator made the counsellor unavailable. */
  AVATAR_UNAVAILABLE: { status: 409, logged: false },
  /** Avatar: the session has ended (by the member, by a new session or after its 20 minutes). */
  AVATAR_SESSION_ENDED: { status: 409, logged: false },
  /** Avatar: the server's speech is not configured (the browser's speech is used). */
  AVATAR_SPEECH_UNAVAILABLE: { status: 409, logged: false },
  /** Avatar: the speech service did not answer. */
  AVATAR_SPEECH_FAILED: { status: 502, logged: true },
  /** Alerts: only an alert that is up now can be ended now. */
  ALERT_NOT_ACTIVE: { status: 409, logged: false },
  /** Sign-in refused: an administrator suspended the account (only told once the password is right). */
  ACCOUNT_SUSPENDED: { status: 403, logged: true },
  /** The administration: the action would leave no administrator able to sign in. */
  ADMIN_LAST_ADMIN: { status: 409, logged: true },
  /** The administration: an administrator cannot suspend their own account. */
  ADMIN_SELF_SUSPEND: { status: 409, logged: false },
  /** The administration: the address is in ADMIN_EMAILS, whose role comes back at every start. */
  ADMIN_CONFIGURED_ADMIN: { status: 409, logged: false },
  /** The administration: the account is closed (deleted); nothing more can be done to it. */
  ADMIN_ACCOUNT_CLOSED: { status: 409, logged: false },
  /** The administration: a counsellor's account is not deleted (their sessions involve other members). */
  ADMIN_DELETE_COUNSELLOR: { status: 409, logged: false },
  /** The administration: a password reset link was mailed less than a minute ago. */
  RESET_MAIL_TOO_SOON: { status: 429, logged: false },
  /** Sacred texts: this text is being installed or imported already (one run at a time). */
  CONTENT_RUN_IN_PROGRESS: { status: 409, logged: false },
  /** Why a sacred text's run failed (ContentRunDto.errorCode; never an HTTP answer). */
  CONTENT_NOT_AVAILABLE: { status: 500, logged: false },
  CONTENT_CHECKSUM: { status: 500, logged: false },
  CONTENT_DOWNLOAD_FAILED: { status: 502, logged: false },
  CONTENT_IMPORT_FAILED: { status: 500, logged: false },
  CONTENT_INTERRUPTED: { status: 500, logged: false },
  NETWORK_ERROR: { status: 503, logged: true },
  UNEXPECTED_ERROR: { status: 500, logged: true },
  SERVER_ERROR: { status: 500, logged: true },
  /** Social sign-in (decision 032): the provider's answer waiting in this browser is gone or spent. */
  SOCIAL_PENDING_EXPIRED: { status: 410, logged: false },
  /** Social sign-in: this provider's account is already linked to another member. */
  SOCIAL_IDENTITY_TAKEN: { status: 409, logged: true },
  /** Settings: the provider is not linked to this member. */
  SOCIAL_IDENTITY_NOT_FOUND: { status: 404, logged: false },
  /** Settings: unlinking would leave the member no way in (no password, no other provider). */
  SOCIAL_LAST_WAY_IN: { status: 409, logged: false },
} as const satisfies Record<string, { status: number; logged: boolean }>;

export type ErrorCode = keyof typeof ERROR_CODES;

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(ERROR_CODES, code);
}

/** The body of every error response of the API. */
export interface ApiErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    /** Field path → translated message, for validation errors. */
    fields?: Record<string, string>;
    /** Values in the message (a suspension's end as ISO time), for the client to format its own way. */
    params?: Record<string, string>;
    requestId?: string;
  };
}
