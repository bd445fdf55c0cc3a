/**
 * Reads a SWORD Bible module in TypeScript (no native library): the drivers zText / zText4
 * (compressed blocks) and rawText / rawText4 (plain), with the conf's versification mapping
 * each index entry to a book, chapter and verse.
 *
 * Per testament ('ot', 'nt') a module has:
 * - zText: `.bzs` block index (offset u32, size u32, uncompressed size u32), `.bzv` verse index
 *   (block u32, offset u32, size u16 — size u32 in zText4), `.bzz` blocks (zlib for ZIP);
 * - rawText: `.vss` verse index (offset u32, size u16 — size u32 in rawText4) into the file
 *   named after the testament.
 * All integers are little-endian.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { inflateSync } from 'node:zlib';
import { parseSwordConf, type SwordConf } from './sword-conf.ts';
import { ContentError } from './types.ts';
import { getVersification, testamentSlots, type Slot, type Versification } from './versification.ts';

export type SwordDriver = 'zText' | 'zText4' | 'rawText' | 'rawText4';
const DRIVERS: readonly string[] = ['zText', 'zText4', 'rawText', 'rawText4'];

export interface SwordModuleInfo {
  conf: SwordConf;
  /** The conf file's path. */
  confPath: string;
  /** The module library root (the folder holding mods.d/). */
  root: string;
  /** Absolute folder of the module's data files. */
  dataPath: string;
  driver: SwordDriver;
  versification: Versification;
  encoding: 'utf8' | 'latin1';
  markup: 'OSIS' | 'ThML' | 'GBF' | 'Plain';
  language: string;
}

export interface SwordEntry {
  testament: 'ot' | 'nt';
  /** Position in the testament's index. */
  index: number;
  slot: Slot;
  /** The entry's raw markup ('' for an empty slot). */
  raw: string;
}

/** Reads and checks a module's conf: driver, data folder, versification, encoding, markup. */
export function openSwordModule(confPath: string): SwordModuleInfo {
  const conf = parseSwordConf(readFileSync(confPath));
  const root = resolve(dirname(confPath), '..');
  const driver = conf.get('ModDrv') ?? '';
  if (!DRIVERS.includes(driver)) {
    throw new ContentError(
      `SWORD module ${conf.name}: driver "${driver || '(none)'}" is not a Bible text driver this importer reads (${DRIVERS.join(', ')}).`,
    );
  }
  if (conf.get('CipherKey') !== undefined) {
    throw new ContentError(`SWORD module ${conf.name} is locked (CipherKey): it cannot be imported.`);
  }
  const compress = (conf.get('CompressType') ?? 'ZIP').toUpperCase();
  if (driver.startsWith('zText') && compress !== 'ZIP') {
    throw new ContentError(`SWORD module ${conf.name}: CompressType ${compress} is not supported (ZIP only).`);
  }
  const dataPathValue = conf.get('DataPath');
  if (!dataPathValue) throw new ContentError(`SWORD module ${conf.name}: the conf has no DataPath.`);
  let dataPath = resolve(root, dataPathValue);
  // rawText DataPaths may name a file prefix rather than a folder; the testament files sit beside it.
  if (!existsSync(dataPath) || !statSync(dataPath).isDirectory()) dataPath = dirname(dataPath);
  if (!existsSync(dataPath)) {
    throw new ContentError(`SWORD module ${conf.name}: data folder ${dataPath} is missing.`);
  }
  const enc = (conf.get('Encoding') ?? '').toUpperCase();
  const source = (conf.get('SourceType') ?? 'Plain').toUpperCase();
  const markup = source === 'OSIS' ? 'OSIS' : source === 'THML' ? 'ThML' : source === 'GBF' ? 'GBF' : 'Plain';
  return {
    conf,
    confPath,
    root,
    dataPath,
    driver: driver as SwordDriver,
    versification: getVersification(conf.get('Versification')),
    encoding: enc === 'UTF-8' || enc === 'UTF8' ? 'utf8' : 'latin1',
    markup,
    language: (conf.get('Lang') ?? '').toLowerCase(),
  };
}

/** The data files of a module (the conf first), for checksums and copies. */
export function moduleFiles(info: SwordModuleInfo): string[] {
  const files = readdirSync(info.dataPath)
    .filter((f) => /^(ot|nt)(\.(bzs|bzv|bzz|vss))?$/.test(f))
    .sort()
    .map((f) => join(info.dataPath, f));
  return [info.confPath, ...files];
}

