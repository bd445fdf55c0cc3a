import { afterEach, describe, expect, it } from 'vitest';
import {
  forgetReturnPath,
  rememberReturnPath,
  rememberedReturnPath,
  safeReturnPath,
  signedInDestination,
} from './return-path.ts';

afterEach(() => sessionStorage.clear());

describe('safeReturnPath: only paths of this app', () => {
  it('keeps in-app paths with their query and fragment', () => {
    for (const path of [
      '/start',
      '/bible/kjv/John/3',
      '/bible/search?q=amor%20de%20Deus',
      '/chat/7d1c5b7e-0000-4000-8000-000000000000',
      '/consultation/history?x=1#top',
    ])
      expect(safeReturnPath(path), path).toBe(path);
  });

  it('refuses other sites, schemes, backslashes and hidden characters (no open redirect)', () => {
    for (const hostile of [
      '//evil.com',
      '//evil.com/start',
      '///evil.com',
      '/\\evil.com',
      '\\\\evil.com',
      '/start\\..\\..\\evil',
      'https://evil.com',
      'http:evil.com',
      'https:/evil.com',
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'evil.com',
      'start',
      '',
      ' /start',
      '/\t/evil.com',
      '/\n/evil.com',
      '/%0a/evil.com'.replace('%0a', '\r'),
      `/${'a'.repeat(2001)}`,
    ])
      expect(safeReturnPath(hostile), JSON.stringify(hostile)).toBeNull();
    for (const notText of [null, undefined, 42, {}, ['/start']]) expect(safeReturnPath(notText)).toBeNull();
  });

  it('an encoded slash stays a path of this app, never another host', () => {
    expect(safeReturnPath('/%2F%2Fevil.com')).toBe('/%2F%2Fevil.com');
    expect(safeReturnPath('/..//evil.com')).toBeNull();
  });
});

describe('the remembered link', () => {
  it('is remembered per tab, read back, then forgotten', () => {
    expect(rememberedReturnPath()).toBeNull();
    rememberReturnPath('/bible/kjv/John/3?view=1');
    expect(sessionStorage.length).toBe(1);
    expect(rememberedReturnPath()).toBe('/bible/kjv/John/3?view=1');
    forgetReturnPath();
    expect(rememberedReturnPath()).toBeNull();
  });

  it('a hostile value is neither stored nor, when planted in storage, followed', () => {
    rememberReturnPath('//evil.com');
    expect(sessionStorage.length).toBe(0);
    sessionStorage.setItem('candeia.returnTo', '//evil.com');
    expect(rememberedReturnPath()).toBeNull();
    expect(signedInDestination(new URLSearchParams())).toBe('/start');
  });

  it('the destination after signing in: ?next=, else the remembered link, else /start', () => {
    expect(signedInDestination(new URLSearchParams())).toBe('/start');
    rememberReturnPath('/bible');
    expect(signedInDestination(new URLSearchParams())).toBe('/bible');
    expect(signedInDestination(new URLSearchParams('next=/subscription'))).toBe('/subscription');
    expect(signedInDestination(new URLSearchParams('next=//evil.com'))).toBe('/bible');
    expect(signedInDestination(new URLSearchParams('next=https%3A%2F%2Fevil.com'))).toBe('/bible');
    forgetReturnPath();
    expect(signedInDestination(new URLSearchParams('next=%2F%5Cevil.com'))).toBe('/start');
  });
});
