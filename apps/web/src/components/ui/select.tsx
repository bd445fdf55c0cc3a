import type { ComponentProps } from 'react';
import { controlClasses } from './input.tsx';

/** A native select (best on phones), styled like the text inputs. */
export function Select({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <div className="relative">
      <select className={controlClasses(`appearance-none pr-10 ${className ?? ''}`)} {...props}>
        {children}
      </select>
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        fill="currentColor"
        className="pointer-events-none absolute right-3 top-1/2 h-5 w-5 -translate-y-1/2 text-stone-500"
      >
        <path
          fillRule="evenodd"
          d="M5.2 7.2a.75.75 0 0 1 1.06 0L10 10.94l3.74-3.74a.75.75 0 1 1 1.06 1.06l-4.27 4.27a.75.75 0 0 1-1.06 0L5.2 8.26a.75.75 0 0 1 0-1.06z"
          clipRule="evenodd"
        />
      </svg>
    </div>
  );
}
