import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_NOTE_MAX, REPORT_REASONS, reportSchema, type ReportReason } from '@candeia/shared/schemas/community';
import { Alert } from '../../../components/ui/alert.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { FieldError } from '../../../components/ui/field.tsx';
import { Textarea } from '../../../components/ui/input.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useMessages } from '../../../lib/forms.ts';
import { useReportMessage } from '../api/actions.ts';

/**
 * Reports a message the reader received: a reason from the community's list and an optional
 * note. On success a toast thanks the reader; a failure shows in the dialog with what was chosen
 * and typed kept. Reported already (the server says so): the dialog closes with that message.
 */
export function ReportDialog({
  conversationId,
  messageId,
  open,
  onOpenChange,
}: {
  conversationId: string;
  messageId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('messages');
  const { message, apiMessage } = useMessages();
  const toast = useToast();
  const reportMessage = useReportMessage(conversationId);
  const busy = reportMessage.isPending;
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; note?: string; form?: string }>({});
  const id = useId();

  const send = async () => {
    const parsed = reportSchema.safeParse({ reason: reason || undefined, note });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'note' ? 'note' : 'reason';
        next[field] ??= message(issue.message);
      }
      setErrors(next);
      document.getElementById(next.reason ? `${id}-reason-0` : `${id}-note`)?.focus();
      return;
    }
    setErrors({});
    try {
      await reportMessage.mutateAsync({ messageId, ...parsed.data });
      onOpenChange(false);
      setReason('');
      setNote('');
      toast({ variant: 'success', title: t('report.sent'), description: t('report.sentText') });
    } catch (err) {
      if (err instanceof ApiError && err.code === 'REPORT_DUPLICATE') {
        onOpenChange(false);
        toast({ title: t('report.already'), description: apiMessage(err) });
        return;
      }
      const fields = err instanceof ApiError ? err.fields : {};
      setErrors({ reason: fields.reason, note: fields.note, form: apiMessage(err) });
    }
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(o) => {
        if (!o) setErrors({});
        onOpenChange(o);
      }}
      title={t('report.title')}
      description={t('report.text')}
      confirmLabel={t('report.send')}
      cancelLabel={t('report.cancel')}
      busy={busy}
      onConfirm={() => void send()}
    >
      <fieldset aria-describedby={errors.reason ? `${id}-reason-error` : undefined}>
        <legend className="text-sm font-semibold text-stone-800">{t('report.reasonLabel')}</legend>
        <div className="mt-2 grid gap-1">
          {REPORT_REASONS.map((r, i) => (
            <label
              key={r}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 text-stone-900 hover:bg-stone-50 has-[:checked]:bg-brand-50"
            >
              <input
                id={`${id}-reason-${i}`}
                type="radio"
                name={`${id}-reason`}
                value={r}
                checked={reason === r}
                onChange={() => {
                  setReason(r);
                  setErrors((e) => ({ ...e, reason: undefined }));
                }}
                aria-invalid={errors.reason ? true : undefined}
                className="h-5 w-5 shrink-0 accent-brand-700"
              />
              {t(`report.reasons.${r}`)}
            </label>
          ))}
        </div>
        {errors.reason ? <FieldError id={`${id}-reason-error`}>{errors.reason}</FieldError> : null}
      </fieldset>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-note`} className="text-sm font-semibold text-stone-800">
          {t('report.noteLabel')}
        </label>
        <Textarea
          id={`${id}-note`}
          rows={3}
          value={note}
          maxLength={REPORT_NOTE_MAX}
          placeholder={t('report.notePlaceholder')}
          onChange={(e) => {
            setNote(e.target.value);
            if (errors.note) setErrors((x) => ({ ...x, note: undefined }));
          }}
          aria-invalid={errors.note ? true : undefined}
          aria-describedby={errors.note ? `${id}-note-error` : undefined}
        />
        {errors.note ? <FieldError id={`${id}-note-error`}>{errors.note}</FieldError> : null}
      </div>
      {errors.form ? (
        <Alert variant="error" title={t('report.failed')}>
          {errors.form}
        </Alert>
      ) : null}
    </ConfirmDialog>
  );
}
