import { readFileSync } from 'node:fs';
import https from 'node:https';
import { rootCertificates } from 'node:tls';
import webpush from 'web-push';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import * as pushRepo from './push-repository.ts';

/**
 * Web push (decision 027): the server's VAPID keys, the push services it may post to, and one
 * message posted through `web-push` (encrypted for the device, aes128gcm, signed with VAPID).
 */

/** The keys, once read, by database (every app of a process on one database shares them). */
const known = new WeakMap<object, Promise<pushRepo.KeyPair>>();

async function readOrMake(db: DbOrTx, at: Date): Promise<pushRepo.KeyPair> {
  const found = await pushRepo.keys(db);
  if (found) return found;
  // Two processes starting together may both make a pair: the first insert wins, and both read it.
  const made = webpush.generateVAPIDKeys();
  await pushRepo.insertKeys(db, made, at);
  const kept = await pushRepo.keys(db);
  if (!kept) throw new Error('the push keys could not be kept');
  return kept;
}

/** The server's VAPID key pair, made at the first start and kept in the database. */
export function pushKeys(db: DbOrTx, at: Date): Promise<pushRepo.KeyPair> {
  let keys = known.get(db);
  if (!keys) {
    keys = readOrMake(db, at);
    known.set(db, keys);
    keys.catch(() => known.delete(db));
  }
  return keys;
}

/**
 * Whether the server may post to this endpoint: https, on a host PUSH_SERVICE_HOSTS lists (a host
 * on port 443, `*.domain` for any host under it, or `host:port`). Nothing else is ever contacted,
 * whatever a member sends.
 */
export function allowedEndpoint(endpoint: string, hosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  const port = url.port || '443';
  return hosts.some((entry) => {
    const m = /^(\*\.)?([^:]+)(?::(\d+))?$/.exec(entry);
    if (!m) return false;
    const [, wildcard, name, entryPort] = m;
    if ((entryPort ?? '443') !== port) return false;
    return wildcard ? host.endsWith(`.${name}`) : host === name;
  });
}

/** The agent push requests go through: the usual certificates, plus PUSH_CA_FILE's. */
const agents = new Map<string, https.Agent>();
function agentFor(caFile: string | undefined): https.Agent | undefined {
  if (!caFile) return undefined;
  let agent = agents.get(caFile);
  if (!agent) {
    agent = new https.Agent({ keepAlive: true, ca: [...rootCertificates, readFileSync(caFile, 'utf8')] });
    agents.set(caFile, agent);
  }
  return agent;
}

export interface Device {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What became of one push: taken by the service, gone (the device unsubscribed), refused for good, or to retry. */
export type PushOutcome = 'sent' | 'gone' | 'refused' | 'retry';

/** How long a push service keeps a message for a device that is offline. */
const TTL_SECONDS = 24 * 3600;
const TIMEOUT_MS = 15_000;

/** Posts one encrypted message to a device's push service. */
export async function postPush(
  config: Pick<Config, 'CONTACT_EMAIL' | 'PUSH_CA_FILE'>,
  keys: pushRepo.KeyPair,
  device: Device,
  payload: string,
): Promise<{ outcome: PushOutcome; status?: number; error?: string }> {
  try {
    const agent = agentFor(config.PUSH_CA_FILE);
    const res = await webpush.sendNotification(
      { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
      payload,
      {
        vapidDetails: { subject: `mailto:${config.CONTACT_EMAIL}`, ...keys },
        TTL: TTL_SECONDS,
        contentEncoding: 'aes128gcm',
        urgency: 'normal',
        timeout: TIMEOUT_MS,
        ...(agent ? { agent } : {}),
      },
    );
    return { outcome: 'sent', status: res.statusCode };
  } catch (err) {
    const status = err instanceof webpush.WebPushError ? err.statusCode : undefined;
    const error = err instanceof Error ? err.message.slice(0, 300) : String(err);
    if (status === 404 || status === 410) return { outcome: 'gone', status, error };
    // The service is busy or down, or the network failed: later. Any other refusal is for good
    // (a message it will never take, keys it does not know).
    if (status === undefined || status === 429 || status >= 500) return { outcome: 'retry', status, error };
    return { outcome: 'refused', status, error };
  }
}
