import { SUBSCRIPTION_STATUSES } from '@candeia/shared/constants';
import type { BadgeTone } from '../components/ui/badge.tsx';

/** Whether a subscription status is one the catalogues name (others are shown as they come). */
export function isKnownStatus(status: string): boolean {
  return (SUBSCRIPTION_STATUSES as readonly string[]).includes(status);
}

/** The badge tone of a subscription status: active, trial, none, or a problem. */
export function statusTone(status: string | null): BadgeTone {
  if (status === 'active') return 'success';
  if (status === 'trialing') return 'info';
  if (status === null) return 'neutral';
  return 'danger';
}
