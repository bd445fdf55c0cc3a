import type { ChatLanguage } from '@candeia/shared/schemas/chat';

/**
 * Crisis lines the crisis answer names, by country. Only well-established public numbers: a
 * short list that is right rather than a long one that may not be. A member from anywhere else
 * is told to call the local emergency number or their country's crisis line.
 */
export const CRISIS_LINES = {
  BR: { line: 'CVV', number: '188', emergency: '192' },
  PT: { line: 'SNS 24', number: '808 24 24 24', emergency: '112' },
  US: { line: '988 Suicide & Crisis Lifeline', number: '988', emergency: '911' },
  ES: { line: 'Línea 024', number: '024', emergency: '112' },
  MX: { line: 'Línea de la Vida', number: '800 911 2000', emergency: '911' },
  GB: { line: 'Samaritans', number: '116 123', emergency: '999' },
} as const;

export type CrisisCountry = keyof typeof CRISIS_LINES;

/** The country whose line each chat language names when the member's country is not known. */
export const HOME_COUNTRY: Record<ChatLanguage, CrisisCountry> = { pt: 'BR', en: 'US', es: 'ES' };

/** What people type in the sign-up's country field (any of the three languages, or the code). */
const NAMES: Record<CrisisCountry, string[]> = {
  BR: ['br', 'bra', 'brasil', 'brazil', 'republica federativa do brasil'],
  PT: ['pt', 'prt', 'portugal'],
  US: [
    'us',
    'usa',
    'eua',
    'eeuu',
    'ee uu',
    'u s',
    'u s a',
    'united states',
    'united states of america',
    'estados unidos',
    'estados unidos da america',
    'estados unidos de america',
    'america',
  ],
  ES: ['es', 'esp', 'espana', 'espanha', 'spain', 'reino de espana'],
  MX: ['mx', 'mex', 'mexico', 'estados unidos mexicanos'],
  GB: [
    'gb',
    'gbr',
    'uk',
    'u k',
    'united kingdom',
    'great britain',
    'britain',
    'england',
    'scotland',
    'wales',
    'northern ireland',
    'reino unido',
    'inglaterra',
    'escocia',
    'gales',
    'gran bretana',
    'gra bretanha',
  ],
};

const BY_NAME = new Map<string, CrisisCountry>(
  Object.entries(NAMES).flatMap(([code, names]) => names.map((n) => [n, code as CrisisCountry])),
);

/** The country a member wrote ("Brasil", "España", "USA", "PT"…), when it has a line here; else null. */
export function crisisCountry(written: string | null | undefined): CrisisCountry | null {
  if (!written) return null;
  const plain = written
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, ' ')
    .trim();
  return BY_NAME.get(plain) ?? null;
}

/** A number as a link a phone dials ("[808 24 24 24](tel:808242424)"). */
export function telLink(number: string): string {
  return `[${number}](tel:${number.replace(/\D/g, '')})`;
}
