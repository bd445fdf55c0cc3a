import type { TFunction } from 'i18next';
import { paths } from '@candeia/shared/routes';
import type { NotificationDto } from '@candeia/shared/schemas/notifications';

/** A date and time in the reader's language and zone ("sexta-feira, 8 de janeiro, 09:00"). */
function when(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));
}

const str = (v: string | number | undefined) => (v === undefined ? '' : String(v));

/**
 * What a notification says and where it leads, in the reader's language. `t` is the
 * `notifications` namespace's.
 */
export function describe(
  n: NotificationDto,
  t: TFunction<'notifications'>,
  locale: string,
): { text: string; href: string } {
  const name = n.actor?.name || t('notifications:someone');
  const d = n.data;
  switch (n.type) {
    case 'follow':
      return {
        text: t('notifications:type.follow', { name }),
        href: n.actor?.handle ? paths.member(n.actor.handle) : paths.community(),
      };
    case 'comment':
    case 'reaction':
    case 'prayer':
      return { text: t(`type.${n.type}`, { name }), href: paths.communityPost(str(d.postId)) };
    case 'moderation': {
      const target = d.target === 'comment' ? 'comment' : 'post';
      const outcome = str(d.outcome);
      return {
        text: t(`moderation.${target}.${outcome}`, { defaultValue: t(`moderation.${target}.other`) }),
        href: paths.communityPost(str(d.postId)),
      };
    }
    case 'consultation': {
      const role = d.role === 'counsellor' ? 'counsellor' : 'member';
      const text = t(`consultation.${role}.${str(d.event)}`, {
        other: d.other ? str(d.other) : t('notifications:formerMember'),
        when: when(str(d.startsAt), locale),
      });
      const href =
        d.event === 'reminder-1h'
          ? paths.consultationRoom(str(d.consultationId))
          : role === 'counsellor'
            ? paths.consultationCounsellor()
            : paths.consultation();
      return { text, href };
    }
    case 'trial_ending':
      return {
        text: t('notifications:type.trial_ending', { when: when(str(d.endsAt), locale) }),
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
