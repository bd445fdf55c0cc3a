import { useState, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@candeia/shared/routes';
import type { BookingDto } from '@candeia/shared/schemas/consultation';
import { MessageAction } from '../../../components/message-action.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { browserTimeZone, formatDeadline, formatLongDay, formatTime, upperFirst } from '../lib/time.ts';
import { CancelDialog } from './cancel-dialog.tsx';
import { CounsellorAvatar } from './counsellor-avatar.tsx';
import { useLocale } from './labels.ts';
import { StatusBadge } from './status-badge.tsx';

/**
 * One of the member's sessions to come: who, when (in the member's zone), until when a cancel is
 * refunded, and the actions the booking allows now (`can`): enter the room, move, cancel.
 */
export function BookingCard({
  booking,
  onCancelled,
  notice,
  ref,
}: {
  booking: BookingDto;
  onCancelled: (b: BookingDto) => void;
  /** A message shown on the card (the booking just made). */
  notice?: ReactNode;
  ref?: Ref<HTMLLIElement>;
}) {
  const { t } = useTranslation('consultation');
  const locale = useLocale();
  const zone = browserTimeZone();
  const [cancelling, setCancelling] = useState(false);
  const minutes = Math.round((Date.parse(booking.endsAt) - Date.parse(booking.startsAt)) / 60_000);
  const refundable = Date.now() < Date.parse(booking.refundableUntil);
  const titleId = `booking-${booking.id}-title`;

  return (
    <li id={`booking-${booking.id}`} ref={ref} tabIndex={-1} className="scroll-mt-24 rounded-2xl focus:outline-none">
      <Card
        className={`p-4 sm:p-5 ${notice ? 'border-emerald-300 ring-2 ring-emerald-200' : ''}`}
        aria-labelledby={titleId}
        role="group"
      >
        {notice}
        <div className="flex items-start gap-3">
          <CounsellorAvatar name={booking.counsellor.displayName} photoUrl={booking.counsellor.photoUrl} size="sm" />
          <div className="min-w-0 flex-1">
            <h3 id={titleId} className="font-semibold text-stone-900">
              {booking.counsellor.displayName}
            </h3>
            <p className="mt-0.5 text-stone-800">{upperFirst(formatLongDay(booking.startsAt, locale, zone), locale)}</p>
            <p className="text-stone-700">
              {t('booking.time', {
                start: formatTime(booking.startsAt, locale, zone),
                end: formatTime(booking.endsAt, locale, zone),
                minutes,
              })}
            </p>
          </div>
          <StatusBadge status={booking.status} />
        </div>
        <p className="mt-3 text-sm text-stone-600">
          {refundable
            ? t('booking.refundUntil', { deadline: formatDeadline(booking.refundableUntil, locale, zone) })
            : t('booking.refundOver', { deadline: formatDeadline(booking.refundableUntil, locale, zone) })}
        </p>
        <div className="mt-4 flex flex-col gap-2 empty:hidden sm:flex-row sm:flex-wrap">
          {booking.can.join ? (
            <Link to={paths.consultationRoom(booking.id)} className={buttonClasses({ size: 'md' })}>
              {t('booking.join')}
            </Link>
          ) : null}
          {booking.can.reschedule ? (
            <Link
              to={paths.consultationBook({ counsellor: booking.counsellor.id, reschedule: booking.id })}
              className={buttonClasses({ variant: 'outline' })}
              aria-describedby={titleId}
            >
              {t('booking.reschedule')}
            </Link>
          ) : null}
          {booking.can.cancel ? (
            <Button
              variant="ghost"
              className="text-red-800"
              onClick={() => setCancelling(true)}
              aria-describedby={titleId}
            >
              {t('booking.cancel')}
            </Button>
          ) : null}
          <MessageAction userId={booking.counsellor.id} name={booking.counsellor.displayName} />
        </div>
      </Card>
      <CancelDialog booking={booking} open={cancelling} onOpenChange={setCancelling} onCancelled={onCancelled} />
    </li>
  );
}
