import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { SUPPORTED_LOCALES } from '@candeia/shared/constants';
import { paths } from '@candeia/shared/routes';
import { SPECIALTIES, type BookingDto } from '@candeia/shared/schemas/consultation';
import { Alert } from '../../../components/ui/alert.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useSession } from '../../../lib/queries/session.ts';
import { useBookings } from '../api/get-bookings.ts';
import { useCounsellors } from '../api/get-counsellors.ts';
import { useMyCounsellor } from '../api/get-my-counsellor.ts';
import { browserTimeZone, formatDeadline, formatWhen, freeWithin, splitBookings, WITHIN_DAYS } from '../lib/time.ts';
import { BookingCard } from './booking-card.tsx';
import { CounsellorCard } from './counsellor-card.tsx';
import { useLabels, useLocale } from './labels.ts';
import { LoadError } from './load-error.tsx';

/**
 * /consultation: the member's next sessions first (enter the room, move, cancel), then the
 * counsellors with their next free slot, filtered by language and specialty. A booking just made
 * (?booked=<id>) is shown at its place with a message.
 */
export default function ConsultationPage() {
  const { t } = useTranslation('consultation');
  useDocumentTitle(t('home.title'));
  // Counsellors (and administrators, who may be one) have their own area; members are not asked.
  const session = useSession();
  const me = useMyCounsellor(!!session.data && session.data.user.role !== 'user');

  return (
    <div className="mx-auto max-w-5xl px-4 pb-16 pt-6 sm:px-6 sm:pt-10">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="font-serif text-3xl font-semibold tracking-tight text-stone-900 sm:text-4xl">
            {t('home.title')}
          </h1>
          <p className="mt-1 text-stone-600">{t('home.lead')}</p>
        </div>
        <nav aria-label={t('home.links')} className="flex flex-wrap gap-x-5 gap-y-2 text-sm font-semibold">
          <Link to={paths.consultationHistory()} className="text-brand-800 underline underline-offset-4">
            {t('home.history')}
          </Link>
          {me.data ? (
            <Link to={paths.consultationCounsellor()} className="text-brand-800 underline underline-offset-4">
              {t('home.counsellorArea')}
            </Link>
          ) : null}
        </nav>
      </div>
      <NextSessions />
      <Counsellors />
    </div>
  );
}

