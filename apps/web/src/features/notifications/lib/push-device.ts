import type { PushSubscriptionInput } from '@candeia/shared/schemas/notifications';
import { ApiError } from '../../../lib/api.ts';
import { getPushKey, removePushSubscription, savePushSubscription } from '../api/push.ts';

/**
 * Push on this device (decision 027): the browser's permission, its push subscription through the
 * app's service worker, and the server told of it. Permission is only ever asked from a click.
 */

/** Where this device stands: it cannot receive pushes, the browser refuses them, off, or on. */
export type DeviceState = 'unsupported' | 'denied' | 'off' | 'on';

/** How long to wait for the service worker (it registers a moment after the page loads). */
const WORKER_WAIT_MS = 45_000;

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  );
}

/** The app's service worker, once active (subscribing needs one). */
async function activeRegistration(): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      navigator.serviceWorker.ready,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('no service worker')), WORKER_WAIT_MS);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** This device's push subscription, if it has one. */
async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return registration ? registration.pushManager.getSubscription() : null;
}

/** Where this device stands now, without asking anything. */
export async function deviceState(): Promise<DeviceState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  if (Notification.permission !== 'granted') return 'off';
  return (await currentSubscription()) ? 'on' : 'off';
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(
    base64url
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(base64url.length / 4) * 4, '='),
  );
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

function sameKey(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const x = new Uint8Array(a);
  return x.every((v, i) => v === b[i]);
}

/**
 * Turns pushes on for this device: asks the browser's permission (the caller is a click), makes
 * the subscription with the server's key and gives it to the server. 'dismissed' when the person
 * closed the browser's question; 'denied' when the browser refuses.
 */
export async function enablePush(): Promise<'on' | 'denied' | 'dismissed'> {
  const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'dismissed';
  const [registration, { publicKey }] = await Promise.all([activeRegistration(), getPushKey()]);
  const key = keyBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  // A subscription made for another key (the server's keys were made anew) cannot be used.
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await savePushSubscription(subscription.toJSON() as PushSubscriptionInput);
  return 'on';
}

/** Turns pushes off for this device: the server forgets it, then the browser drops the subscription. */
export async function disablePush(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  try {
    await removePushSubscription(subscription.endpoint);
  } catch (err) {
    // Not the member's (never saved, or moved to another account): nothing to forget there.
    if (!(err instanceof ApiError && err.status === 404)) throw err;
  }
  await subscription.unsubscribe();
}
