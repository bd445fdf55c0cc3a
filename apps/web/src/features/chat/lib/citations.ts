import { paths, scriptureArea } from '@candeia/shared/routes';
import type { CitationDto } from '@candeia/shared/schemas/chat';

export type Segment = { text: string; citation?: CitationDto };

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Splits answer text at the citations' labels (the exact reference as the answer writes it).
 * A label is found only as a whole reference: "João 3:1" is not inside "João 3:16". When a
 * label appears both as valid and invalid, the valid one wins; longer labels win over the
 * shorter ones they contain ("Salmos 23:1-2" over "Salmos 23:1").
 */
export function splitCitations(text: string, citations: readonly CitationDto[]): Segment[] {
  const byLabel = new Map<string, CitationDto>();
  for (const c of citations) {
    const label = c.label.trim();
    if (!label) continue;
    const known = byLabel.get(label);
    if (!known || (!known.valid && c.valid)) byLabel.set(label, c);
  }
  if (!byLabel.size || !text) return [{ text }];
  const labels = [...byLabel.keys()].sort((a, b) => b.length - a.length);
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${labels.map(escape).join('|')})(?![\\p{N}]|[-–:]\\p{N})`, 'gu');
  const out: Segment[] = [];
  let last = 0;
  for (const m of text.matchAll(pattern)) {
    if (m.index > last) out.push({ text: text.slice(last, m.index) });
    out.push({ text: m[0], citation: byLabel.get(m[0])! });
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push({ text: text.slice(last) });
  return out;
}

/**
 * Where a valid citation opens in the reader: /bible/… for the Bible, /sacred-books/… for
 * another sacred book, at the verse or range (#v16, #v16-18). Null when it cannot link.
 */
export function citationPath(c: CitationDto): string | null {
  if (!c.valid || !c.textId || !c.book || !c.chapter) return null;
  return paths.chapter(scriptureArea(c.bookKey), c.textId, c.book, c.chapter, c.verse, c.verseEnd);
}
