import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@candeia/shared/routes';
import {
  HORIZON_DAYS_MAX,
  type BookingDto,
  type CounsellorDto,
  type SlotDto,
} from '@candeia/shared/schemas/consultation';
import { Alert } from '../../../components/ui/alert.tsx';
import { MessageAction } from '../../../components/message-action.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useMessages } from '../../../lib/forms.ts';
import { subscriptionKey } from '../../../lib/queries/balance.ts';
import { useSubscription } from '../../../lib/queries/subscription.ts';
import { useCreateBooking } from '../api/create-booking.ts';
import { useBooking } from '../api/get-booking.ts';
import { useCounsellor } from '../api/get-counsellor.ts';
import { useCounsellors } from '../api/get-counsellors.ts';
import { useSlots } from '../api/get-slots.ts';
import { useRescheduleBooking } from '../api/reschedule-booking.ts';
import {
  addDays,
  browserTimeZone,
  formatDeadline,
  formatLongDay,
  formatTime,
  formatWhen,
  refundDeadline,
  todayIn,
  upperFirst,
} from '../lib/time.ts';
import { CounsellorAvatar } from './counsellor-avatar.tsx';
import { CounsellorCard } from './counsellor-card.tsx';
import { useLabels, useLocale } from './labels.ts';
import { LoadError } from './load-error.tsx';
import { SlotPicker } from './slot-picker.tsx';

/** Days of slots on one screen. */
const PAGE_DAYS = 14;

/**
 * /consultation/book?counsellor=<id> (and &reschedule=<bookingId> to move one): the counsellor's
 * free slots by day in the member's zone, then a confirmation with the price, the balance and the
 * refund rule. A slot taken meanwhile refreshes the slots and says so.
 */
export default function BookPage() {
  const { t } = useTranslation('consultation');
  const [params] = useSearchParams();
  const reschedule = params.get('reschedule');
  const moving = useBooking(reschedule);
  const counsellorId = moving.data?.counsellor.id ?? params.get('counsellor');
  useDocumentTitle(reschedule ? t('book.moveTitle') : t('book.title'));

  return (
    <div className="mx-auto max-w-5xl px-4 pb-16 pt-6 sm:px-6 sm:pt-10">
      <Link to={paths.consultation()} className="text-sm font-semibold text-brand-800 underline underline-offset-4">
        {t('book.back')}
      </Link>
      <h1 className="mt-3 font-serif text-3xl font-semibold tracking-tight text-stone-900 sm:text-4xl">
        {reschedule ? t('book.moveTitle') : t('book.title')}
      </h1>
      {reschedule && moving.isPending ? (
        <Spinner />
      ) : reschedule && moving.isError ? (
        <LoadError className="mt-6" error={moving.error} onRetry={() => void moving.refetch()} />
      ) : counsellorId ? (
        <Booking key={counsellorId} counsellorId={counsellorId} moving={moving.data ?? null} />
      ) : (
        <ChooseCounsellor />
      )}
    </div>
  );
}

