/**
 * Small content fixtures that tests write themselves into a temporary folder: SWORD modules
 * (zText / zText4 with zlib-compressed blocks, rawText / rawText4) with their conf, Project
 * Gutenberg-style e-texts (header, footer, CRLF), a Pickthall-style TSV, a ZIP, and a local
 * HTTP server that serves fixture bytes and fails on any other request. The verse texts here
 * are made up for the tests.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { crc32, deflateRawSync, deflateSync } from 'node:zlib';
import { getVersification } from '../../src/modules/scripture/content/versification.ts';

export function tempDir(prefix = 'candeia-content-'): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

export function writeFile(path: string, data: string | Buffer): string {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, data);
  return path;
}

/** One slot's markup: a verse, a chapter heading (verse 0) or a book introduction (chapter 0, verse 0). */
export interface FixtureEntry {
  osis: string;
  chapter: number;
  verse: number;
  text: string;
}

export interface SwordFixture {
  name: string;
  driver?: 'zText' | 'zText4' | 'rawText' | 'rawText4';
  versification?: string;
  lang?: string;
  sourceType?: 'OSIS' | 'ThML' | 'GBF' | 'Plain';
  encoding?: 'UTF-8' | 'Latin-1';
  blockType?: 'BOOK' | 'CHAPTER';
  /** Extra conf lines (Description=…, DistributionLicense=…, About=…). */
  conf?: string[];
  entries: FixtureEntry[];
}

/**
 * The index of a slot in its testament, computed from the versification's verse counts:
 * [0] module heading, [1] testament heading, then per book an introduction and per chapter a
 * heading followed by its verses.
 */
function slotIndex(
  versification: string,
  e: FixtureEntry,
): { testament: 'ot' | 'nt'; index: number; book: number; chapter: number } {
  const v = getVersification(versification);
  for (const testament of ['ot', 'nt'] as const) {
    let index = 2;
    const books = v[testament];
    for (let b = 0; b < books.length; b++) {
      const book = books[b]!;
      if (book.osis === e.osis) {
        if (e.chapter === 0) return { testament, index, book: b, chapter: 0 };
        index += 1;
        for (let c = 1; c < e.chapter; c++) index += 1 + book.chapters[c - 1]!;
        if (e.verse > (book.chapters[e.chapter - 1] ?? -1))
          throw new Error(`${e.osis} ${e.chapter}:${e.verse} is not in ${versification}`);
        return { testament, index: index + e.verse, book: b, chapter: e.chapter };
      }
      index += 1 + book.chapters.reduce((n, count) => n + 1 + count, 0);
    }
  }
  throw new Error(`unknown book ${e.osis}`);
}

function testamentSize(versification: string, testament: 'ot' | 'nt'): number {
  return getVersification(versification)[testament].reduce(
    (n, b) => n + 1 + b.chapters.reduce((m, c) => m + 1 + c, 0),
    2,
  );
}

/** Writes a SWORD library (mods.d/ + modules/) under `root`; returns the conf's path. */
export function writeSwordModule(root: string, m: SwordFixture): string {
  const driver = m.driver ?? 'zText';
  const versification = m.versification ?? 'KJV';
  const encoding = m.encoding ?? 'UTF-8';
  const lower = m.name.toLowerCase();
  const z = driver.startsWith('zText');
  const rel = `modules/texts/${z ? 'ztext' : 'rawtext'}/${lower}/`;
  const dir = join(root, rel);
  mkdirSync(dir, { recursive: true });
  const enc = (s: string) => Buffer.from(s, encoding === 'UTF-8' ? 'utf8' : 'latin1');
  for (const testament of ['ot', 'nt'] as const) {
    const slots = m.entries
      .map((e) => ({ ...slotIndex(versification, e), data: enc(e.text) }))
      .filter((s) => s.testament === testament)
      .sort((a, b) => a.index - b.index);
    if (!slots.length) continue;
    // A full-size index, as real modules have: every slot of the testament, empty ones size 0.
    const count = testamentSize(versification, testament);
    if (z) {
      const wide = driver === 'zText4';
      const entrySize = wide ? 12 : 10;
      const bzv = Buffer.alloc(count * entrySize);
      const blocks: { key: string; parts: Buffer[]; size: number }[] = [];
      for (const s of slots) {
        const key = m.blockType === 'CHAPTER' ? `${s.book}:${s.chapter}` : `${s.book}`;
        let block = blocks.at(-1);
        if (block?.key !== key) {
          block = { key, parts: [], size: 0 };
          blocks.push(block);
        }
        bzv.writeUInt32LE(blocks.length - 1, s.index * entrySize);
        bzv.writeUInt32LE(block.size, s.index * entrySize + 4);
        if (wide) bzv.writeUInt32LE(s.data.length, s.index * entrySize + 8);
        else bzv.writeUInt16LE(s.data.length, s.index * entrySize + 8);
        block.parts.push(s.data);
        block.size += s.data.length;
      }
      const bzs = Buffer.alloc(blocks.length * 12);
      const compressed: Buffer[] = [];
      let offset = 0;
      blocks.forEach((b, i) => {
        const raw = Buffer.concat(b.parts);
        const zipped = deflateSync(raw);
        bzs.writeUInt32LE(offset, i * 12);
        bzs.writeUInt32LE(zipped.length, i * 12 + 4);
        bzs.writeUInt32LE(raw.length, i * 12 + 8);
        compressed.push(zipped);
        offset += zipped.length;
      });
      writeFileSync(join(dir, `${testament}.bzs`), bzs);
      writeFileSync(join(dir, `${testament}.bzv`), bzv);
      writeFileSync(join(dir, `${testament}.bzz`), Buffer.concat(compressed));
    } else {
      const wide = driver === 'rawText4';
      const entrySize = wide ? 8 : 6;
      const vss = Buffer.alloc(count * entrySize);
      const parts: Buffer[] = [];
      let offset = 0;
      for (const s of slots) {
        vss.writeUInt32LE(offset, s.index * entrySize);
        if (wide) vss.writeUInt32LE(s.data.length, s.index * entrySize + 4);
        else vss.writeUInt16LE(s.data.length, s.index * entrySize + 4);
        parts.push(s.data);
        offset += s.data.length;
      }
      writeFileSync(join(dir, `${testament}.vss`), vss);
      writeFileSync(join(dir, testament), Buffer.concat(parts));
    }
  }
  const conf = [
    `[${m.name}]`,
    `DataPath=./${rel}`,
    `ModDrv=${driver}`,
    ...(z ? ['CompressType=ZIP', `BlockType=${m.blockType ?? 'BOOK'}`] : []),
    ...(encoding === 'UTF-8' ? ['Encoding=UTF-8'] : []),
    `SourceType=${m.sourceType ?? 'OSIS'}`,
    `Lang=${m.lang ?? 'en'}`,
    ...(m.versification ? [`Versification=${m.versification}`] : []),
    ...(m.conf ?? [`Description=${m.name} test Bible`, 'DistributionLicense=Public Domain']),
  ].join('\n');
  return writeFile(join(root, 'mods.d', `${lower}.conf`), enc(`${conf}\n`));
}

