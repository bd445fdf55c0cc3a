import { useState, type ComponentProps } from 'react';
import { Icon } from './icon.tsx';

const BASE =
  'block w-full min-h-11 rounded-lg border bg-white px-3 py-2 text-base text-stone-900 shadow-sm transition-colors ' +
  'placeholder:text-stone-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200 ' +
  'disabled:bg-stone-100 disabled:text-stone-500';

/** Class string of a text control; red border when aria-invalid. */
export function controlClasses(className = ''): string {
  return `${BASE} border-stone-300 aria-[invalid=true]:border-red-600 aria-[invalid=true]:focus:ring-red-200 ${className}`;
}

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={controlClasses(className)} {...props} />;
}

/** A text control for an e-mail address: the e-mail keyboard, no capitals, no spell-check. */
export function EmailInput(props: Omit<ComponentProps<'input'>, 'type'>) {
  return (
    <Input type="email" autoComplete="email" inputMode="email" autoCapitalize="none" spellCheck={false} {...props} />
  );
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={controlClasses(`min-h-24 ${className ?? ''}`)} {...props} />;
}

export interface PasswordInputProps extends Omit<ComponentProps<'input'>, 'type'> {
  /** Accessible label of the toggle when the password is hidden. */
  showLabel: string;
  /** Accessible label of the toggle when the password is shown. */
  hideLabel: string;
}

/** A password field with a show/hide toggle. */
export function PasswordInput({ showLabel, hideLabel, className, ...props }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <input type={visible ? 'text' : 'password'} className={controlClasses(`pr-12 ${className ?? ''}`)} {...props} />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        aria-label={visible ? hideLabel : showLabel}
        className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-stone-500 hover:text-stone-800"
      >
        {visible ? (
          <Icon className="h-5 w-5">
            <path d="M3 3l18 18" />
            <path d="M10.6 10.6a2 2 0 0 0 2.8 2.8" />
            <path d="M9.9 5.1A10.4 10.4 0 0 1 12 5c6.5 0 10 7 10 7a17.6 17.6 0 0 1-3.2 4.2M6.6 6.6C3.9 8.3 2 12 2 12s3.5 7 10 7a9.7 9.7 0 0 0 5.4-1.6" />
          </Icon>
        ) : (
          <Icon className="h-5 w-5">
            <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
            <circle cx="12" cy="12" r="3" />
          </Icon>
        )}
      </button>
    </div>
  );
}
