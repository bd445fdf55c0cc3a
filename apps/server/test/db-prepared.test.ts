import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../src/db/client.ts';
import { feedPage } from '../src/modules/community/repository.ts';
import { createTestApp, type TestApp } from './support/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('runPrepared: the feed page as a named prepared statement', () => {
  it('is prepared once per connection and shape (its rows: the community tests)', async () => {
    // One connection of its own, so its prepared statements can be read back.
    const own = createDatabase(t.databaseUrl, 1);
    try {
      const prepared = async () =>
        (await own.db.execute(sql`SELECT name FROM pg_prepared_statements WHERE name LIKE 'q\\_%'`)).rows.map(
          (r) => r.name as string,
        );
      expect(await prepared()).toEqual([]);
      const viewer = '00000000-0000-4000-8000-000000000001';
      const q = { viewerId: viewer, feed: 'discover' as const, cursor: null, limit: 21 };
      await feedPage(own.db, q);
      await feedPage(own.db, { ...q, viewerId: '00000000-0000-4000-8000-000000000002' });
      // Another viewer, same shape: one statement. Another shape (Seguindo): a second one.
      expect(await prepared()).toHaveLength(1);
      await feedPage(own.db, { ...q, feed: 'following' });
      const names = await prepared();
      expect(names).toHaveLength(2);
      // The statement a name stands for is always the same text: the name is made from it.
      expect(new Set(names).size).toBe(2);
    } finally {
      await own.close();
    }
  });
});
