/** Business constants of SPEC.md §9 and SECURITY.md, shared by the web app and the server. */
export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

export const SESSION_IDLE_MS = 30 * MINUTE_MS;
export const SESSION_ABSOLUTE_MS = 12 * HOUR_MS;
export const SESSION_CHECK_INTERVAL_MS = MINUTE_MS;
export const SESSION_WARNING_MS = 5 * MINUTE_MS;
export const SESSION_COOKIE = 'candeia_session';
/** The browser's social sign-in in progress (decision 032): a random token, HttpOnly, under /api/auth. */
export const SOCIAL_COOKIE = 'candeia_social';

export const LOGIN_RATE_LIMIT = 5;
export const LOGIN_RATE_WINDOW_MS = 15 * MINUTE_MS;
/** Per-IP limit on login attempts in the same window (many identifiers from one address). */
export const LOGIN_IP_RATE_LIMIT = 30;
/** Consecutive failures on one account that lock it. */
export const LOCKOUT_THRESHOLD = 10;
export const LOCKOUT_MS = 60 * MINUTE_MS;

export const RESET_TOKEN_TTL_MS = HOUR_MS;
export const RESET_MAIL_INTERVAL_MS = MINUTE_MS;

/** E-mail verification links: valid 24 h, single use; at most one mail a minute and 5 a day per account. */
export const VERIFICATION_TOKEN_TTL_MS = 24 * HOUR_MS;
export const VERIFICATION_MAIL_INTERVAL_MS = MINUTE_MS;
export const VERIFICATION_MAILS_PER_DAY = 5;

/**
 * Per-IP limits on the public routes that hash a password or check a mailed token: sign-up,
 * password-reset confirm, e-mail verification and its resend (fixed windows, the client IP as
 * TRUST_PROXY resolves it).
 */
export const SIGNUP_IP_LIMIT = { max: 20, windowMs: 10 * MINUTE_MS } as const;
export const RESET_CONFIRM_IP_LIMIT = { max: 10, windowMs: 15 * MINUTE_MS } as const;
export const VERIFY_EMAIL_IP_LIMIT = { max: 10, windowMs: 15 * MINUTE_MS } as const;
export const VERIFY_RESEND_IP_LIMIT = { max: 10, windowMs: 15 * MINUTE_MS } as const;
/** Social sign-in: starts and callbacks, and the steps after them (decision 032). */
export const SOCIAL_IP_LIMIT = { max: 30, windowMs: 15 * MINUTE_MS } as const;

export const EMAIL_MAX = 254;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const PASSWORD_SPECIALS = '@$!%*?&';
export const COMMON_PASSWORDS = ['password', '123456', 'password123', 'admin', 'qwerty'] as const;
export const NAME_MAX = 100;
/** 14: the age of consent to data processing in Spain; above the US (13) and the LGPD rules for children (under 12). */
export const MIN_SIGNUP_AGE = 14;

export const TRIAL_DAYS = 30;
export const TRIAL_WARNING_DAYS = 3;
export const REFERRAL_REWARD_DAYS = 30;
export const REFERRAL_REWARD_CREDITS = 5000;
export const REFERRAL_CODE_PATTERN = /^REF-[A-Z0-9]{8}$/;
export const SUBSCRIPTION_CREATE_ATTEMPTS = 3;
export const FREE_PLAN_NAME = 'Plano Gratuito';

export const AVATAR_WEEKLY_CREDITS = 15;
export const AVATAR_RESET_DAYS = 7;
export const AVATAR_RECENT_MAX = 5;

/**
 * The most credits one balance may hold: 10^15, far below 2^53 so every balance, ledger amount
 * and sum of two of them is an exact JS number (decision 010). Grants that would pass it are
 * capped at it (a renewal never fails); the database refuses a balance above it.
 */
export const CREDIT_BALANCE_MAX = 1_000_000_000_000_000;
/**
 * The most one administrator grant may add: 100 million, a hundred times the largest plan's
 * month (Diamante, 1,000,000) and the most a plan may give; a typed extra zero is refused.
 */
export const CREDIT_GRANT_MAX = 100_000_000;

