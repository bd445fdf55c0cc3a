import type { DbOrTx } from '../../db/client.ts';
import { securityEvents } from '../../db/schema/index.ts';

export async function insertSecurityEvent(db: DbOrTx, values: typeof securityEvents.$inferInsert): Promise<void> {
  await db.insert(securityEvents).values(values);
}
