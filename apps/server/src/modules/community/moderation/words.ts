/** Lowercase with the accents dropped: "Ação" → "acao". */
export function fold(s: string): string {
  return s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * The listed words (or phrases) that `text` holds as whole words, ignoring case and accents:
 * "Ação" is found in "que AÇÃO!" but not in "reação"; a phrase matches across any spaces or
 * punctuation between its words. Each word is returned as it was listed.
 */
export function matchWords(text: string, words: readonly string[]): string[] {
  const folded = fold(text);
  const found: string[] = [];
  for (const word of words) {
    const parts = fold(word)
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean);
    if (parts.length === 0) continue;
    const pattern = parts.map(escape).join('[^\\p{L}\\p{N}]+');
    if (new RegExp(`(?<![\\p{L}\\p{N}])${pattern}(?![\\p{L}\\p{N}])`, 'u').test(folded)) found.push(word);
  }
  return found;
}

/** A word list as kept: trimmed, blanks dropped, one of each (by its folded form), in the order given. */
export function cleanWords(words: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const w of words) {
    const word = w.trim().replace(/\s+/g, ' ');
    const key = fold(word);
    if (!word || seen.has(key)) continue;
    seen.add(key);
    out.push(word);
  }
  return out;
}