/*
 * What one account may store. Generous (a note or favourite a day for well over a decade; a
 * new conversation a day for almost three years) but finite, so one account cannot fill the
 * database or make its own lists slow. Reaching a limit refuses the new item with a message;
 * deleting old ones makes room.
 */
/** Notes on scripture passages, per account. */
export const SCRIPTURE_NOTES_MAX = 5_000;
/** Favourite passages, per account: cheaper rows than notes (no text), so twice as many. */
export const SCRIPTURE_FAVOURITES_MAX = 10_000;
/** Chat conversations, per account (each holds many messages). */
export const CHAT_CONVERSATIONS_MAX = 1_000;

export const USERS_CLAIM = 3000;
export const GUARANTEE_DAYS = 30;

export const SUPPORTED_LOCALES = ['pt-BR', 'en-US', 'es-ES'] as const;
export type Locale = (typeof SUPPORTED_LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'pt-BR';
export const LOCALE_STORAGE_KEY = 'i18nextLng';
/**
 * A copy of the chosen language for the server, which cannot read local storage: it sends the
 * prerendered landing in that language. Not part of the detection order (the browser's own
 * storage decides there).
 */
export const LOCALE_HINT_COOKIE = 'candeia_lng';
/**
 * The prerendered landing's one inline script, allowed by its hash in the Content-Security-Policy
 * (apps/server/src/plugins/security-headers.ts). It loads the app (the URL in its data-src) once
 * the page has painted its first content (or after a second, in a tab that is not painted), so
 * that paint waits for no request but the HTML. A tap on a button before the app is there is kept
 * and made again once it is (BOOT_READY, called by the app's layout): nothing tapped is lost.
 */
export const BOOT_SCRIPT_ID = 'candeia-boot';
export const BOOT_READY = 'candeiaReady';
export const BOOT_SCRIPT = `(()=>{const s=document.getElementById('candeia-boot').dataset.src;let g=0;const go=()=>{if(!g){g=1;import(s)}};try{new PerformanceObserver((l,o)=>{if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();setTimeout(go)}}).observe({type:'paint',buffered:true})}catch{requestAnimationFrame(()=>setTimeout(go))}setTimeout(go,1000);const q=[];const c=e=>{const b=e.target.closest&&e.target.closest('button');if(b){e.preventDefault();e.stopPropagation();q.includes(b)||q.push(b)}};document.addEventListener('click',c,true);window.${BOOT_READY}=()=>{document.removeEventListener('click',c,true);for(const b of q.splice(0))b.isConnected&&b.click()}})()`;
export const LANGUAGE_CHANGED_EVENT = 'languageChanged';
export const THEME_STORAGE_KEY = 'theme';

/** Maps any language tag to one of the supported locales, or null. */
export function matchLocale(tag: string | null | undefined): Locale | null {
  if (!tag) return null;
  const exact = SUPPORTED_LOCALES.find((l) => l.toLowerCase() === tag.toLowerCase());
  if (exact) return exact;
  const base = tag.toLowerCase().split(/[-_]/)[0];
  if (base === 'pt') return 'pt-BR';
  if (base === 'en') return 'en-US';
  if (base === 'es') return 'es-ES';
  return null;
}

export const SUBSCRIPTION_STATUSES = [
  'active',
  'trialing',
  'past_due',
  'unpaid',
  'canceled',
  'incomplete',
  'payment_failed',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
/** Statuses that deny access to the subscription routes (SPEC.md §4). */
export const BLOCKING_STATUSES: readonly string[] = ['past_due', 'unpaid', 'canceled', 'incomplete', 'payment_failed'];

export const PLAN_FEATURES = ['community', 'chat', 'bible', 'live', 'referral_program'] as const;
export type PlanFeature = (typeof PLAN_FEATURES)[number];
export type PlanFeatures = Record<PlanFeature, boolean>;

export const GENDERS = ['male', 'female', 'other', 'prefer_not_to_say'] as const;
export type Gender = (typeof GENDERS)[number];

export const ROLES = ['user', 'counsellor', 'admin'] as const;
export type Role = (typeof ROLES)[number];
