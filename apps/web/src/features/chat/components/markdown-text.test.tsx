import { cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { CitationDto } from '@candeia/shared/schemas/chat';
import { MarkdownText } from './markdown-text.tsx';

afterEach(cleanup);

const texts = { unverified: 'não verificada', unverifiedTitle: 'Não encontrada nos textos instalados' };
const valid: CitationDto = {
  label: 'João 3:16',
  valid: true,
  textId: 'porblivre',
  bookKey: 'bible',
  book: 'John',
  chapter: 3,
  verse: 16,
  verseEnd: null,
};
const invalid: CitationDto = { ...valid, label: 'João 99:1', valid: false, textId: null, book: null, chapter: null };

function show(source: string, citations: CitationDto[] = []) {
  return render(
    <MemoryRouter>
      <MarkdownText source={source} citations={citations} texts={texts} />
    </MemoryRouter>,
  ).container;
}

describe('<MarkdownText>', () => {
  it('renders paragraphs, emphasis, quotes and lists as elements', () => {
    const c = show('Olá, **Clara**.\n\n> *Tudo posso*\n\n- um\n- dois');
    expect(c.querySelector('p strong')?.textContent).toBe('Clara');
    expect(c.querySelector('blockquote em')?.textContent).toBe('Tudo posso');
    expect([...c.querySelectorAll('ul li')].map((li) => li.textContent)).toEqual(['um', 'dois']);
  });

  it('links valid citations into the reader and marks invalid ones, never as links', () => {
    const c = show('Leia João 3:16 e João 99:1.', [valid, invalid]);
    const links = [...c.querySelectorAll('a')];
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['João 3:16', '/bible/porblivre/John/3#v16'],
    ]);
    const mark = [...c.querySelectorAll('span[title]')].find((s) => s.textContent?.includes('João 99:1'));
    expect(mark?.getAttribute('title')).toBe(texts.unverifiedTitle);
    expect(mark?.textContent).toBe('João 99:1 não verificada');
  });

  it('keeps tel: links and shows any other link, image or HTML as text', () => {
    const c = show(
      'Ligue [188](tel:188). [site](https://evil.example) <script>alert(1)</script> <img src=x onerror=alert(1)>',
    );
    expect([...c.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(['tel:188']);
    expect(c.querySelector('script, img')).toBeNull();
    expect(c.textContent).toContain('site <script>alert(1)</script> <img src=x onerror=alert(1)>');
  });

  it('keeps single line ends as breaks, and nests lists', () => {
    const c = show('Primeira linha\nsegunda linha\n\n1. um\n   - dentro\n2. dois');
    expect(c.querySelector('p br')).not.toBeNull();
    expect(c.querySelector('ol > li > ul > li')?.textContent).toBe('dentro');
    expect([...c.querySelectorAll('ol > li')].length).toBe(2);
  });

  it('shows code as text, images as their description, and links citations inside lists and strong text', () => {
    const c = show('`<b>x</b>`\n\n![uma vela](https://evil.example/x.png)\n\n- **João 3:16**', [valid]);
    expect(c.querySelector('code')?.textContent).toBe('<b>x</b>');
    expect(c.querySelector('b, img')).toBeNull();
    expect(c.textContent).toContain('uma vela');
    expect(c.querySelector('li strong a')?.getAttribute('href')).toBe('/bible/porblivre/John/3#v16');
  });

  it('follows the helplines’ sites and phone autolinks, opening sites in a new tab', () => {
    const c = show('[cvv.org.br](https://cvv.org.br) <tel:188> [x](javascript:alert(1))');
    const links = [...c.querySelectorAll('a')].map((a) => [a.getAttribute('href'), a.getAttribute('target')]);
    expect(links).toEqual([
      ['https://cvv.org.br', '_blank'],
      ['tel:188', null],
    ]);
    expect(c.textContent).toContain('x');
  });
});
