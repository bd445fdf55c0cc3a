import yauzl from 'yauzl';
import { createSession } from '../../apps/server/test/support/accounts.ts';
import { withDb, withServices, type E2EUser } from './fixtures.ts';

export const PHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** Another signed-in session of the user, as if opened on a phone (made as sign-in makes it). */
export async function sessionOnAnotherDevice(user: E2EUser, userAgent = PHONE_SAFARI): Promise<string> {
  const { sessionId } = await withServices((db) => createSession(db, user.id));
  await withDb((c) => c.query('UPDATE sessions SET user_agent = $2 WHERE id = $1', [sessionId, userAgent]));
  return sessionId;
}

/** The files of a zip, by name. */
export function unzip(buf: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buf, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('no zip'));
      const out = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(out));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}
