import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REVIEW_MAX, reviewSchema, type BookingDto } from '@candeia/shared/schemas/consultation';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError } from '../../../components/ui/field.tsx';
import { Textarea } from '../../../components/ui/input.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useMessages } from '../../../lib/forms.ts';
import { useReviewBooking } from '../api/review-booking.ts';

/** Rates a completed session (1–5 stars, radio buttons) with an optional review; what was chosen and typed stays on a failure. */
export function ReviewForm({ booking }: { booking: BookingDto }) {
  const { t } = useTranslation('consultation');
  const { message, apiMessage } = useMessages();
  const toast = useToast();
  const review = useReviewBooking();
  const [rating, setRating] = useState(0);
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<{ rating?: string | undefined; review?: string | undefined; form?: string }>({});
  const id = useId();

  const send = async () => {
    const parsed = reviewSchema.safeParse({ rating: rating || undefined, review: text });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'review' ? 'review' : 'rating';
        next[field] ??= message(issue.message);
      }
      setErrors(next);
      document.getElementById(next.rating ? `${id}-star-1` : `${id}-review`)?.focus();
      return;
    }
    setErrors({});
    try {
      await review.mutateAsync({ id: booking.id, ...parsed.data });
      toast({ variant: 'success', title: t('review.sent') });
    } catch (err) {
      const fields = err instanceof ApiError ? err.fields : {};
      setErrors({ rating: fields.rating, review: fields.review, form: apiMessage(err) });
    }
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
      className="mt-4 grid gap-3 rounded-xl border border-stone-200 bg-stone-50 p-4"
    >
      <fieldset aria-describedby={errors.rating ? `${id}-rating-error` : undefined}>
        <legend className="text-sm font-semibold text-stone-800">{t('review.rating')}</legend>
        <div className="mt-1 flex gap-1">
          {[1, 2, 3, 4, 5].map((n) => (
            <label
              key={n}
              className="flex h-11 w-11 cursor-pointer items-center justify-center rounded-lg text-stone-300 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600"
            >
              <input
                id={`${id}-star-${n}`}
                type="radio"
                name={`${id}-rating`}
                value={n}
                checked={rating === n}
                onChange={() => {
                  setRating(n);
                  setErrors((e) => ({ ...e, rating: undefined }));
                }}
                aria-invalid={errors.rating ? true : undefined}
                className="sr-only"
              />
              <span className="sr-only">{t('review.stars', { count: n })}</span>
              <svg aria-hidden="true" viewBox="0 0 24 24" className={`h-8 w-8 ${n <= rating ? 'text-amber-500' : ''}`}>
                <path
                  fill="currentColor"
                  stroke="#a8a29e"
                  strokeWidth={n <= rating ? 0 : 1}
                  d="m12 2 3.1 6.3 6.9 1-5 4.9 1.2 6.8L12 17.8 5.8 21l1.2-6.8-5-4.9 6.9-1z"
                />
              </svg>
            </label>
          ))}
        </div>
        {errors.rating ? <FieldError id={`${id}-rating-error`}>{errors.rating}</FieldError> : null}
      </fieldset>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-review`} className="text-sm font-semibold text-stone-800">
          {t('review.text')} <span className="font-normal text-stone-500">{t('optional')}</span>
        </label>
        <Textarea
          id={`${id}-review`}
          rows={3}
          value={text}
          maxLength={REVIEW_MAX + 50}
          onChange={(e) => {
            setText(e.target.value);
            if (errors.review) setErrors((x) => ({ ...x, review: undefined }));
          }}
          aria-invalid={errors.review ? true : undefined}
          aria-describedby={errors.review ? `${id}-review-error` : undefined}
        />
        {errors.review ? <FieldError id={`${id}-review-error`}>{errors.review}</FieldError> : null}
      </div>
      {errors.form ? (
        <Alert variant="error" title={t('review.failed')}>
          {errors.form}
        </Alert>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" busy={review.isPending} busyLabel={t('review.sending')}>
          {t('review.send')}
        </Button>
      </div>
    </form>
  );
}

/** A rating given, as stars with its text for screen readers. */
export function Stars({ rating }: { rating: number }) {
  const { t } = useTranslation('consultation');
  return (
    <span role="img" aria-label={t('review.stars', { count: rating })} className="inline-flex text-amber-500">
      {[1, 2, 3, 4, 5].map((n) => (
        <svg
          key={n}
          aria-hidden="true"
          viewBox="0 0 24 24"
          className={`h-5 w-5 ${n <= rating ? '' : 'text-stone-300'}`}
        >
          <path fill="currentColor" d="m12 2 3.1 6.3 6.9 1-5 4.9 1.2 6.8L12 17.8 5.8 21l1.2-6.8-5-4.9 6.9-1z" />
        </svg>
      ))}
    </span>
  );
}
