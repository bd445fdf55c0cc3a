import { describe, expect, it } from 'vitest';
import { initialsOf } from './counsellor-avatar.tsx';

describe('the initials drawn for a counsellor without a photo', () => {
  it('take the first and last words that start with a letter', () => {
    expect(initialsOf('Ana Maria Souza')).toBe('AS');
    expect(initialsOf('Irmã Clara (phone)')).toBe('IC');
    expect(initialsOf('  élida ')).toBe('É');
    expect(initialsOf('')).toBe('·');
  });
});
