import { describe, expect, it } from 'vitest';
import { centsToInput, newIdempotencyKey, parseCredits, priceToCents } from './money.ts';

describe('plan prices', () => {
  it('round-trips cents through what the admin types, in each locale', () => {
    for (const locale of ['pt-BR', 'en-US', 'es-ES'])
      for (const cents of [0, 990, 10990, 15990, 49990, 123456])
        expect(priceToCents(centsToInput(cents, locale))).toBe(cents);
  });

  it('reads a free plan and refuses what is not a price', () => {
    expect(priceToCents('0')).toBe(0);
    expect(priceToCents('0,00')).toBe(0);
    expect(priceToCents('-1')).toBeNull();
    expect(priceToCents('R$')).toBeNull();
  });
});

describe('parseCredits', () => {
  it('reads whole numbers with or without thousands separators', () => {
    expect(parseCredits('250000')).toBe(250000);
    expect(parseCredits('250.000')).toBe(250000);
    expect(parseCredits('1,000,000')).toBe(1_000_000);
    expect(parseCredits(' 5 000 ')).toBe(5000);
    expect(parseCredits('0')).toBe(0);
  });

  it('refuses fractions, signs and words', () => {
    expect(parseCredits('12,5')).toBeNull();
    expect(parseCredits('1.5')).toBeNull();
    expect(parseCredits('-5')).toBeNull();
    expect(parseCredits('mil')).toBeNull();
    expect(parseCredits('')).toBeNull();
  });
});

describe('newIdempotencyKey', () => {
  it('is long enough for the API and different each time', () => {
    const a = newIdempotencyKey();
    const b = newIdempotencyKey();
    expect(a.length).toBeGreaterThanOrEqual(8);
    expect(a).not.toBe(b);
  });
});
