import { HIGHLIGHT_END, HIGHLIGHT_START } from '@candeia/shared/schemas/scripture';

export interface Segment {
  text: string;
  mark: boolean;
}

/**
 * Splits a search snippet with the API's highlight marks (\u0001 … \u0002) into plain and
 * highlighted pieces, so they render as text and <mark> elements and never as HTML. A start
 * without an end highlights to the end; a stray end mark is dropped; empty pieces are left out.
 */
export function highlightSegments(snippet: string): Segment[] {
  const out: Segment[] = [];
  let mark = false;
  let buf = '';
  const push = () => {
    if (!buf) return;
    const last = out[out.length - 1];
    if (last && last.mark === mark) last.text += buf;
    else out.push({ text: buf, mark });
    buf = '';
  };
  for (const ch of snippet) {
    if (ch === HIGHLIGHT_START) {
      push();
      mark = true;
    } else if (ch === HIGHLIGHT_END) {
      push();
      mark = false;
    } else buf += ch;
  }
  push();
  return out;
}

/** The snippet without its marks (for copying or an accessible name). */
export function stripMarks(snippet: string): string {
  return snippet.split(HIGHLIGHT_START).join('').split(HIGHLIGHT_END).join('');
}
