import type { Locale } from '@candeia/shared/constants';
import { translate } from '@candeia/shared/i18n/server';
import type { Deps } from '../../types.ts';
import type { UserRow } from './repository.ts';

/**
 * Mails a user in their own language: `mail:<key>.subject` and `mail:<key>.body`. `secrets` are
 * the values in it that give access (a link's token): kept out of the outbox copy once sent.
 */
export async function mailUser(
  deps: Deps,
  user: Pick<UserRow, 'email' | 'firstName' | 'locale'>,
  kind: string,
  key: string,
  params: Record<string, string | number>,
  secrets: string[] = [],
): Promise<void> {
  const locale = user.locale as Locale;
  await deps.mailer.send({
    to: user.email,
    kind,
    locale,
    subject: translate(locale, `mail:${key}.subject`),
    text: translate(locale, `mail:${key}.body`, { name: user.firstName, ...params }),
    secrets,
  });
}
