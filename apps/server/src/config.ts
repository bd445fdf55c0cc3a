import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const items = (v: string) =>
  v
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);

const list = z.string().default('').transform(items);

/**
 * The push services of the browsers (Chrome's and Edge's on Android, Firefox, Windows, Safari):
 * where member-supplied push endpoints may point by default (decision 027).
 */
export const DEFAULT_PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.notify.windows.com',
  'web.push.apple.com',
] as const;

/** Every setting of the server, read from the environment and checked at start-up. */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  APP_URL: z.url().default('http://localhost:3000'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  DATA_DIR: z.string().default('./data'),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  ADMIN_EMAILS: list,
  TRUST_PROXY: z.string().default(''),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Candeia <nao-responda@candeia.app>'),
  /** Retries of a mail the SMTP server refused or could not take, before it is marked failed. */
  MAIL_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(8),
  /** Seconds before the first retry; each later one waits about twice as long (with some jitter). */
  MAIL_RETRY_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  CONTACT_EMAIL: z.email().default('contato@candeia.app'),
  COMPANY_NAME: z.string().default('Candeia Inc.'),
  COMPANY_ADDRESS: z.string().default('1209 Orange Street, Wilmington, DE 19801, USA'),
  /** Demo accounts and data; by default only with the embedded database. */
  SEED_DEMO: bool.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().default(''),
  /** Sacred-text packs: where `npm run content -- install` puts them. */
  CONTENT_DIR: z.string().default('./data/content'),
  /** A local copy of the packs laid out like ../shared/content (used instead of downloading). */
  CONTENT_MIRROR: z.string().optional(),
  /** SWORD module libraries (folders holding mods.d/), colon-separated, searched before the standard ones. */
  SWORD_PATH: z.string().optional(),
  /** Import the available texts into the database at start-up (in the background). */
  CONTENT_AUTO_IMPORT: bool.default(true),
  /** STUN servers for the consultation room's calls (comma-separated `stun:` URLs); none: direct and LAN calls only. */
  STUN_URLS: list,
  /** TURN servers (comma-separated `turn:`/`turns:` URLs, e.g. coturn's), used with TURN_SECRET. */
  TURN_URLS: list,
  /** coturn's `static-auth-secret`: each room gets TURN credentials that expire (TURN REST API). */
  TURN_SECRET: z.string().min(16).optional(),
  /** How long a room's TURN credentials last (seconds). */
  TURN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(86_400)
    .default(4 * 3600),
  /** An OpenAI-compatible endpoint for the chat (e.g. https://api.openai.com/v1); unset: the built-in scripture guide. */
  AI_BASE_URL: z.url().optional(),
  AI_API_KEY: z.string().min(1).optional(),
  /**
   * Who runs AI_BASE_URL (e.g. "OpenAI"), named in the privacy policy among the companies that
   * receive data; unset: the endpoint's host name is named instead.
   */
  AI_PROVIDER_NAME: z.string().trim().min(1).max(100).optional(),
  /** The model name sent to AI_BASE_URL. */
  AI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  /** Longest wait for the model's first or next piece of text before the answer fails (refunded). */
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /** Most tokens one answer may have. */
  AI_MAX_OUTPUT_TOKENS: z.coerce.number().int().min(50).max(8000).default(700),
  /**
   * Avatar sessions hear and speak through AI_BASE_URL's OpenAI-style `/audio/transcriptions` and
   * `/audio/speech` instead of the browser's speech APIs (needs AI_BASE_URL).
   */
  AI_SPEECH: bool.default(false),
  AI_TRANSCRIBE_MODEL: z.string().min(1).default('whisper-1'),
  AI_TTS_MODEL: z.string().min(1).default('tts-1'),
  /** The speech voices for the female and the male counsellors. */
  AI_TTS_VOICE_FEMALE: z.string().min(1).default('nova'),
  AI_TTS_VOICE_MALE: z.string().min(1).default('onyx'),
  /** The built-in guide writes its answer in small pieces this many ms apart (0: all at once). */
  AI_STREAM_PACE_MS: z.coerce.number().int().min(0).max(1000).default(20),
  /**
   * The built-in test checkout (/testes-stripe, card 4242…) when Stripe is not set. Unset: on
   * only where the demo data is (see seedsDemo); a deployment must turn it on deliberately.
   */
  PAYMENTS_TEST_CHECKOUT: bool.optional(),
  /** Stripe when set; otherwise the built-in local payment provider (PRODUCT.md "Payments"). */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  /** Required with STRIPE_SECRET_KEY; without Stripe a random one signs the local provider's events. */
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .min(1)
    .default(() => `whsec_local_${randomBytes(32).toString('hex')}`),
  /** Where the Stripe SDK sends API calls (a local fake in tests); Stripe's own by default. */
  STRIPE_API_HOST: z.string().min(1).optional(),
  STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
  /** Uploaded media on the local disk (default DATA_DIR/media), unless S3_BUCKET is set. */
  MEDIA_DIR: z.string().default(''),
  /** The ffmpeg that transcodes videos: the one `npm install` brings unless this names another. */
  FFMPEG_PATH: z.string().default(''),
  /** S3-compatible storage for media when set (docs/decisions/019-media-storage.md). */
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** An S3-compatible endpoint (MinIO, Cloudflare R2, …); AWS's own when unset. */
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Bucket in the path rather than the host name (most S3-compatible servers want it). */
  S3_FORCE_PATH_STYLE: bool.default(true),
  /** Prepended to every key, to share a bucket. */
  S3_PREFIX: z.string().default(''),
  /**
   * The push services the server may post to, comma-separated: a host (port 443), `*.domain`
   * (any host under it) or `host:port`. A subscription whose endpoint is anywhere else is refused:
   * the server never posts to an address a member chose (decision 027).
   */
  PUSH_SERVICE_HOSTS: z.string().default(DEFAULT_PUSH_SERVICE_HOSTS.join(',')).transform(items),
  /** A PEM file of certificates trusted for push services besides the usual ones (a private push service). */
  PUSH_CA_FILE: z.string().optional(),
  /** Sign-in with Google (decision 032): the OAuth client of the Google Cloud project; both or neither. */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  /** Sign-in with Apple: the Services ID, the team, and the key (PEM, `\\n` accepted) that signs the client secret. */
  APPLE_CLIENT_ID: z.string().min(1).optional(),
  APPLE_TEAM_ID: z.string().min(1).optional(),
  APPLE_KEY_ID: z.string().min(1).optional(),
  APPLE_PRIVATE_KEY: z
    .string()
    .min(1)
    .transform((v) => v.replace(/\\n/g, '\n'))
    .optional(),
  /** Any other OpenID Connect provider (a self-hosted Keycloak, Authentik…), shown as OIDC_NAME. */
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_NAME: z.string().min(1).max(40).default('OpenID'),
  /**
   * How that provider answers: `query` (a redirect, as Google does) or `form_post` (a form the
   * browser posts to the callback, as Apple does; some Keycloak and Azure set-ups ask for it).
   */
  OIDC_RESPONSE_MODE: z.enum(['query', 'form_post']).default('query'),
});