/** SHA-256 over the conf and the data files, in a fixed order. */
export function moduleChecksum(info: SwordModuleInfo): string {
  const h = createHash('sha256');
  for (const file of moduleFiles(info)) {
    const bytes = readFileSync(file);
    h.update(`${file.slice(file.lastIndexOf('/') + 1)}:${bytes.length}:`);
    h.update(bytes);
  }
  return h.digest('hex');
}

function readIfExists(path: string): Buffer | null {
  return existsSync(path) ? readFileSync(path) : null;
}

/** Every slot of the module, testament by testament, with its raw markup. */
export function* readSwordEntries(info: SwordModuleInfo): Generator<SwordEntry> {
  for (const testament of ['ot', 'nt'] as const) {
    const slots = testamentSlots(info.versification, testament);
    const reader = testamentReader(info, testament);
    if (!reader) continue;
    if (reader.count > slots.length) {
      throw new ContentError(
        `SWORD module ${info.conf.name}: the ${testament.toUpperCase()} index has ${reader.count} entries, more than the ${slots.length} of versification ${info.versification.name}.`,
      );
    }
    for (let index = 0; index < slots.length; index++) {
      const bytes = index < reader.count ? reader.read(index) : null;
      const raw = bytes && bytes.length ? bytes.toString(info.encoding) : '';
      yield { testament, index, slot: slots[index]!, raw };
    }
  }
}

interface TestamentReader {
  count: number;
  read(index: number): Buffer | null;
}

function testamentReader(info: SwordModuleInfo, testament: 'ot' | 'nt'): TestamentReader | null {
  const base = join(info.dataPath, testament);
  const name = info.conf.name;
  if (info.driver === 'zText' || info.driver === 'zText4') {
    const bzs = readIfExists(`${base}.bzs`);
    const bzv = readIfExists(`${base}.bzv`);
    const bzz = readIfExists(`${base}.bzz`);
    if (!bzs || !bzv || !bzz) return null;
    const entrySize = info.driver === 'zText4' ? 12 : 10;
    const blockCount = Math.floor(bzs.length / 12);
    let cached: { block: number; data: Buffer } | null = null;
    const block = (n: number): Buffer => {
      if (cached?.block === n) return cached.data;
      if (n >= blockCount) throw new ContentError(`SWORD module ${name}: block ${n} is past the block index.`);
      const offset = bzs.readUInt32LE(n * 12);
      const size = bzs.readUInt32LE(n * 12 + 4);
      if (offset + size > bzz.length)
        throw new ContentError(`SWORD module ${name}: block ${n} is past the end of ${testament}.bzz.`);
      let data: Buffer;
      try {
        data = inflateSync(bzz.subarray(offset, offset + size));
      } catch (err) {
        throw new ContentError(
          `SWORD module ${name}: block ${n} of ${testament}.bzz does not inflate (${String(err)}).`,
        );
      }
      cached = { block: n, data };
      return data;
    };
    return {
      count: Math.floor(bzv.length / entrySize),
      read(index) {
        const at = index * entrySize;
        const blockNo = bzv.readUInt32LE(at);
        const start = bzv.readUInt32LE(at + 4);
        const size = entrySize === 12 ? bzv.readUInt32LE(at + 8) : bzv.readUInt16LE(at + 8);
        if (size === 0) return null;
        const data = block(blockNo);
        if (start + size > data.length) {
          throw new ContentError(`SWORD module ${name}: entry ${index} of ${testament} runs past its block.`);
        }
        return data.subarray(start, start + size);
      },
    };
  }
  const vss = readIfExists(`${base}.vss`);
  const data = readIfExists(base);
  if (!vss || !data) return null;
  const entrySize = info.driver === 'rawText4' ? 8 : 6;
  return {
    count: Math.floor(vss.length / entrySize),
    read(index) {
      const at = index * entrySize;
      const start = vss.readUInt32LE(at);
      const size = entrySize === 8 ? vss.readUInt32LE(at + 4) : vss.readUInt16LE(at + 4);
      if (size === 0) return null;
      if (start + size > data.length)
        throw new ContentError(`SWORD module ${name}: entry ${index} of ${testament} runs past the data file.`);
      return data.subarray(start, start + size);
    },
  };
}

/** The conf files under a module library root (root/mods.d/*.conf). */
export function listConfs(root: string): string[] {
  const dir = join(root, 'mods.d');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.toLowerCase().endsWith('.conf') && f.toLowerCase() !== 'globals.conf')
    .sort()
    .map((f) => join(dir, f));
}
