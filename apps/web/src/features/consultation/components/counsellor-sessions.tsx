import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@candeia/shared/routes';
import { NOTES_MAX, notesSchema, type BookingDto } from '@candeia/shared/schemas/consultation';
import { Alert } from '../../../components/ui/alert.tsx';
import { MessageAction } from '../../../components/message-action.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FieldError } from '../../../components/ui/field.tsx';
import { Textarea } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useMessages } from '../../../lib/forms.ts';
import { useBookings } from '../api/get-bookings.ts';
import { useSaveNotes } from '../api/save-notes.ts';
import { useSetOutcome } from '../api/set-outcome.ts';
import { browserTimeZone, formatLongDay, formatTime, splitBookings, upperFirst } from '../lib/time.ts';
import { CancelDialog } from './cancel-dialog.tsx';
import { useLocale } from './labels.ts';
import { LoadError } from './load-error.tsx';
import { Stars } from './review-form.tsx';
import { StatusBadge } from './status-badge.tsx';

/** Past sessions shown at first; the rest on asking. */
const PAST_SHOWN = 10;

/** The sessions booked with the counsellor: to come (room, outcome, notes, cancel), then past ones (notes). */
export function CounsellorSessions() {
  const { t } = useTranslation('consultation');
  const bookings = useBookings('counsellor', 'all');
  const [showAll, setShowAll] = useState(false);
  const toast = useToast();
  if (bookings.isPending) return <Spinner />;
  if (bookings.isError) return <LoadError error={bookings.error} onRetry={() => void bookings.refetch()} />;
  const { upcoming, past } = splitBookings(bookings.data.bookings);
  // A session under way or ended but not yet marked: among those to act on.
  const open = [...past.filter((b) => b.status === 'booked').reverse(), ...upcoming];
  const done = past.filter((b) => b.status !== 'booked');
  const shown = showAll ? done : done.slice(0, PAST_SHOWN);

  return (
    <div className="grid gap-8">
      <section aria-labelledby="sessions-next">
        <h3 id="sessions-next" className="font-serif text-xl font-semibold text-stone-900">
          {t('sessions.next')}
        </h3>
        {open.length === 0 ? (
          <p className="mt-2 text-stone-600">{t('sessions.none')}</p>
        ) : (
          <ul className="mt-3 grid gap-4">
            {open.map((b) => (
              <SessionItem
                key={b.id}
                booking={b}
                onCancelled={() => toast({ variant: 'success', title: t('sessions.cancelled') })}
              />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="sessions-past">
        <h3 id="sessions-past" className="font-serif text-xl font-semibold text-stone-900">
          {t('sessions.past')}
        </h3>
        {done.length === 0 ? (
          <p className="mt-2 text-stone-600">{t('sessions.nonePast')}</p>
        ) : (
          <ul className="mt-3 grid gap-4">
            {shown.map((b) => (
              <SessionItem key={b.id} booking={b} onCancelled={() => undefined} />
            ))}
          </ul>
        )}
        {done.length > shown.length ? (
          <Button variant="outline" className="mt-4" onClick={() => setShowAll(true)}>
            {t('sessions.more', { count: done.length - shown.length })}
          </Button>
        ) : null}
      </section>
    </div>
  );
}

function SessionItem({ booking: b, onCancelled }: { booking: BookingDto; onCancelled: () => void }) {
  const { t } = useTranslation('consultation');
  const { apiMessage } = useMessages();
  const locale = useLocale();
  const zone = browserTimeZone();
  const outcome = useSetOutcome();
  const [cancelling, setCancelling] = useState(false);
  const [outcomeError, setOutcomeError] = useState<string | null>(null);
  const titleId = `session-${b.id}`;

  const mark = async (value: 'completed' | 'no_show') => {
    setOutcomeError(null);
    try {
      await outcome.mutateAsync({ id: b.id, outcome: value });
    } catch (err) {
      setOutcomeError(apiMessage(err));
    }
  };

  return (
    <li>
      <Card className="p-4 sm:p-5" role="group" aria-labelledby={titleId}>
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h4 id={titleId} className="font-semibold text-stone-900">
              {b.member.name}
            </h4>
            <p className="text-stone-700">
              {upperFirst(formatLongDay(b.startsAt, locale, zone), locale)}
              {`, ${formatTime(b.startsAt, locale, zone)}–${formatTime(b.endsAt, locale, zone)}`}
            </p>
          </div>
          <StatusBadge status={b.status} />
        </div>
        {b.rating !== null ? (
          <div className="mt-3 text-sm text-stone-700">
            <Stars rating={b.rating} />
            {b.review ? <p className="mt-1 whitespace-pre-line">{b.review}</p> : null}
          </div>
        ) : null}
        <div className="mt-4 flex flex-col gap-2 empty:hidden sm:flex-row sm:flex-wrap">
          {b.can.join ? (
            <Link to={paths.consultationRoom(b.id)} className={buttonClasses({})}>
              {t('booking.join')}
            </Link>
          ) : null}
          {b.can.outcome ? (
            <>
              <Button
                variant="secondary"
                busy={outcome.isPending && outcome.variables?.outcome === 'completed'}
                disabled={outcome.isPending}
                onClick={() => void mark('completed')}
                aria-describedby={titleId}
              >
                {t('sessions.completed')}
              </Button>
              <Button
                variant="outline"
                busy={outcome.isPending && outcome.variables?.outcome === 'no_show'}
                disabled={outcome.isPending}
                onClick={() => void mark('no_show')}
                aria-describedby={titleId}
              >
                {t('sessions.noShow')}
              </Button>
            </>
          ) : null}
          {b.can.cancel ? (
            <Button
              variant="ghost"
              className="text-red-800"
              onClick={() => setCancelling(true)}
              aria-describedby={titleId}
            >
              {t('booking.cancel')}
            </Button>
          ) : null}
          <MessageAction userId={b.member.id} name={b.member.name} />
        </div>
        {outcomeError ? (
          <Alert variant="error" className="mt-3" title={t('sessions.outcomeFailed')}>
            {outcomeError}
          </Alert>
        ) : null}
        {b.can.notes ? (
          <NotesForm booking={b} />
        ) : b.sharedNotes ? (
          <p className="mt-3 whitespace-pre-line text-sm text-stone-700">{b.sharedNotes}</p>
        ) : null}
      </Card>
      {b.can.cancel ? (
        <CancelDialog booking={b} open={cancelling} onOpenChange={setCancelling} onCancelled={onCancelled} />
      ) : null}
    </li>
  );
}

/** The counsellor's notes of a session: private ones (theirs alone) and shared ones (the member reads them). */
function NotesForm({ booking }: { booking: BookingDto }) {
  const { t } = useTranslation('consultation');
  const { message, apiMessage } = useMessages();
  const toast = useToast();
  const save = useSaveNotes();
  const id = useId();
  const [privateNotes, setPrivate] = useState(booking.privateNotes ?? '');
  const [sharedNotes, setShared] = useState(booking.sharedNotes);
  const [errors, setErrors] = useState<{
    privateNotes?: string | undefined;
    sharedNotes?: string | undefined;
    form?: string;
  }>({});
  const dirty = privateNotes !== (booking.privateNotes ?? '') || sharedNotes !== booking.sharedNotes;

  const submit = async () => {
    const parsed = notesSchema.safeParse({ privateNotes, sharedNotes });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'privateNotes' ? 'privateNotes' : 'sharedNotes';
        next[field] ??= message(issue.message);
      }
      setErrors(next);
      document.getElementById(`${id}-${next.privateNotes ? 'private' : 'shared'}`)?.focus();
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync({ id: booking.id, ...parsed.data });
      toast({ variant: 'success', title: t('notes.saved') });
    } catch (err) {
      const fields = err instanceof ApiError ? err.fields : {};
      setErrors({ privateNotes: fields.privateNotes, sharedNotes: fields.sharedNotes, form: apiMessage(err) });
    }
  };

  const area = (
    which: 'private' | 'shared',
    label: string,
    hint: string,
    value: string,
    onChange: (v: string) => void,
    error: string | undefined,
  ) => (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={`${id}-${which}`} className="text-sm font-semibold text-stone-800">
        {label}
      </label>
      <p id={`${id}-${which}-hint`} className="text-xs text-stone-500">
        {hint}
      </p>
      <Textarea
        id={`${id}-${which}`}
        rows={3}
        value={value}
        maxLength={NOTES_MAX + 100}
        onChange={(e) => {
          onChange(e.target.value);
          if (error) setErrors((x) => ({ ...x, [which === 'private' ? 'privateNotes' : 'sharedNotes']: undefined }));
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-${which}-hint${error ? ` ${id}-${which}-error` : ''}`}
      />
      {error ? <FieldError id={`${id}-${which}-error`}>{error}</FieldError> : null}
    </div>
  );

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      className="mt-4 grid gap-3 border-t border-stone-100 pt-4 md:grid-cols-2"
    >
      {area('private', t('notes.private'), t('notes.privateHint'), privateNotes, setPrivate, errors.privateNotes)}
      {area('shared', t('notes.shared'), t('notes.sharedHint'), sharedNotes, setShared, errors.sharedNotes)}
      {errors.form ? (
        <Alert variant="error" className="md:col-span-2" title={t('notes.failed')}>
          {errors.form}
        </Alert>
      ) : null}
      <div className="flex justify-end md:col-span-2">
        <Button type="submit" variant="secondary" busy={save.isPending} busyLabel={t('saving')} disabled={!dirty}>
          {t('notes.save')}
        </Button>
      </div>
    </form>
  );
}
