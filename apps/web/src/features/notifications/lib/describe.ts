import type { TFunction } from 'i18next';
import { describeNotification } from '@candeia/shared/notification-text';
import type { NotificationDto } from '@candeia/shared/schemas/notifications';

/**
 * What a notification says and where it leads, in the reader's language and their device's
 * zone: the shared words (the push messages and e-mails say the same). `t` is the
 * `notifications` namespace's.
 */
export function describe(
  n: NotificationDto,
  t: TFunction<'notifications'>,
  locale: string,
): { text: string; href: string } {
  return describeNotification(n, (key, params) => t(key as 'title', params ?? {}) as string, locale);
}
