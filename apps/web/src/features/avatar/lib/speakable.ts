/**
 * Text the counsellor says out loud. Answers arrive as markdown deltas (the chat engine's
 * format); speech wants plain sentences, and wants them early: the first sentence is spoken
 * while the rest of the answer still streams. The pipeline of a caller is
 *
 *   splitter.push(delta).map(toSpeech).forEach(speak)   // for each delta
 *   splitter.flush().map(toSpeech).forEach(speak)        // when the answer is done
 *
 * (`speak` ignores what toSpeech leaves empty, such as a rule "---").
 */

/** Where escaped characters are kept meanwhile: U+E000 plus their (ASCII) code. */
const ESCAPED = 0xe000;

/** Characters that may close a sentence after its terminator: quotes, brackets, emphasis. */
const CLOSERS = new Set([')', ']', '"', "'", '”', '’', '»', '*', '_', '`']);

/**
 * Words that end in a dot without ending the sentence (compared lowercased, without the dot).
 * Portuguese first (the counsellors' language), then Spanish and English forms. Words that are
 * also ordinary words ending sentences ("dom", "ir", "no") are left out; "etc." is left to the
 * case of the word after it.
 */
const ABBREVIATIONS = new Set([
  'sr',
  'sra',
  'srs',
  'sras',
  'srta',
  'dr',
  'dra',
  'drs',
  'dras',
  'prof',
  'profa',
  'pe',
  'fr',
  'sto',
  'sta',
  'st',
  'exmo',
  'exma',
  'ex',
  'p',
  'pp',
  'pág',
  'págs',
  'pag',
  'cap',
  'caps',
  'v',
  'vv',
  'vs',
  'cf',
  'obs',
  'aprox',
  'séc',
  'núm',
  'nº',
  'mr',
  'mrs',
  'ms',
  'jr',
  'sres',
  'dña',
  'dª',
  'ud',
  'uds',
]);

/**
 * A sentence longer than this is cut at its last comma (or similar): speech starts sooner, and
 * Chrome's online voices stop mid-utterance after about 15 seconds (some 200 characters).
 */
const LONG_SENTENCE = 180;
/** …but never leaving a piece shorter than this. */
const SHORT_PIECE = 60;

