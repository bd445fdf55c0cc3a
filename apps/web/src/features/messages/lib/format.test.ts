import { describe, expect, it } from 'vitest';
import { dayKey, dayLabel, initials, newClientKey } from './format.ts';

describe('the thread’s words for days, names and keys', () => {
  const words = { today: 'Hoje', yesterday: 'Ontem' };
  const now = new Date(2027, 2, 10, 15, 0);

  it('today, yesterday, then the date (with the year only when it is another)', () => {
    expect(dayLabel(new Date(2027, 2, 10, 8, 0).toISOString(), 'pt-BR', words, now)).toBe('Hoje');
    expect(dayLabel(new Date(2027, 2, 9, 23, 59).toISOString(), 'pt-BR', words, now)).toBe('Ontem');
    expect(dayLabel(new Date(2027, 2, 3, 9, 0).toISOString(), 'pt-BR', words, now)).toBe('Quarta-feira, 3 de março');
    expect(dayLabel(new Date(2026, 11, 25, 9, 0).toISOString(), 'en-US', words, now)).toBe('Friday, December 25, 2026');
  });

  it('groups by the local day', () => {
    expect(dayKey(new Date(2027, 0, 5, 0, 1).toISOString())).toBe('2027-01-05');
    expect(dayKey(new Date(2027, 0, 5, 23, 59).toISOString())).toBe('2027-01-05');
  });

  it('initials of one or more names', () => {
    expect(initials('Ana Maria Souza')).toBe('AS');
    expect(initials('Irmã Clara')).toBe('IC');
    expect(initials('joão')).toBe('J');
    expect(initials('  ')).toBe('?');
  });

  it('a client key the server takes, new each time', () => {
    const a = newClientKey();
    expect(a).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(newClientKey()).not.toBe(a);
  });
});
