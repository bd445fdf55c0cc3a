import type { PushKeyDto, PushSubscriptionDto, PushSubscriptionInput } from '@candeia/shared/schemas/notifications';
import { api } from '../../../lib/api.ts';

/** GET /api/notifications/push/key: the server's public key, for `pushManager.subscribe`. */
export function getPushKey(): Promise<PushKeyDto> {
  return api<PushKeyDto>('/notifications/push/key');
}

/** POST /api/notifications/push/subscriptions: this device receives the member's pushes. */
export function savePushSubscription(subscription: PushSubscriptionInput): Promise<PushSubscriptionDto> {
  return api<PushSubscriptionDto>('/notifications/push/subscriptions', { method: 'POST', body: subscription });
}

/** POST /api/notifications/push/unsubscribe: this device no longer receives them. */
export function removePushSubscription(endpoint: string): Promise<PushSubscriptionDto> {
  return api<PushSubscriptionDto>('/notifications/push/unsubscribe', { method: 'POST', body: { endpoint } });
}
