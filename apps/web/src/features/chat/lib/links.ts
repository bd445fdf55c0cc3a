/** A phone link the app may follow: `tel:` and a number (digits, +, spaces, dashes, dots, brackets). */
export function safeTel(href: string): string | null {
  const m = /^tel:(\+?[\d\s().-]{2,30})$/i.exec(href.trim());
  if (!m) return null;
  const number = m[1]!.replace(/[^\d+]/g, '');
  return number.replace(/\+/g, '').length ? `tel:${number}` : null;
}

/** The crisis helplines' own sites (CVV, 988 Lifeline): the only web links an answer may carry. */
const HELPLINE_SITES = /^https:\/\/(?:www\.)?(?:cvv\.org\.br|988lifeline\.org)(?:\/[\w\-./?=&%#]*)?$/i;

/** A link an answer may carry: a phone number, or a helpline's site; anything else shows as text. */
export function safeHref(href: string): string | null {
  const h = href.trim();
  return safeTel(h) ?? (HELPLINE_SITES.test(h) ? h : null);
}
