import { describe, expect, it } from 'vitest';
import { socialErrorOf, socialStartHref } from './social.ts';

describe('social sign-in in the address', () => {
  it('keeps the codes the server sends and reads anything else as a failure', () => {
    expect(socialErrorOf(null)).toBeNull();
    expect(socialErrorOf('')).toBeNull();
    expect(socialErrorOf('email_unverified')).toBe('email_unverified');
    expect(socialErrorOf('identity_taken')).toBe('identity_taken');
    expect(socialErrorOf('<script>')).toBe('failed');
    expect(socialErrorOf('toString')).toBe('failed');
  });

  it('starts at the server, linking from settings', () => {
    expect(socialStartHref('google')).toBe('/api/auth/oauth/google/start');
    expect(socialStartHref('oidc', 'link')).toBe('/api/auth/oauth/oidc/start?intent=link');
  });
});
