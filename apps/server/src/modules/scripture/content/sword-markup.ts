/**
 * SWORD entry markup (OSIS, ThML, GBF or plain) to clean verse text.
 *
 * Kept: the words, including those inside <w>, <divineName>, <transChange>, <q>, <hi>, <seg>.
 * Removed with their content: notes (footnotes, cross references, variant readings), ThML
 * scripture references, GBF footnotes. Strong's numbers and morphology live in attributes and
 * go with the tags. Paragraph marks (<div type="x-p" sID>, <milestone type="x-p"/>, <p>, ¶,
 * GBF <CM>) become flags: before the first word the verse starts a paragraph; after the last
 * word the next verse does. Titles (<title>, <speaker>, ThML headings, GBF <TS>) before the
 * first word become the verse's heading; after the last word, the next verse's.
 */

export type Markup = 'OSIS' | 'ThML' | 'GBF' | 'Plain';

export interface CleanEntry {
  text: string;
  paraBefore: boolean;
  paraAfter: boolean;
  headingsBefore: string[];
  headingsAfter: string[];
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  hellip: '…',
  para: '¶',
};

export function decodeEntities(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : m;
    }
    return ENTITIES[e.toLowerCase()] ?? m;
  });
}

/**
 * Whitespace collapsed; no space left before closing punctuation (where a removed note was), nor
 * inside a hyphenated word split by the module's markup or typing ("dá- la", "Todo- Poderoso",
 * "meio- dia" read "dá-la", "Todo-Poderoso", "meio-dia").
 */
export function tidy(s: string): string {
  return s
    .replace(/\s+/g, ' ')
    .replace(/ ([,.;:!?)\]”])/g, '$1')
    .replace(/(\p{L})- (?=\p{L})/gu, '$1-')
    .trim();
}

interface Tag {
  name: string;
  closing: boolean;
  selfClosing: boolean;
  attrs: Record<string, string>;
}

