import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import { ZipFile } from 'yazl';
import type { Locale } from '@candeia/shared/constants';
import { translate } from '@candeia/shared/i18n/server';
import { paths } from '@candeia/shared/routes';
import { EXPORT_TTL_DAYS } from '@candeia/shared/schemas/account';
import { loggableError } from '../../lib/loggable-error.ts';
import { mediaKeys } from '../media/index.ts';
import type { Deps } from '../../types.ts';
import { USER_REFERENCES, USER_ROW_REDACT } from './references.ts';
import * as repo from './repository.ts';

const DAY_MS = 86_400_000;

/** Where an export's zip is stored (a server-made key). */
export const exportKey = (exportId: string) => `exports/${exportId}.zip`;

/**
 * data.json: the member's own `users` row and, for every column that names them as owner
 * (references.ts), the rows of that table, secrets and what others wrote about them left out.
 */
export async function exportData(deps: Pick<Deps, 'db' | 'clock'>, userId: string) {
  const tables: Record<string, Record<string, unknown>[]> = {};
  for (const ref of USER_REFERENCES) {
    if (ref.export !== 'owner') continue;
    const rows = await repo.rowsReferencing(deps.db, ref, userId, ref.redact ?? []);
    tables[ref.table] = [...(tables[ref.table] ?? []), ...rows];
  }
  // Contact messages are the member's by their account or by their address, replies included.
  tables.contact_messages = await repo.contactMessagesOf(deps.db, userId);
  return {
    format: 'candeia-export/1',
    exportedAt: deps.clock.now().toISOString(),
    account: await repo.userRow(deps.db, userId, USER_ROW_REDACT),
    tables,
  };
}

/**
 * The export job: builds the zip (data.json plus the member's own photos and videos, at their
 * full size) in a temporary folder, stores it, marks the export ready for 7 days and mails the
 * link. A failure on the last attempt marks it failed, so the member can ask again.
 */
export async function buildExport(deps: Deps, exportId: string, lastAttempt: boolean, log?: FastifyBaseLogger) {
  const row = await repo.findExport(deps.db, exportId);
  if (!row || row.status !== 'preparing') return;
  const user = await repo.findMember(deps.db, row.userId);
  if (!user) return repo.exportFailed(deps.db, exportId);
  const dir = await mkdtemp(join(tmpdir(), 'candeia-export-'));
  try {
    const data = await exportData(deps, user.id);
    const zip = new ZipFile();
    const files: { path: string; mediaId: string; kind: string }[] = [];
    for (const m of await repo.readyMediaOf(deps.db, user.id)) {
      const keys = mediaKeys(m.id, m.kind as 'photo' | 'video');
      const key = m.kind === 'video' ? keys.video : keys.full;
      if (!key) continue;
      const info = await deps.storage.head(key);
      if (!info) continue;
      const path = `media/${key.slice('media/'.length)}`;
      // Opened when the zip reaches it: one file open at a time, however many the member has.
      zip.addReadStreamLazy(path, { size: info.size }, (cb) => {
        deps.storage.get(key).then(
          (file) => (file ? cb(null, file.body) : cb(new Error(`media file missing: ${key}`), undefined as never)),
          (err: unknown) => cb(err, undefined as never),
        );
      });
      files.push({ path, mediaId: m.id, kind: m.kind });
    }
    zip.addBuffer(Buffer.from(JSON.stringify({ ...data, files }, null, 2)), 'data.json');
    zip.end();
    const out = join(dir, 'export.zip');
    await pipeline(zip.outputStream, createWriteStream(out));
    const key = exportKey(exportId);
    await deps.storage.putFile(key, out, 'application/zip');
    const now = deps.clock.now();
    const ready = await repo.exportReady(deps.db, exportId, {
      storageKey: key,
      sizeBytes: (await stat(out)).size,
      readyAt: now,
      expiresAt: new Date(now.getTime() + EXPORT_TTL_DAYS * DAY_MS),
    });
    if (!ready) return deps.storage.delete(key);
    const locale = user.locale as Locale;
    await deps.mailer.send({
      to: user.email,
      kind: 'account_export',
      locale,
      subject: translate(locale, 'mail:accountExport.subject'),
      text: translate(locale, 'mail:accountExport.body', {
        name: user.firstName,
        days: EXPORT_TTL_DAYS,
        link: `${deps.config.APP_URL.replace(/\/$/, '')}${paths.settings()}#privacy`,
      }),
    });
  } catch (err) {
    log?.error({ error: loggableError(err), exportId }, 'data export failed');
    if (lastAttempt) await repo.exportFailed(deps.db, exportId);
    throw err;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
