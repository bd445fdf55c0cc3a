import { describe, expect, it } from 'vitest';
import { caretAfterDigits, formatCardNumber, formatCvc, formatExpiry, reformatInput } from './card.ts';

describe('formatCardNumber', () => {
  it('groups digits by four', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4000 0000 0000 0002')).toBe('4000 0000 0000 0002');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('4242')).toBe('4242');
  });

  it('drops anything that is not a digit and stops at 19 digits', () => {
    expect(formatCardNumber('4242-4242 abc 4242.4242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('1234567890123456789012')).toBe('1234 5678 9012 3456 789');
    expect(formatCardNumber('')).toBe('');
  });
});

describe('formatExpiry', () => {
  it('adds the slash after the month', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('122')).toBe('12/2');
    expect(formatExpiry('1226')).toBe('12/26');
    expect(formatExpiry('12/26')).toBe('12/26');
    expect(formatExpiry('12 / 2699')).toBe('12/26');
  });

  it('reads a first digit from 2 to 9 as a month with a leading zero', () => {
    expect(formatExpiry('4')).toBe('04');
    expect(formatExpiry('428')).toBe('04/28');
  });

  it('lets the slash go when deleting back into the month', () => {
    expect(formatExpiry('12/')).toBe('12');
    expect(formatExpiry('')).toBe('');
  });
});

describe('formatCvc', () => {
  it('keeps up to four digits', () => {
    expect(formatCvc('12a3')).toBe('123');
    expect(formatCvc('123456')).toBe('1234');
  });
});

describe('caretAfterDigits', () => {
  it('counts digits, skipping the separators', () => {
    expect(caretAfterDigits('4242 4242', 4)).toBe(4);
    expect(caretAfterDigits('4242 4242', 5)).toBe(6);
    expect(caretAfterDigits('4242 4242', 0)).toBe(0);
    expect(caretAfterDigits('4242 4242', 99)).toBe(9);
    expect(caretAfterDigits('12/26', 3)).toBe(4);
  });
});

describe('reformatInput', () => {
  it('formats in place and keeps the caret after the digit just typed in the middle', () => {
    const input = document.createElement('input');
    document.body.append(input);
    input.focus();
    // "4242 4242" with a "9" typed after the second digit.
    input.value = '42942 4242';
    input.setSelectionRange(3, 3);
    reformatInput(input, formatCardNumber);
    expect(input.value).toBe('4294 2424 2');
    expect(input.selectionStart).toBe(3);
    input.remove();
  });

  it('moves the caret past the leading zero of a one-digit month', () => {
    const input = document.createElement('input');
    document.body.append(input);
    input.focus();
    input.value = '4';
    input.setSelectionRange(1, 1);
    reformatInput(input, formatExpiry);
    expect(input.value).toBe('04');
    expect(input.selectionStart).toBe(2);
    input.remove();
  });
});
