import { useTranslation } from 'react-i18next';
import { MODERATION_REASON_MAX } from '@candeia/shared/schemas/moderation';
import { Field } from '../../../components/ui/field.tsx';
import { Textarea } from '../../../components/ui/input.tsx';

/** The optional reason of a moderation action or a suspension, kept in the log. */
export function ReasonField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation('admin');
  return (
    <Field
      label={t('moderation.reasonLabel')}
      optionalText={t('billing.optional')}
      hint={t('moderation.reasonHint')}
      error={error}
    >
      {(a) => (
        <Textarea
          {...a}
          rows={3}
          maxLength={MODERATION_REASON_MAX}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}
