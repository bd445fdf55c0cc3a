import type { DbOrTx } from '../../db/client.ts';
import * as repo from './repository.ts';

/**
 * What other modules (the messages) read and change of the community's ties between two
 * members: its one block list (blocking here blocks there too), follows, handles, and the
 * administration's switch for messages between members.
 */

/** Whether `a` blocked `b` (`blocked`), or `b` blocked `a` (`blockedBy`). */
export async function blocksBetween(
  db: DbOrTx,
  a: string,
  b: string,
): Promise<{ blocked: boolean; blockedBy: boolean }> {
  const rel = await repo.relation(db, a, b);
  return { blocked: rel.blocked, blockedBy: rel.blockedBy };
}

/** `blockerId` blocks (dropping the follows both ways, as the community's block does) or unblocks `blockedId`. */
export async function setBlockBetween(db: DbOrTx, blockerId: string, blockedId: string, on: boolean, at: Date) {
  await repo.setBlock(db, blockerId, blockedId, on, at);
}

export function followEachOther(db: DbOrTx, a: string, b: string): Promise<boolean> {
  return repo.followEachOther(db, a, b);
}

export function userIdOfHandle(db: DbOrTx, handle: string): Promise<string | null> {
  return repo.userIdOfHandle(db, handle);
}

/** Whether members who follow each other may write to each other (the moderation settings). */
export async function memberMessagesAllowed(db: DbOrTx): Promise<boolean> {
  return (await repo.moderationSettings(db)).memberMessages;
}
