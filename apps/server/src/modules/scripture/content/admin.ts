/**
 * The sacred texts from the administration (decision 028): the catalogue with what this machine
 * and the database hold, and install / re-import runs carried out by the `content-install` job,
 * which writes its progress to `content_runs`. One run per text at a time.
 */
import type { FastifyBaseLogger } from 'fastify';
import type {
  ContentAction,
  ContentRunDto,
  ContentTextDto,
  ContentTextsDto,
} from '@candeia/shared/schemas/content-admin';
import { requireAdmin } from '../../../lib/access.ts';
import { AppError } from '../../../lib/app-error.ts';
import { loggableError } from '../../../lib/loggable-error.ts';
import type { Actor, Deps } from '../../../types.ts';
import { logSecurityEvent } from '../../security/index.ts';
import { storedChecksum, importSource, listInstalledTexts } from './importer.ts';
import { installPack, listPacks } from './installer.ts';
import * as runs from './runs-repository.ts';
import { contentSettings, discoverSources, type Source } from './sources.ts';
import { ContentError } from './types.ts';

/** A run whose job wrote nothing for this long is taken as interrupted (its process stopped). */
export const CONTENT_RUN_STALE_MS = 15 * 60_000;
/** Signs of life while a text is read (a SWORD module takes seconds), at most this often. */
const HEARTBEAT_MS = 2_000;

function runDto(r: runs.ContentRunRow): ContentRunDto {
  return {
    id: r.id,
    textId: r.textId,
    action: r.action as ContentAction,
    status: r.status as ContentRunDto['status'],
    phase: r.phase as ContentRunDto['phase'],
    done: r.done,
    total: r.total,
    outcome: r.outcome as ContentRunDto['outcome'],
    errorCode: r.errorCode,
    errorDetail: r.errorDetail,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    finishedAt: r.finishedAt?.toISOString() ?? null,
  };
}

/** Checksums of the sources, by where they are: hashing every file on each read of the list is wasteful. */
const checksums = new Map<string, { sum: string; at: number }>();
function checksumOf(source: Source): string | null {
  const key = `${source.id}|${source.where}`;
  const cached = checksums.get(key);
  if (cached && Date.now() - cached.at < 60_000) return cached.sum;
  try {
    const sum = source.checksum();
    checksums.set(key, { sum, at: Date.now() });
    return sum;
  } catch {
    return null;
  }
}

/** Every text the server knows: the catalogue's packs, the sources found here, the texts in the database. */
export async function listContent(deps: Deps, actor: Actor): Promise<ContentTextsDto> {
  requireAdmin(actor);
  const settings = contentSettings(deps.config);
  const packs = listPacks(settings);
  const sources = new Map(discoverSources(settings).map((s) => [s.id, s]));
  const [installed, books, latest] = await Promise.all([
    listInstalledTexts(deps.db),
    runs.bookCounts(deps.db),
    runs.latestRuns(deps.db),
  ]);
  const inDb = new Map(installed.map((t) => [t.id, t]));
  const lastRun = new Map(latest.map((r) => [r.textId, r]));
  const now = deps.clock.now().getTime();

  const row = (
    id: string,
    base: Pick<ContentTextDto, 'title' | 'language' | 'licence' | 'files' | 'where'>,
  ): ContentTextDto => {
    const text = inDb.get(id);
    const source = sources.get(id);
    const sum = text && source ? checksumOf(source) : null;
    let run = lastRun.get(id) ?? null;
    // A run whose job stopped writing long ago is shown as what it is: interrupted.
    if (
      run &&
      (run.status === 'queued' || run.status === 'running') &&
      now - run.updatedAt.getTime() > CONTENT_RUN_STALE_MS
    )
      run = { ...run, status: 'failed', errorCode: 'CONTENT_INTERRUPTED' };
    return {
      id,
      ...base,
      imported: text
        ? {
            books: books.get(id) ?? 0,
            verses: text.verseCount,
            importedAt: text.importedAt.toISOString(),
            current: sum === null ? true : storedChecksum(sum) === text.checksum,
          }
        : null,
      canInstall: !text && base.files !== 'missing',
      canReimport: !!source,
      lastRun: run ? runDto(run) : null,
    };
  };

  const texts: ContentTextDto[] = packs.map((p) =>
    row(p.id, { title: p.title, language: p.language, licence: p.licence, files: p.status, where: p.where }),
  );
  const listed = new Set(texts.map((t) => t.id));
  // Sources found here and texts in the database that the catalogue does not name (other SWORD modules).
  for (const t of installed) {
    if (listed.has(t.id)) continue;
    listed.add(t.id);
    const source = sources.get(t.id);
    texts.push(
      row(t.id, {
        title: t.title,
        language: t.language,
        licence: t.licence,
        files: source ? 'installed' : 'unknown',
        where: source?.where ?? t.source,
      }),
    );
  }
  for (const s of sources.values()) {
    if (listed.has(s.id)) continue;
    texts.push(row(s.id, { title: s.id, language: '', licence: '', files: 'installed', where: s.where }));
  }
  return { texts, contentDir: settings.contentDir, mirror: settings.mirror };
}

