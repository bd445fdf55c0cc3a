/** The lamp mark of the favicon, drawn inline (decorative: the brand name is always beside it). */
export function BrandMark({ className = 'h-8 w-8' }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 64 64" className={className}>
      <rect width="64" height="64" rx="14" fill="#b45309" />
      <path d="M32 10c5 8 9 12 9 19a9 9 0 0 1-18 0c0-7 4-11 9-19z" fill="#fde68a" />
      <path d="M14 44h36l-4 8H18z" fill="#fffbeb" />
      <rect x="29" y="38" width="6" height="6" fill="#fffbeb" />
    </svg>
  );
}

/** A 24×24 stroke icon; `d` holds one or more sub-paths. */
export function LineIcon({ d, className = 'h-5 w-5' }: { d: string; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      <path d={d} />
    </svg>
  );
}

export const ICONS = {
  menu: 'M4 6h16M4 12h16M4 18h16',
  close: 'M6 6l12 12M18 6L6 18',
  globe:
    'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM3.6 9h16.8M3.6 15h16.8M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z',
  chevron: 'M6 9l6 6 6-6',
  mail: 'M4 6h16v12H4zM4 7l8 6 8-6',
  pin: 'M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21zM12 12a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z',
} as const;
