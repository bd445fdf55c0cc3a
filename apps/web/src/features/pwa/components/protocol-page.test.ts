import { describe, expect, it } from 'vitest';
import { internalPath } from './protocol-page.tsx';

describe('internalPath', () => {
  it('maps web+candeia links to in-app paths', () => {
    expect(internalPath('web+candeia://bible')).toBe('/bible');
    expect(internalPath('web+candeia:/start')).toBe('/start');
    expect(internalPath('web+candeia:consultation/history?x=1#top')).toBe('/consultation/history?x=1#top');
    expect(internalPath('WEB+CANDEIA://sacred-books')).toBe('/sacred-books');
    expect(internalPath('web+candeia:')).toBe('/');
  });

  it('refuses anything that is not one of our paths', () => {
    expect(internalPath(null)).toBeNull();
    expect(internalPath('')).toBeNull();
    expect(internalPath('https://example.com/bible')).toBeNull();
    expect(internalPath('web+candeia://../admin')).toBeNull();
    expect(internalPath('web+candeia://a b')).toBeNull();
    expect(internalPath('web+candeia:javascript:alert(1)')).toBeNull();
  });

  it('never yields a protocol-relative address', () => {
    expect(internalPath('web+candeia:////evil.example/x')).toBe('/evil.example/x');
  });
});
