import { describe, expect, it } from 'vitest';
import { formatReference } from '../src/scripture.ts';

describe('formatReference', () => {
  it('writes a chapter, a verse and a range', () => {
    expect(formatReference('João', 3)).toBe('João 3');
    expect(formatReference('João', 3, 16)).toBe('João 3:16');
    expect(formatReference('João', 3, 16, 18)).toBe('João 3:16-18');
  });

  it('writes a range of one verse, or one that ends before it starts, as its first verse', () => {
    expect(formatReference('João', 3, 16, 16)).toBe('João 3:16');
    expect(formatReference('João', 3, 16, 10)).toBe('João 3:16');
  });

  it('writes a range across chapters with both chapters', () => {
    expect(formatReference('João', 3, 36, 2, 4)).toBe('João 3:36-4:2');
    expect(formatReference('1 Coríntios', 13, 4, 7, 13)).toBe('1 Coríntios 13:4-7');
  });
});
