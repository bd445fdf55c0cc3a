/**
 * A small, safe reader of the light Markdown the guide writes: paragraphs, line breaks,
 * *emphasis*, **strong**, `code`, > quotes, lists, headings and rules. It builds a tree that
 * is rendered as React elements, so no HTML the model writes can ever become markup (it is
 * shown as the text it is). Links are kept only for phone numbers (`tel:`) and the helplines'
 * sites (a crisis answer); any other link shows its text, and an image its description.
 */

export type Inline =
  | { type: 'text'; value: string }
  | { type: 'strong'; children: Inline[] }
  | { type: 'em'; children: Inline[] }
  | { type: 'code'; value: string }
  | { type: 'link'; href: string; children: Inline[] }
  | { type: 'break' };

export type Block =
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'heading'; children: Inline[] }
  | { type: 'quote'; children: Block[] }
  | { type: 'list'; ordered: boolean; start: number; items: Inline[][] }
  | { type: 'code'; value: string }
  | { type: 'rule' };

const FENCE = /^\s{0,3}(`{3,}|~{3,})/;
const QUOTE = /^\s{0,3}>/;
const HEADING = /^\s{0,3}#{1,6}(?:\s+|$)/;
const RULE = /^\s{0,3}([-*_])(?:\s*\1){2,}\s*$/;
const BULLET = /^\s{0,3}([-*+])\s+(.*)$/;
const NUMBERED = /^\s{0,3}(\d{1,9})[.)]\s+(.*)$/;

function listMarker(line: string): { ordered: boolean; start: number; text: string } | null {
  const b = BULLET.exec(line);
  if (b) return { ordered: false, start: 1, text: b[2]! };
  const n = NUMBERED.exec(line);
  if (n) return { ordered: true, start: Number(n[1]), text: n[2]! };
  return null;
}

/** Whether `line` starts a block that ends a paragraph (an ordered list only when it starts at 1). */
function interrupts(line: string): boolean {
  if (FENCE.test(line) || QUOTE.test(line) || HEADING.test(line) || RULE.test(line)) return true;
  const m = listMarker(line);
  return !!m && (!m.ordered || m.start === 1);
}

const blank = (line: string) => line.trim() === '';

/** Parses Markdown text into blocks. */
export function parseMarkdown(source: string): Block[] {
  return parseBlocks(source.replace(/\r\n?/g, '\n').split('\n'));
}

function parseBlocks(lines: string[]): Block[] {
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (blank(line)) {
      i++;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const body: string[] = [];
      i++;
      while (i < lines.length && !lines[i]!.trimStart().startsWith(fence[1]!)) body.push(lines[i++]!);
      i++;
      blocks.push({ type: 'code', value: body.join('\n') });
      continue;
    }
    if (QUOTE.test(line)) {
      const inner: string[] = [];
      while (i < lines.length && QUOTE.test(lines[i]!)) inner.push(lines[i++]!.replace(/^\s{0,3}> ?/, ''));
      blocks.push({ type: 'quote', children: parseBlocks(inner) });
      continue;
    }
    if (HEADING.test(line)) {
      blocks.push({ type: 'heading', children: parseInline(line.replace(HEADING, '').replace(/\s#+\s*$/, '')) });
      i++;
      continue;
    }
    if (RULE.test(line)) {
      blocks.push({ type: 'rule' });
      i++;
      continue;
    }
    const first = listMarker(line);
    if (first) {
      const items: string[][] = [[first.text]];
      i++;
      while (i < lines.length) {
        const l = lines[i]!;
        const m = listMarker(l);
        if (m && m.ordered === first.ordered) {
          items.push([m.text]);
          i++;
        } else if (blank(l)) {
          // A blank line between items keeps the list going; anything else after it ends it.
          let j = i + 1;
          while (j < lines.length && blank(lines[j]!)) j++;
          const next = j < lines.length ? listMarker(lines[j]!) : null;
          if (!next || next.ordered !== first.ordered) break;
          i = j;
        } else if (!m && !interrupts(l)) {
          items[items.length - 1]!.push(l.trim());
          i++;
        } else break;
      }
      blocks.push({
        type: 'list',
        ordered: first.ordered,
        start: first.start,
        items: items.map((it) => parseInline(it.join('\n'))),
      });
      continue;
    }
    const para: string[] = [line];
    i++;
    while (i < lines.length && !blank(lines[i]!) && !interrupts(lines[i]!)) para.push(lines[i++]!);
    blocks.push({ type: 'paragraph', children: parseInline(para.map((l) => l.trim()).join('\n')) });
  }
  return blocks;
}

const PUNCTUATION = /[!-/:-@[-`{-~]/;
const WORD = /[\p{L}\p{N}]/u;

/** A phone link the app may follow: `tel:` and a number (digits, +, spaces, dashes, dots, brackets). */
export function safeTel(href: string): string | null {
  const m = /^tel:(\+?[\d\s().-]{2,30})$/i.exec(href.trim());
  if (!m) return null;
  const number = m[1]!.replace(/[^\d+]/g, '');
  return number.replace(/\+/g, '').length ? `tel:${number}` : null;
}

/** The crisis helplines' own sites (CVV, 988 Lifeline): the only web links an answer may carry. */
const HELPLINE_SITES = /^https:\/\/(?:www\.)?(?:cvv\.org\.br|988lifeline\.org)(?:\/[\w\-./?=&%#]*)?$/i;

/** A link the app may follow: a phone number, or a helpline's site. */
export function safeHref(href: string): string | null {
  const h = href.trim();
  return safeTel(h) ?? (HELPLINE_SITES.test(h) ? h : null);
}

/** Parses the inline Markdown of one block. */
export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let buf = '';
  const flush = () => {
    if (buf) out.push({ type: 'text', value: buf });
    buf = '';
  };
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    const next = text[i + 1] ?? '';
    if (c === '\\' && PUNCTUATION.test(next)) {
      buf += next;
      i += 2;
      continue;
    }
    if (c === '\n') {
      flush();
      out.push({ type: 'break' });
      i++;
      continue;
    }
    if (c === '`') {
      const end = text.indexOf('`', i + 1);
      if (end > i + 1) {
        flush();
        out.push({ type: 'code', value: text.slice(i + 1, end) });
        i = end + 1;
        continue;
      }
    }
    if ((c === '*' || c === '_') && next === c) {
      const end = closing(text, i + 2, c + c);
      if (end !== -1 && openerOk(text, i, 2, c)) {
        flush();
        out.push({ type: 'strong', children: parseInline(text.slice(i + 2, end)) });
        i = end + 2;
        continue;
      }
    } else if (c === '*' || c === '_') {
      const end = closing(text, i + 1, c);
      if (end !== -1 && openerOk(text, i, 1, c)) {
        flush();
        out.push({ type: 'em', children: parseInline(text.slice(i + 1, end)) });
        i = end + 1;
        continue;
      }
    }
    if (c === '[' || (c === '!' && next === '[')) {
      const link = readLink(text, c === '!' ? i + 1 : i);
      if (link) {
        flush();
        const href = c === '!' ? null : safeHref(link.href);
        const children = parseInline(link.label);
        if (href) out.push({ type: 'link', href, children });
        else out.push(...children);
        i = link.end;
        continue;
      }
    }
    if (c === '<') {
      const auto = /^<((?:tel|https?|mailto):[^\s<>]+)>/i.exec(text.slice(i));
      if (auto) {
        flush();
        const tel = safeTel(auto[1]!);
        out.push(
          tel
            ? { type: 'link', href: tel, children: [{ type: 'text', value: auto[1]!.slice(4) }] }
            : { type: 'text', value: auto[1]! },
        );
        i += auto[0].length;
        continue;
      }
    }
    buf += c;
    i++;
  }
  flush();
  return merge(out);
}

/** The index of the closing delimiter (preceded by a non-space), or -1. */
function closing(text: string, from: number, delim: string): number {
  for (let j = from; j < text.length; j++) {
    if (text[j] === '\\') {
      j++;
      continue;
    }
    if (text[j] === '\n' && text[j + 1] === '\n') return -1;
    if (text.startsWith(delim, j) && j > from && !/\s/.test(text[j - 1]!)) {
      // `*a**` is emphasis of "a" followed by a star; a lone `*` must not close at a `**`.
      if (delim.length === 1 && text[j + 1] === delim) {
        j++;
        continue;
      }
      if (delim[0] === '_' && WORD.test(text[j + delim.length] ?? '')) continue;
      return j;
    }
  }
  return -1;
}

/** An opening delimiter is followed by a non-space; `_` must not sit inside a word (snake_case). */
function openerOk(text: string, at: number, len: number, c: string): boolean {
  const after = text[at + len] ?? '';
  if (!after || /\s/.test(after)) return false;
  return c !== '_' || !WORD.test(text[at - 1] ?? '');
}

/** `[label](href)` starting at `at`, with balanced brackets in the label. */
function readLink(text: string, at: number): { label: string; href: string; end: number } | null {
  let depth = 0;
  let j = at;
  for (; j < text.length; j++) {
    if (text[j] === '\\') j++;
    else if (text[j] === '[') depth++;
    else if (text[j] === ']' && --depth === 0) break;
  }
  if (j >= text.length || text[j + 1] !== '(') return null;
  const close = text.indexOf(')', j + 2);
  if (close === -1) return null;
  const href = text
    .slice(j + 2, close)
    .trim()
    .replace(/^<(.*)>$/, '$1')
    .replace(/\s+"[^"]*"$/, '');
  return { label: text.slice(at + 1, j), href, end: close + 1 };
}

/** Joins neighbouring text nodes. */
function merge(nodes: Inline[]): Inline[] {
  const out: Inline[] = [];
  for (const n of nodes) {
    const last = out[out.length - 1];
    if (n.type === 'text' && last?.type === 'text') out[out.length - 1] = { type: 'text', value: last.value + n.value };
    else out.push(n);
  }
  return out;
}