/** The settings each social sign-in provider needs: all of them, or none (decision 032). */
const PROVIDER_SETTINGS = [
  ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
  ['APPLE_CLIENT_ID', 'APPLE_TEAM_ID', 'APPLE_KEY_ID', 'APPLE_PRIVATE_KEY'],
  ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'],
] as const;

export type Config = z.output<typeof configSchema>;

/** Parses the environment; a bad setting throws with every problem named. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable counts as unset.
  const set = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  // Without APP_URL the app is where it listens: `PORT=3001 npm start` signs in at localhost:3001.
  if (!set.APP_URL && set.PORT && /^[1-9]\d*$/.test(set.PORT)) set.APP_URL = `http://localhost:${set.PORT}`;
  if (set.STRIPE_SECRET_KEY && !set.STRIPE_WEBHOOK_SECRET)
    throw new Error('Invalid configuration:\n  STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set');
  if (set.S3_BUCKET && (!set.S3_ACCESS_KEY_ID || !set.S3_SECRET_ACCESS_KEY))
    throw new Error('Invalid configuration:\n  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: required when S3_BUCKET is set');
  for (const names of PROVIDER_SETTINGS) {
    const missing = names.filter((n) => !set[n]);
    if (missing.length > 0 && missing.length < names.length)
      throw new Error(
        `Invalid configuration:\n  ${missing.join(', ')}: required with ${names.filter((n) => set[n]).join(', ')}`,
      );
  }
  const parsed = configSchema.safeParse(set);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const cfg = parsed.data;
  return {
    ...cfg,
    DATA_DIR: resolve(cfg.DATA_DIR),
    CONTENT_DIR: resolve(cfg.CONTENT_DIR),
    MEDIA_DIR: cfg.MEDIA_DIR ? resolve(cfg.MEDIA_DIR) : '',
    ...(cfg.PUSH_CA_FILE ? { PUSH_CA_FILE: resolve(cfg.PUSH_CA_FILE) } : {}),
  };
}

/** Whether demo accounts are created: SEED_DEMO, else only with the embedded database. */
export function seedsDemo(config: Pick<Config, 'SEED_DEMO' | 'DATABASE_URL'>): boolean {
  return config.SEED_DEMO ?? !config.DATABASE_URL;
}

/** Fastify's trustProxy from TRUST_PROXY: '' (none), 'true', or addresses/CIDRs. */
export function trustProxySetting(value: string): boolean | string | string[] {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  return value.split(',').map((s) => s.trim());
}
