import type { ComponentProps, ReactNode } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'destructive' | 'link';
export type ButtonSize = 'sm' | 'md' | 'lg';

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-brand-700 text-white shadow-sm hover:bg-brand-800 active:bg-brand-900',
  secondary: 'bg-brand-100 text-brand-900 hover:bg-brand-200 active:bg-brand-300',
  outline: 'border border-stone-300 bg-white text-stone-800 shadow-sm hover:bg-stone-50 active:bg-stone-100',
  ghost: 'text-stone-700 hover:bg-stone-100 active:bg-stone-200',
  destructive: 'bg-red-700 text-white shadow-sm hover:bg-red-800 active:bg-red-900',
  link: 'text-brand-800 underline underline-offset-4 hover:text-brand-900',
};

const SIZES: Record<ButtonSize, string> = {
  sm: 'min-h-9 px-3 text-sm',
  md: 'min-h-11 px-4 text-base',
  lg: 'min-h-12 px-6 text-base',
};

/** Classes of a button, also for links that look like buttons. */
export function buttonClasses({
  variant = 'primary',
  size = 'md',
  block = false,
  className = '',
}: { variant?: ButtonVariant; size?: ButtonSize; block?: boolean; className?: string } = {}): string {
  const shape = variant === 'link' ? 'px-0 min-h-0' : `${SIZES[size]} rounded-lg`;
  return [
    'inline-flex items-center justify-center gap-2 font-semibold transition-colors select-none',
    'disabled:cursor-not-allowed disabled:opacity-60 aria-busy:cursor-progress',
    VARIANTS[variant],
    shape,
    block ? 'w-full' : '',
    className,
  ]
    .filter(Boolean)
    .join(' ');
}

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
  /** Shows a spinner, disables the button and marks it aria-busy. */
  busy?: boolean;
  /** Text shown while busy (defaults to the children). */
  busyLabel?: ReactNode;
}

export function Button({
  variant,
  size,
  block,
  busy = false,
  busyLabel,
  className,
  disabled,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={buttonClasses({ variant, size, block, className })}
      {...rest}
    >
      {busy ? (
        <span
          aria-hidden="true"
          className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent"
        />
      ) : null}
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}
