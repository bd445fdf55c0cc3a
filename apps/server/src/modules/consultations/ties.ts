import type { DbOrTx } from '../../db/client.ts';
import * as repo from './repository.ts';

/**
 * Whether two members have (or had) a consultation together, whoever is the counsellor and
 * whatever became of it: what lets them write to each other (the messages).
 */
export function bookedTogether(db: DbOrTx, a: string, b: string): Promise<boolean> {
  return repo.bookedTogether(db, a, b);
}
