import { describe, expect, it } from 'vitest';
import { highlightSegments, stripMarks } from './highlight.ts';

const S = '\u0001';
const E = '\u0002';

describe('search highlight marks', () => {
  it('splits a snippet into plain and marked pieces', () => {
    expect(highlightSegments(`Amarás o teu ${S}próximo${E} como a ti ${S}mesmo${E}.`)).toEqual([
      { text: 'Amarás o teu ', mark: false },
      { text: 'próximo', mark: true },
      { text: ' como a ti ', mark: false },
      { text: 'mesmo', mark: true },
      { text: '.', mark: false },
    ]);
  });

  it('keeps markup-looking text as text, never as HTML', () => {
    const segments = highlightSegments(`<img src=x onerror=alert(1)> ${S}<b>amor</b>${E}`);
    expect(segments).toEqual([
      { text: '<img src=x onerror=alert(1)> ', mark: false },
      { text: '<b>amor</b>', mark: true },
    ]);
  });

  it('handles a snippet that starts or ends marked, unclosed and stray marks, and empty pieces', () => {
    expect(highlightSegments(`${S}Deus${E} é amor`)).toEqual([
      { text: 'Deus', mark: true },
      { text: ' é amor', mark: false },
    ]);
    expect(highlightSegments(`o ${S}amor`)).toEqual([
      { text: 'o ', mark: false },
      { text: 'amor', mark: true },
    ]);
    expect(highlightSegments(`fé${E} e ${S}${E}esperança`)).toEqual([{ text: 'fé e esperança', mark: false }]);
    expect(highlightSegments('')).toEqual([]);
  });

  it('joins adjacent marked pieces and strips marks for plain text', () => {
    expect(highlightSegments(`${S}amor${E}${S} ao${E}`)).toEqual([{ text: 'amor ao', mark: true }]);
    expect(stripMarks(`o ${S}amor${E} ao ${S}próximo${E}`)).toBe('o amor ao próximo');
  });
});
