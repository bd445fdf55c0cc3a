import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { trustProxySetting, type Config } from './config.ts';
import type { Db } from './db/client.ts';
import { busFor, type EventBus } from './events/bus.ts';
import { AppError } from './lib/app-error.ts';
import { DomainEvents } from './lib/domain-events.ts';
import { ReadCaches } from './lib/read-cache.ts';
import { channels } from './events/channels.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import type { JobQueue } from './jobs/queue.ts';
import { lazyChildLoggerFactory } from './lib/lazy-logger.ts';
import { accountRoutes } from './modules/account/index.ts';
import { adminRoutes } from './modules/admin/index.ts';
import { alertRoutes } from './modules/alerts/index.ts';
import { avatarRoutes } from './modules/avatar/index.ts';
import { messageRoutes } from './modules/messages/index.ts';
import { notificationRoutes } from './modules/notifications/index.ts';
import { authRoutes } from './modules/auth/index.ts';
import { billingRoutes, subscribeBilling } from './modules/billing/index.ts';
import { chatRoutes } from './modules/chat/index.ts';
import { communityRoutes } from './modules/community/index.ts';
import { consultationRoutes } from './modules/consultations/index.ts';
import { ROOM_FRAME_MAX_BYTES } from '@candeia/shared/schemas/consultation';
import fastifyWebsocket from '@fastify/websocket';
import { mediaRoutes, shareApiRoutes, shareRoutes } from './modules/media/index.ts';
import { createStorage, type ObjectStorage } from './lib/storage/index.ts';
import { contactRoutes } from './modules/contact/index.ts';
import { creditRoutes } from './modules/credits/index.ts';
import { donationRoutes, subscribeDonations } from './modules/donations/index.ts';
import { healthRoutes } from './modules/health/index.ts';
import { Mailer } from './modules/mail/index.ts';
import { localPayRoutes, webhookRoutes } from './modules/payments/index.ts';
import { referralRoutes, subscribeReferrals } from './modules/referrals/index.ts';
import { scriptureRoutes } from './modules/scripture/index.ts';
import authPlugin from './plugins/auth.ts';
import csrfPlugin from './plugins/csrf.ts';
import { clientErrorHandler, frameworkErrorHandler } from './plugins/early-errors.ts';
import errorsPlugin from './plugins/errors.ts';
import rateLimitPlugin from './plugins/rate-limit.ts';
import readCachesPlugin from './plugins/read-caches.ts';
import requestContext from './plugins/request-context.ts';
import securityHeaders from './plugins/security-headers.ts';
import { serveWeb } from './web.ts';
import './types.ts';

export interface BuildOptions {
  config: Config;
  db: Db;
  /**
   * The started job queue on the same database: services enqueue through it. Its workers are
   * started apart (jobs/index.ts `startJobs`), by whoever runs the process.
   */
  jobs: JobQueue;
  clock?: Clock;
  /** Pino options or a logger; false for silence. */
  logger?: FastifyServerOptions['logger'];
  loggerInstance?: FastifyServerOptions['loggerInstance'];
  /** Folder of the built web app to serve; none in API-only mode. */
  webDist?: string | null;
  /** The event bus; by default one listening through the pool's database (closed with the app). */
  events?: EventBus;
  /** Where media are stored; by default from the settings (lib/storage, decision 019). */
  storage?: ObjectStorage;
}

/** Whether the app's public address is https (Secure cookies, HSTS). */
export function isHttpsUrl(appUrl: string): boolean {
  return new URL(appUrl).protocol === 'https:';
}

const REDACT = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.confirmPassword',
  '*.token',
  '*.passwordHash',
];

/** Builds the whole app without listening, so tests drive it through `inject`. */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const app = await createFastify(opts);
  return app as unknown as FastifyInstance;
}