function parseTag(token: string): Tag {
  const m = /^<\s*(\/)?\s*([^\s/>]+)([\s\S]*?)(\/)?\s*>$/.exec(token);
  if (!m) return { name: '', closing: false, selfClosing: true, attrs: {} };
  const attrs: Record<string, string> = {};
  for (const a of m[3]!.matchAll(/([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/g)) {
    attrs[a[1]!] = a[2] ?? a[3] ?? a[4] ?? '';
  }
  return { name: m[2]!, closing: !!m[1], selfClosing: !!m[4], attrs };
}

type Action =
  | { do: 'skip' } // drop the element and its content
  | { do: 'heading' } // the element's content is a heading
  | { do: 'para' } // a paragraph starts here
  | { do: 'paraEnd' } // a paragraph ends here (GBF <CM>): the next verse starts one
  | { do: 'space' }
  | { do: 'insert'; text: string }
  | { do: 'ignore' };

/** What an opening (or empty) tag means; closing tags end skip/heading elements by name. */
function osisAction(tag: Tag): Action {
  const name = tag.name.toLowerCase();
  const type = (tag.attrs.type ?? '').toLowerCase();
  const milestone = tag.selfClosing || tag.attrs.sID !== undefined || tag.attrs.eID !== undefined;
  switch (name) {
    case 'note':
    case 'rdg':
    case 'figure':
      return milestone ? { do: 'ignore' } : { do: 'skip' };
    case 'title':
      if (milestone) return { do: 'ignore' };
      return type === 'chapter' || type === 'x-chapterlabel' ? { do: 'skip' } : { do: 'heading' };
    case 'speaker':
      return milestone ? { do: 'ignore' } : { do: 'heading' };
    case 'div':
      if ((type === 'x-p' || type === 'paragraph') && tag.attrs.eID === undefined) return { do: 'para' };
      return { do: 'space' };
    case 'p':
      return tag.attrs.eID === undefined ? { do: 'para' } : { do: 'space' };
    case 'milestone':
      return type === 'x-p' || type === 'paragraph' ? { do: 'para' } : { do: 'ignore' };
    case 'lb':
      return type === 'x-begin-paragraph' ? { do: 'para' } : { do: 'space' };
    case 'l':
    case 'lg':
    case 'list':
    case 'item':
    case 'br':
      return { do: 'space' };
    case 'q':
      // A quotation's marker (if any) stands at both ends; SWORD modules mostly put the
      // punctuation in the text and leave the marker empty.
      return tag.attrs.marker ? { do: 'insert', text: tag.attrs.marker } : { do: 'ignore' };
    default:
      return { do: 'ignore' };
  }
}

function thmlAction(tag: Tag): Action {
  const name = tag.name.toLowerCase();
  const cls = (tag.attrs.class ?? '').toLowerCase();
  switch (name) {
    case 'note':
    case 'scripref':
      return tag.selfClosing ? { do: 'ignore' } : { do: 'skip' };
    case 'h1':
    case 'h2':
    case 'h3':
    case 'h4':
    case 'h5':
    case 'h6':
      return { do: 'heading' };
    case 'div':
      if (!tag.selfClosing && (cls === 'sechead' || cls === 'title')) return { do: 'heading' };
      return { do: 'space' };
    case 'p':
      return { do: 'para' };
    case 'br':
      return { do: 'space' };
    default:
      return { do: 'ignore' };
  }
}

/** GBF: two-letter tags, upper case opens, mixed case closes (<RF>…<Rf>). */
function gbfAction(tag: Tag): Action {
  const n = tag.name;
  // Footnotes <RF>…<Rf>, book titles <TT>…<Tt>, cross references <RX>…<Rx>: dropped with their content.
  if (n === 'RF' || n === 'TT' || n === 'RX') return { do: 'skip' };
  if (n === 'TS') return { do: 'heading' };
  if (n === 'CM') return { do: 'paraEnd' };
  if (n === 'CL') return { do: 'space' };
  return { do: 'ignore' };
}

const GBF_CLOSERS: Record<string, string> = { Rf: 'RF', Tt: 'TT', Rx: 'RX', Ts: 'TS' };

/** Cleans one entry's markup. */
export function cleanEntry(raw: string, markup: Markup): CleanEntry {
  const out: string[] = [];
  const headingsBefore: string[] = [];
  let headingsAfter: string[] = [];
  let hasText = false;
  let paraBefore = false;
  let paraAfter = false;
  // Elements whose content is being dropped or captured: [name, kind].
  const stack: { name: string; kind: 'skip' | 'heading'; buf: string[] }[] = [];

  const paragraphMark = () => {
    if (!hasText) paraBefore = true;
    else paraAfter = true;
  };
  const addPlain = (text: string) => {
    const top = stack.at(-1);
    if (top) {
      if (top.kind === 'heading') top.buf.push(text);
      return;
    }
    out.push(text);
    if (/\S/.test(text)) {
      hasText = true;
      // Text after a mark: the mark (or title) was inside the verse, not after it.
      paraAfter = false;
      headingsAfter = [];
    }
  };
  const addText = (text: string) => {
    if (!text.includes('¶')) return addPlain(text);
    // A pilcrow marks a paragraph where it stands.
    text.split('¶').forEach((part, i) => {
      if (i > 0 && !stack.length) paragraphMark();
      if (part) addPlain(part);
    });
  };
  const closeHeading = (entry: (typeof stack)[number]) => {
    const heading = tidy(entry.buf.join(' '));
    if (!heading) return;
    const parent = stack.at(-1);
    if (parent) {
      parent.buf.push(heading);
      return;
    }
    if (!hasText) headingsBefore.push(heading);
    else headingsAfter.push(heading);
  };

  // Markers of open (container) <q> elements, to repeat at their end.
  const quotes: string[] = [];
  const tokens = (markup === 'OSIS' ? separateAddedWords(raw) : raw).match(/<[^>]*>|[^<]+/g) ?? [];
  for (const token of tokens) {
    if (token[0] !== '<') {
      addText(decodeEntities(token));
      continue;
    }
    if (markup === 'Plain') {
      addText(token);
      continue;
    }
    // Fast path: word-level markup (<w lemma=… morph=…>, </w>) only carries attributes.
    if (markup === 'OSIS' && (token === '</w>' || token.startsWith('<w '))) continue;
    const tag = parseTag(token);
    if (!tag.name) continue;
    // Closing a captured element.
    const closer = markup === 'GBF' ? GBF_CLOSERS[tag.name] : tag.closing ? tag.name.toLowerCase() : undefined;
    if (closer !== undefined && (markup === 'GBF' || tag.closing)) {
      const at = findLast(stack, (e) => e.name === closer);
      if (at >= 0) {
        const [entry] = stack.splice(at, stack.length - at);
        if (entry!.kind === 'heading') closeHeading(entry!);
        // A removed note stood between two words ("God<note>…</note>created"): keep them apart.
        else if (!stack.length) addText(' ');
      } else if (markup === 'OSIS' && closer === 'q') {
        const marker = quotes.pop();
        if (marker) addText(marker);
      } else if (markup !== 'GBF') {
        // The end of a line, line group or block: a word boundary.
        const a = markup === 'OSIS' ? osisAction(tag) : thmlAction(tag);
        if (a.do === 'space' || a.do === 'para') addText(' ');
      }
      continue;
    }
    if (tag.closing) continue;
    const action = markup === 'OSIS' ? osisAction(tag) : markup === 'ThML' ? thmlAction(tag) : gbfAction(tag);
    if (markup === 'OSIS' && tag.name.toLowerCase() === 'q' && !tag.selfClosing) quotes.push(tag.attrs.marker ?? '');
    const inSkip = stack.some((e) => e.kind === 'skip');
    switch (action.do) {
      case 'skip':
      case 'heading':
        if (!tag.selfClosing) {
          stack.push({
            name: markup === 'GBF' ? tag.name : tag.name.toLowerCase(),
            kind: inSkip ? 'skip' : action.do,
            buf: [],
          });
        }
        break;
      case 'para':
        if (!inSkip && !stack.length) paragraphMark();
        break;
      case 'paraEnd':
        if (!inSkip && !stack.length) paraAfter = true;
        break;
      case 'space':
        addText(' ');
        break;
      case 'insert':
        addText(action.text);
        break;
      case 'ignore':
        break;
    }
  }
  // An unclosed heading still counts; unclosed skipped content stays dropped.
  while (stack.length) {
    const entry = stack.pop()!;
    if (entry.kind === 'heading') closeHeading(entry);
  }
  return { text: tidy(out.join('')), paraBefore, paraAfter, headingsBefore, headingsAfter };
}

/** Spanish enclitic pronouns, which RV 1909 sometimes marks as added words: "sáca|lo". */
const ENCLITICS = new Set(['lo', 'la', 'los', 'las', 'le', 'les', 'me', 'te', 'se', 'nos', 'os']);

/**
 * Some modules (RV 1909) put a translator's added word right against its neighbours:
 * `animales</w><transChange>silvestres</transChange><w …>según`. Between two letters, the
 * boundary of a <w> and a <transChange> is a word boundary, except for an enclitic pronoun
 * added to a verb (an infinitive, a gerund or a stressed imperative: "sácalo", "pagarla").
 */
export function separateAddedWords(raw: string): string {
  return raw
    .replace(/(\p{L}+)<\/w>(<transChange[^>]*>)(?=(\p{L}+)<)/gu, (_m, before: string, open: string, added: string) => {
      const enclitic = ENCLITICS.has(added.toLowerCase()) && (/(r|ndo)$/i.test(before) || /[áéíóú]/i.test(before));
      return `${before}</w>${enclitic ? '' : ' '}${open}`;
    })
    .replace(/(\p{L})<\/transChange>(<w[\s>][^>]*>|<w>)(?=\p{L})/gu, '$1</transChange> $2');
}

function findLast<T>(list: T[], pred: (v: T) => boolean): number {
  for (let i = list.length - 1; i >= 0; i--) if (pred(list[i]!)) return i;
  return -1;
}
