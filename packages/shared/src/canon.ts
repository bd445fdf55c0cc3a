/**
 * The Bible canon: the 66 books of the Protestant canon in order, each with its OSIS id (the
 * book code every installed Bible uses), its testament and its name in English, Portuguese and
 * Spanish. Names only, no text. The server's importers name each Bible's books from it in the
 * Bible's own language; the web groups a Bible's books by testament with it.
 */
import type { TextLanguage } from './schemas/scripture.ts';

export type Testament = 'ot' | 'nt';

// [OSIS, English, Português, Español]
const TABLE = [
  ['Gen', 'Genesis', 'Gênesis', 'Génesis'],
  ['Exod', 'Exodus', 'Êxodo', 'Éxodo'],
  ['Lev', 'Leviticus', 'Levítico', 'Levítico'],
  ['Num', 'Numbers', 'Números', 'Números'],
  ['Deut', 'Deuteronomy', 'Deuteronômio', 'Deuteronomio'],
  ['Josh', 'Joshua', 'Josué', 'Josué'],
  ['Judg', 'Judges', 'Juízes', 'Jueces'],
  ['Ruth', 'Ruth', 'Rute', 'Rut'],
  ['1Sam', '1 Samuel', '1 Samuel', '1 Samuel'],
  ['2Sam', '2 Samuel', '2 Samuel', '2 Samuel'],
  ['1Kgs', '1 Kings', '1 Reis', '1 Reyes'],
  ['2Kgs', '2 Kings', '2 Reis', '2 Reyes'],
  ['1Chr', '1 Chronicles', '1 Crônicas', '1 Crónicas'],
  ['2Chr', '2 Chronicles', '2 Crônicas', '2 Crónicas'],
  ['Ezra', 'Ezra', 'Esdras', 'Esdras'],
  ['Neh', 'Nehemiah', 'Neemias', 'Nehemías'],
  ['Esth', 'Esther', 'Ester', 'Ester'],
  ['Job', 'Job', 'Jó', 'Job'],
  ['Ps', 'Psalms', 'Salmos', 'Salmos'],
  ['Prov', 'Proverbs', 'Provérbios', 'Proverbios'],
  ['Eccl', 'Ecclesiastes', 'Eclesiastes', 'Eclesiastés'],
  ['Song', 'Song of Solomon', 'Cânticos', 'Cantares'],
  ['Isa', 'Isaiah', 'Isaías', 'Isaías'],
  ['Jer', 'Jeremiah', 'Jeremias', 'Jeremías'],
  ['Lam', 'Lamentations', 'Lamentações', 'Lamentaciones'],
  ['Ezek', 'Ezekiel', 'Ezequiel', 'Ezequiel'],
  ['Dan', 'Daniel', 'Daniel', 'Daniel'],
  ['Hos', 'Hosea', 'Oseias', 'Oseas'],
  ['Joel', 'Joel', 'Joel', 'Joel'],
  ['Amos', 'Amos', 'Amós', 'Amós'],
  ['Obad', 'Obadiah', 'Obadias', 'Abdías'],
  ['Jonah', 'Jonah', 'Jonas', 'Jonás'],
  ['Mic', 'Micah', 'Miqueias', 'Miqueas'],
  ['Nah', 'Nahum', 'Naum', 'Nahúm'],
  ['Hab', 'Habakkuk', 'Habacuque', 'Habacuc'],
  ['Zeph', 'Zephaniah', 'Sofonias', 'Sofonías'],
  ['Hag', 'Haggai', 'Ageu', 'Hageo'],
  ['Zech', 'Zechariah', 'Zacarias', 'Zacarías'],
  ['Mal', 'Malachi', 'Malaquias', 'Malaquías'],
  ['Matt', 'Matthew', 'Mateus', 'Mateo'],
  ['Mark', 'Mark', 'Marcos', 'Marcos'],
  ['Luke', 'Luke', 'Lucas', 'Lucas'],
  ['John', 'John', 'João', 'Juan'],
  ['Acts', 'Acts', 'Atos', 'Hechos'],
  ['Rom', 'Romans', 'Romanos', 'Romanos'],
  ['1Cor', '1 Corinthians', '1 Coríntios', '1 Corintios'],
  ['2Cor', '2 Corinthians', '2 Coríntios', '2 Corintios'],
  ['Gal', 'Galatians', 'Gálatas', 'Gálatas'],
  ['Eph', 'Ephesians', 'Efésios', 'Efesios'],
  ['Phil', 'Philippians', 'Filipenses', 'Filipenses'],
  ['Col', 'Colossians', 'Colossenses', 'Colosenses'],
  ['1Thess', '1 Thessalonians', '1 Tessalonicenses', '1 Tesalonicenses'],
  ['2Thess', '2 Thessalonians', '2 Tessalonicenses', '2 Tesalonicenses'],
  ['1Tim', '1 Timothy', '1 Timóteo', '1 Timoteo'],
  ['2Tim', '2 Timothy', '2 Timóteo', '2 Timoteo'],
  ['Titus', 'Titus', 'Tito', 'Tito'],
  ['Phlm', 'Philemon', 'Filemom', 'Filemón'],
  ['Heb', 'Hebrews', 'Hebreus', 'Hebreos'],
  ['Jas', 'James', 'Tiago', 'Santiago'],
  ['1Pet', '1 Peter', '1 Pedro', '1 Pedro'],
  ['2Pet', '2 Peter', '2 Pedro', '2 Pedro'],
  ['1John', '1 John', '1 João', '1 Juan'],
  ['2John', '2 John', '2 João', '2 Juan'],
  ['3John', '3 John', '3 João', '3 Juan'],
  ['Jude', 'Jude', 'Judas', 'Judas'],
  ['Rev', 'Revelation', 'Apocalipse', 'Apocalipsis'],
] as const;

/** An OSIS id of one of the 66 books: 'Gen', 'Ps', 'Matt', '1Cor', 'Rev', … */
export type BibleBookId = (typeof TABLE)[number][0];

export interface BibleBook {
  osis: BibleBookId;
  names: Record<TextLanguage, string>;
  testament: Testament;
}

/** How many of the 66 books are in the Old Testament (Genesis to Malachi); the rest are the New. */
export const OLD_TESTAMENT_BOOKS = 39;

/** The 66 books in canonical order. */
export const BIBLE_BOOKS: readonly BibleBook[] = TABLE.map(([osis, en, pt, es], i) => ({
  osis,
  names: { en, pt, es },
  testament: i < OLD_TESTAMENT_BOOKS ? 'ot' : 'nt',
}));

const byOsis = new Map<string, BibleBook>(BIBLE_BOOKS.map((b) => [b.osis, b]));

/** The book of the 66 with this OSIS id, if it is one of them. */
export function bibleBook(osis: string): BibleBook | undefined {
  return byOsis.get(osis);
}
