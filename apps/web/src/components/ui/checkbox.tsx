import { useId, type ComponentProps, type ReactNode } from 'react';
import { FieldError } from './field.tsx';

export interface CheckboxProps extends Omit<ComponentProps<'input'>, 'type'> {
  label: ReactNode;
  error?: string | undefined;
}

/** A checkbox with its label (which may hold links) and an optional error message. */
export function Checkbox({ label, error, id: givenId, className = '', ...props }: CheckboxProps) {
  const autoId = useId();
  const id = givenId ?? autoId;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          aria-invalid={!!error}
          aria-describedby={errorId}
          className="mt-0.5 h-5 w-5 shrink-0 rounded border-stone-400 accent-brand-700"
          {...props}
        />
        <label htmlFor={id} className="text-sm leading-6 text-stone-800">
          {label}
        </label>
      </div>
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
}
