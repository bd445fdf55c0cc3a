/**
 * The Qur'an in Pickthall's translation, as one book ('main') of 114 chapters (the surahs),
 * each opening with the surah's name as its heading. Two sources give the same verses:
 * - pickthall.tsv (derived, see its PROVENANCE.md): a header `surah<TAB>ayah<TAB>text`, then one
 *   verse per line;
 * - Project Gutenberg #16955 (three translations side by side): the `P:` paragraph of each
 *   verse block, verses numbered in sequence within each surah (the e-text mistypes four verse
 *   headers) and checked against each surah's "Total Verses: N".
 */
import { createHash } from 'node:crypto';
import { findPack } from './catalogue.ts';
import { stripGutenberg } from './gutenberg.ts';
import { ContentError, type ParsedText, type ParsedVerse } from './types.ts';

/** The 114 surah names, transliterated, with their usual English rendering. */
export const SURAH_NAMES: readonly string[] = [
  'Al-Fatihah (The Opening)',
  'Al-Baqarah (The Cow)',
  "Al 'Imran (The Family of 'Imran)",
  "An-Nisa' (Women)",
  "Al-Ma'idah (The Table Spread)",
  "Al-An'am (Cattle)",
  "Al-A'raf (The Heights)",
  'Al-Anfal (The Spoils of War)',
  'At-Tawbah (Repentance)',
  'Yunus (Jonah)',
  'Hud',
  'Yusuf (Joseph)',
  "Ar-Ra'd (The Thunder)",
  'Ibrahim (Abraham)',
  'Al-Hijr (The Rocky Tract)',
  'An-Nahl (The Bee)',
  "Al-Isra' (The Night Journey)",
  'Al-Kahf (The Cave)',
  'Maryam (Mary)',
  'Ta-Ha',
  "Al-Anbiya' (The Prophets)",
  'Al-Hajj (The Pilgrimage)',
  "Al-Mu'minun (The Believers)",
  'An-Nur (The Light)',
  'Al-Furqan (The Criterion)',
  "Ash-Shu'ara' (The Poets)",
  'An-Naml (The Ant)',
  'Al-Qasas (The Story)',
  "Al-'Ankabut (The Spider)",
  'Ar-Rum (The Romans)',
  'Luqman',
  'As-Sajdah (The Prostration)',
  'Al-Ahzab (The Clans)',
  "Saba' (Sheba)",
  'Fatir (The Originator)',
  'Ya-Sin',
  'As-Saffat (Those Who Set the Ranks)',
  'Sad',
  'Az-Zumar (The Troops)',
  'Ghafir (The Forgiver)',
  'Fussilat (Explained in Detail)',
  'Ash-Shura (Consultation)',
  'Az-Zukhruf (Ornaments of Gold)',
  'Ad-Dukhan (Smoke)',
  'Al-Jathiyah (Crouching)',
  'Al-Ahqaf (The Wind-Curved Sandhills)',
  'Muhammad',
  'Al-Fath (Victory)',
  'Al-Hujurat (The Private Apartments)',
  'Qaf',
  'Adh-Dhariyat (The Winnowing Winds)',
  'At-Tur (The Mount)',
  'An-Najm (The Star)',
  'Al-Qamar (The Moon)',
  'Ar-Rahman (The Beneficent)',
  "Al-Waqi'ah (The Event)",
  'Al-Hadid (Iron)',
  'Al-Mujadilah (She That Disputeth)',
  'Al-Hashr (Exile)',
  'Al-Mumtahanah (She That Is to Be Examined)',
  'As-Saff (The Ranks)',
  "Al-Jumu'ah (The Congregation)",
  'Al-Munafiqun (The Hypocrites)',
  'At-Taghabun (Mutual Disillusion)',
  'At-Talaq (Divorce)',
  'At-Tahrim (Banning)',
  'Al-Mulk (The Sovereignty)',
  'Al-Qalam (The Pen)',
  'Al-Haqqah (The Reality)',
  "Al-Ma'arij (The Ascending Stairways)",
  'Nuh (Noah)',
  'Al-Jinn (The Jinn)',
  'Al-Muzzammil (The Enshrouded One)',
  'Al-Muddaththir (The Cloaked One)',
  'Al-Qiyamah (The Rising of the Dead)',
  'Al-Insan (Man)',
  'Al-Mursalat (The Emissaries)',
  "An-Naba' (The Tidings)",
  "An-Nazi'at (Those Who Drag Forth)",
  "'Abasa (He Frowned)",
  'At-Takwir (The Overthrowing)',
  'Al-Infitar (The Cleaving)',
  'Al-Mutaffifin (Defrauding)',
  'Al-Inshiqaq (The Sundering)',
  'Al-Buruj (The Mansions of the Stars)',
  'At-Tariq (The Morning Star)',
  "Al-A'la (The Most High)",
  'Al-Ghashiyah (The Overwhelming)',
  'Al-Fajr (The Dawn)',
  'Al-Balad (The City)',
  'Ash-Shams (The Sun)',
  'Al-Layl (The Night)',
  'Ad-Duha (The Morning Hours)',
  'Ash-Sharh (Solace)',
  'At-Tin (The Fig)',
  "Al-'Alaq (The Clot)",
  'Al-Qadr (Power)',
  'Al-Bayyinah (The Clear Proof)',
  'Az-Zalzalah (The Earthquake)',
  "Al-'Adiyat (The Coursers)",
  "Al-Qari'ah (The Calamity)",
  'At-Takathur (Rivalry in World Increase)',
  "Al-'Asr (The Declining Day)",
  'Al-Humazah (The Traducer)',
  'Al-Fil (The Elephant)',
  'Quraysh',
  "Al-Ma'un (Small Kindnesses)",
  'Al-Kawthar (Abundance)',
  'Al-Kafirun (The Disbelievers)',
  'An-Nasr (Succour)',
  'Al-Masad (Palm Fibre)',
  'Al-Ikhlas (The Unity)',
  'Al-Falaq (The Daybreak)',
  'An-Nas (Mankind)',
];

