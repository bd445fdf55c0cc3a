import { paths } from './routes.ts';
import type { NotificationDto } from './schemas/notifications.ts';

/**
 * What a notification says and where it leads, in the reader's language: one text for the bell
 * and /notifications (the web), and for the push messages and e-mails (the server).
 */

/** Looks up a `notifications:` key and fills its placeholders (`count` chooses the plural form). */
export type NotificationTranslate = (key: string, params?: Record<string, string | number>) => string;

/** The outcomes of a moderator's decision that have their own words; any other is told generally. */
const MODERATION_OUTCOMES = {
  post: ['approve', 'hide', 'remove', 'sensitive'],
  comment: ['hide', 'remove', 'sensitive'],
} as const;

/**
 * A date and time in the reader's language ("sexta-feira, 8 de janeiro, 09:00"): in their
 * device's zone on the web, in the given zone (named after it) on the server.
 */
function when(iso: string, locale: string, timeZone: string | undefined): string {
  const at = new Date(iso);
  const base: Intl.DateTimeFormatOptions = {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
  };
  if (!timeZone) return new Intl.DateTimeFormat(locale, base).format(at);
  try {
    return new Intl.DateTimeFormat(locale, { ...base, timeZone, timeZoneName: 'short' }).format(at);
  } catch {
    return new Intl.DateTimeFormat(locale, { ...base, timeZone: 'UTC', timeZoneName: 'short' }).format(at);
  }
}

const str = (v: string | number | undefined) => (v === undefined ? '' : String(v));

export interface DescribeOptions {
  /**
   * The zone dates are written in, named after them, when the notification does not name one
   * (`data.zone`, a booking's side): what the server gives. None: the runtime's own zone, the
   * reader's device (the web).
   */
  timeZone?: string;
}

/** The words of a notification and its link (a path of the app). */
export function describeNotification(
  n: Pick<NotificationDto, 'type' | 'actor' | 'data'>,
  t: NotificationTranslate,
  locale: string,
  opts: DescribeOptions = {},
): { text: string; href: string } {
  const name = n.actor?.name || t('notifications:someone');
  const d = n.data;
  const zone = opts.timeZone === undefined ? undefined : typeof d.zone === 'string' && d.zone ? d.zone : opts.timeZone;
  switch (n.type) {
    case 'follow':
      return {
        text: t('notifications:type.follow', { name }),
        href: n.actor?.handle ? paths.member(n.actor.handle) : paths.community(),
      };
    case 'comment':
    case 'reaction':
    case 'prayer':
      return { text: t(`notifications:type.${n.type}`, { name }), href: paths.communityPost(str(d.postId)) };
    case 'moderation': {
      const target = d.target === 'comment' ? 'comment' : 'post';
      const outcome = (MODERATION_OUTCOMES[target] as readonly string[]).includes(str(d.outcome))
        ? str(d.outcome)
        : 'other';
      return { text: t(`notifications:moderation.${target}.${outcome}`), href: paths.communityPost(str(d.postId)) };
    }
    case 'consultation': {
      const role = d.role === 'counsellor' ? 'counsellor' : 'member';
      const text = t(`notifications:consultation.${role}.${str(d.event)}`, {
        other: d.other ? str(d.other) : t('notifications:formerMember'),
        when: when(str(d.startsAt), locale, zone),
      });
      const href =
        d.event === 'reminder-1h'
          ? paths.consultationRoom(str(d.consultationId))
          : role === 'counsellor'
            ? paths.consultationCounsellor()
            : paths.consultation();
      return { text, href };
    }
    case 'message':
      return {
        text: t('notifications:type.message', { name }),
        href: d.conversationId ? paths.messages(str(d.conversationId)) : paths.messages(),
      };
    case 'trial_ending':
      return {
        text: t('notifications:type.trial_ending', { when: when(str(d.endsAt), locale, zone) }),
        href: paths.subscriptionPlans(),
      };
    case 'payment_failed':
      return { text: t('notifications:type.payment_failed'), href: paths.subscription() };
    case 'credits_low':
      return {
        text: t('notifications:type.credits_low', { count: Number(d.balance ?? 0) }),
        href: paths.subscriptionPlans(),
      };
    case 'referral_reward':
      return {
        text: t('notifications:type.referral_reward', {
          credits: new Intl.NumberFormat(locale).format(Number(d.credits ?? 0)),
        }),
        href: paths.referral(),
      };
  }
}
