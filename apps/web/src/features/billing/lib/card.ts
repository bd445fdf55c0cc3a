/** Card number: digits only, at most 19, shown in groups of 4 ("4242 4242 4242 4242"). */
export function formatCardNumber(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * Expiry as MM/AA while typing: "1226" → "12/26"; a first digit from 2 to 9 is a month
 * by itself ("4" → "04"); deleting past the slash drops it ("12/" → "12").
 */
export function formatExpiry(raw: string): string {
  let digits = raw.replace(/\D/g, '');
  if (/^[2-9]/.test(digits)) digits = `0${digits}`;
  digits = digits.slice(0, 4);
  return digits.length <= 2 ? digits : `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

/** CVC: 3 or 4 digits, nothing else. */
export function formatCvc(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, 4);
}

/** Where the caret goes after formatting: just after the same number of digits as before. */
export function caretAfterDigits(formatted: string, digitsBefore: number): number {
  if (digitsBefore <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (/\d/.test(formatted[i]!)) seen++;
    if (seen === digitsBefore) return i + 1;
  }
  return formatted.length;
}

/**
 * Reformats an input in place as it changes and keeps the caret after the digit the person
 * just typed (not at the end, when editing the middle of the number).
 */
export function reformatInput(input: HTMLInputElement, format: (raw: string) => string): void {
  const raw = input.value;
  const caret = input.selectionStart ?? raw.length;
  const digitsBefore = raw.slice(0, caret).replace(/\D/g, '').length;
  const formatted = format(raw);
  if (formatted === raw) return;
  input.value = formatted;
  if (document.activeElement === input) {
    // A month typed as one digit gained a leading zero: the caret follows it.
    const extra = format === formatExpiry && /^[2-9]/.test(raw.replace(/\D/g, '')) ? 1 : 0;
    const pos = caretAfterDigits(formatted, digitsBefore + extra);
    input.setSelectionRange(pos, pos);
  }
}
