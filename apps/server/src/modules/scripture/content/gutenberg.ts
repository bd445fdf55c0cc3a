/**
 * Plain-text Project Gutenberg e-texts: the PG header and footer are stripped (the modern
 * `*** START/END OF THE PROJECT GUTENBERG EBOOK` markers and the old "small print" header),
 * then each book is split into chapters and verses by its own structure, described by a small
 * per-book configuration below (markers and regular expressions, never the text itself).
 */
import { createHash } from 'node:crypto';
import { findPack, packForEbook } from './catalogue.ts';
import { ContentError, type ParsedText, type ParsedVerse } from './types.ts';

/** The e-text without its Project Gutenberg header, footer and licence; LF line endings. */
export function stripGutenberg(raw: string): string {
  const text = raw.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const lines = text.split('\n');
  const startModern = lines.findIndex((l) => /^\*{3}\s*START OF (THIS|THE) PROJECT GUTENBERG E-?BOOK\b/i.test(l));
  const startOld = lines.findIndex((l) => /^\*END\*?\s*THE SMALL PRINT!.*\*END\*\s*$/i.test(l));
  const start = startModern >= 0 ? startModern : startOld;
  if (start < 0)
    throw new ContentError('Not a Project Gutenberg e-text: no "*** START OF" line and no "small print" header.');
  let end = lines.findIndex((l, i) => i > start && /^\*{3}\s*END OF (THIS|THE) PROJECT GUTENBERG E-?BOOK\b/i.test(l));
  if (end < 0) end = lines.length;
  // The closing line "End of (the) Project Gutenberg EBook/Etext of …" also belongs to PG.
  for (let i = end - 1; i > start; i--) {
    if (/^\s*End of (the )?Project Gutenberg/i.test(lines[i]!)) {
      end = i;
      break;
    }
  }
  return lines.slice(start + 1, end).join('\n');
}

/** Roman numerals (I … MMM) to numbers; NaN for anything else. */
export function romanToNumber(roman: string): number {
  const values: Record<string, number> = { I: 1, V: 5, X: 10, L: 50, C: 100, D: 500, M: 1000 };
  const s = roman.toUpperCase();
  if (!/^[IVXLCDM]+$/.test(s)) return NaN;
  let total = 0;
  for (let i = 0; i < s.length; i++) {
    const v = values[s[i]!]!;
    const next = values[s[i + 1] ?? ''] ?? 0;
    total += v < next ? -v : v;
  }
  return total;
}

interface Chapter {
  number: number;
  heading: string | null;
  verses: { n: number; paragraphs: string[] }[];
}

/** Splits text into blocks separated by blank lines; each block keeps its lines. */
function paragraphs(text: string): string[][] {
  const out: string[][] = [];
  let cur: string[] = [];
  for (const line of text.split('\n')) {
    if (/^\s*$/.test(line)) {
      if (cur.length) out.push(cur);
      cur = [];
    } else cur.push(line);
  }
  if (cur.length) out.push(cur);
  return out;
}

/** A paragraph as text: verse lines (indented, or `poetry`) keep their breaks; prose is joined. */
function paragraphText(lines: string[], poetry = false): string {
  const indented = poetry || (lines.length > 1 && lines.every((l) => /^\s{2,}\S/.test(l)));
  const cleaned = lines.map((l) => l.replace(/\s+/g, ' ').trim()).filter(Boolean);
  return indented ? cleaned.join('\n') : cleaned.join(' ');
}

