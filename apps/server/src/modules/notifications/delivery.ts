import type { FastifyBaseLogger } from 'fastify';
import { matchLocale, DEFAULT_LOCALE, type Locale } from '@candeia/shared/constants';
import { translate } from '@candeia/shared/i18n/server';
import { describeNotification, type NotificationTranslate } from '@candeia/shared/notification-text';
import { paths } from '@candeia/shared/routes';
import { NOTIFICATION_TYPES, type NotificationType, type PushPayload } from '@candeia/shared/schemas/notifications';
import { channels } from '../../events/channels.ts';
import type { Deps } from '../../types.ts';
import { allowedEndpoint, postPush, pushKeys } from './push.ts';
import * as pushRepo from './push-repository.ts';
import * as repo from './repository.ts';

/**
 * Push messages and e-mails of notifications (decision 027). `notify` writes a delivery in the
 * producer's transaction; once it commits, its jobs are queued (`dispatch`, on the bus note sent
 * at the commit, or the sweep for a note missed), each with the delivery's id as its own, so a
 * delivery has one push job and one e-mail job however many processes heard the note. The jobs
 * record what they did (each device pushed, the mail written): run again, they do nothing twice.
 */

/** The dates of the texts when the notification does not carry the reader's zone. */
const SERVER_ZONE = 'UTC';
/** How long a delivery is kept (its jobs and their retries are long over by then). */
const KEEP_DAYS = 30;
/** A delivery whose note was missed is queued by the sweep once it is this old. */
const SWEEP_AFTER_MS = 30_000;
const SWEEP_BATCH = 500;
/** A push message's text is cut to this many characters (push services take about 4 KB). */
const PUSH_BODY_MAX = 600;

/** The server's `t` for the shared words: the member's language, plural forms by `count`. */
export function notificationTranslator(locale: Locale): NotificationTranslate {
  const rules = new Intl.PluralRules(locale);
  return (key, params = {}) => {
    if (typeof params.count === 'number') {
      const forms = [...(params.count === 0 ? ['_zero'] : []), `_${rules.select(params.count)}`, '_other'];
      for (const form of forms) {
        const text = translate(locale, `${key}${form}`, params);
        if (text !== `${key}${form}`) return text;
      }
    }
    return translate(locale, key, params);
  };
}

const isType = (t: string): t is NotificationType => (NOTIFICATION_TYPES as readonly string[]).includes(t);

type Delivery = NonNullable<Awaited<ReturnType<typeof repo.delivery>>>;

/** What the delivery says, in its member's language: a title, the text and the link (a path). */
export function wordsOf(d: Delivery) {
  if (!isType(d.type)) return null;
  const locale = matchLocale(d.locale) ?? DEFAULT_LOCALE;
  const t = notificationTranslator(locale);
  const actor = d.actorId ? { name: d.actorName ?? '', handle: d.actorHandle ?? null } : null;
  const { text, href } = describeNotification({ type: d.type, actor, data: d.data }, t, locale, {
    timeZone: SERVER_ZONE,
  });
  return { locale, type: d.type, title: translate(locale, `notification-channels:push.title.${d.type}`), text, href };
}

/** Queues a committed delivery's jobs (once: the job ids are the delivery's). */
export async function dispatch(deps: Deps, deliveryId: string): Promise<void> {
  const d = await repo.delivery(deps.db, deliveryId);
  if (!d || d.dispatchedAt) return;
  if (d.push) await deps.jobs.enqueue('notification-push', { deliveryId }, { id: deliveryId });
  if (d.email) await deps.jobs.enqueue('notification-email', { deliveryId }, { id: deliveryId });
  await repo.markDispatched(deps.db, deliveryId, deps.clock.now());
}

/**
 * Listens for committed deliveries and queues their jobs: what each process that works on jobs
 * does (jobs/index.ts). Resolves to the function that stops it.
 */
