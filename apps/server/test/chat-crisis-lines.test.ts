/**
 * The crisis answer's lines (modules/chat/guide/crisis-lines.ts): the member's country first when
 * it has a line, the language's home line otherwise, and always a word for anyone elsewhere.
 */
import { describe, expect, it } from 'vitest';
import { translate } from '@candeia/shared/i18n/server';
import { composeCrisisAnswer } from '../src/modules/chat/guide/compose.ts';
import { CRISIS_LINES, crisisCountry, telLink } from '../src/modules/chat/guide/crisis-lines.ts';

describe('crisis lines', () => {
  it('reads the country as members write it, in any of the three languages or as a code', () => {
    expect(crisisCountry('Brasil')).toBe('BR');
    expect(crisisCountry(' brazil ')).toBe('BR');
    expect(crisisCountry('Portugal')).toBe('PT');
    expect(crisisCountry('EUA')).toBe('US');
    expect(crisisCountry('Estados Unidos')).toBe('US');
    expect(crisisCountry('U.S.A.')).toBe('US');
    expect(crisisCountry('España')).toBe('ES');
    expect(crisisCountry('Espanha')).toBe('ES');
    expect(crisisCountry('México')).toBe('MX');
    expect(crisisCountry('Reino Unido')).toBe('GB');
    // A country without a line here (Argentina's reach differs by region): none, so the
    // answer gives the language's line and the words for anyone elsewhere.
    expect(crisisCountry('Argentina')).toBeNull();
    expect(crisisCountry('Angola')).toBeNull();
    expect(crisisCountry('')).toBeNull();
    expect(crisisCountry(null)).toBeNull();
  });

  it('writes numbers as links a phone dials', () => {
    expect(telLink('808 24 24 24')).toBe('[808 24 24 24](tel:808242424)');
    expect(telLink('116 123')).toBe('[116 123](tel:116123)');
  });

  it('names the line of the member’s country first, and its emergency number', () => {
    const pt = composeCrisisAnswer('pt', 'Ana', 'Portugal').split('\n\n');
    expect(pt[0]).toContain(telLink(CRISIS_LINES.PT.number));
    expect(pt[0]).toContain('SNS 24');
    expect(pt[1]).toContain(telLink('112'));
    expect(pt.join('\n')).not.toContain('188');

    const es = composeCrisisAnswer('es', '', 'México').split('\n\n');
    expect(es[0]).toContain('[800 911 2000](tel:8009112000)');
    expect(es[1]).toContain('[911](tel:911)');

    const en = composeCrisisAnswer('en', '', 'United Kingdom').split('\n\n');
    expect(en[0]).toContain('Samaritans');
    expect(en[1]).toContain('[999](tel:999)');
  });

  it('falls back to the language’s line when the country is unknown or has none here; always a word for elsewhere', () => {
    for (const [language, locale, country] of [
      ['pt', 'pt-BR', null],
      ['pt', 'pt-BR', 'Angola'],
      ['pt', 'pt-BR', 'Brasil'],
      ['en', 'en-US', 'USA'],
      ['es', 'es-ES', ''],
    ] as const) {
      const parts = composeCrisisAnswer(language, '', country).split('\n\n');
      expect(parts[0]).toBe(translate(locale, 'guide:crisis.helpline'));
      expect(parts[1]).toBe(translate(locale, 'guide:crisis.emergency'));
      expect(parts[2]).toBe(translate(locale, 'guide:crisis.elsewhere'));
    }
    expect(composeCrisisAnswer('es', '', 'Argentina')).toContain('[024](tel:024)');
    expect(composeCrisisAnswer('es', '', 'Argentina')).toContain(translate('es-ES', 'guide:crisis.elsewhere'));
  });
});