function pack() {
  const p = findPack('quran-pickthall');
  if (p?.kind !== 'quran') throw new ContentError('The catalogue has no quran-pickthall pack.');
  return p;
}

function build(verses: { surah: number; ayah: number; text: string }[], source: string, bytes: Buffer): ParsedText {
  const p = pack();
  const out: ParsedVerse[] = verses.map((v) => ({
    chapter: v.surah,
    verse: v.ayah,
    content: v.text,
    paragraph: true,
    heading: v.ayah === 1 ? (SURAH_NAMES[v.surah - 1] ?? null) : null,
  }));
  const { kind: _k, files: _f, upstream: _u, ...meta } = p;
  return {
    meta: { ...meta, source },
    checksum: createHash('sha256').update(bytes).digest('hex'),
    books: [{ code: 'main', name: "The Qur'an", verses: out }],
  };
}

function checkSequence(verses: { surah: number; ayah: number }[], where: string) {
  let prev = { surah: 0, ayah: 0 };
  for (const v of verses) {
    const next = (v.surah === prev.surah && v.ayah === prev.ayah + 1) || (v.surah === prev.surah + 1 && v.ayah === 1);
    if (!next || v.surah > 114) {
      throw new ContentError(`${where}: ${v.surah}:${v.ayah} does not follow ${prev.surah}:${prev.ayah}.`);
    }
    prev = v;
  }
}

/** pickthall.tsv: `surah<TAB>ayah<TAB>text` with a header line. */
export function parsePickthallTsv(bytes: Buffer): ParsedText {
  const lines = bytes
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/);
  const header = lines
    .shift()
    ?.split('\t')
    .map((h) => h.trim().toLowerCase());
  if (header?.join(',') !== 'surah,ayah,text') {
    throw new ContentError('Not the Pickthall TSV: the first line must be "surah<TAB>ayah<TAB>text".');
  }
  const verses: { surah: number; ayah: number; text: string }[] = [];
  lines.forEach((line, i) => {
    if (!line.trim()) return;
    const [s, a, ...rest] = line.split('\t');
    const text = rest.join(' ').replace(/\s+/g, ' ').trim();
    if (!/^\d+$/.test(s ?? '') || !/^\d+$/.test(a ?? '') || !text) {
      throw new ContentError(`pickthall.tsv line ${i + 2}: expected "surah<TAB>ayah<TAB>text".`);
    }
    verses.push({ surah: Number(s), ayah: Number(a), text });
  });
  checkSequence(verses, 'pickthall.tsv');
  return build(verses, 'tsv:pickthall', bytes);
}

/** Project Gutenberg #16955: the `P:` (Pickthall) paragraph of every verse block. */
export function parseQuranGutenberg(bytes: Buffer): ParsedText {
  const body = stripGutenberg(bytes.toString('utf8'));
  const lines = body.split('\n');
  const verses: { surah: number; ayah: number; text: string }[] = [];
  const totals = new Map<number, number>();
  let surah = 0;
  let ayah = 0;
  let inVerse = false;
  let taken = false;
  let collecting: string[] | null = null;
  const flush = () => {
    if (collecting) verses.push({ surah, ayah, text: collecting.join(' ').replace(/\s+/g, ' ').trim() });
    collecting = null;
  };
  for (const line of lines) {
    const chapter = /^\s*Chapter\s+(\d+):\s*$/.exec(line);
    if (chapter) {
      flush();
      surah = Number(chapter[1]);
      ayah = 0;
      inVerse = false;
      continue;
    }
    const total = /^\s*Total Verses:\s*(\d+)/.exec(line);
    if (total && surah) totals.set(surah, Number(total[1]));
    if (/^\d{1,3}\.\d{1,3}\s*$/.test(line)) {
      // A verse header (SSS.VVV); numbered by sequence, so mistyped headers do no harm.
      flush();
      ayah += 1;
      inVerse = true;
      taken = false;
      continue;
    }
    if (!inVerse) continue;
    if (collecting) {
      if (/^\s*$/.test(line)) flush();
      else (collecting as string[]).push(line.trim());
    } else if (/^P:\s/.test(line) && !taken) {
      collecting = [line.replace(/^P:\s*/, '')];
      taken = true;
    }
  }
  flush();
  if (!verses.length) throw new ContentError('Project Gutenberg #16955: no "P:" verses found.');
  checkSequence(verses, '16955.txt');
  for (const [s, n] of totals) {
    const count = verses.filter((v) => v.surah === s).length;
    if (count !== n) throw new ContentError(`16955.txt: surah ${s} has ${count} verses, its heading says ${n}.`);
  }
  return build(verses, 'gutenberg:16955', bytes);
}
