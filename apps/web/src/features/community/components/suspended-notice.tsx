import { useTranslation } from 'react-i18next';
import type { CommunityMeDto } from '@candeia/shared/schemas/community';
import { ApiError } from '../../../lib/api.ts';

/** A refusal because the moderation suspended the reader (it may have started after the page loaded). */
export const isSuspension = (err: unknown) =>
  err instanceof ApiError && (err.code === 'COMMUNITY_SUSPENDED' || err.code === 'COMMUNITY_SUSPENDED_UNTIL');

/** The end of a suspension in the reader's language and time zone: "20 de março de 2026 às 14:00". */
export function formatUntil(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso));
}

/**
 * Where the composer or the comment box would be, for a member the moderation suspended: what
 * is suspended and until when (or until lifted), instead of a form that would be refused.
 */
export function SuspendedNotice({ me, variant }: { me: CommunityMeDto; variant: 'post' | 'comment' }) {
  const { t, i18n } = useTranslation('community');
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const date = me.suspendedUntil ? formatUntil(me.suspendedUntil, locale) : null;
  if (variant === 'comment')
    return (
      <p role="status" className="rounded-xl border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-950">
        {date ? t('moderation.commentSuspendedUntil', { date }) : t('moderation.commentSuspended')}
      </p>
    );
  return (
    <div role="status" className="rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950 shadow-sm">
      <p className="font-semibold">{t('moderation.suspendedTitle')}</p>
      <p className="mt-1 text-sm">{date ? t('moderation.suspendedUntil', { date }) : t('moderation.suspended')}</p>
    </div>
  );
}
