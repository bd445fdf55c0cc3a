import { describe, expect, it } from 'vitest';
import { donationCents } from './donation.ts';

describe('donationCents', () => {
  it('accepts amounts from R$ 1,00 to R$ 100.000,00 as typed in any of the three locales', () => {
    expect(donationCents('1')).toBe(100);
    expect(donationCents('1,00')).toBe(100);
    expect(donationCents('25.50')).toBe(2550);
    expect(donationCents('100.000,00')).toBe(10_000_000);
    expect(donationCents(' 50 ')).toBe(5000);
  });

  it('refuses what is out of bounds or not an amount', () => {
    expect(donationCents('0,99')).toBeNull();
    expect(donationCents('0')).toBeNull();
    expect(donationCents('100.000,01')).toBeNull();
    expect(donationCents('abc')).toBeNull();
    expect(donationCents('')).toBeNull();
    expect(donationCents('-10')).toBeNull();
  });
});
