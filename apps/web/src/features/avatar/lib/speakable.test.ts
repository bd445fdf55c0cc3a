import { describe, expect, it } from 'vitest';
import { sentenceSplitter, toSpeech } from './speakable.ts';

/** Feeds `text` to a splitter in pieces of `size` characters, as a stream would. */
function split(text: string, size = text.length): string[] {
  const s = sentenceSplitter();
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(...s.push(text.slice(i, i + size)));
  return [...out, ...s.flush()];
}

describe('toSpeech', () => {
  it('strips emphasis, headings, quote and list markers, keeping the words', () => {
    expect(toSpeech('## Respire\n\n**Deus** está _com você_, ~~sempre~~ *hoje*.')).toBe(
      'Respire. Deus está com você, sempre hoje.',
    );
    expect(toSpeech('- ore\n* leia\n+ descanse\n1. agradeça\n2) confie')).toBe('ore. leia. descanse. agradeça. confie');
    expect(toSpeech('> > Tudo posso naquele que me fortalece.')).toBe('Tudo posso naquele que me fortalece.');
  });

  it('keeps a citation readable', () => {
    expect(toSpeech('> “Porque Deus amou o mundo de tal maneira…”\n> — João 3:16')).toBe(
      '“Porque Deus amou o mundo de tal maneira…” — João 3:16',
    );
    expect(toSpeech('Leia Salmos 23:1-2 hoje.')).toBe('Leia Salmos 23:1-2 hoje.');
  });

  it('says a link by its text and leaves bare addresses, images, code marks and rules out', () => {
    expect(toSpeech('Veja [o Salmo 23](https://example.com/salmos/23) e https://example.com/x.')).toBe(
      'Veja o Salmo 23 e.',
    );
    expect(toSpeech('![uma vela](/a.png) `paz`\n\n---\n\nFim')).toBe('uma vela paz. Fim');
  });

  it('drops an unmatched emphasis marker (a sentence cut from inside an emphasis)', () => {
    expect(toSpeech('**Você não está só.')).toBe('Você não está só.');
    expect(toSpeech('Ele te ama.**')).toBe('Ele te ama.');
  });

  it('keeps underscores inside words and escaped characters', () => {
    expect(toSpeech('arquivo_final')).toBe('arquivo_final');
    expect(toSpeech('2026\\. Um ano \\[novo\\]')).toBe('2026. Um ano [novo]');
  });

  it('leaves nothing of text with nothing to say', () => {
    expect(toSpeech('---')).toBe('');
    expect(toSpeech('  \n\n ')).toBe('');
  });
});

describe('sentenceSplitter', () => {
  const answer =
    'Olá, Maria. Entendo sua dor!\n\n> “Porque Deus amou o mundo…” — João 3:16\n\n' +
    'O Sr. Silva disse: **tenha fé.** Depois, etc. e tal. Custa 1.000 reais? Sim... Claro.\n\n' +
    '1. Ore todos os dias.\n2. Leia o Salmo 23.\n\n## Próximos passos\nC. S. Lewis escreveu em 1952. Fim';
  const sentences = [
    'Olá, Maria.',
    'Entendo sua dor!',
    '> “Porque Deus amou o mundo…” — João 3:16',
    'O Sr. Silva disse: **tenha fé.**',
    'Depois, etc. e tal.',
    'Custa 1.000 reais?',
    'Sim...',
    'Claro.',
    '1. Ore todos os dias.',
    '2. Leia o Salmo 23.',
    '## Próximos passos',
    'C. S. Lewis escreveu em 1952.',
    'Fim',
  ];

  it('cuts at . ! ? … and line breaks, not in numbers, abbreviations, initials or list numbers', () => {
    expect(split(answer)).toEqual(sentences);
  });

  it('cuts the same however the text is streamed', () => {
    for (const size of [1, 2, 3, 5, 8, 13]) expect(split(answer, size)).toEqual(sentences);
  });

  it('returns a sentence only once what follows it is seen', () => {
    const s = sentenceSplitter();
    expect(s.push('Bom dia, Sr.')).toEqual([]);
    expect(s.push(' Silva. Como')).toEqual(['Bom dia, Sr. Silva.']);
    expect(s.push(' vai? ')).toEqual([]);
    expect(s.push('Bem')).toEqual(['Como vai?']);
    expect(s.flush()).toEqual(['Bem']);
    expect(s.flush()).toEqual([]);
  });

  it('does not cut inside a verse reference or a decimal', () => {
    expect(split('Leia João 3:16. Depois 3.5 vezes. E 1 Coríntios 13:4-7.')).toEqual([
      'Leia João 3:16.',
      'Depois 3.5 vezes.',
      'E 1 Coríntios 13:4-7.',
    ]);
  });

  it('handles Spanish opening marks and several terminators', () => {
    expect(split('¿Cómo estás?! ¡Dios te ama! Paz…  Amén')).toEqual(['¿Cómo estás?!', '¡Dios te ama!', 'Paz…', 'Amén']);
  });

  it('cuts a very long sentence at a comma so speech can begin', () => {
    const long = `${'Quando a ansiedade aperta o peito e a noite parece longa demais, '.repeat(4)}respire.`;
    const pieces = split(long);
    expect(pieces.length).toBeGreaterThan(1);
    for (const p of pieces) expect(p.length).toBeLessThanOrEqual(180);
    expect(pieces.join(' ')).toBe(long.trim());
  });

  it('skips empty lines and whitespace', () => {
    expect(split('\n\n  Oi.  \n\n\n  Tchau.  ')).toEqual(['Oi.', 'Tchau.']);
  });
});