function titleCase(s: string): string {
  return s
    .toLowerCase()
    .replace(/(^|[\s(-])([a-z])/g, (_, p: string, c: string) => p + c.toUpperCase())
    .replace(/\b(Of|The|And|In|By|To|A|An|For|From)\b/g, (w, _1, at: number) => (at === 0 ? w : w.toLowerCase()));
}

// ---------- Per-book structure ----------

interface BookParser {
  /** How many chapters the full book has (a mismatch is reported, not fatal). */
  expectedChapters: number;
  parse(body: string): Chapter[];
}

/**
 * Tao Te Ching (Legge, PG 216): chapters are blocks after two or more blank lines that start
 * with their number ("Ch. 1." for the first, "2." …); verses are Legge's numbered paragraphs
 * ("1.", "2." …), unnumbered paragraphs (rhymed renderings) joining the verse before them.
 * "PART I." / "PART II." become the heading of the chapter they precede.
 */
const TAO = {
  chapterStart: /^(?:Ch\.\s*)?(\d+)\.(?:\s|$)/,
  verseStart: /^(\d+)\.(?:\s+|$)/,
  part: /^PART\s+([IVX]+|\d+)\.?\s*$/,
};
const taoParser: BookParser = {
  expectedChapters: 81,
  parse(body) {
    // Chapter-level blocks: separated by runs of two or more blank lines.
    const blocks = body.split(/\n[ \t]*\n(?:[ \t]*\n)+/);
    const chapters: Chapter[] = [];
    let part: string | null = null;
    for (const block of blocks) {
      const trimmed = block.replace(/^\n+|\n+$/g, '');
      if (!trimmed.trim()) continue;
      const first = trimmed.split('\n')[0]!.trim();
      const partMatch = TAO.part.exec(first);
      if (partMatch) {
        const n = /^\d+$/.test(partMatch[1]!) ? Number(partMatch[1]) : romanToNumber(partMatch[1]!);
        part = `Part ${toRoman(n)}`;
        continue;
      }
      const start = TAO.chapterStart.exec(first);
      const expected = (chapters.at(-1)?.number ?? 0) + 1;
      if (start && Number(start[1]) === expected) {
        chapters.push({ number: expected, heading: part, verses: [] });
        part = null;
        // Only the number goes: the rest of the line, and the lines below with their indentation, stay.
        addTaoParagraphs(chapters.at(-1)!, trimmed.replace(/^(?:Ch\.[ \t]*)?\d+\.[ \t]*/, ''));
      } else if (chapters.length) {
        addTaoParagraphs(chapters.at(-1)!, trimmed);
      }
      // Anything before chapter 1 is front matter.
    }
    return chapters;
  },
};

function addTaoParagraphs(chapter: Chapter, text: string) {
  for (const lines of paragraphs(text)) {
    const first = lines[0]!.trim();
    const numbered = TAO.verseStart.exec(first);
    if (numbered) {
      lines[0] = lines[0]!.trim().replace(TAO.verseStart, '');
      chapter.verses.push({ n: chapter.verses.length + 1, paragraphs: [] });
      if (!lines[0]) lines.shift();
    } else if (!chapter.verses.length) {
      chapter.verses.push({ n: 1, paragraphs: [] });
    }
    if (lines.length) chapter.verses.at(-1)!.paragraphs.push(paragraphText(lines));
  }
}

function toRoman(n: number): string {
  const table: [number, string][] = [
    [1000, 'M'],
    [900, 'CM'],
    [500, 'D'],
    [400, 'CD'],
    [100, 'C'],
    [90, 'XC'],
    [50, 'L'],
    [40, 'XL'],
    [10, 'X'],
    [9, 'IX'],
    [5, 'V'],
    [4, 'IV'],
    [1, 'I'],
  ];
  let out = '';
  for (const [v, s] of table) {
    while (n >= v) {
      out += s;
      n -= v;
    }
  }
  return out;
}

/**
 * Bhagavad Gita (Arnold, PG 2388): "CHAPTER I" … "CHAPTER XVIII" open the chapters, each closed
 * by a colophon ("HERE ENDETH CHAPTER I. … Or "The Book of …."") whose title becomes the
 * chapter's heading; verses are the stanzas (blank-line separated), lines kept; footnote
 * marks "[FN#n]" removed, the footnotes after the last chapter left out.
 */
const GITA = {
  chapterStart: /^\s*CHAPTER\s+([IVXLC]+)\.?\s*$/,
  chapterEnd: /^\s*HERE END(?:ETH|S)\b/,
  colophonTitle: /\bOr\s*"([^"]+?)[,.]?"/,
  footnoteMark: /\[FN#[^\]]*\]/g,
};
const gitaParser: BookParser = {
  expectedChapters: 18,
  parse(body) {
    const chapters: Chapter[] = [];
    let current: { number: number; lines: string[]; colophon: string[] | null } | null = null;
    const finish = () => {
      if (!current) return;
      const colophon = current.colophon?.join(' ').replace(/\s+/g, ' ') ?? '';
      const title = GITA.colophonTitle.exec(colophon)?.[1] ?? null;
      const verses = paragraphs(current.lines.join('\n')).map((lines, i) => ({
        n: i + 1,
        paragraphs: [
          paragraphText(
            lines.map((l) => l.replace(GITA.footnoteMark, '')),
            true,
          ),
        ],
      }));
      chapters.push({ number: current.number, heading: title, verses: verses.filter((v) => v.paragraphs[0]) });
      current = null;
    };
    for (const line of body.split('\n')) {
      const start = GITA.chapterStart.exec(line);
      if (start) {
        finish();
        current = { number: romanToNumber(start[1]!), lines: [], colophon: null };
        continue;
      }
      if (!current) continue;
      if (current.colophon) {
        // The colophon runs to the next blank line; what follows belongs to no chapter.
        if (/^\s*$/.test(line)) finish();
        else current.colophon.push(line.trim());
        continue;
      }
      if (GITA.chapterEnd.test(line)) current.colophon = [line.trim()];
      else current.lines.push(line);
    }
    finish();
    return chapters;
  },
};