async function createFastify(opts: BuildOptions) {
  const { config } = opts;
  // Secure cookies and HSTS exactly when the app is served over https (SECURITY.md 8, decision
  // 001): a browser drops a Secure cookie set over plain http, so sign-in would fail there.
  const secure = isHttpsUrl(config.APP_URL);
  const app = Fastify({
    ...(opts.loggerInstance
      ? { loggerInstance: opts.loggerInstance }
      : {
          logger: opts.logger ?? {
            level: config.LOG_LEVEL,
            redact: { paths: REDACT, censor: '[redacted]' },
            serializers: {
              req: (req: { method: string; url: string; ip?: string }) => ({
                method: req.method,
                // Query strings may carry a reset token: never logged.
                url: req.url.split('?')[0],
                ip: req.ip,
              }),
            },
          },
        }),
    trustProxy: trustProxySetting(config.TRUST_PROXY),
    // One line per request only when debugging; errors and refusals are always logged.
    logController: new LogController({ disableRequestLogging: !['debug', 'trace'].includes(config.LOG_LEVEL) }),
    genReqId: () => randomUUID(),
    // The request's child logger is made on its first log line, not for every request.
    childLoggerFactory: lazyChildLoggerFactory,
    requestIdHeader: false,
    // Failures met before routing or before any hook get the app's answer too (SECURITY.md 16).
    frameworkErrors: frameworkErrorHandler(secure),
    clientErrorHandler: clientErrorHandler(secure),
    bodyLimit: 64 * 1024,
    return503OnClosing: true,
    routerOptions: { maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const clock = opts.clock ?? systemClock;
  const mailer = new Mailer(opts.db, clock, config, opts.jobs, app.log);
  const events = opts.events ?? busFor(opts.db, app.log);
  // Domain events (lib/domain-events.ts): payments emits, billing, donations and referrals react.
  const domain = new DomainEvents();
  const storage = opts.storage ?? createStorage(config);
  const caches = new ReadCaches({
    get connected() {
      return events.connected;
    },
    listen: (onNote, resync) => events.subscribe(channels.readCaches, (n) => onNote(n.scope), { resync }),
  });
  const deps = { db: opts.db, clock, config, mailer, jobs: opts.jobs, events, domain, storage, caches };
  subscribeBilling(deps);
  subscribeDonations(domain);
  subscribeReferrals(domain);
  app.decorate('deps', deps);
  app.addHook('onClose', async () => caches.close());
  if (!opts.events) app.addHook('onClose', async () => events.close());

  // JSON only, and no NUL characters anywhere (PostgreSQL text cannot hold them).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    if (text.includes('\\u0000') || text.includes('\u0000')) {
      const err = new Error('NUL in body') as Error & { statusCode: number };
      err.statusCode = 400;
      return done(err);
    }
    try {
      done(null, JSON.parse(text));
    } catch {
      const err = new Error('Invalid JSON') as Error & { statusCode: number };
      err.statusCode = 400;
      done(err);
    }
  });

  // The consultation room's socket (its route checks the origin, the session and the booking).
  // First of all hooks: its own onRequest marks an upgrade, so that a refusal by any later hook
  // (no session, a NUL in the URL) still closes the socket once answered.
  await app.register(fastifyWebsocket, { options: { maxPayload: ROOM_FRAME_MAX_BYTES } });

  // The same for the URL: a NUL in a query string or a path parameter is refused, not sent to SQL.
  app.addHook('onRequest', (req, _reply, done) => {
    done(req.url.includes('%00') ? new AppError('VALIDATION_INVALID_FORMAT') : undefined);
  });

  // Graceful shutdown (SECURITY.md 27): once closing, each answer ends its keep-alive connection,
  // so close() returns as soon as the in-flight requests are done instead of waiting for idle
  // client connections to time out.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });

  await app.register(fastifyCookie);
  await app.register(requestContext);
  await app.register(securityHeaders, { secure });
  await app.register(errorsPlugin);
  await app.register(csrfPlugin, { appUrl: config.APP_URL });
  await app.register(authPlugin, { secure });
  await app.register(readCachesPlugin);
  await app.register(rateLimitPlugin);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes, { secureCookies: secure });
      await api.register(billingRoutes);
      await api.register(creditRoutes);
      await api.register(donationRoutes, { secureCookies: secure });
      await api.register(referralRoutes);
      await api.register(localPayRoutes);
      await api.register(webhookRoutes);
      await api.register(contactRoutes);
      await api.register(adminRoutes, { prefix: '/admin' });
      await api.register(scriptureRoutes, { prefix: '/scripture' });
      await api.register(chatRoutes, { prefix: '/chat' });
      await api.register(communityRoutes, { prefix: '/community' });
      await api.register(consultationRoutes, { prefix: '/consultations' });
      await api.register(avatarRoutes, { prefix: '/avatar' });
      await api.register(notificationRoutes, { prefix: '/notifications' });
      await api.register(alertRoutes, { prefix: '/alerts' });
      await api.register(messageRoutes, { prefix: '/messages' });
      await api.register(accountRoutes, { prefix: '/account', secureCookies: secure });
      await api.register(mediaRoutes, { prefix: '/media' });
      await api.register(shareApiRoutes, { prefix: '/share', secureCookies: secure });
    },
    { prefix: '/api' },
  );

  // The share sheet's post (a page, not the API: decision 021).
  await app.register(shareRoutes, { secureCookies: secure });

  if (opts.webDist) await serveWeb(app as unknown as FastifyInstance, opts.webDist);
  return app;
}
