import { createECDH } from 'node:crypto';
import type { Page } from '@playwright/test';
import { decryptAes128gcm } from '../../apps/server/test/support/fake-push.ts';

/** The port of the test push service: the one playwright.config.ts lets the server post to. */
export const E2E_PUSH_PORT = Number(process.env.E2E_PUSH_PORT ?? Number(process.env.E2E_PORT ?? 3210) + 7);

/** Where the page's push double keeps its subscription (with its private key, for the test to decrypt). */
const STORE = 'e2e-push-subscription';

interface StoredSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
  privateJwk: JsonWebKey;
}

/**
 * A test double of the browser's push subscription: `PushManager.prototype.subscribe` makes a
 * subscription whose endpoint is the test push service, with real P-256 keys made in the page
 * (crypto.subtle), so the server encrypts for it as for a browser; `getSubscription` finds it
 * again after a reload, and `unsubscribe` drops it. Everything else (the permission, the service
 * worker, the app's code) is the browser's own.
 */
export async function installPushDouble(page: Page, endpointBase: string): Promise<void> {
  await page.addInitScript(
    ({ base, store }) => {
      const b64u = (bytes: ArrayBuffer | ArrayBufferView) => {
        const view =
          bytes instanceof ArrayBuffer
            ? new Uint8Array(bytes)
            : new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
        return btoa(String.fromCharCode(...view))
          .replace(/\+/g, '-')
          .replace(/\//g, '_')
          .replace(/=+$/, '');
      };
      const bytesOf = (s: string) =>
        Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((s.length + 3) % 4)), (c) =>
          c.charCodeAt(0),
        );
      interface Rec {
        endpoint: string;
        p256dh: string;
        auth: string;
        serverKey: string;
      }
      const make = (rec: Rec) => ({
        endpoint: rec.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: bytesOf(rec.serverKey).buffer },
        getKey: (name: string) => bytesOf(name === 'p256dh' ? rec.p256dh : rec.auth).buffer,
        toJSON: () => ({ endpoint: rec.endpoint, expirationTime: null, keys: { p256dh: rec.p256dh, auth: rec.auth } }),
        unsubscribe: async () => {
          localStorage.removeItem(store);
          return true;
        },
      });
      PushManager.prototype.getSubscription = async function () {
        const rec = localStorage.getItem(store);
        return (rec ? make(JSON.parse(rec) as Rec) : null) as unknown as PushSubscription | null;
      };
      PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
        const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
        const rec = {
          endpoint: `${base}/push/${crypto.randomUUID()}`,
          p256dh: b64u(await crypto.subtle.exportKey('raw', pair.publicKey)),
          auth: b64u(crypto.getRandomValues(new Uint8Array(16))),
          privateJwk: await crypto.subtle.exportKey('jwk', pair.privateKey),
          serverKey: b64u(options!.applicationServerKey as ArrayBuffer),
        };
        localStorage.setItem(store, JSON.stringify(rec));
        return make(rec) as unknown as PushSubscription;
      };
    },
    { base: endpointBase, store: STORE },
  );
}

/** The subscription the double made in this page, and a decrypter for messages posted to it. */
export async function subscriptionOf(page: Page) {
  const text = await page.evaluate((store) => localStorage.getItem(store), STORE);
  if (!text) return null;
  const rec = JSON.parse(text) as StoredSubscription;
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(Buffer.from(rec.privateJwk.d!, 'base64url'));
  return {
    endpoint: rec.endpoint,
    path: new URL(rec.endpoint).pathname,
    decrypt: (body: Buffer) =>
      decryptAes128gcm(body, ecdh, Buffer.from(rec.p256dh, 'base64url'), Buffer.from(rec.auth, 'base64url')),
  };
}
