import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CANCEL_REASON_MAX, cancelSchema, type BookingDto } from '@candeia/shared/schemas/consultation';
import { Alert } from '../../../components/ui/alert.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { FieldError } from '../../../components/ui/field.tsx';
import { Textarea } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useMessages } from '../../../lib/forms.ts';
import { useCancelBooking } from '../api/cancel-booking.ts';
import { browserTimeZone, formatDeadline, formatWhen } from '../lib/time.ts';
import { useLocale } from './labels.ts';

/**
 * Cancels a booking, saying first what comes back: a member's cancel is refunded in full before
 * `refundableUntil` and not at all after; a counsellor's always refunds the member. The reason
 * typed stays when the cancel fails.
 */
export function CancelDialog({
  booking,
  open,
  onOpenChange,
  onCancelled,
}: {
  booking: BookingDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCancelled: (cancelled: BookingDto) => void;
}) {
  const { t } = useTranslation('consultation');
  const { message, apiMessage } = useMessages();
  const locale = useLocale();
  const zone = browserTimeZone();
  const cancel = useCancelBooking();
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ reason?: string | undefined; form?: string | undefined }>({});
  const id = useId();
  const number = new Intl.NumberFormat(locale);
  const refundable = booking.role === 'counsellor' || Date.now() < Date.parse(booking.refundableUntil);

  const send = async () => {
    const parsed = cancelSchema.safeParse({ reason });
    if (!parsed.success) {
      setErrors({ reason: message(parsed.error.issues[0]?.message) });
      document.getElementById(`${id}-reason`)?.focus();
      return;
    }
    setErrors({});
    try {
      const cancelled = await cancel.mutateAsync({ id: booking.id, ...parsed.data });
      setReason('');
      onOpenChange(false);
      onCancelled(cancelled);
    } catch (err) {
      const fields = err instanceof ApiError ? err.fields : {};
      setErrors({ reason: fields.reason, form: apiMessage(err) });
    }
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(o) => {
        if (!o) setErrors({});
        onOpenChange(o);
      }}
      title={t('cancel.title')}
      description={t('cancel.when', {
        when: formatWhen(booking.startsAt, locale, zone),
        name: booking.role === 'member' ? booking.counsellor.displayName : booking.member.name,
      })}
      confirmLabel={t('cancel.confirm')}
      cancelLabel={t('cancel.keep')}
      destructive
      busy={cancel.isPending}
      onConfirm={() => void send()}
    >
      <Alert variant={refundable ? 'info' : 'warning'}>
        {booking.role === 'counsellor'
          ? t('cancel.refundMember', { count: booking.priceCredits, formatted: number.format(booking.priceCredits) })
          : refundable
            ? t('cancel.refundFull', {
                count: booking.priceCredits,
                formatted: number.format(booking.priceCredits),
                deadline: formatDeadline(booking.refundableUntil, locale, zone),
              })
            : t('cancel.refundNone', { deadline: formatDeadline(booking.refundableUntil, locale, zone) })}
      </Alert>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-reason`} className="text-sm font-semibold text-stone-800">
          {t('cancel.reason')} <span className="font-normal text-stone-500">{t('optional')}</span>
        </label>
        <Textarea
          id={`${id}-reason`}
          rows={3}
          value={reason}
          maxLength={CANCEL_REASON_MAX + 50}
          onChange={(e) => {
            setReason(e.target.value);
            if (errors.reason) setErrors((x) => ({ ...x, reason: undefined }));
          }}
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={errors.reason ? `${id}-reason-error` : undefined}
        />
        {errors.reason ? <FieldError id={`${id}-reason-error`}>{errors.reason}</FieldError> : null}
      </div>
      {errors.form ? (
        <Alert variant="error" title={t('cancel.failed')}>
          {errors.form}
        </Alert>
      ) : null}
    </ConfirmDialog>
  );
}
