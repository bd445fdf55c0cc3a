import { describe, expect, it } from 'vitest';
import { parseAmountToCents } from '@candeia/shared/schemas/billing';
import { formatAmountInput, formatDateNumeric, formatMoney, inAppPath } from './format.ts';

// Intl puts a no-break space between the currency and the number.
const plain = (s: string) => s.replace(/\s/g, ' ');

describe('formatMoney', () => {
  it('shows BRL in the reader’s locale', () => {
    expect(plain(formatMoney(15990, 'BRL', 'pt-BR'))).toBe('R$ 159,90');
    expect(plain(formatMoney(15990, 'BRL', 'en-US'))).toBe('R$159.90');
    expect(plain(formatMoney(10_000_000, 'BRL', 'pt-BR'))).toBe('R$ 100.000,00');
  });

  it('Spanish shows the real with its symbol, as the other two languages do (not "109,90 BRL")', () => {
    expect(plain(formatMoney(10990, 'BRL', 'es-ES'))).toBe('109,90 R$');
  });
});

describe('formatAmountInput', () => {
  it('writes cents as the decimal a person types, without grouping', () => {
    expect(formatAmountInput(2500, 'pt-BR')).toBe('25,00');
    expect(formatAmountInput(2500, 'en-US')).toBe('25.00');
    expect(formatAmountInput(2500, 'es-ES')).toBe('25,00');
    expect(formatAmountInput(123456, 'pt-BR')).toBe('1234,56');
  });

  it('round-trips through the shared parser in every locale', () => {
    for (const locale of ['pt-BR', 'en-US', 'es-ES'])
      for (const cents of [100, 1000, 2550, 123456, 10_000_000])
        expect(parseAmountToCents(formatAmountInput(cents, locale))).toBe(cents);
  });
});

describe('parseAmountToCents (the shared parser the donation form uses)', () => {
  it('reads the ways people type amounts', () => {
    expect(parseAmountToCents('50')).toBe(5000);
    expect(parseAmountToCents('50,5')).toBe(5050);
    expect(parseAmountToCents('1.234,56')).toBe(123456);
    expect(parseAmountToCents('1,234.56')).toBe(123456);
    expect(parseAmountToCents('R$ 25,00')).toBe(2500);
    // Three digits after the last separator group thousands.
    expect(parseAmountToCents('10,999')).toBe(1_099_900);
  });

  it('refuses what is not an amount', () => {
    expect(parseAmountToCents('')).toBeNull();
    expect(parseAmountToCents('abc')).toBeNull();
    expect(parseAmountToCents('-5')).toBeNull();
    expect(parseAmountToCents('1,2,3')).toBeNull();
    expect(parseAmountToCents('12.5.6')).toBeNull();
  });
});

describe('formatDateNumeric', () => {
  it('is dd/mm/aaaa in Portuguese', () => {
    expect(formatDateNumeric('2026-03-05T12:00:00Z', 'pt-BR')).toBe('05/03/2026');
    expect(formatDateNumeric('2026-03-05T12:00:00Z', 'en-US')).toBe('03/05/2026');
  });
});

describe('inAppPath', () => {
  const origin = 'http://localhost:3000';
  it('keeps our own addresses in the app', () => {
    expect(inAppPath('/testes-stripe?session=cs_1', origin)).toBe('/testes-stripe?session=cs_1');
    expect(inAppPath('http://localhost:3000/checkout/success?session=x', origin)).toBe('/checkout/success?session=x');
  });

  it('leaves other sites to a full navigation', () => {
    expect(inAppPath('https://checkout.stripe.com/c/pay/cs_1', origin)).toBeNull();
    expect(inAppPath('//evil.example/x', origin)).toBeNull();
    expect(inAppPath('/\\evil.example', origin)).toBeNull();
    expect(inAppPath('not a url', origin)).toBeNull();
  });
});
