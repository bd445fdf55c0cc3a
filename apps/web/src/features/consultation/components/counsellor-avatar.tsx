/** A counsellor's photo, or their initials on a tinted disc until they set one (decorative: the name is beside it). */
export function CounsellorAvatar({
  name,
  photoUrl,
  size = 'md',
}: {
  name: string;
  photoUrl: string | null;
  size?: 'sm' | 'md' | 'lg';
}) {
  const box = size === 'lg' ? 'h-16 w-16 text-2xl' : size === 'sm' ? 'h-10 w-10 text-base' : 'h-14 w-14 text-xl';
  if (photoUrl)
    return <img src={photoUrl} alt="" className={`${box} shrink-0 rounded-full object-cover`} loading="lazy" />;
  return (
    <span
      aria-hidden="true"
      className={`${box} flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-serif font-semibold text-brand-800`}
    >
      {initialsOf(name)}
    </span>
  );
}

/** The first letters of the first and last words of a name ("Ana Maria Souza" → "AS"; "(…)" and the like skipped). */
export function initialsOf(name: string): string {
  const words = name
    .trim()
    .split(/\s+/)
    .filter((w) => /^\p{L}/u.test(w));
  if (words.length === 0) return '·';
  const first = words[0]!.charAt(0);
  const last = words.length > 1 ? words.at(-1)!.charAt(0) : '';
  return `${first}${last}`.toUpperCase();
}