/** A Project Gutenberg-style e-text: header, body, footer and licence, CRLF line endings. */
export function gutenbergText(body: string, opts: { title: string; ebook: number; header?: 'modern' | 'old' }): Buffer {
  const header =
    opts.header === 'old'
      ? [
          `The Project Gutenberg Etext of ${opts.title}`,
          '',
          '***START**THE SMALL PRINT!**FOR PUBLIC DOMAIN ETEXTS**START***',
          'Why is this "Small Print!" statement here? You know: lawyers.',
          'Project Gutenberg is a registered trademark.',
          '*END THE SMALL PRINT! FOR PUBLIC DOMAIN ETEXTS*Ver.12.12.00*END*',
          '',
        ]
      : [
          `The Project Gutenberg EBook of ${opts.title}`,
          '',
          `Posting Date: July 12, 2008 [EBook #${opts.ebook}]`,
          '',
          `*** START OF THIS PROJECT GUTENBERG EBOOK ${opts.title.toUpperCase()} ***`,
          '',
          'Produced by a volunteer',
          '',
        ];
  const footer =
    opts.header === 'old'
      ? ['', `End of Project Gutenberg Etext ${opts.title}`, '']
      : [
          '',
          `End of the Project Gutenberg EBook of ${opts.title}`,
          '',
          `*** END OF THIS PROJECT GUTENBERG EBOOK ${opts.title.toUpperCase()} ***`,
          '',
          '*** START: FULL LICENSE ***',
          'THE FULL PROJECT GUTENBERG LICENSE',
          '',
        ];
  return Buffer.from([...header, ...body.split('\n'), ...footer].join('\r\n'), 'utf8');
}

/** A Pickthall-style TSV from [surah, ayah, text] rows. */
export function pickthallTsv(rows: [number, number, string][]): Buffer {
  return Buffer.from(['surah\tayah\ttext', ...rows.map((r) => r.join('\t'))].join('\n') + '\n', 'utf8');
}

/** A ZIP archive of the given files (deflated), as CrossWire's module zips are. */
export function makeZip(files: { name: string; data: Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const f of files) {
    const name = Buffer.from(f.name, 'utf8');
    const packed = deflateRawSync(f.data);
    const crc = crc32(f.data) >>> 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(f.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(f.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += 30 + name.length + packed.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

export interface FixtureServer {
  url: string;
  /** Paths requested so far. */
  requests: string[];
  /** Requests for paths nobody served: a test expecting none checks this is empty. */
  unexpected: string[];
  close(): Promise<void>;
}

/** A local HTTP server answering only the given paths; anything else is a 404 and recorded. */
export async function serveFixtures(routes: Record<string, Buffer>): Promise<FixtureServer> {
  const requests: string[] = [];
  const unexpected: string[] = [];
  const server: Server = createServer((req, res) => {
    const path = req.url ?? '';
    requests.push(path);
    const body = routes[path];
    if (!body || req.method !== 'GET') {
      unexpected.push(`${req.method} ${path}`);
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': body.length }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    unexpected,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
