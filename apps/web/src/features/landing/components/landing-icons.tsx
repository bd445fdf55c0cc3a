/** Inline stroke icons of the landing page (no downloads). */
export const PATHS = {
  moon: 'M20 14.5A8 8 0 1 1 9.5 4a6.5 6.5 0 0 0 10.5 10.5z',
  book: 'M2 5h6a4 4 0 0 1 4 4v11a3 3 0 0 0-3-3H2zM22 5h-6a4 4 0 0 0-4 4v11a3 3 0 0 1 3-3h7z',
  lock: 'M5 11h14v10H5zM8 11V7a4 4 0 0 1 8 0v4M12 15v2',
  globe:
    'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM3.6 9h16.8M3.6 15h16.8M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z',
  chat: 'M21 12a8 8 0 0 1-11.8 7L4 20l1.1-4.6A8 8 0 1 1 21 12zM8.5 12h.01M12 12h.01M15.5 12h.01',
  books: 'M4 19.5A2.5 2.5 0 0 1 6.5 17H20V3H6.5A2.5 2.5 0 0 0 4 5.5zM4 19.5A2.5 2.5 0 0 0 6.5 22H20v-5M9 7h6',
  users:
    'M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM22 21v-2a4 4 0 0 0-3-3.9M16 3.1a4 4 0 0 1 0 7.8',
  calendar: 'M4 5h16v16H4zM4 10h16M8 3v4M16 3v4M9 15l2 2 4-4',
  video: 'M3 6h12v12H3zM15 10l6-3.5v11L15 14',
  check: 'M5 12.5l4.5 4.5L19 7.5',
  heart: 'M12 20.5s-8-4.7-8-10.6A4.4 4.4 0 0 1 12 7.3a4.4 4.4 0 0 1 8 2.6c0 5.9-8 10.6-8 10.6z',
  sun: 'M12 16a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4',
  shield: 'M12 3l8 3v6c0 5-3.4 8.3-8 9-4.6-.7-8-4-8-9V6zM8.5 12l2.5 2.5 4.5-5',
  chevron: 'M6 9l6 6 6-6',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, className = 'h-6 w-6' }: { name: IconName; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      <path d={PATHS[name]} />
    </svg>
  );
}

// Static artwork as markup strings: far smaller in the bundle than the same tree as JSX calls.
const LAMP =
  '<defs><radialGradient id="lamp-glow"><stop offset="0" stop-color="#fcd34d" stop-opacity=".75"/><stop offset=".55" stop-color="#fde68a" stop-opacity=".3"/><stop offset="1" stop-color="#fef3c7" stop-opacity="0"/></radialGradient>' +
  '<linearGradient id="lamp-flame" x1="0" y1="1" x2="0" y2="0"><stop offset="0" stop-color="#d97706"/><stop offset=".6" stop-color="#f59e0b"/><stop offset="1" stop-color="#fde68a"/></linearGradient></defs>' +
  '<circle cx="120" cy="84" r="84" fill="url(#lamp-glow)"/>' +
  '<path d="M120 28c15 21 26 34 26 53a26 26 0 0 1-52 0c0-19 11-32 26-53z" fill="url(#lamp-flame)"/>' +
  '<path d="M120 62c7 10 11 16 11 24a11 11 0 0 1-22 0c0-8 4-14 11-24z" fill="#fffbeb"/>' +
  '<rect x="115" y="104" width="10" height="20" rx="3" fill="#78350f"/>' +
  '<path d="M196 140c20-3 30 10 23 22s-22 12-31 5" fill="none" stroke="#92400e" stroke-width="9" stroke-linecap="round"/>' +
  '<path d="M44 134 14 124c-7-2-10 7-4 11l36 20z" fill="#92400e"/>' +
  '<path d="M34 128h172c0 32-39 56-86 56s-86-24-86-56z" fill="#b45309"/>' +
  '<ellipse cx="120" cy="128" rx="86" ry="9" fill="#d97706"/><ellipse cx="120" cy="127" rx="34" ry="5" fill="#78350f"/>' +
  '<path d="M58 146c12 15 33 23 58 25" fill="none" stroke="#fbbf24" stroke-width="5" stroke-linecap="round" opacity=".55"/>' +
  '<path d="M90 182h60l10 16H80z" fill="#92400e"/><rect x="70" y="196" width="100" height="8" rx="4" fill="#78350f"/>';

const PERSON = (x: number, y: number, c: string) =>
  `<circle cx="${x}" cy="${y}" r="9" fill="${c}"/><circle cx="${x}" cy="${y - 2.5}" r="3" fill="#fffbeb"/><path d="M${x - 5} ${y + 5.5}a5 4.5 0 0 1 10 0" fill="#fffbeb"/>`;

const CIRCLE =
  '<circle cx="50" cy="51" r="38" fill="none" stroke="#fde68a" stroke-width="1.5" stroke-dasharray="3 4"/><circle cx="50" cy="51" r="16" fill="#fef3c7"/>' +
  '<path d="M50 40c4 6 6 9 6 13a6 6 0 0 1-12 0c0-4 2-7 6-13z" fill="#f59e0b"/>' +
  PERSON(50, 12, '#b45309') +
  PERSON(86, 32, '#d97706') +
  PERSON(86, 72, '#92400e') +
  PERSON(50, 90, '#f59e0b') +
  PERSON(14, 72, '#b45309') +
  PERSON(14, 32, '#78350f');

/** The hero's oil lamp, glowing. */
export function LampArt({ className }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 240 220" className={className} dangerouslySetInnerHTML={{ __html: LAMP }} />
  );
}

/** A circle of people around a light. */
export function CommunityArt({ className }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 100 102" className={className} dangerouslySetInnerHTML={{ __html: CIRCLE }} />
  );
}
