import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '@candeia/shared/i18n/server';
import type { ContentRunDto, ContentTextDto, ContentTextsDto } from '@candeia/shared/schemas/content-admin';
import { createTestApp, type TestApp } from './support/app.ts';
import { insertAccount, type TestUser } from './support/factories.ts';
import { hasMirror, MIRROR } from './support/mirror.ts';
import { gutenbergText, tempDir, writeFile } from './support/scripture-fixtures.ts';

/**
 * Sacred texts from the administration (decision 028): the catalogue with what this machine and
 * the database hold; an install or re-import is a queued run carried out by the `content-install`
 * job, which writes its progress to the run's row; one run per text at a time (a second: 409);
 * a failure is recorded with a code the page translates. A tiny Gutenberg fixture stands for the
 * Tao Te Ching; the real mirror, when present, for a Bible big enough to show its progress.
 */

const tmp = tempDir();
const contentDir = join(tmp.path, 'content');
const mirror = join(tmp.path, 'mirror');
const TAO = gutenbergText(
  [
    'THE TAO TEH KING',
    '',
    '',
    '',
    'PART 1.',
    '',
    '',
    'Ch. 1. 1. The way that can be walked is not the lasting way.',
    '',
    '2. Having no name, it is the start of things.',
    '',
    '',
    '2. 1. All know the pretty as pretty.',
    '',
    '2. So the wise act without acting.',
  ].join('\n'),
  { title: 'Tao Teh King', ebook: 216 },
);
// The Tao is here already (as a pack in CONTENT_DIR); the mirror's Dhammapada has the wrong bytes.
writeFile(join(contentDir, 'gutenberg/tao-te-ching-legge/216.txt'), TAO);
writeFile(join(mirror, 'gutenberg/dhammapada-muller/2017.txt'), 'not the real Dhammapada');

const t = await createTestApp({ CONTENT_DIR: contentDir, CONTENT_MIRROR: mirror });
let admin: TestUser;
beforeAll(async () => {
  admin = await insertAccount(t, { role: 'admin' });
});
afterAll(async () => {
  await t.close();
  tmp.remove();
});

