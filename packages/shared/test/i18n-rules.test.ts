import { describe, expect, it } from 'vitest';
import {
  englishAllowed,
  englishWordsIn,
  missingZeroForms,
  notAmericanIn,
  unformattedCounts,
} from '../../../scripts/i18n-rules.mjs';
import { translate } from '../src/i18n/server.ts';

describe('the catalogue check’s rules (scripts/i18n-rules.mjs)', () => {
  it('asks for a zero form beside every counted text', () => {
    const flat = new Map([
      ['favourites.count_one', '{{count, number}} favorito'],
      ['favourites.count_other', '{{count, number}} favoritos'],
      ['notes.count_zero', 'Nenhuma anotação'],
      ['notes.count_one', '{{count, number}} anotação'],
      ['notes.count_other', '{{count, number}} anotações'],
      ['title', 'Favoritos'],
    ]);
    expect(missingZeroForms(flat)).toEqual(['favourites.count_zero']);
  });

  it('flags a count shown without the number formatter', () => {
    expect(unformattedCounts('{{count}} créditos')).toBe(true);
    expect(unformattedCounts('{{ count }} créditos')).toBe(true);
    expect(unformattedCounts('{{count, number}} créditos')).toBe(false);
    expect(unformattedCounts('{{formatted}} créditos')).toBe(false);
  });

  it('finds English words in Portuguese and Spanish, not names, placeholders or addresses', () => {
    expect(englishWordsIn('pt-BR', 'Comece seu free trial agora')).toEqual(['free', 'trial']);
    expect(englishWordsIn('es-ES', 'Error en el Checkout')).toEqual(['Checkout']);
    expect(englishWordsIn('pt-BR', 'Escreva para {{email}} ou https://example.com/the/feed')).toEqual([]);
    expect(englishWordsIn('pt-BR', 'Seu e-mail, o chat e o link')).toEqual([]);
    expect(englishWordsIn('es-ES', 'Tu email')).toEqual(['email']);
    expect(englishAllowed('pt-BR', 'billing', 'trial.expires_other')).toBe(true);
    expect(englishAllowed('es-ES', 'billing', 'trial.expires_other')).toBe(false);
  });

  it('reads en-US texts as American English, leaving the spec’s own sentences alone', () => {
    expect(notAmericanIn('Your counsellor cancelled the session')).toHaveLength(2);
    expect(notAmericanIn('Send us an e-mail')).toEqual(['e-mail (email)']);
    expect(notAmericanIn('We could not save it')).toEqual(['could not (a contraction)']);
    expect(notAmericanIn('Your browser does not support native sharing')).toEqual([]);
    expect(notAmericanIn("Your counselor canceled; we couldn't save it")).toEqual([]);
  });
});

describe('the server’s translate', () => {
  it('writes {{count, number}} as a number of the locale', () => {
    expect(translate('pt-BR', 'notifications:type.credits_low_other', { count: 1234 })).toContain('1.234');
    expect(translate('en-US', 'notifications:type.credits_low_other', { count: 1234 })).toContain('1,234');
  });
});
