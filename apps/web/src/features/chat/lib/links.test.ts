import { describe, expect, it } from 'vitest';
import { safeHref, safeTel } from './links.ts';

describe('safeTel', () => {
  it('accepts phone numbers and cleans them', () => {
    expect(safeTel('tel:188')).toBe('tel:188');
    expect(safeTel('tel:+34 024')).toBe('tel:+34024');
    expect(safeTel('TEL:(11) 3333-4444')).toBe('tel:1133334444');
  });
  it('refuses anything else', () => {
    for (const href of ['tel:', 'tel:abc', 'tel:188;x', 'https://x', 'javascript:alert(1)', 'tel:+'])
      expect(safeTel(href)).toBeNull();
  });
});

describe('safeHref', () => {
  it('keeps phone numbers and the helplines’ own sites, nothing else', () => {
    expect(safeHref('tel:188')).toBe('tel:188');
    expect(safeHref('https://cvv.org.br')).toBe('https://cvv.org.br');
    expect(safeHref('https://988lifeline.org/chat/')).toBe('https://988lifeline.org/chat/');
    for (const href of [
      'http://cvv.org.br',
      'https://cvv.org.br.evil.example',
      'https://evil.example/?https://cvv.org.br',
      'javascript:alert(1)',
      'https://example.com',
    ])
      expect(safeHref(href), href).toBeNull();
  });
});
