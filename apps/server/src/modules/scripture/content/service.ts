/**
 * What the rest of the server uses: import everything available (at start-up and from the
 * CLI), import one path, and list what is in the database.
 */
import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import { importSource, type ImportOptions, type ImportResult } from './importer.ts';
import { contentSettings, discoverSources, sourcesForPath, type ContentSettings } from './sources.ts';
import { ContentError, type ContentLog } from './types.ts';

export { listInstalledTexts, importParsed, type InstalledText, type ImportResult } from './importer.ts';

export interface ContentDeps {
  db: Db;
  config: Pick<Config, 'CONTENT_DIR' | 'CONTENT_MIRROR' | 'SWORD_PATH'>;
}

export interface ImportAllResult {
  results: ImportResult[];
  failed: { id: string; error: string }[];
  ms: number;
}

/**
 * Imports every source found (see sources.ts for the order), each in its own transaction;
 * texts already imported from the same bytes are skipped. A source that fails is reported and
 * the others go on. Stops between texts when `signal` aborts.
 */
export async function importAll(
  deps: ContentDeps,
  opts: ImportOptions & { settings?: ContentSettings } = {},
): Promise<ImportAllResult> {
  const log: ContentLog = opts.log ?? (() => {});
  const started = performance.now();
  const settings = opts.settings ?? contentSettings(deps.config);
  const sources = discoverSources(settings, log);
  const results: ImportResult[] = [];
  const failed: ImportAllResult['failed'] = [];
  for (const source of sources) {
    if (opts.signal?.aborted) break;
    try {
      results.push(await importSource(deps.db, source, { ...opts, log }));
    } catch (err) {
      if (opts.signal?.aborted) break;
      const error = err instanceof ContentError ? err.message : String(err);
      failed.push({ id: source.id, error });
      log(`${source.id}: import failed: ${error}`);
    }
  }
  return { results, failed, ms: performance.now() - started };
}

/** Imports what a path holds (`npm run content -- import <path> [--id <id>]`). */
export async function importPath(
  db: Db,
  path: string,
  opts: ImportOptions & { id?: string } = {},
): Promise<ImportResult[]> {
  const results: ImportResult[] = [];
  for (const source of sourcesForPath(path, { id: opts.id })) results.push(await importSource(db, source, opts));
  return results;
}

/**
 * The start-up import: runs importAll in the background so the server answers at once (each
 * text appears when its transaction commits). Never rejects: failures are logged. Aborting
 * the signal (shutdown) rolls back the text in progress and ends the promise.
 */
export function importInBackground(deps: ContentDeps, opts: { log: ContentLog; signal: AbortSignal }): Promise<void> {
  const { log, signal } = opts;
  return (async () => {
    const { results, failed, ms } = await importAll(deps, { log, signal });
    if (signal.aborted) {
      log('Sacred texts: import stopped (shutting down); it resumes at the next start.');
      return;
    }
    const changed = results.filter((r) => r.status !== 'unchanged');
    log(
      `Sacred texts: ${results.length} available, ${changed.length} imported now` +
        (failed.length ? `, ${failed.length} failed (${failed.map((f) => f.id).join(', ')})` : '') +
        ` (${(ms / 1000).toFixed(1)} s)`,
    );
  })().catch((err: unknown) => {
    if (!signal.aborted) log(`Sacred texts: import failed: ${err instanceof Error ? err.message : String(err)}`);
  });
}
