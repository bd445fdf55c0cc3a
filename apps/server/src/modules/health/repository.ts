import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** One trivial query: throws when the database cannot answer. */
export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
