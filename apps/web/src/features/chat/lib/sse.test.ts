import { describe, expect, it } from 'vitest';
import { SseParser, type SseMessage } from '../../../lib/sse.ts';
import { toChatEvent } from './sse.ts';

/** Feeds `text` to a new parser in pieces of `size` characters. */
function parseInPieces(text: string, size: number): SseMessage[] {
  const p = new SseParser();
  const out: SseMessage[] = [];
  for (let i = 0; i < text.length; i += size) out.push(...p.push(text.slice(i, i + size)));
  out.push(...p.end());
  return out;
}

const STREAM =
  'event: start\ndata: {"reserved":10}\n\n' +
  ': ping\n\n' +
  'event: delta\ndata: {"text":"Olá, "}\n\n' +
  'event: delta\r\ndata: {"text":"Clara"}\r\n\r\n' +
  'event: done\rdata: {"balance":688}\r\r';

describe('SseParser', () => {
  it('reads events, skipping comments, with any line ending', () => {
    expect(parseInPieces(STREAM, STREAM.length)).toEqual([
      { event: 'start', data: '{"reserved":10}' },
      { event: 'delta', data: '{"text":"Olá, "}' },
      { event: 'delta', data: '{"text":"Clara"}' },
      { event: 'done', data: '{"balance":688}' },
    ]);
  });

  it('gives the same events whatever the size of the pieces (a CRLF split between two pieces too)', () => {
    const whole = parseInPieces(STREAM, STREAM.length);
    for (const size of [1, 2, 3, 5, 7, 13]) expect(parseInPieces(STREAM, size)).toEqual(whole);
  });

  it('returns an event only once its blank line has arrived', () => {
    const p = new SseParser();
    expect(p.push('event: delta\ndata: {"text":"a"}\n')).toEqual([]);
    expect(p.push('\n')).toEqual([{ event: 'delta', data: '{"text":"a"}' }]);
  });

  it('joins data lines with a line feed, takes one space after the colon, and names unnamed events "message"', () => {
    const p = new SseParser();
    expect(p.push('data:one\ndata:  two\ndata\n\n')).toEqual([{ event: 'message', data: 'one\n two\n' }]);
  });

  it('ignores a blank event with no data, unknown fields and retry, and remembers the id', () => {
    const p = new SseParser();
    expect(p.push('event: delta\n\nretry: 10\nfoo: bar\nid: 7\ndata: x\n\ndata: y\n\n')).toEqual([
      { event: 'message', data: 'x', id: '7' },
      { event: 'message', data: 'y', id: '7' },
    ]);
  });

  it('drops an event cut off by the end of the stream', () => {
    const p = new SseParser();
    expect(p.push('event: delta\ndata: {"text":"a"}')).toEqual([]);
    expect(p.end()).toEqual([]);
  });

  it('keeps multi-byte text whole when fed decoded pieces', () => {
    const bytes = new TextEncoder().encode('event: delta\ndata: {"text":"ação 🙏"}\n\n');
    const decoder = new TextDecoder();
    const p = new SseParser();
    const out: SseMessage[] = [];
    for (const b of bytes) out.push(...p.push(decoder.decode(new Uint8Array([b]), { stream: true })));
    expect(out.map(toChatEvent)).toEqual([{ type: 'delta', text: 'ação 🙏' }]);
  });
});

describe('toChatEvent', () => {
  it('takes the type from the event name', () => {
    expect(toChatEvent({ event: 'citations', data: '{"citations":[]}' })).toEqual({
      type: 'citations',
      citations: [],
    });
    expect(toChatEvent({ event: 'delta', data: '{"type":"error","text":"x"}' })).toEqual({
      type: 'delta',
      text: 'x',
    });
  });

  it('ignores unknown events and data that is not a JSON object', () => {
    expect(toChatEvent({ event: 'message', data: '{}' })).toBeNull();
    expect(toChatEvent({ event: 'delta', data: 'not json' })).toBeNull();
    expect(toChatEvent({ event: 'delta', data: '[1]' })).toBeNull();
    expect(toChatEvent({ event: 'delta', data: 'null' })).toBeNull();
  });
});
