import { describe, expect, it } from 'vitest';
import { formatAmountInput, formatMoney } from '../src/money.ts';

const plain = (s: string) => s.replace(/\s/g, ' ');

describe('money', () => {
  it('formats minor units with the narrow symbol in the reader locale', () => {
    expect(plain(formatMoney(15990, 'BRL', 'pt-BR'))).toBe('R$ 159,90');
    expect(formatMoney(1500, 'USD', 'en-US')).toBe('$15.00');
  });

  it('writes an amount as it would be typed', () => {
    expect(formatAmountInput(123456, 'pt-BR')).toBe('1234,56');
    expect(formatAmountInput(2500, 'en-US')).toBe('25.00');
  });
});
