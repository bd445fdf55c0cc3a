import type { TextLanguage } from '@candeia/shared/schemas/scripture';

/**
 * Word families for search. The Snowball stemmers fold the forms of one word ("amará",
 * "amarás", "amar" → amar) but not a noun and its verb ("amor" / "amar"), nor King James
 * English ("believe" / "believeth"). A search for a word also looks for the members of its
 * family, so "amor ao próximo" finds "Amarás o teu próximo". Each member is stemmed by the
 * database with the text's own configuration; accents here do not matter.
 */
const FAMILIES: Record<TextLanguage, string[][]> = {
  pt: [
    ['amor', 'amar', 'ama', 'amo', 'amou', 'amado', 'amam', 'amei', 'amai'],
    ['perdão', 'perdoar', 'perdoa', 'perdoou', 'perdoado', 'perdoai'],
    ['salvação', 'salvar', 'salva', 'salvou', 'salvo', 'salvador'],
    ['oração', 'orar', 'ora', 'orai', 'orou', 'ore'],
    ['esperança', 'esperar', 'espera', 'esperei', 'esperam'],
    ['alegria', 'alegrar', 'alegra', 'alegrai', 'alegre'],
    ['louvor', 'louvar', 'louva', 'louvai', 'louvado'],
    ['temor', 'temer', 'teme', 'temei', 'temas', 'temais'],
    ['vida', 'viver', 'vive', 'viveu'],
    ['morte', 'morrer', 'morreu', 'morto'],
    ['força', 'fortalecer', 'fortalece', 'forte'],
    ['consolo', 'consolação', 'consolar', 'consola'],
    ['sabedoria', 'sábio', 'sábios'],
    ['bênção', 'abençoar', 'abençoe', 'abençoou', 'bendito'],
    ['justiça', 'justo', 'justos'],
    ['paz', 'pacificador', 'pacificadores'],
    ['fé', 'fiel', 'fiéis'],
    ['ansiedade', 'ansioso', 'ansiosos'],
    ['inquietação', 'inquieto', 'inquietos', 'inquietai'],
  ],
  es: [
    ['amor', 'amar', 'ama', 'amo', 'amó', 'amado', 'aman', 'amad'],
    ['perdón', 'perdonar', 'perdona', 'perdonó', 'perdonado', 'perdonad'],
    ['salvación', 'salvar', 'salva', 'salvó', 'salvo', 'salvador'],
    ['oración', 'orar', 'ora', 'orad', 'oró'],
    ['esperanza', 'esperar', 'espera', 'esperad'],
    ['alegría', 'alegrar', 'alegra', 'alegraos', 'alegre'],
    ['alabanza', 'alabar', 'alaba', 'alabad'],
    ['temor', 'temer', 'teme', 'temed', 'temas'],
    ['vida', 'vivir', 'vive', 'vivió'],
    ['muerte', 'morir', 'murió', 'muerto'],
    ['fuerza', 'fortalecer', 'fortalece', 'fuerte'],
    ['consuelo', 'consolación', 'consolar', 'consuela'],
    ['sabiduría', 'sabio', 'sabios'],
    ['bendición', 'bendecir', 'bendice', 'bendito'],
    ['justicia', 'justo', 'justos'],
    ['paz', 'pacificador', 'pacificadores'],
    ['fe', 'fiel', 'fieles'],
    ['ansiedad', 'ansioso', 'ansiosos'],
    ['afán', 'afanes', 'afanosos', 'afanéis'],
  ],
  en: [
    ['love', 'beloved'],
    ['salvation', 'save', 'saved', 'saviour', 'savior'],
    ['prayer', 'pray'],
    ['joy', 'rejoice'],
    ['fear', 'afraid'],
    ['life', 'live', 'living', 'alive'],
    ['death', 'die', 'died', 'dead'],
    ['strength', 'strengthen', 'strong'],
    ['comfort', 'comforter', 'comforted'],
    ['wisdom', 'wise'],
    ['blessing', 'bless', 'blessed'],
    ['righteousness', 'righteous'],
    ['forgive', 'forgiveness', 'forgiven'],
    ['anxiety', 'anxious', 'anxieties'],
    ['faith', 'faithful', 'faithfulness'],
  ],
};

/** Accents and case do not matter when a query word is looked up. */
export const fold = (w: string) =>
  w
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();

const INDEX: Record<TextLanguage, Map<string, string[]>> = { pt: new Map(), en: new Map(), es: new Map() };
for (const [lang, families] of Object.entries(FAMILIES) as [TextLanguage, string[][]][])
  for (const family of families) for (const word of family) INDEX[lang].set(fold(word), family);

/** King James verb endings: "believe" → believeth, believest; "walk" → walketh, walkest. */
function archaicEnglish(word: string): string[] {
  if (!/^[a-z]{3,}$/.test(word)) return [];
  return word.endsWith('e') ? [`${word}th`, `${word}st`] : [`${word}eth`, `${word}est`];
}

/** The words to look for in place of `word` in a text of `language`: itself and its family. */
export function alternatives(word: string, language: TextLanguage): string[] {
  const folded = fold(word);
  const out = new Set<string>([word, ...(INDEX[language].get(folded) ?? [])]);
  if (language === 'en') for (const a of archaicEnglish(folded)) out.add(a);
  return [...out];
}
