import type { QueryClient } from '@tanstack/react-query';
import { communityKeys } from './keys.ts';

/**
 * After a mute or a block changes: the member's page, every feed and comment list (their posts
 * and comments leave or come back), and the reader's list of muted and blocked members.
 */
export function refreshAfterRelation(qc: QueryClient, handle: string): Promise<unknown> {
  return Promise.all([
    qc.invalidateQueries({ queryKey: communityKeys.member(handle) }),
    qc.invalidateQueries({ queryKey: communityKeys.feeds }),
    qc.invalidateQueries({ queryKey: ['community', 'comments'] }),
    qc.invalidateQueries({ queryKey: ['community', 'post'] }),
    qc.invalidateQueries({ queryKey: ['community', 'follows'] }),
    qc.invalidateQueries({ queryKey: communityKeys.relations }),
  ]);
}