/**
 * Starts an install or a re-import of one text: a queued run and its job, in one transaction.
 * A second while one is queued or running: CONTENT_RUN_IN_PROGRESS.
 */
export async function startRun(
  deps: Deps,
  actor: Actor,
  textId: string,
  action: ContentAction,
): Promise<ContentRunDto> {
  const admin = requireAdmin(actor);
  const known = await listContent(deps, actor);
  if (!known.texts.some((t) => t.id === textId)) throw new AppError('NOT_FOUND');
  const now = deps.clock.now();
  const run = await deps.db.transaction(async (tx) => {
    await runs.failStale(tx, new Date(now.getTime() - CONTENT_RUN_STALE_MS), now);
    const inserted = await runs.insertRun(tx, { textId, action, now });
    if (!inserted) return null;
    await deps.jobs.enqueue('content-install', { runId: inserted.id }, { tx, id: inserted.id });
    await logSecurityEvent({ ...deps, db: tx }, admin, {
      type: 'admin_content_run',
      success: true,
      userId: admin.userId,
      email: admin.email,
      details: `${action} ${textId}`,
    });
    return inserted;
  });
  if (!run) throw new AppError('CONTENT_RUN_IN_PROGRESS');
  deps.jobs.wake('content-install');
  return runDto(run);
}

/**
 * The `content-install` job: for an install, the pack copied from the mirror or downloaded when
 * this machine does not have it; then the text imported (a re-import even when its bytes did not
 * change). Progress and the end go to the run's row; a failure is recorded there, not retried.
 */
export async function carryOutRun(deps: Deps, runId: string, log?: FastifyBaseLogger): Promise<void> {
  const run = await runs.claimRun(deps.db, runId, deps.clock.now());
  if (!run) return;
  const now = () => deps.clock.now();
  let lastBeat = 0;
  const heartbeat = async (v: Parameters<typeof runs.updateRun>[2] = {}) => {
    const t = Date.now();
    if (Object.keys(v).length === 0 && t - lastBeat < HEARTBEAT_MS) return;
    lastBeat = t;
    await runs.updateRun(deps.db, runId, v, now());
  };
  const beat = () => void heartbeat().catch(() => {});
  try {
    const settings = contentSettings(deps.config);
    if (run.action === 'install') {
      const pack = listPacks(settings).find((p) => p.id === run.textId);
      if (pack && pack.status !== 'installed') {
        await heartbeat({ phase: 'installing' });
        await installPack(run.textId, settings, { log: beat });
      }
    }
    await heartbeat({ phase: 'reading' });
    const source = discoverSources(settings).find((s) => s.id === run.textId);
    if (!source)
      throw new ContentError(`${run.textId}: no source of this text on this machine.`, 'CONTENT_NOT_AVAILABLE');
    const result = await importSource(deps.db, source, {
      force: run.action === 'reimport',
      log: beat,
      progress: (done, total) => heartbeat({ phase: 'importing', done, total }),
    });
    await runs.finishRun(
      deps.db,
      runId,
      { status: 'done', outcome: result.status, done: result.verses, total: result.verses },
      now(),
    );
  } catch (err) {
    const code = err instanceof ContentError ? err.code : 'CONTENT_IMPORT_FAILED';
    const detail = err instanceof Error ? err.message : String(err);
    log?.warn({ error: loggableError(err), runId, textId: run.textId }, 'content run failed');
    await runs.finishRun(
      deps.db,
      runId,
      { status: 'failed', errorCode: code, errorDetail: detail.slice(0, 1000) },
      now(),
    );
  }
}