/**
 * Dhammapada (Müller, PG 2017): "Chapter I. The Twin-Verses" … open the chapters (the title is
 * the heading); verses are Müller's numbered verses, numbered through the whole book (1–423),
 * so a verse keeps its own number; "58, 59." (two verses given as one) is stored as verse 58.
 */
const DHAMMAPADA = {
  chapterStart: /^Chapter\s+([IVXLC]+)\.\s*(.*)$/,
  verseStart: /^(\d+)((?:,\s*\d+)*)\.\s+/,
};
const dhammapadaParser: BookParser = {
  expectedChapters: 26,
  parse(body) {
    const chapters: Chapter[] = [];
    for (const lines of paragraphs(body)) {
      const first = lines[0]!.trim();
      const start = DHAMMAPADA.chapterStart.exec(first);
      if (start && lines.length === 1) {
        const title = start[2]!.trim().replace(/\.$/, '');
        chapters.push({ number: romanToNumber(start[1]!), heading: title || null, verses: [] });
        continue;
      }
      const chapter = chapters.at(-1);
      if (!chapter) continue; // front matter and contents
      const verse = DHAMMAPADA.verseStart.exec(first);
      if (verse) {
        lines[0] = first.replace(DHAMMAPADA.verseStart, '');
        chapter.verses.push({ n: Number(verse[1]), paragraphs: [paragraphText(lines)] });
      } else if (chapter.verses.length) {
        chapter.verses.at(-1)!.paragraphs.push(paragraphText(lines));
      }
    }
    return chapters;
  },
};

/**
 * Analects (Legge, PG 3330, old "small print" header): "BOOK I.  HSIO R." … open the twenty
 * books (our chapters; the title is the heading); each of Legge's chapters ("CHAPTER I." /
 * "CHAP. II.") is a verse, its numbered paragraphs ("2. …") kept as separate lines. Blank
 * lines inside a chapter are the printed edition's page breaks and are ignored. The e-text's
 * numbering has typos (a repeated "XVII.", "XXXII." for XXIII); a number that does not follow
 * on (more than one past the previous) is taken as the next one.
 */