function NextSessions() {
  const { t } = useTranslation('consultation');
  const locale = useLocale();
  const zone = browserTimeZone();
  const [params] = useSearchParams();
  const location = useLocation();
  const booked = params.get('booked');
  const moved = !!(location.state as { moved?: boolean } | null)?.moved;
  const bookings = useBookings('member', 'upcoming');
  const [cancelled, setCancelled] = useState<BookingDto | null>(null);
  const cancelledRef = useRef<HTMLDivElement>(null);
  const justBooked = useRef<HTMLLIElement>(null);
  const upcoming = bookings.data ? splitBookings(bookings.data.bookings).upcoming : [];
  const found = !!booked && upcoming.some((b) => b.id === booked);

  // The booking just made: brought into view and focused, so its message is read.
  useEffect(() => {
    if (found) {
      justBooked.current?.scrollIntoView({ block: 'center' });
      justBooked.current?.focus({ preventScroll: true });
    }
  }, [found]);
  useEffect(() => {
    if (cancelled) cancelledRef.current?.focus();
  }, [cancelled]);

  return (
    <section aria-labelledby="next-sessions" className="mt-8">
      <h2 id="next-sessions" className="font-serif text-2xl font-semibold text-stone-900">
        {t('home.next')}
      </h2>
      {cancelled ? (
        <Alert variant="success" className="mt-4" title={t('cancel.done')} ref={cancelledRef} tabIndex={-1}>
          {cancelled.refundedCredits > 0
            ? t('cancel.refunded', {
                count: cancelled.refundedCredits,
                formatted: new Intl.NumberFormat(locale).format(cancelled.refundedCredits),
              })
            : t('cancel.notRefunded')}
        </Alert>
      ) : null}
      {bookings.isPending ? (
        <Spinner />
      ) : bookings.isError ? (
        <LoadError className="mt-4" error={bookings.error} onRetry={() => void bookings.refetch()} />
      ) : upcoming.length === 0 ? (
        <p className="mt-3 rounded-2xl border border-dashed border-stone-300 p-5 text-stone-700">{t('home.none')}</p>
      ) : (
        <ul className="mt-4 grid gap-4 md:grid-cols-2">
          {upcoming.map((b) => (
            <BookingCard
              key={b.id}
              booking={b}
              ref={b.id === booked ? justBooked : undefined}
              onCancelled={setCancelled}
              notice={
                b.id === booked ? (
                  <Alert variant="success" className="mb-4" title={moved ? t('home.moved') : t('home.booked')}>
                    {t('home.bookedText', {
                      when: formatWhen(b.startsAt, locale, zone),
                      name: b.counsellor.displayName,
                      deadline: formatDeadline(b.refundableUntil, locale, zone),
                    })}
                  </Alert>
                ) : undefined
              }
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function Counsellors() {
  const { t } = useTranslation('consultation');
  const labels = useLabels();
  const zone = browserTimeZone();
  const [params, setParams] = useSearchParams();
  const language = params.get('language') ?? '';
  const specialty = params.get('specialty') ?? '';
  const withinParam = Number(params.get('within'));
  const within = (WITHIN_DAYS as readonly number[]).includes(withinParam) ? withinParam : null;
  const list = useCounsellors({ language: language || undefined, specialty: specialty || undefined, tz: zone });
  const setFilter = (name: 'language' | 'specialty' | 'within', value: string) => {
    const next = new URLSearchParams(params);
    next.delete('booked');
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };
  const counsellors = freeWithin(list.data?.counsellors ?? [], within);

  return (
    <section aria-labelledby="counsellors" className="mt-10">
      <h2 id="counsellors" className="font-serif text-2xl font-semibold text-stone-900">
        {t('home.counsellors')}
      </h2>
      <p className="mt-1 text-sm text-stone-600">{t('home.zone', { zone })}</p>
      <div role="search" aria-label={t('filters.label')} className="mt-4 grid gap-3 sm:grid-cols-3 md:max-w-3xl">
        <Field label={t('filters.language')}>
          {(a) => (
            <Select {...a} value={language} onChange={(e) => setFilter('language', e.target.value)}>
              <option value="">{t('filters.anyLanguage')}</option>
              {SUPPORTED_LOCALES.map((l) => (
                <option key={l} value={l}>
                  {labels.language(l)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={t('filters.specialty')}>
          {(a) => (
            <Select {...a} value={specialty} onChange={(e) => setFilter('specialty', e.target.value)}>
              <option value="">{t('filters.anySpecialty')}</option>
              {SPECIALTIES.map((s) => (
                <option key={s} value={s}>
                  {labels.specialty(s)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={t('filters.within')}>
          {(a) => (
            <Select {...a} value={within ?? ''} onChange={(e) => setFilter('within', e.target.value)}>
              <option value="">{t('filters.anyTime')}</option>
              {WITHIN_DAYS.map((d) => (
                <option key={d} value={d}>
                  {t('filters.withinDays', { count: d })}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      <div aria-live="polite" aria-busy={list.isFetching} className="mt-5">
        {list.isPending ? (
          <Spinner />
        ) : list.isError ? (
          <LoadError error={list.error} onRetry={() => void list.refetch()} />
        ) : counsellors.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-stone-300 p-5 text-stone-700">
            {language || specialty || within ? t('home.noneFiltered') : t('home.noCounsellors')}
          </p>
        ) : (
          <>
            <p className="sr-only">{t('home.count', { count: counsellors.length })}</p>
            <ul className={`grid gap-4 sm:grid-cols-2 lg:grid-cols-3 ${list.isPlaceholderData ? 'opacity-60' : ''}`}>
              {counsellors.map((c) => (
                <CounsellorCard key={c.id} counsellor={c} zone={zone} />
              ))}
            </ul>
          </>
        )}
      </div>
    </section>
  );
}
