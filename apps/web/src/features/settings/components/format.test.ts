import { describe, expect, it } from 'vitest';
import { fileSize } from './format.ts';

describe('the export panel’s numbers', () => {
  it('shows a size in KB under a megabyte, in MB from there, in the reader’s notation', () => {
    expect(fileSize(1434, 'pt-BR')).toEqual({ unit: 'kb', value: '1,4' });
    expect(fileSize(1434, 'en-US')).toEqual({ unit: 'kb', value: '1.4' });
    expect(fileSize(20, 'en-US')).toEqual({ unit: 'kb', value: '0.1' });
    expect(fileSize(1024 * 1024 - 1, 'en-US').unit).toBe('kb');
    expect(fileSize(5.25 * 1024 * 1024, 'es-ES')).toEqual({ unit: 'mb', value: '5,3' });
  });
});
