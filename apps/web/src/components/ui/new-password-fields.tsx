import type { ReactNode } from 'react';
import { Field } from './field.tsx';
import { PasswordInput, type PasswordInputProps } from './input.tsx';
import { PasswordChecklist, type PasswordRule } from './password-checklist.tsx';

/** The texts of a new-password pair; all come from the caller. */
export interface NewPasswordTexts {
  /** Accessible label of the toggle when the password is hidden. */
  show: string;
  /** Accessible label of the toggle when the password is shown. */
  hide: string;
  rulesTitle: string;
  /** Screen-reader suffix of a satisfied rule. */
  ruleMet: string;
  /** Screen-reader suffix of a missing rule. */
  ruleUnmet: string;
  rules: Record<PasswordRule, string>;
}

export interface NewPasswordField {
  label: ReactNode;
  /** A translated error message. */
  error?: string | undefined;
  /** The control's own props, for example what a form library registers. */
  input: Omit<PasswordInputProps, 'showLabel' | 'hideLabel'>;
}

/**
 * A new password and its confirmation, followed by the live rule checklist, which the
 * new-password field names in its description.
 */
export function NewPasswordFields({
  password,
  confirm,
  value,
  rulesId,
  texts,
  required,
  columns = false,
}: {
  password: NewPasswordField;
  confirm: NewPasswordField;
  /** The new password as typed, checked against the rules. */
  value: string;
  /** Id of the checklist. */
  rulesId: string;
  texts: NewPasswordTexts;
  required?: boolean;
  /** Side by side from the small breakpoint on. */
  columns?: boolean;
}) {
  const fields = (
    <>
      <Field label={password.label} required={required} error={password.error}>
        {(a) => (
          <PasswordInput
            {...a}
            aria-describedby={[a['aria-describedby'], rulesId].filter(Boolean).join(' ')}
            autoComplete="new-password"
            showLabel={texts.show}
            hideLabel={texts.hide}
            {...password.input}
          />
        )}
      </Field>
      <Field label={confirm.label} required={required} error={confirm.error}>
        {(a) => (
          <PasswordInput
            {...a}
            autoComplete="new-password"
            showLabel={texts.show}
            hideLabel={texts.hide}
            {...confirm.input}
          />
        )}
      </Field>
    </>
  );
  return (
    <>
      {columns ? <div className="grid gap-4 sm:grid-cols-2">{fields}</div> : fields}
      <PasswordChecklist
        id={rulesId}
        password={value}
        title={texts.rulesTitle}
        metLabel={texts.ruleMet}
        unmetLabel={texts.ruleUnmet}
        labels={texts.rules}
      />
    </>
  );
}
