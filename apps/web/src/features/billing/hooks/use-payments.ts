import { usePublicConfig } from '../../../lib/queries/public-config.ts';

/**
 * How this server takes payments (GET /api/config/public): 'off' means no checkout can start,
 * so the screens say so and keep their pay buttons disabled instead of failing on click.
 */
export function usePayments() {
  const config = usePublicConfig();
  const mode = config.data?.payments;
  return { mode, off: mode === 'off', pending: config.isPending };
}
