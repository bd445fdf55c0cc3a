import type { ReactNode, Ref } from 'react';
import { Icon } from './icon.tsx';

export type AlertVariant = 'error' | 'success' | 'info' | 'warning';

const STYLES: Record<AlertVariant, string> = {
  error: 'border-red-200 bg-red-50 text-red-900',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-950',
  info: 'border-sky-200 bg-sky-50 text-sky-950',
  warning: 'border-amber-300 bg-amber-50 text-amber-950',
};

const ICONS: Record<AlertVariant, ReactNode> = {
  error: <path d="M12 9v4m0 4h.01M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z" />,
  warning: <path d="M12 9v4m0 4h.01M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z" />,
  success: <path d="M22 11.1V12a10 10 0 1 1-5.9-9.1M22 4 12 14l-3-3" />,
  info: <path d="M12 16v-4m0-4h.01M22 12a10 10 0 1 1-20 0 10 10 0 0 1 20 0z" />,
};

/**
 * A message box. Errors are announced assertively (role=alert), the rest politely
 * (role=status). Render it always and change its children, so the announcement fires.
 */
export function Alert({
  variant = 'info',
  title,
  children,
  className = '',
  ref,
  tabIndex,
}: {
  variant?: AlertVariant;
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
  ref?: Ref<HTMLDivElement>;
  tabIndex?: number;
}) {
  return (
    <div
      ref={ref}
      tabIndex={tabIndex}
      role={variant === 'error' ? 'alert' : 'status'}
      className={`flex gap-3 rounded-xl border p-4 text-sm focus:outline-none ${STYLES[variant]} ${className}`}
    >
      <Icon className="mt-0.5 h-5 w-5 shrink-0">{ICONS[variant]}</Icon>
      <div className="min-w-0 flex-1 space-y-1">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div className="leading-6">{children}</div> : null}
      </div>
    </div>
  );
}
