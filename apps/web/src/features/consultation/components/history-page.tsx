import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@candeia/shared/routes';
import type { BookingDto } from '@candeia/shared/schemas/consultation';
import { MessageAction } from '../../../components/message-action.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useBookings } from '../api/get-bookings.ts';
import { browserTimeZone, formatLongDay, formatTime, formatWhen, splitBookings, upperFirst } from '../lib/time.ts';
import { CounsellorAvatar } from './counsellor-avatar.tsx';
import { useLocale } from './labels.ts';
import { LoadError } from './load-error.tsx';
import { ReviewForm, Stars } from './review-form.tsx';
import { StatusBadge } from './status-badge.tsx';

/**
 * /consultation/history: the member's sessions to come and past, with their status, the
 * counsellor's shared notes, a review of a completed one, and a link to book again.
 */
export default function HistoryPage() {
  const { t } = useTranslation('consultation');
  useDocumentTitle(t('history.title'));
  const bookings = useBookings('member', 'all');
  const { upcoming, past } = bookings.data ? splitBookings(bookings.data.bookings) : { upcoming: [], past: [] };

  return (
    <div className="mx-auto max-w-3xl px-4 pb-16 pt-6 sm:px-6 sm:pt-10">
      <Link to={paths.consultation()} className="text-sm font-semibold text-brand-800 underline underline-offset-4">
        {t('book.back')}
      </Link>
      <h1 className="mt-3 font-serif text-3xl font-semibold tracking-tight text-stone-900 sm:text-4xl">
        {t('history.title')}
      </h1>
      <p className="mt-1 text-stone-600">{t('history.lead')}</p>
      {bookings.isPending ? (
        <Spinner />
      ) : bookings.isError ? (
        <LoadError className="mt-6" error={bookings.error} onRetry={() => void bookings.refetch()} />
      ) : upcoming.length + past.length === 0 ? (
        <div className="mt-6 rounded-2xl border border-dashed border-stone-300 p-5 text-stone-700">
          <p>{t('history.empty')}</p>
          <Link to={paths.consultation()} className={buttonClasses({ size: 'sm', className: 'mt-3' })}>
            {t('history.find')}
          </Link>
        </div>
      ) : (
        <>
          <HistorySection id="history-upcoming" title={t('history.upcoming')} bookings={upcoming} />
          <HistorySection id="history-past" title={t('history.past')} bookings={past} />
        </>
      )}
    </div>
  );
}

function HistorySection({ id, title, bookings }: { id: string; title: string; bookings: BookingDto[] }) {
  const { t } = useTranslation('consultation');
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="font-serif text-2xl font-semibold text-stone-900">
        {title}
      </h2>
      {bookings.length === 0 ? (
        <p className="mt-3 text-stone-600">{t('history.noneHere')}</p>
      ) : (
        <ul className="mt-4 grid gap-4">
          {bookings.map((b) => (
            <HistoryItem key={b.id} booking={b} />
          ))}
        </ul>
      )}
    </section>
  );
}

function HistoryItem({ booking: b }: { booking: BookingDto }) {
  const { t } = useTranslation('consultation');
  const locale = useLocale();
  const zone = browserTimeZone();
  const number = new Intl.NumberFormat(locale);
  const titleId = `history-${b.id}`;
  const cancelledBy = b.cancelledBy === 'member' ? 'you' : b.cancelledBy === 'admin' ? 'admin' : 'counsellor';

  return (
    <li>
      <Card className="p-4 sm:p-5" role="group" aria-labelledby={titleId}>
        <div className="flex items-start gap-3">
          <CounsellorAvatar name={b.counsellor.displayName} photoUrl={b.counsellor.photoUrl} size="sm" />
          <div className="min-w-0 flex-1">
            <h3 id={titleId} className="font-semibold text-stone-900">
              {upperFirst(formatLongDay(b.startsAt, locale, zone), locale)}
              {`, ${formatTime(b.startsAt, locale, zone)}`}
            </h3>
            <p className="text-stone-700">{b.counsellor.displayName}</p>
          </div>
          <StatusBadge status={b.status} />
        </div>
        {b.status === 'cancelled' ? (
          <p className="mt-3 text-sm text-stone-700">
            {t(`history.cancelledBy.${cancelledBy}`, {
              when: b.cancelledAt ? formatWhen(b.cancelledAt, locale, zone) : '',
            })}{' '}
            {b.refundedCredits > 0
              ? t('history.refunded', { count: b.refundedCredits, formatted: number.format(b.refundedCredits) })
              : t('history.notRefunded')}
            {b.cancelReason ? (
              <span className="mt-1 block text-stone-600">{t('history.reason', { reason: b.cancelReason })}</span>
            ) : null}
          </p>
        ) : null}
        {b.sharedNotes ? (
          <div className="mt-4 rounded-xl bg-brand-50 p-4">
            <h4 className="text-sm font-semibold text-brand-900">{t('history.notes')}</h4>
            <p className="mt-1 whitespace-pre-line text-sm leading-6 text-stone-800">{b.sharedNotes}</p>
          </div>
        ) : null}
        {b.rating !== null ? (
          <div className="mt-4">
            <h4 className="text-sm font-semibold text-stone-800">{t('history.yourReview')}</h4>
            <Stars rating={b.rating} />
            {b.review ? <p className="mt-1 whitespace-pre-line text-sm text-stone-700">{b.review}</p> : null}
          </div>
        ) : b.can.review ? (
          <ReviewForm booking={b} />
        ) : null}
        <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          {b.can.join ? (
            <Link to={paths.consultationRoom(b.id)} className={buttonClasses({})}>
              {t('booking.join')}
            </Link>
          ) : null}
          {b.status === 'booked' ? (
            <Link to={paths.consultation({ booked: null })} className={buttonClasses({ variant: 'outline' })}>
              {t('history.manage')}
            </Link>
          ) : (
            <Link
              to={paths.consultationBook({ counsellor: b.counsellor.id })}
              className={buttonClasses({ variant: 'outline' })}
              aria-describedby={titleId}
            >
              {t('history.rebook')}
            </Link>
          )}
          <MessageAction userId={b.counsellor.id} name={b.counsellor.displayName} />
        </div>
      </Card>
    </li>
  );
}
