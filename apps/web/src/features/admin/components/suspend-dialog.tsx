import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuthorDto } from '@candeia/shared/schemas/community';
import { suspendSchema } from '@candeia/shared/schemas/moderation';
import { Alert } from '../../../components/ui/alert.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { ReasonField } from './reason-field.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useMessages } from '../../../lib/forms.ts';
import { useSuspendMember } from '../api/suspend-member.ts';
import { dayBoundary } from '../lib/format.ts';

/** Today as yyyy-mm-dd in the admin's zone: the earliest last day of a suspension. */
function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/**
 * Suspends a member from the community: an optional last day (the suspension ends when it ends,
 * in the admin's zone; none: until lifted) and an optional reason, kept in the log. A refusal
 * shows on its field with what was typed kept.
 */
export function SuspendDialog({
  member,
  open,
  onOpenChange,
  onDone,
}: {
  member: AuthorDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDone?: () => void;
}) {
  const { t } = useTranslation('admin');
  const { message, apiMessage } = useMessages();
  const toast = useToast();
  const suspend = useSuspendMember();
  const [day, setDay] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ until?: string; reason?: string; form?: string }>({});

  const confirm = async () => {
    const input = { until: day ? (dayBoundary(day, true) ?? day) : null, reason };
    const parsed = suspendSchema.safeParse(input);
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues)
        next[issue.path[0] === 'reason' ? 'reason' : 'until'] ??= message(issue.message);
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      await suspend.mutateAsync({ handle: member.handle, input: parsed.data });
      onOpenChange(false);
      setDay('');
      setReason('');
      toast({ variant: 'success', title: t('moderation.suspend.done', { name: member.name }) });
      onDone?.();
    } catch (err) {
      const fields = err instanceof ApiError ? err.fields : {};
      setErrors({
        until: fields.until,
        reason: fields.reason,
        form: fields.until || fields.reason ? undefined : apiMessage(err),
      });
    }
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(o) => {
        if (!o) setErrors({});
        onOpenChange(o);
      }}
      title={t('moderation.suspend.title', { name: member.name })}
      description={t('moderation.suspend.text')}
      confirmLabel={t('moderation.suspend.confirm')}
      cancelLabel={t('cancel')}
      destructive
      busy={suspend.isPending}
      onConfirm={() => void confirm()}
    >
      <Field
        label={t('moderation.suspend.until')}
        optionalText={t('billing.optional')}
        hint={t('moderation.suspend.untilHint')}
        error={errors.until}
      >
        {(a) => (
          <Input
            {...a}
            type="date"
            min={today()}
            value={day}
            onChange={(e) => {
              setDay(e.target.value);
              setErrors((x) => ({ ...x, until: undefined }));
            }}
          />
        )}
      </Field>
      <ReasonField
        value={reason}
        onChange={(value) => {
          setReason(value);
          setErrors((x) => ({ ...x, reason: undefined }));
        }}
        error={errors.reason}
      />
      {errors.form ? (
        <Alert variant="error" title={t('moderation.failed')}>
          {errors.form}
        </Alert>
      ) : null}
    </ConfirmDialog>
  );
}
