import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MEMBER_REASON_MAX } from '@candeia/shared/schemas/admin-members';
import { Alert } from '../../../components/ui/alert.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Textarea } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useMessages } from '../../../lib/forms.ts';

/**
 * The confirmation of an act on a member's account: what will happen, said exactly, and the
 * reason written to the security log (none, optional or required). A refusal is shown in the
 * dialog, translated, with the reason as typed.
 */
export function MemberActionDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  destructive = false,
  reason = 'none',
  busy,
  onConfirm,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  destructive?: boolean;
  reason?: 'none' | 'optional' | 'required';
  busy: boolean;
  /** Carries the act out; throws the API's refusal. */
  onConfirm: (reason: string) => Promise<void>;
  children?: ReactNode;
}) {
  const { t } = useTranslation('admin-ops');
  const { message, apiMessage } = useMessages();
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; form?: string }>({});

  const confirm = async () => {
    const typed = text.trim();
    if (reason === 'required' && !typed) return setErrors({ reason: message('validation:required') });
    if (typed.length > MEMBER_REASON_MAX) return setErrors({ reason: message('validation:moderation.reasonTooLong') });
    setErrors({});
    try {
      await onConfirm(typed);
      setText('');
      onOpenChange(false);
    } catch (err) {
      const field = err instanceof ApiError ? err.fields.reason : undefined;
      setErrors(field ? { reason: field } : { form: apiMessage(err) });
    }
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(o) => {
        if (!o) setErrors({});
        onOpenChange(o);
      }}
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      cancelLabel={t('members.cancel')}
      destructive={destructive}
      busy={busy}
      onConfirm={() => void confirm()}
    >
      {children}
      {reason !== 'none' ? (
        <Field
          label={t('members.reason')}
          required={reason === 'required'}
          optionalText={t('members.optional')}
          hint={t('members.reasonHint')}
          error={errors.reason}
        >
          {(a) => (
            <Textarea
              {...a}
              rows={3}
              maxLength={MEMBER_REASON_MAX}
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                setErrors((x) => ({ ...x, reason: undefined }));
              }}
            />
          )}
        </Field>
      ) : null}
      {errors.form ? (
        <Alert variant="error" title={t('members.failed')}>
          {errors.form}
        </Alert>
      ) : null}
    </ConfirmDialog>
  );
}
