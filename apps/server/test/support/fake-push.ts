import { createECDH, createDecipheriv, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A push service on this machine (https, with the test certificate in push-tls/), standing in for
 * FCM or Mozilla's: it keeps every message posted to it and answers 201, or what a test asks for
 * an endpoint (410: the device unsubscribed). The server reaches it because tests list it in
 * PUSH_SERVICE_HOSTS and trust its certificate through PUSH_CA_FILE.
 */

const here = dirname(fileURLToPath(import.meta.url));
/** The test push service's certificate (self-signed, for 127.0.0.1 and localhost). */
export const PUSH_CA_FILE = join(here, 'push-tls/cert.pem');
const KEY_FILE = join(here, 'push-tls/key.pem');

export interface PushRequest {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface FakePushService {
  /** `127.0.0.1:<port>`, for PUSH_SERVICE_HOSTS. */
  host: string;
  origin: string;
  received: PushRequest[];
  /** What the service answers for a path from now on (201 by default). */
  answer(path: string, status: number): void;
  close(): Promise<void>;
}

export async function startFakePushService(port = 0): Promise<FakePushService> {
  const received: PushRequest[] = [];
  const answers = new Map<string, number>();
  const server: Server = createServer({ key: readFileSync(KEY_FILE), cert: readFileSync(PUSH_CA_FILE) }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = answers.get(path) ?? 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    host: `127.0.0.1:${bound}`,
    origin: `https://127.0.0.1:${bound}`,
    received,
    answer: (path, status) => void answers.set(path, status),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A browser's side of a push subscription: its P-256 key pair and auth secret. */
export interface FakeDevice {
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  /** Decrypts a message posted for this device (RFC 8291, aes128gcm) into its text. */
  decrypt(body: Buffer): string;
}

export function fakeDevice(endpoint: string): FakeDevice {
  const ecdh = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    subscription: {
      endpoint,
      keys: { p256dh: publicKey.toString('base64url'), auth: auth.toString('base64url') },
    },
    decrypt: (body) => decryptAes128gcm(body, ecdh, publicKey, auth),
  };
}

/** RFC 8188 (one record) with the keys of RFC 8291 §3.4, done here with node:crypto alone. */
export function decryptAes128gcm(
  body: Buffer,
  ecdh: ReturnType<typeof createECDH>,
  uaPublic: Buffer,
  authSecret: Buffer,
): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const asPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with 0x02, then any zeros of padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('not the last record');
  return padded.subarray(0, end).toString('utf8');
}

/**
 * Checks a message's VAPID authorization (RFC 8292): `vapid t=<JWT>, k=<public key>`, the JWT
 * signed (ES256) by that key, for this push service's origin. Returns the public key and claims.
 */
export function checkVapid(
  authorization: string | string[] | undefined,
  origin: string,
): { publicKey: string; claims: { aud: string; exp: number; sub: string } } {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(String(authorization ?? ''));
  if (!m) throw new Error(`no vapid authorization: ${String(authorization)}`);
  const [, jwt, k] = m as unknown as [string, string, string];
  const [head, payload, signature] = jwt.split('.') as [string, string, string];
  const point = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${head}.${payload}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('the VAPID signature does not verify');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { aud: string; exp: number; sub: string };
  if (claims.aud !== origin) throw new Error(`VAPID audience ${claims.aud}, not ${origin}`);
  return { publicKey: k, claims };
}