const ANALECTS = {
  bookStart: /^\s*BOOK\s+([IVXLC]+)\.\s*(.*)$/,
  chapterStart: /^\s*CHAP(?:TER)?\.?\s+([IVXLC]+)\b\.?\s*(?:1\.\s+)?/,
  paragraphStart: /^\s+(\d+)\.\s+/,
};
const analectsParser: BookParser = {
  expectedChapters: 20,
  parse(body) {
    const chapters: Chapter[] = [];
    for (const line of body.split('\n')) {
      const book = ANALECTS.bookStart.exec(line);
      if (book) {
        const title = titleCase(book[2]!.trim()).replace(/\.$/, '');
        chapters.push({ number: romanToNumber(book[1]!), heading: title || null, verses: [] });
        continue;
      }
      const chapter = chapters.at(-1);
      if (!chapter || /^\s*$/.test(line)) continue;
      const start = ANALECTS.chapterStart.exec(line);
      if (start) {
        const printed = romanToNumber(start[1]!);
        const prev = chapter.verses.at(-1)?.n ?? 0;
        const n = printed > prev && printed <= prev + 2 ? printed : prev + 1;
        chapter.verses.push({ n, paragraphs: [line.replace(ANALECTS.chapterStart, '').trim()] });
        continue;
      }
      const verse = chapter.verses.at(-1);
      if (!verse) continue; // text between a book's title and its first chapter
      if (ANALECTS.paragraphStart.test(line)) verse.paragraphs.push(line.replace(ANALECTS.paragraphStart, '').trim());
      else verse.paragraphs[verse.paragraphs.length - 1] += ' ' + line.trim();
    }
    return chapters.map((c) => ({
      ...c,
      verses: c.verses.map((v) => ({ ...v, paragraphs: v.paragraphs.map((p) => p.replace(/\s+/g, ' ').trim()) })),
    }));
  },
};

const PARSERS: Record<number, BookParser> = {
  216: taoParser,
  2388: gitaParser,
  2017: dhammapadaParser,
  3330: analectsParser,
};

/** The e-book numbers this importer has a structure for. */
export const GUTENBERG_EBOOKS = Object.keys(PARSERS).map(Number);

/**
 * Parses a Project Gutenberg e-text of a known book. `ebook` is its PG number (216, 2388,
 * 2017, 3330); `id` may name the pack instead ('tao-te-ching-legge').
 */
export function parseGutenberg(
  bytes: Buffer,
  which: { ebook?: number; id?: string },
  log: (m: string) => void = () => {},
): ParsedText {
  const pack = which.id ? findPack(which.id) : which.ebook !== undefined ? packForEbook(which.ebook) : undefined;
  if (!pack || pack.kind !== 'gutenberg') {
    throw new ContentError(
      `Unknown Project Gutenberg text ${which.id ?? which.ebook ?? ''}: known ids are tao-te-ching-legge, bhagavad-gita-arnold, dhammapada-muller, analects-legge.`,
    );
  }
  const parser = PARSERS[pack.ebook]!;
  const body = stripGutenberg(bytes.toString('utf8'));
  const chapters = parser.parse(body).filter((c) => c.verses.length);
  if (!chapters.length) throw new ContentError(`${pack.id}: no chapters found; is this e-text #${pack.ebook}?`);
  if (chapters.length !== parser.expectedChapters) {
    log(`${pack.id}: ${chapters.length} chapters found, the book has ${parser.expectedChapters}`);
  }
  const verses: ParsedVerse[] = [];
  chapters.forEach((c, i) => {
    // Chapters are numbered in order of appearance, whatever the printed numerals say.
    const number = i + 1;
    const seen = new Set<number>();
    c.verses.forEach((v, j) => {
      const content = v.paragraphs.filter(Boolean).join('\n').trim();
      if (!content || seen.has(v.n)) return;
      seen.add(v.n);
      verses.push({ chapter: number, verse: v.n, content, paragraph: true, heading: j === 0 ? c.heading : null });
    });
  });
  const { kind: _k, ebook, files: _f, upstream: _u, ...meta } = pack;
  return {
    meta: { ...meta, source: `gutenberg:${ebook}` },
    checksum: createHash('sha256').update(bytes).digest('hex'),
    books: [{ code: 'main', name: pack.title, verses }],
  };
}

/** The PG e-book number a file name or header names ("216.txt", "[EBook #216]", "Etext #3330"). */
export function detectEbook(fileName: string, bytes: Buffer): number | null {
  const byName = /(?:^|\/|pg)(\d+)(?:-\d)?\.txt$/i.exec(fileName);
  if (byName && PARSERS[Number(byName[1])]) return Number(byName[1]);
  const head = bytes.subarray(0, 20_000).toString('utf8');
  const m = /\[E(?:Book|text) #(\d+)\]/i.exec(head) ?? /\bE(?:Book|text)\s+#(\d+)/i.exec(head);
  return m && PARSERS[Number(m[1])] ? Number(m[1]) : null;
}