function ChooseCounsellor() {
  const { t } = useTranslation('consultation');
  const zone = browserTimeZone();
  const list = useCounsellors({ tz: zone });
  return (
    <section aria-labelledby="choose" className="mt-6">
      <h2 id="choose" className="font-serif text-2xl font-semibold text-stone-900">
        {t('book.choose')}
      </h2>
      <div className="mt-4">
        {list.isPending ? (
          <Spinner />
        ) : list.isError ? (
          <LoadError error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data.counsellors.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-stone-300 p-5 text-stone-700">
            {t('home.noCounsellors')}
          </p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {list.data.counsellors.map((c) => (
              <CounsellorCard key={c.id} counsellor={c} zone={zone} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function Booking({ counsellorId, moving }: { counsellorId: string; moving: BookingDto | null }) {
  const { t } = useTranslation('consultation');
  const locale = useLocale();
  const zone = browserTimeZone();
  const [today] = useState(() => todayIn(zone));
  const [from, setFrom] = useState(today);
  const [slot, setSlot] = useState<SlotDto | null>(null);
  const [step, setStep] = useState<'pick' | 'confirm'>('pick');
  const [taken, setTaken] = useState<string | null>(null);
  const takenRef = useRef<HTMLDivElement>(null);
  const counsellor = useCounsellor(counsellorId);
  const slots = useSlots({ counsellorId, from, days: PAGE_DAYS, tz: zone, excluding: moving?.id });
  const lastDay = addDays(today, HORIZON_DAYS_MAX);
  const shortDay = (date: string) =>
    new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
      new Date(`${date}T12:00:00Z`),
    );

  useEffect(() => {
    if (taken) takenRef.current?.focus();
  }, [taken]);

  if (counsellor.isPending) return <Spinner />;
  if (counsellor.isError)
    return <LoadError className="mt-6" error={counsellor.error} onRetry={() => void counsellor.refetch()} />;
  const c = counsellor.data;

  const onTaken = (message: string) => {
    setSlot(null);
    setStep('pick');
    setTaken(message);
    void slots.refetch();
  };

  return (
    <div className="mt-6 grid gap-6">
      <CounsellorSummary counsellor={c} />
      {moving ? (
        <Alert variant="info" title={t('book.moving')}>
          {t('book.movingText', { when: formatWhen(moving.startsAt, locale, zone) })}
        </Alert>
      ) : null}
      {step === 'confirm' && slot ? (
        <Confirm counsellor={c} slot={slot} moving={moving} onBack={() => setStep('pick')} onTaken={onTaken} />
      ) : (
        <section aria-labelledby="slots-heading">
          <h2 id="slots-heading" className="font-serif text-2xl font-semibold text-stone-900">
            {t('book.pick')}
          </h2>
          <p className="mt-1 text-stone-700">{t('book.zone', { zone })}</p>
          {taken ? (
            <Alert variant="warning" className="mt-4" title={t('book.takenTitle')} ref={takenRef} tabIndex={-1}>
              {taken}
            </Alert>
          ) : null}
          {!c.accepting && !moving ? (
            <Alert variant="warning" className="mt-4" title={t('book.pausedTitle')}>
              {t('book.pausedText')}
            </Alert>
          ) : null}
          <div className="mt-4 grid grid-cols-2 items-center gap-2 sm:flex sm:justify-between">
            <Button
              variant="outline"
              size="sm"
              disabled={from <= today}
              onClick={() => setFrom((f) => (addDays(f, -PAGE_DAYS) < today ? today : addDays(f, -PAGE_DAYS)))}
            >
              {t('book.earlier')}
            </Button>
            <p className="col-span-2 row-start-1 text-center text-sm text-stone-600" aria-live="polite">
              {t('book.range', { from: shortDay(from), to: shortDay(addDays(from, PAGE_DAYS - 1)) })}
            </p>
            <Button
              variant="outline"
              size="sm"
              disabled={addDays(from, PAGE_DAYS) > lastDay}
              onClick={() => setFrom((f) => addDays(f, PAGE_DAYS))}
            >
              {t('book.later')}
            </Button>
          </div>
          <div className="mt-4" aria-busy={slots.isFetching}>
            {slots.isPending ? (
              <Spinner label={t('book.loadingSlots')} />
            ) : slots.isError ? (
              <LoadError error={slots.error} onRetry={() => void slots.refetch()} />
            ) : (
              <div className={slots.isPlaceholderData ? 'opacity-60' : ''}>
                <SlotPicker
                  slots={slots.data}
                  selected={slot?.startsAt ?? null}
                  onSelect={(s) => {
                    setSlot(s);
                    setTaken(null);
                  }}
                />
              </div>
            )}
          </div>
          <div className="sticky bottom-0 z-10 -mx-4 mt-6 border-t border-stone-200 bg-white/95 px-4 py-3 backdrop-blur sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0">
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-end sm:gap-4">
              <p className="text-sm text-stone-700" aria-live="polite">
                {slot ? t('book.chosen', { when: formatWhen(slot.startsAt, locale, zone) }) : t('book.chooseSlot')}
              </p>
              <Button disabled={!slot} onClick={() => setStep('confirm')}>
                {t('book.continue')}
              </Button>
            </div>
          </div>
        </section>
      )}
    </div>
  );
}

function CounsellorSummary({ counsellor: c }: { counsellor: CounsellorDto }) {
  const { t } = useTranslation('consultation');
  const labels = useLabels();
  const locale = useLocale();
  const number = new Intl.NumberFormat(locale);
  return (
    <Card className="flex items-start gap-4 p-4 sm:p-5">
      <CounsellorAvatar name={c.displayName} photoUrl={c.photoUrl} size="lg" />
      <div className="min-w-0">
        <p className="font-serif text-xl font-semibold text-stone-900">{c.displayName}</p>
        <p className="text-sm text-stone-600">
          {[c.languages.map(labels.language).join(' · '), c.specialties.map(labels.specialty).join(', ')]
            .filter(Boolean)
            .join(' — ')}
        </p>
        <p className="mt-1 text-sm text-stone-800">
          {t('book.terms', {
            minutes: c.sessionMinutes,
            credits: number.format(c.priceCredits),
            count: c.priceCredits,
          })}
        </p>
        {c.bio ? <p className="mt-2 text-sm leading-6 text-stone-700">{c.bio}</p> : null}
        <MessageAction userId={c.id} name={c.displayName} className="mt-3" />
      </div>
    </Card>
  );
}

function Confirm({
  counsellor: c,
  slot,
  moving,
  onBack,
  onTaken,
}: {
  counsellor: CounsellorDto;
  slot: SlotDto;
  moving: BookingDto | null;
  onBack: () => void;
  onTaken: (message: string) => void;
}) {
  const { t } = useTranslation('consultation');
  const { apiMessage } = useMessages();
  const locale = useLocale();
  const zone = browserTimeZone();
  const navigate = useNavigate();
  const subscription = useSubscription();
  const book = useCreateBooking();
  const move = useRescheduleBooking();
  const busy = book.isPending || move.isPending;
  const [error, setError] = useState<{ message: string; credits: boolean } | null>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const number = new Intl.NumberFormat(locale);
  const balance = subscription.data?.creditsRemaining;
  const short = !moving && balance !== undefined && balance < c.priceCredits;
  const deadline = refundDeadline(slot.startsAt, c.cancelCutoffHours);
  const refundable = Date.parse(deadline) > Date.now();

  // The balance as it is now (another tab or device may have spent or added credits).
  const qc = useQueryClient();
  useEffect(() => {
    headingRef.current?.focus();
    void qc.invalidateQueries({ queryKey: subscriptionKey });
  }, [qc]);
  useEffect(() => {
    if (error) errorRef.current?.focus();
  }, [error]);

  const confirm = async () => {
    setError(null);
    try {
      const booking = moving
        ? await move.mutateAsync({ id: moving.id, startsAt: slot.startsAt, timeZone: zone })
        : await book.mutateAsync({ counsellorId: c.id, startsAt: slot.startsAt, timeZone: zone });
      void navigate(paths.consultation({ booked: booking.id }), { state: { moved: !!moving } });
    } catch (err) {
      if (err instanceof ApiError && (err.code === 'SLOT_TAKEN' || err.code === 'SLOT_UNAVAILABLE')) {
        onTaken(err.code === 'SLOT_TAKEN' ? t('book.taken') : t('book.unavailable'));
        return;
      }
      setError({ message: apiMessage(err), credits: err instanceof ApiError && err.code === 'INSUFFICIENT_CREDITS' });
    }
  };

  return (
    <section aria-labelledby="confirm-heading">
      <Card className="p-5 sm:p-6">
        <h2
          id="confirm-heading"
          ref={headingRef}
          tabIndex={-1}
          className="font-serif text-2xl font-semibold text-stone-900 focus:outline-none"
        >
          {moving ? t('confirm.moveTitle') : t('confirm.title')}
        </h2>
        <dl className="mt-4 grid gap-4 sm:grid-cols-2">
          <div>
            <dt className="text-xs font-semibold uppercase tracking-wide text-stone-500">{t('confirm.when')}</dt>
            <dd className="mt-1 text-stone-900">
              <span className="block">{upperFirst(formatLongDay(slot.startsAt, locale, zone), locale)}</span>
              {t('booking.time', {
                start: formatTime(slot.startsAt, locale, zone),
                end: formatTime(slot.endsAt, locale, zone),
                minutes: c.sessionMinutes,
              })}
              <span className="block text-sm text-stone-600">{t('confirm.zone', { zone })}</span>
            </dd>
          </div>
          <div>
            <dt className="text-xs font-semibold uppercase tracking-wide text-stone-500">{t('confirm.with')}</dt>
            <dd className="mt-1 text-stone-900">{c.displayName}</dd>
          </div>
          <div>
            <dt className="text-xs font-semibold uppercase tracking-wide text-stone-500">{t('confirm.price')}</dt>
            <dd className="mt-1 text-stone-900">
              {moving
                ? t('confirm.paid')
                : t('card.credits', { count: c.priceCredits, formatted: number.format(c.priceCredits) })}
            </dd>
          </div>
          <div>
            <dt className="text-xs font-semibold uppercase tracking-wide text-stone-500">{t('confirm.balance')}</dt>
            <dd className="mt-1 text-stone-900">
              {balance === undefined ? (
                subscription.isPending ? (
                  <Spinner className="justify-start p-0" label={t('confirm.loadingBalance')} />
                ) : (
                  '—'
                )
              ) : moving ? (
                t('card.credits', { count: balance, formatted: number.format(balance) })
              ) : (
                t('confirm.balanceAfter', {
                  balance: number.format(balance),
                  after: number.format(Math.max(0, balance - c.priceCredits)),
                })
              )}
            </dd>
          </div>
        </dl>
        <Alert variant={refundable ? 'info' : 'warning'} className="mt-5">
          {refundable
            ? t('confirm.refundRule', { deadline: formatDeadline(deadline, locale, zone) })
            : t('confirm.noRefund')}
        </Alert>
        {short ? (
          <Alert variant="warning" className="mt-4" title={t('confirm.shortTitle')}>
            {t('confirm.shortText', {
              count: c.priceCredits - balance,
              formatted: number.format(c.priceCredits - balance),
            })}
            <div className="mt-3">
              <Link to={paths.subscriptionPlans()} className={buttonClasses({ size: 'sm' })}>
                {t('access.plans')}
              </Link>
            </div>
          </Alert>
        ) : null}
        {error ? (
          <Alert variant="error" className="mt-4" title={t('confirm.failed')} ref={errorRef} tabIndex={-1}>
            {error.message}
            {error.credits ? (
              <div className="mt-3">
                <Link to={paths.subscriptionPlans()} className={buttonClasses({ size: 'sm' })}>
                  {t('access.plans')}
                </Link>
              </div>
            ) : null}
          </Alert>
        ) : null}
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onBack} disabled={busy}>
            {t('confirm.back')}
          </Button>
          <Button onClick={() => void confirm()} busy={busy} busyLabel={t('confirm.sending')} disabled={short}>
            {moving ? t('confirm.move') : t('confirm.book')}
          </Button>
        </div>
      </Card>
    </section>
  );
}
