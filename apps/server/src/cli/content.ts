/**
 * `npm run content -- <command>`: the sacred-text content installer.
 *
 *   list                          known packs: id, title, language, licence, status, where found
 *   install <id> [--download]     copy a pack from the mirror into CONTENT_DIR, or download it
 *   import <path> [--id <id>]     import a SWORD module (conf or folder), a PG .txt or the TSV
 *   import --all                  import everything available (what `npm start` does)
 *
 * Options for import: --force (re-import even when unchanged). The database is DATABASE_URL, or
 * the embedded PostgreSQL in DATA_DIR when Candeia is not running.
 */
import { parseArgs } from 'node:util';
import { loadConfig, type Config } from '../config.ts';
import { createDatabase, type Database } from '../db/client.ts';
import { DataDirInUseError, EmbeddedSetupError, startEmbeddedPostgres, type EmbeddedHandle } from '../db/embedded.ts';
import { runMigrations } from '../db/migrate.ts';
import { storedChecksum } from '../modules/scripture/index.ts';
import { installPack, listPacks } from '../modules/scripture/index.ts';
import { importAll, importPath, listInstalledTexts } from '../modules/scripture/index.ts';
import { contentSettings, discoverSources } from '../modules/scripture/index.ts';
import { ContentError } from '../modules/scripture/index.ts';

const USAGE = `Usage: npm run content -- <command>
  list                         the known packs and where they are
  install <id> [--download]    install a pack into CONTENT_DIR (from CONTENT_MIRROR, or downloaded)
  import <path> [--id <id>]    import a SWORD module, a Project Gutenberg .txt or the Pickthall .tsv
  import --all                 import everything available (as npm start does)
Options: --force  import even when the database already holds the same bytes`;

const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
const log = (m: string) => console.log(`[${elapsed()}] ${m}`);

async function withDatabase<T>(config: Config, fn: (database: Database) => Promise<T>): Promise<T> {
  let embedded: EmbeddedHandle | null = null;
  let url = config.DATABASE_URL;
  if (!url) {
    try {
      embedded = await startEmbeddedPostgres({ dataDir: config.DATA_DIR, port: config.EMBEDDED_PG_PORT, log });
    } catch (err) {
      if (err instanceof DataDirInUseError) {
        throw new ContentError(
          `${err.message}\nWhile Candeia runs, it imports what CONTENT_DIR and the mirror hold at its next start; or set DATABASE_URL.`,
        );
      }
      if (err instanceof EmbeddedSetupError) throw new ContentError(err.message);
      throw err;
    }
    url = embedded.url;
  }
  const database = createDatabase(url, 2);
  try {
    await runMigrations(database.db);
    return await fn(database);
  } finally {
    await database.close();
    await embedded?.stop();
  }
}

function table(rows: Record<string, string | number>[]) {
  if (!rows.length) return;
  const keys = Object.keys(rows[0]!);
  const width = keys.map((k) => Math.max(k.length, ...rows.map((r) => String(r[k]).length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(width[i]!))
      .join('  ')
      .trimEnd();
  console.log(line(keys));
  console.log(line(width.map((w) => '-'.repeat(w))));
  for (const r of rows) console.log(line(keys.map((k) => String(r[k]))));
}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      id: { type: 'string' },
      all: { type: 'boolean', default: false },
      force: { type: 'boolean', default: false },
      download: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const [command, arg] = positionals;
  if (values.help || !command) {
    console.log(USAGE);
    return command || values.help ? 0 : 1;
  }
  const config = loadConfig();
  const settings = contentSettings(config);

  if (command === 'list') {
    const packs = listPacks(settings);
    let imported = new Map<string, { verses: number; current: boolean }>();
    if (config.DATABASE_URL) {
      const sources = new Map(discoverSources(settings).map((s) => [s.id, s]));
      imported = await withDatabase(config, async ({ db }) => {
        const texts = await listInstalledTexts(db);
        return new Map(
          texts.map((t) => {
            const source = sources.get(t.id);
            return [
              t.id,
              { verses: t.verseCount, current: !!source && storedChecksum(source.checksum()) === t.checksum },
            ];
          }),
        );
      });
    }
    table(
      packs.map((p) => ({
        id: p.id,
        title: p.title,
        lang: p.language,
        licence: p.licence,
        status: p.status,
        ...(config.DATABASE_URL
          ? {
              database: imported.has(p.id)
                ? `${imported.get(p.id)!.verses} verses${imported.get(p.id)!.current ? '' : ' (source changed)'}`
                : '-',
            }
          : {}),
        where: p.where,
      })),
    );
    console.log(`\nCONTENT_DIR=${settings.contentDir}  mirror=${settings.mirror ?? '(none)'}`);
    if (!config.DATABASE_URL) console.log('Set DATABASE_URL to see what the database holds.');
    return 0;
  }

  if (command === 'install') {
    if (!arg) throw new ContentError(`install needs a pack id (npm run content -- list).\n\n${USAGE}`);
    const result = await installPack(arg, settings, { log, download: values.download });
    if (result.from !== 'present') {
      log(
        `${arg}: installed in ${settings.contentDir}. It is imported at the next start, or now with: npm run content -- import --all`,
      );
    }
    return 0;
  }

  if (command === 'import') {
    if (!arg && !values.all) throw new ContentError(`import needs a path, or --all.\n\n${USAGE}`);
    return withDatabase(config, async ({ db }) => {
      if (values.all) {
        const { results, failed } = await importAll({ db, config }, { log, force: values.force });
        table(
          results.map((r) => ({
            id: r.id,
            status: r.status,
            books: r.books,
            verses: r.verses,
            seconds: (r.ms / 1000).toFixed(1),
          })),
        );
        for (const f of failed) console.error(`${f.id}: ${f.error}`);
        return failed.length ? 1 : 0;
      }
      const results = await importPath(db, arg!, { id: values.id, log, force: values.force });
      for (const r of results)
        if (r.status === 'unchanged') log(`${r.id}: unchanged (already imported from the same bytes; --force to redo)`);
      return 0;
    });
  }

  throw new ContentError(`Unknown command "${command}".\n\n${USAGE}`);
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (err) {
  if (err instanceof ContentError || (err as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    console.error(String((err as Error).message));
  } else {
    console.error('content:', err instanceof Error ? (err.stack ?? err.message) : String(err));
  }
  process.exitCode = 1;
}
