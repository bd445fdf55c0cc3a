import { DONATION_MAX_CENTS, DONATION_MIN_CENTS, parseAmountToCents } from '@candeia/shared/schemas/billing';

/** A typed amount in cents when it is a donation the API accepts (R$ 1,00 to R$ 100.000,00), else null. */
export function donationCents(typed: string): number | null {
  const cents = parseAmountToCents(typed);
  return cents !== null && cents >= DONATION_MIN_CENTS && cents <= DONATION_MAX_CENTS ? cents : null;
}
