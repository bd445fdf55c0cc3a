import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkdown, safeHref, safeTel } from './markdown.ts';

const text = (value: string) => ({ type: 'text', value });

describe('parseMarkdown', () => {
  it('reads paragraphs separated by blank lines, single line ends as breaks', () => {
    expect(parseMarkdown('Olá, Clara.\nTudo bem?\n\nSegundo parágrafo.')).toEqual([
      { type: 'paragraph', children: [text('Olá, Clara.'), { type: 'break' }, text('Tudo bem?')] },
      { type: 'paragraph', children: [text('Segundo parágrafo.')] },
    ]);
  });

  it('reads quotes (with blocks inside), lists, headings and rules', () => {
    const md = [
      '> *"Porque Deus amou o mundo"*',
      '> — João 3:16',
      '',
      '- respire fundo',
      '- ore',
      '  com calma',
      '',
      '1. um',
      '2. dois',
      '### Prática',
      '---',
    ].join('\n');
    expect(parseMarkdown(md)).toEqual([
      {
        type: 'quote',
        children: [
          {
            type: 'paragraph',
            children: [
              { type: 'em', children: [text('"Porque Deus amou o mundo"')] },
              { type: 'break' },
              text('— João 3:16'),
            ],
          },
        ],
      },
      {
        type: 'list',
        ordered: false,
        start: 1,
        items: [[text('respire fundo')], [text('ore'), { type: 'break' }, text('com calma')]],
      },
      { type: 'list', ordered: true, start: 1, items: [[text('um')], [text('dois')]] },
      { type: 'heading', children: [text('Prática')] },
      { type: 'rule' },
    ]);
  });

  it('keeps a loose list together and lets a paragraph follow it', () => {
    expect(parseMarkdown('- a\n\n- b\n\nDepois.')).toEqual([
      { type: 'list', ordered: false, start: 1, items: [[text('a')], [text('b')]] },
      { type: 'paragraph', children: [text('Depois.')] },
    ]);
  });

  it('does not start a list inside a paragraph at a number other than 1', () => {
    expect(parseMarkdown('No ano de\n2024. foi difícil')).toEqual([
      { type: 'paragraph', children: [text('No ano de'), { type: 'break' }, text('2024. foi difícil')] },
    ]);
  });

  it('reads fenced code as text', () => {
    expect(parseMarkdown('```\n<b>x</b>\n```')).toEqual([{ type: 'code', value: '<b>x</b>' }]);
  });
});

describe('parseInline', () => {
  it('reads emphasis, strong (nested) and code', () => {
    expect(parseInline('**forte *e leve* junto** e _ênfase_ e `código`')).toEqual([
      { type: 'strong', children: [text('forte '), { type: 'em', children: [text('e leve')] }, text(' junto')] },
      text(' e '),
      { type: 'em', children: [text('ênfase')] },
      text(' e '),
      { type: 'code', value: 'código' },
    ]);
  });

  it('leaves lone or spaced delimiters and snake_case as they are', () => {
    expect(parseInline('2 * 3 * 4, a_b_c, *aberto')).toEqual([text('2 * 3 * 4, a_b_c, *aberto')]);
  });

  it('keeps escaped characters literal', () => {
    expect(parseInline('\\*não\\* é ênfase')).toEqual([text('*não* é ênfase')]);
  });

  it('keeps tel: links only; other links and images show their text', () => {
    expect(parseInline('Ligue [CVV 188](tel:188) ou <tel:+1-988>')).toEqual([
      text('Ligue '),
      { type: 'link', href: 'tel:188', children: [text('CVV 188')] },
      text(' ou '),
      { type: 'link', href: 'tel:+1988', children: [text('+1-988')] },
    ]);
    expect(
      parseInline('[clique](https://evil.example) ![foto](x.png) [js](javascript:alert(1)) <https://a.b>'),
    ).toEqual([text('clique foto js) https://a.b')]);
  });

  it('never turns HTML into anything but text', () => {
    expect(parseInline('<img src=x onerror=alert(1)> <b>oi</b>')).toEqual([
      text('<img src=x onerror=alert(1)> <b>oi</b>'),
    ]);
  });
});

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
    const [link] = parseInline('[cvv.org.br](https://cvv.org.br)');
    expect(link).toMatchObject({ type: 'link', href: 'https://cvv.org.br' });
    expect(parseInline('[aqui](https://example.com)')).toEqual([{ type: 'text', value: 'aqui' }]);
  });
});