/** The markdown of an answer (or of one sentence of it) as plain text to be spoken. */
export function toSpeech(markdown: string): string {
  const lines = markdown
    // Fenced code: the fences go, the content stays (answers hardly have code).
    .replace(/^\s*(```|~~~).*$/gm, '')
    // HTML tags and comments.
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<\/?[a-z][^>]*>/gi, '')
    .split('\n');
  const out: string[] = [];
  for (const raw of lines) {
    // Escaped markdown characters are kept aside (as private-use characters) from the rules below.
    let line = raw
      .replace(/\\([\\`*_{}[\]()#+\-.!>|~])/g, (_, c: string) => String.fromCharCode(ESCAPED + c.charCodeAt(0)))
      // Block markers at the start of the line: quotes (nested too), then a rule (---, ***,
      // ___) says nothing, then headings and list items.
      .replace(/^\s*(>\s*)+/, '')
      .replace(/^\s*([-*_])(\s*\1){2,}\s*$/, '')
      .replace(/^\s*#{1,6}\s+/, '')
      .replace(/^\s*([-*+]|\d{1,3}[.)])\s+/, '')
      // A table: the separator row goes, the cells read as a list.
      .replace(/^\s*\|?(\s*:?-{3,}:?\s*\|?)+\s*$/, '')
      .replace(/^\s*\|/, '')
      .replace(/\|\s*$/, '')
      .replace(/\s*\|\s*/g, ', ');
    line = line
      // Images and links: their text; footnote references go.
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
      .replace(/\[([^\]]+)\]\[[^\]]*\]/g, '$1')
      .replace(/\[\^[^\]]+\]/g, '')
      // Bare addresses would be spelled out letter by letter.
      .replace(/<?\bhttps?:\/\/[^\s>)]*[^\s>).,;:!?]>?/gi, '')
      // Inline code keeps its text.
      .replace(/`+([^`]*)`+/g, '$1')
      // Emphasis and strike-through: every marker goes, matched or not (a sentence may hold
      // only the opening "**" of an emphasis that ends in the next one). Underscores only at
      // a word's edge, so snake_case would survive.
      .replace(/~~/g, '')
      .replace(/\*+/g, '')
      .replace(/(^|[^\p{L}\p{N}])_+|_+(?=[^\p{L}\p{N}]|$)/gu, '$1')
      .replace(/[\uE000-\uE07F]/g, (c) => String.fromCharCode(c.charCodeAt(0) - ESCAPED))
      .replace(/[ \t]+/g, ' ')
      // What was removed may leave a space before punctuation.
      .replace(/ ([.,;:!?…])/g, '$1')
      .trim();
    if (line) out.push(line);
  }
  // Lines (headings, list items, verses) are said one after the other with a pause between:
  // a line without its own punctuation gets a full stop, or the voice would run them together.
  return out
    .map((line, i) => (i < out.length - 1 && !/[.!?…:;,]["'”’»)\]]*$/.test(line) ? `${line}.` : line))
    .join(' ');
}

export interface SentenceSplitter {
  /** Adds a streamed delta; returns the sentences it completed (possibly none). */
  push(delta: string): string[];
  /** The end of the text: returns what was left (one sentence, or none). */
  flush(): string[];
}

/**
 * Cuts streamed text into sentences: at . ! ? … followed by a space (closing quotes, brackets
 * and emphasis markers stay with their sentence) and at line breaks (paragraphs, list items,
 * headings). Not inside numbers ("3:16", "3.16", "1.000"), not after an abbreviation ("Sr.",
 * "Dra.", "p. ex.") or an initial ("C. S. Lewis"), not before a lowercase word ("etc. e") or
 * an attribution's dash ("…” — João 3:16"), not after a list item's number ("1. Ore"). A sentence is returned only when what follows it has
 * been seen, so a delta ending in "Sr." waits for the next one.
 */
export function sentenceSplitter(): SentenceSplitter {
  let buffer = '';

  const take = (final: boolean): string[] => {
    const out: string[] = [];
    let start = 0;
    let i = 0;
    const emit = (end: number, next: number) => {
      out.push(...cutLong(buffer.slice(start, end)));
      start = next;
    };
    while (i < buffer.length) {
      const ch = buffer[i]!;
      if (ch === '\n') {
        emit(i, i + 1);
        i++;
        continue;
      }
      if (ch === '.' || ch === '!' || ch === '?' || ch === '…') {
        // The whole run of terminators ("?!", "...") and the closers after it.
        let end = i + 1;
        while (end < buffer.length && /[.!?…]/.test(buffer[end]!)) end++;
        while (end < buffer.length && CLOSERS.has(buffer[end]!)) end++;
        if (end >= buffer.length) {
          // Nothing seen after it yet: at the very end of the text it is an end.
          if (final) emit(end, end);
          break;
        }
        if (!/\s/.test(buffer[end]!)) {
          i = end;
          continue;
        }
        // What comes after the spaces decides; a line break is an end in any case.
        let next = end;
        while (next < buffer.length && /[ \t]/.test(buffer[next]!)) next++;
        if (next >= buffer.length && !final) break;
        const after = buffer[next];
        // A dash after the end introduces who said it ("…” — João 3:16"): they go together.
        const sentenceEnd =
          after === undefined ||
          after === '\n' ||
          (!isLower(after) && after !== '—' && after !== '–' && !(ch === '.' && isAbbreviation(buffer, start, i)));
        if (sentenceEnd) emit(end, next);
        i = next;
        continue;
      }
      i++;
    }
    buffer = buffer.slice(start);
    if (final) {
      out.push(...cutLong(buffer));
      buffer = '';
    }
    return out;
  };

  return {
    push(delta) {
      buffer += delta;
      return take(false);
    },
    flush() {
      return take(true);
    },
  };
}

function isLower(ch: string): boolean {
  return ch !== ch.toUpperCase() && ch === ch.toLowerCase();
}

/** Whether the dot at `dot` ends an abbreviation, an initial, or a list item's number. */
function isAbbreviation(text: string, sentenceStart: number, dot: number): boolean {
  let w = dot;
  while (w > sentenceStart && /[\p{L}\p{N}.ºª]/u.test(text[w - 1]!)) w--;
  const word = text.slice(w, dot);
  if (!word) return false;
  // "1." opening a line (or the text) is a numbered list item.
  if (/^\d+$/.test(word)) return text.slice(sentenceStart, w).trim() === '';
  // A dot inside the word: "a.C.", "p.ex.", "E.U.A.".
  if (word.includes('.')) return true;
  // One capital letter: an initial.
  if (/^\p{Lu}$/u.test(word)) return true;
  return ABBREVIATIONS.has(word.toLowerCase());
}

/** A long sentence in pieces at commas, semicolons or colons, each piece trimmed. */
function cutLong(sentence: string): string[] {
  const pieces: string[] = [];
  let rest = sentence.trim();
  while (rest.length > LONG_SENTENCE) {
    let cut = -1;
    for (const m of rest.slice(0, LONG_SENTENCE).matchAll(/[,;:](?=\s)/g)) {
      // Not the colon of "3:16" (followed by a space only when it is a real colon).
      if (m.index >= SHORT_PIECE) cut = m.index + 1;
    }
    if (cut === -1) break;
    pieces.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) pieces.push(rest);
  return pieces;
}
