import type { ComponentProps, ReactNode } from 'react';

export function Card({ className = '', ...props }: ComponentProps<'div'>) {
  return <div className={`rounded-2xl border border-stone-200 bg-white shadow-sm ${className}`} {...props} />;
}

/** A titled group of form fields; the legend is the section heading. */
export function FormSection({
  title,
  description,
  children,
  className = '',
}: {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <fieldset className={`rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6 ${className}`}>
      <legend className="float-left mb-1 w-full font-serif text-lg font-semibold text-stone-900">{title}</legend>
      {description ? (
        <p className="clear-left mb-4 text-sm text-stone-600">{description}</p>
      ) : (
        <div className="clear-left mb-3" />
      )}
      <div className="grid gap-4">{children}</div>
    </fieldset>
  );
}
