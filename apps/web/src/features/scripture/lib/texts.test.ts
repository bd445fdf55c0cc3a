import { describe, expect, it } from 'vitest';
import type { CatalogueDto, TextDto } from '@candeia/shared/schemas/scripture';
import { interfaceLanguage, pickDefaultBible } from './texts.ts';

const text = (id: string, language: TextDto['language']): TextDto => ({
  id,
  bookKey: 'bible',
  language,
  title: id,
  abbreviation: id.toUpperCase(),
  translator: null,
  year: null,
  licence: 'Public domain',
  attribution: '',
  sourceUrl: null,
  verseCount: 31102,
});

const catalogue = (ids: [string, TextDto['language']][]): CatalogueDto => ({
  religions: ['christianity'],
  books: [{ key: 'bible', religions: ['christianity', 'gnosticism'], texts: ids.map(([id, l]) => text(id, l)) }],
});

describe('the default Bible by interface language', () => {
  it('opens Bíblia Livre in Portuguese, King James in English, Reina-Valera in Spanish', () => {
    const all = catalogue([
      ['kjv', 'en'],
      ['porblivre', 'pt'],
      ['sparv1909', 'es'],
    ]);
    expect(pickDefaultBible(all, 'pt-BR')).toEqual({
      text: expect.objectContaining({ id: 'porblivre' }),
      missing: null,
    });
    expect(pickDefaultBible(all, 'en-US').text?.id).toBe('kjv');
    expect(pickDefaultBible(all, 'es-ES').text?.id).toBe('sparv1909');
  });

  it('falls back to an installed Bible and names the missing default', () => {
    const onlyKjv = catalogue([['kjv', 'en']]);
    expect(pickDefaultBible(onlyKjv, 'pt-BR')).toEqual({
      text: expect.objectContaining({ id: 'kjv' }),
      missing: 'porblivre',
    });
    const sameLanguage = catalogue([
      ['kjv', 'en'],
      ['other-pt', 'pt'],
    ]);
    expect(pickDefaultBible(sameLanguage, 'pt-BR').text?.id).toBe('other-pt');
  });

  it('has nothing to open when no Bible is installed', () => {
    expect(pickDefaultBible(catalogue([]), 'en-US')).toEqual({ text: null, missing: 'kjv' });
    expect(interfaceLanguage('es-ES')).toBe('es');
    expect(interfaceLanguage('pt-BR')).toBe('pt');
  });
});
