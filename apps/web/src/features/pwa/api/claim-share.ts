import type { ShareClaimDto } from '@candeia/shared/schemas/media';
import { api } from '../../../lib/api.ts';

/** POST /api/share/claim: what this browser was given to share, now the member's uploads. */
export function claimShare(): Promise<ShareClaimDto> {
  return api<ShareClaimDto>('/share/claim', { method: 'POST' });
}