const list = async (app: TestApp = t, who: TestUser = admin) => {
  const res = await app.request({ url: '/api/admin/texts', cookie: who.cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ContentTextsDto>();
};
const text = async (id: string, app: TestApp = t, who: TestUser = admin): Promise<ContentTextDto> =>
  (await list(app, who)).texts.find((x) => x.id === id)!;
/** Asks for a run, a second after the last (the latest run of a text is the newest). */
const start = (id: string, action: 'install' | 'reimport', app: TestApp = t, who: TestUser = admin) => {
  app.clock.advance(1000);
  return app.request({
    method: 'POST',
    url: `/api/admin/texts/${id}/runs`,
    cookie: who.cookie,
    payload: { action },
    locale: 'en-US',
  });
};

/** Holds the importer's lock of one text (as another importer would) until released. */
async function holdImportLock(app: TestApp, textId: string) {
  const client = new pg.Client({ connectionString: app.databaseUrl });
  await client.connect();
  await client.query('BEGIN');
  await client.query("SELECT pg_advisory_xact_lock(hashtext('candeia.scripture-import'), hashtext($1))", [textId]);
  return async () => {
    await client.query('COMMIT');
    await client.end();
  };
}

describe('the catalogue', () => {
  it('lists every pack with where its files are and what the database holds', async () => {
    const all = await list();
    expect(all.contentDir).toBe(contentDir);
    expect(all.mirror).toBe(mirror);
    for (const id of ['kjv', 'porblivre', 'quran-pickthall', 'tao-te-ching-legge', 'dhammapada-muller'])
      expect(all.texts.map((x) => x.id)).toContain(id);
    expect(await text('tao-te-ching-legge')).toMatchObject({
      files: 'installed',
      imported: null,
      canInstall: true,
      canReimport: true,
      lastRun: null,
    });
    expect(await text('dhammapada-muller')).toMatchObject({ files: 'available', imported: null, canInstall: true });
    expect((await text('kjv')).files).toBe('installed');
  });

  it('is for administrators only', async () => {
    const member = await insertAccount(t);
    expect((await t.request({ url: '/api/admin/texts', cookie: member.cookie })).statusCode).toBe(403);
    expect((await start('tao-te-ching-legge', 'install', t, member)).statusCode).toBe(403);
    expect((await t.request({ url: '/api/admin/texts' })).statusCode).toBe(401);
    expect(await t.query('SELECT id FROM content_runs')).toEqual([]);
  });
});

describe('an install, carried out by the job', () => {
  it('is queued, runs (its row shows where it stands), refuses a second meanwhile with 409, and ends imported', async () => {
    const release = await holdImportLock(t, 'tao-te-ching-legge');
    let released = false;
    try {
      const res = await start('tao-te-ching-legge', 'install');
      expect(res.statusCode, res.body).toBe(202);
      const run = res.json<ContentRunDto>();
      expect(run).toMatchObject({ textId: 'tao-te-ching-legge', action: 'install', status: 'queued' });
      // The job has the text read and waits for the importer's lock: running.
      await expect
        .poll(async () => (await text('tao-te-ching-legge')).lastRun?.status, { timeout: 10_000 })
        .toBe('running');
      expect((await text('tao-te-ching-legge')).lastRun).toMatchObject({ id: run.id, phase: 'reading', done: 0 });
      for (const action of ['install', 'reimport'] as const) {
        const second = await start('tao-te-ching-legge', action);
        expect(second.statusCode).toBe(409);
        expect(second.json().error).toEqual({
          code: 'CONTENT_RUN_IN_PROGRESS',
          message: translate('en-US', 'errors:CONTENT_RUN_IN_PROGRESS'),
        });
      }
      await release();
      released = true;
      await t.jobs.settle('content-install', 20_000);
      const [stored] = await t.query<{ verse_count: number }>(
        "SELECT verse_count FROM scripture_texts WHERE id = 'tao-te-ching-legge'",
      );
      expect(stored!.verse_count).toBeGreaterThan(0);
      const done = await text('tao-te-ching-legge');
      expect(done.lastRun).toMatchObject({
        id: run.id,
        status: 'done',
        phase: null,
        outcome: 'imported',
        done: stored!.verse_count,
        total: stored!.verse_count,
        errorCode: null,
      });
      expect(done.imported).toMatchObject({ books: 1, verses: stored!.verse_count, current: true });
      expect(done.canInstall).toBe(false);
    } finally {
      if (!released) await release();
    }
    // The reader has it.
    const books = await t.request({ url: '/api/scripture/texts/tao-te-ching-legge/books' });
    expect(books.statusCode).toBe(200);
    expect(
      await t.query("SELECT details FROM security_events WHERE type = 'admin_content_run' AND user_id = $1", [
        admin.user.id,
      ]),
    ).toEqual([{ details: 'install tao-te-ching-legge' }]);
  });

  it('a re-import writes the text again even when its bytes did not change', async () => {
    const res = await start('tao-te-ching-legge', 'reimport');
    expect(res.statusCode, res.body).toBe(202);
    await t.jobs.settle('content-install', 20_000);
    expect((await text('tao-te-ching-legge')).lastRun).toMatchObject({ status: 'done', outcome: 'replaced' });
  });

  it('two clicks at the same moment start one run', async () => {
    const [a, b] = await Promise.all([
      start('tao-te-ching-legge', 'reimport'),
      start('tao-te-ching-legge', 'reimport'),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([202, 409]);
    await t.jobs.settle('content-install', 20_000);
    expect(await t.query("SELECT count(*)::int AS n FROM content_runs WHERE text_id = 'tao-te-ching-legge'")).toEqual([
      { n: 3 },
    ]);
  });

  it('a pack whose bytes do not match the catalogue fails with its code, and nothing is installed', async () => {
    const res = await start('dhammapada-muller', 'install');
    expect(res.statusCode).toBe(202);
    await t.jobs.settle('content-install', 20_000);
    const failed = await text('dhammapada-muller');
    expect(failed.lastRun).toMatchObject({ status: 'failed', errorCode: 'CONTENT_CHECKSUM' });
    expect(failed.lastRun!.errorDetail).toContain('checksum mismatch');
    expect(translate('pt-BR', 'errors:CONTENT_CHECKSUM')).not.toBe('errors:CONTENT_CHECKSUM');
    expect(failed.imported).toBeNull();
    // Another try is allowed once it has failed.
    expect((await start('dhammapada-muller', 'install')).statusCode).toBe(202);
    await t.jobs.settle('content-install', 20_000);
  });

  it('a run whose job stopped writing long ago is shown interrupted and does not block a new one', async () => {
    await t.query(
      `INSERT INTO content_runs (text_id, action, status, phase, created_at, updated_at)
       VALUES ('analects-legge', 'install', 'running', 'reading', $1::timestamptz - interval '1 hour', $1::timestamptz - interval '20 minutes')`,
      [t.clock.now()],
    );
    expect((await text('analects-legge')).lastRun).toMatchObject({
      status: 'failed',
      errorCode: 'CONTENT_INTERRUPTED',
    });
    // A re-import (no download is tried): neither this machine's content nor the mirror has it.
    const res = await start('analects-legge', 'reimport');
    expect(res.statusCode, res.body).toBe(202);
    await t.jobs.settle('content-install', 20_000);
    expect(
      await t.query("SELECT status, error_code FROM content_runs WHERE text_id = 'analects-legge' ORDER BY created_at"),
    ).toEqual([
      { status: 'failed', error_code: 'CONTENT_INTERRUPTED' },
      { status: 'failed', error_code: 'CONTENT_NOT_AVAILABLE' },
    ]);
  });

  it('an unknown text is 404; a bad action 400', async () => {
    expect((await start('nao-existe', 'install')).statusCode).toBe(404);
    const bad = await t.request({
      method: 'POST',
      url: '/api/admin/texts/kjv/runs',
      cookie: admin.cookie,
      payload: { action: 'delete' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

// The fixtures above cover the same routes without the mirror; these install real texts from it.
// Skipped only where the shared content mirror (CONTENT_MIRROR, ../shared/content) is absent.
describe.skipIf(!hasMirror)('with the shared content mirror', () => {
  let m: TestApp;
  let boss: TestUser;
  const dir = tempDir();
  beforeAll(async () => {
    m = await createTestApp({ CONTENT_DIR: dir.path, CONTENT_MIRROR: MIRROR });
    boss = await insertAccount(m, { role: 'admin' });
  });
  afterAll(async () => {
    await m.close();
    dir.remove();
  });

  it('installs Bíblia Livre from the mirror: copied, then imported, its progress written as it goes', async () => {
    expect(await text('porblivre', m, boss)).toMatchObject({ files: 'available', imported: null });
    const res = await start('porblivre', 'install', m, boss);
    expect(res.statusCode, res.body).toBe(202);
    const seen: { status: string; phase: string | null; done: number; total: number | null }[] = [];
    for (;;) {
      const run = (await text('porblivre', m, boss)).lastRun!;
      seen.push({ status: run.status, phase: run.phase, done: run.done, total: run.total });
      if (run.status === 'done' || run.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 25));
    }
    const last = seen.at(-1)!;
    expect(last, JSON.stringify(seen.slice(-3))).toMatchObject({ status: 'done', phase: null });
    expect(last.total).toBeGreaterThan(30_000);
    expect(last.done).toBe(last.total);
    // Watched while it ran: it ran, and what it had written only ever grew.
    expect(seen.some((s) => s.status === 'running')).toBe(true);
    const dones = seen.map((s) => s.done);
    expect(dones).toEqual([...dones].sort((a, b) => a - b));
    expect(await text('porblivre', m, boss)).toMatchObject({
      files: 'installed',
      imported: { books: 66, verses: last.total, current: true },
    });
  }, 120_000);
});
