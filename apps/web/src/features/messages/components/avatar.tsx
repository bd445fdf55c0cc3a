import { initials } from '../lib/format.ts';

/** The other person's initials in a circle (a counsellor's in the brand's colour; a deleted account's greyed). */
export function Avatar({
  name,
  counsellor,
  deleted,
  size = 'md',
}: {
  name: string;
  counsellor: boolean;
  deleted: boolean;
  size?: 'sm' | 'md';
}) {
  const tone = deleted
    ? 'bg-stone-200 text-stone-500'
    : counsellor
      ? 'bg-brand-700 text-white'
      : 'bg-brand-100 text-brand-900';
  const box = size === 'sm' ? 'h-9 w-9 text-sm' : 'h-11 w-11 text-base';
  return (
    <span
      aria-hidden="true"
      className={`inline-flex shrink-0 items-center justify-center rounded-full font-semibold ${tone} ${box}`}
    >
      {deleted ? '—' : initials(name)}
    </span>
  );
}