export async function startDispatch(deps: Deps, log?: FastifyBaseLogger): Promise<() => void> {
  const run = (id: string) =>
    dispatch(deps, id).catch((err: unknown) =>
      log?.warn({ err, deliveryId: id }, 'notification delivery not queued (the sweep will)'),
    );
  return deps.events.subscribe(channels.notificationDelivery, ({ id }) => void run(id), {
    resync: () => void sweep(deps).catch((err: unknown) => log?.warn({ err }, 'notification sweep failed')),
  });
}

/** Every minute: deliveries whose note was missed get their jobs; month-old ones are forgotten. */
export async function sweep(deps: Deps): Promise<void> {
  const now = deps.clock.now();
  for (const { id } of await repo.undispatched(deps.db, new Date(now.getTime() - SWEEP_AFTER_MS), SWEEP_BATCH))
    await dispatch(deps, id);
  await repo.deleteDeliveriesBefore(deps.db, new Date(now.getTime() - KEEP_DAYS * 86_400_000));
}

/**
 * The push job: the message to each of the member's devices not yet pushed. A device the push
 * service says is gone (404, 410) is forgotten; a failure to retry makes the job fail after the
 * others were tried, and its retry pushes only to those.
 */
export async function deliverPush(deps: Deps, deliveryId: string, log?: FastifyBaseLogger): Promise<void> {
  const d = await repo.delivery(deps.db, deliveryId);
  if (!d || !d.push) return;
  const words = wordsOf(d);
  if (!words) return;
  const payload: PushPayload = {
    id: d.notificationId,
    type: words.type,
    title: words.title,
    body: words.text.length > PUSH_BODY_MAX ? `${words.text.slice(0, PUSH_BODY_MAX - 1)}…` : words.text,
    url: words.href,
    tag: d.id,
  };
  const text = JSON.stringify(payload);
  const keys = await pushKeys(deps.db, deps.clock.now());
  const failed: { id: string; error: string }[] = [];
  for (const device of await pushRepo.devicesToPush(deps.db, d.userId, d.id)) {
    // An endpoint no longer allowed (the setting changed) is not contacted.
    if (!allowedEndpoint(device.endpoint, deps.config.PUSH_SERVICE_HOSTS)) continue;
    if (!(await pushRepo.claimPush(deps.db, d.id, device.id, deps.clock.now()))) continue;
    const { outcome, status, error } = await postPush(deps.config, keys, device, text);
    if (outcome === 'gone') await pushRepo.dropSubscription(deps.db, device.id);
    else if (outcome === 'retry') failed.push({ id: device.id, error: error ?? 'push failed' });
    else if (outcome === 'refused') log?.warn({ deliveryId, status, error }, 'push refused by the push service');
  }
  if (failed.length > 0) {
    await pushRepo.releasePush(
      deps.db,
      d.id,
      failed.map((f) => f.id),
    );
    throw new Error(`push not delivered to ${failed.length} device(s): ${failed[0]!.error}`);
  }
}

/** The e-mail job: the notification mailed once, in the member's language, with its link. */
export async function deliverEmail(deps: Deps, deliveryId: string): Promise<void> {
  const d = await repo.delivery(deps.db, deliveryId);
  if (!d || !d.email || d.emailSentAt || !d.mailable) return;
  const words = wordsOf(d);
  if (!words) return;
  if (!(await repo.claimEmail(deps.db, d.id, deps.clock.now()))) return;
  const base = deps.config.APP_URL.replace(/\/$/, '');
  const { locale } = words;
  const text = [
    translate(locale, 'notification-channels:mail.greeting', { name: d.firstName }),
    words.text,
    translate(locale, 'notification-channels:mail.open', { link: `${base}${words.href}` }),
    translate(locale, 'notification-channels:mail.footer', {
      type: translate(locale, `notification-channels:types.${words.type}.label`),
      settings: `${base}${paths.settings()}#notifications`,
    }),
  ].join('\n\n');
  try {
    await deps.mailer.send({
      to: d.to,
      subject: translate(locale, 'notification-channels:mail.subject', { title: words.title }),
      text,
      kind: `notification-${words.type}`,
      locale,
    });
  } catch (err) {
    // Not in the outbox: the retry writes it.
    await repo.releaseEmail(deps.db, d.id);
    throw err;
  }
}
