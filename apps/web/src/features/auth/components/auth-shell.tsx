import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { Icon } from '../../../components/ui/icon.tsx';

/** The frame of the sign-in screens: a lamp mark, a heading, a lead and the content. */
export function AuthShell({
  title,
  lead,
  wide = false,
  children,
}: {
  title: string;
  lead?: ReactNode;
  wide?: boolean;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <div className="bg-gradient-to-b from-brand-50 via-stone-50 to-stone-50 px-4 py-8 sm:py-12">
      <div className={`mx-auto ${wide ? 'max-w-2xl' : 'max-w-md'}`}>
        <div className="mb-6 text-center sm:mb-8">
          <LampMark />
          <h1 className="mt-3 font-serif text-3xl font-semibold tracking-tight text-stone-900 sm:text-4xl">{title}</h1>
          {lead ? <p className="mx-auto mt-2 max-w-prose text-base text-stone-600">{lead}</p> : null}
        </div>
        {children}
      </div>
    </div>
  );
}

export function LampMark({ className = 'mx-auto h-12 w-12' }: { className?: string }) {
  return (
    <span
      className={`flex items-center justify-center rounded-2xl bg-brand-100 text-brand-700 ring-1 ring-brand-200 ${className}`}
    >
      <Icon className="h-7 w-7" strokeWidth={1.8}>
        <path
          d="M12 3c1.8 2 2.6 3.6 2.6 5a2.6 2.6 0 0 1-5.2 0c0-1.4.8-3 2.6-5z"
          fill="currentColor"
          fillOpacity=".25"
        />
        <path d="M4 14h13a3 3 0 0 0 3-3h1M4 14c0 3 2.7 5 6.5 5S17 17 17 14" />
        <path d="M8 21h7" />
      </Icon>
    </span>
  );
}
