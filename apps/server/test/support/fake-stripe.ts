import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * A fake Stripe API on loopback, for the Stripe SDK pointed at it through STRIPE_API_HOST /
 * PORT / PROTOCOL. It implements exactly the calls the app makes (customers, checkout
 * sessions, portal sessions, subscription update and cancel), replays a repeated
 * Idempotency-Key like Stripe does, and records every request. Any other request is answered
 * 404 and kept in `unexpected`: tests assert it stays empty.
 */

export interface FakeRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown>;
}

export interface FakeSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  created: number;
  metadata: Record<string, string>;
  items: { object: 'list'; data: Array<{ id: string; current_period_end: number; price: { id: string } }> };
}

/** Parses Stripe's form encoding (`a[b][0][c]=v`) into nested objects and arrays. */
export function parseStripeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(parts[i + 1]!);
      const k = Array.isArray(node) ? Number(part) : part;
      const container = node as Record<string | number, unknown>;
      if (last) container[k] = value;
      else {
        container[k] ??= nextIsIndex ? [] : {};
        node = container[k] as Record<string, unknown> | unknown[];
      }
    });
  }
  return root;
}

export interface FakeStripe {
  port: number;
  requests: FakeRequest[];
  unexpected: FakeRequest[];
  subscriptions: Map<string, FakeSubscription>;
  /** Environment for createTestApp: the SDK talks to this server. */
  env(extra?: Record<string, string>): Record<string, string>;
  /** The next `times` requests to `path` (exact, e.g. /v1/checkout/sessions) answer this status. */
  failNext(path: string, status: number, times?: number): void;
  addSubscription(sub: Partial<FakeSubscription> & { id: string; customer: string }): FakeSubscription;
  reset(): void;
  close(): Promise<void>;
}

export const FAKE_WEBHOOK_SECRET = 'whsec_test_fake_secret_for_candeia';

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: FakeRequest[] = [];
  const unexpected: FakeRequest[] = [];
  const subscriptions = new Map<string, FakeSubscription>();
  const replays = new Map<string, { status: number; body: unknown }>();
  const failures = new Map<string, { status: number; times: number }>();
  const sockets = new Set<Socket>();
  let seq = 0;

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_fake_${++seq}` });
    res.end(JSON.stringify(body));
  };
  const stripeError = (message: string, type = 'invalid_request_error') => ({ error: { message, type } });

  function route(req: FakeRequest): { status: number; body: unknown } | null {
    const b = req.body;
    if (req.method === 'POST' && req.path === '/v1/customers') {
      return {
        status: 200,
        body: { id: `cus_fake_${++seq}`, object: 'customer', email: b.email, metadata: b.metadata ?? {} },
      };
    }
    if (req.method === 'POST' && req.path === '/v1/checkout/sessions') {
      const id = `cs_test_fake_${++seq}`;
      return {
        status: 200,
        body: {
          id,
          object: 'checkout.session',
          url: `https://checkout.stripe.test/c/pay/${id}`,
          mode: b.mode,
          customer: b.customer ?? null,
          customer_email: b.customer_email ?? null,
          metadata: b.metadata ?? {},
          status: 'open',
          payment_status: 'unpaid',
          success_url: b.success_url,
          cancel_url: b.cancel_url,
        },
      };
    }
    if (req.method === 'POST' && req.path === '/v1/billing_portal/sessions') {
      return {
        status: 200,
        body: {
          id: `bps_fake_${++seq}`,
          object: 'billing_portal.session',
          customer: b.customer,
          return_url: b.return_url,
          url: `https://billing.stripe.test/p/session/${seq}`,
        },
      };
    }
    const sub = /^\/v1\/subscriptions\/([^/]+)$/.exec(req.path);
    if (sub) {
      const s = subscriptions.get(decodeURIComponent(sub[1]!));
      if (!s) return { status: 404, body: stripeError(`No such subscription: '${sub[1]}'`) };
      if (req.method === 'POST') {
        if ('cancel_at_period_end' in b) s.cancel_at_period_end = b.cancel_at_period_end === 'true';
        return { status: 200, body: s };
      }
      if (req.method === 'DELETE') {
        s.status = 'canceled';
        return { status: 200, body: s };
      }
    }
    return null;
  }

  const server: Server = createServer((raw: IncomingMessage, res: ServerResponse) => {
    let text = '';
    raw.setEncoding('utf8');
    raw.on('data', (c: string) => (text += c));
    raw.on('end', () => {
      const url = new URL(raw.url ?? '/', 'http://fake');
      const req: FakeRequest = {
        method: raw.method ?? 'GET',
        path: url.pathname,
        headers: raw.headers,
        body: parseStripeForm(text || url.search.slice(1)),
      };
      requests.push(req);
      const key = raw.headers['idempotency-key'];
      const replayKey = typeof key === 'string' ? `${req.method} ${req.path} ${key}` : null;
      if (replayKey && replays.has(replayKey)) {
        const r = replays.get(replayKey)!;
        return send(res, r.status, r.body);
      }
      const fail = failures.get(req.path);
      if (fail) {
        if (--fail.times <= 0) failures.delete(req.path);
        return send(res, fail.status, stripeError('Injected failure', fail.status >= 500 ? 'api_error' : 'card_error'));
      }
      const answer = route(req);
      if (!answer) {
        unexpected.push(req);
        return send(res, 404, stripeError(`Unexpected request to the fake: ${req.method} ${req.path}`));
      }
      if (replayKey) replays.set(replayKey, answer);
      send(res, answer.status, answer.body);
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;

  return {
    port,
    requests,
    unexpected,
    subscriptions,
    env: (extra = {}) => ({
      STRIPE_SECRET_KEY: 'sk_test_fake_candeia',
      STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(port),
      STRIPE_API_PROTOCOL: 'http',
      ...extra,
    }),
    failNext: (path, status, times = 1) => void failures.set(path, { status, times }),
    addSubscription: (s) => {
      const full: FakeSubscription = {
        object: 'subscription',
        status: 'active',
        cancel_at_period_end: false,
        created: Math.floor(Date.now() / 1000),
        metadata: {},
        items: { object: 'list', data: [] },
        ...s,
      };
      subscriptions.set(full.id, full);
      return full;
    },
    reset: () => {
      requests.length = 0;
      unexpected.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
