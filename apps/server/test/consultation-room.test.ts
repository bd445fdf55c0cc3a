import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import type { WebSocket as WsSocket } from 'ws';
import type * as Ws from 'ws';
import type { RoomDto, RoomServerMessage } from '@candeia/shared/schemas/consultation';
import { iceServers } from '../src/modules/consultations/room.ts';
import { createTestApp, ORIGIN, type TestApp } from './support/app.ts';
import { createSession } from './support/accounts.ts';
import { insertAccount, type TestUser } from './support/factories.ts';

/**
 * The consultation room's socket on real servers (listening on ports, real WebSocket clients):
 * only the two participants get in, from 10 minutes before the start; signalling, chat, joins
 * and the end pass between them, also when each is on a different server process.
 */

// Node's own ws (vitest would otherwise resolve the package's browser stub).
const WebSocket = createRequire(import.meta.url)('ws') as typeof Ws.WebSocket;
type WebSocket = WsSocket;

const START = new Date('2027-02-01T13:00:00Z');
const t = await createTestApp();
// A second server process on the same database (as behind the cluster's balancer).
const t2 = await createTestApp({}, { sameDatabaseAs: t });
t.clock.set(new Date(START.getTime() - 5 * 60_000));
let base1 = '';
let base2 = '';
afterAll(async () => {
  await t2.close();
  await t.close();
});

let member: TestUser;
let counsellor: TestUser;
let stranger: TestUser;
let bookingId = '';

async function newBooking(startsAt: Date): Promise<string> {
  const [row] = await t.query<{ id: string }>(
    `INSERT INTO consultations (counsellor_id, member_id, starts_at, ends_at, blocked_until, price_credits, cancel_cutoff_hours)
     VALUES ($1, $2, $3, $3::timestamptz + interval '50 minutes', $3::timestamptz + interval '60 minutes', 0, 24) RETURNING id`,
    [counsellor.user.id, member.user.id, startsAt],
  );
  return row!.id;
}

beforeAll(async () => {
  member = await insertAccount(t, { firstName: 'Marta' });
  counsellor = await insertAccount(t, { firstName: 'Lúcia' });
  stranger = await insertAccount(t, { firstName: 'Estranho' });
  await t.query(
    "INSERT INTO counsellors (user_id, display_name, languages, specialties) VALUES ($1, 'Irmã Lúcia', '{pt-BR}', '{luto}')",
    [counsellor.user.id],
  );
  bookingId = await newBooking(START);
  base1 = `ws://127.0.0.1:${await listen(t)}`;
  base2 = `ws://127.0.0.1:${await listen(t2)}`;
});

async function listen(app: TestApp): Promise<number> {
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.app.server.address();
  if (!addr || typeof addr === 'string') throw new Error('no port');
  return addr.port;
}

/** A socket that records what it receives; resolves once open, or with the refused status. */
class Client {
  readonly received: RoomServerMessage[] = [];
  closeCode: number | null = null;
  private waiters: Array<() => void> = [];
  constructor(readonly ws: WebSocket) {
    ws.on('message', (d) => {
      this.received.push(JSON.parse(d.toString()) as RoomServerMessage);
      this.wake();
    });
    ws.on('close', (code) => {
      this.closeCode = code;
      this.wake();
    });
  }
  private wake() {
    for (const w of this.waiters.splice(0)) w();
  }
  send(msg: unknown) {
    this.ws.send(JSON.stringify(msg));
  }
  /** Waits for a message of a type (or the close), up to 5 s. */
  async next<T extends RoomServerMessage['type']>(type: T): Promise<Extract<RoomServerMessage, { type: T }>> {
    const deadline = Date.now() + 5000;
    for (;;) {
      const i = this.received.findIndex((m) => m.type === type);
      if (i >= 0) return this.received.splice(i, 1)[0] as Extract<RoomServerMessage, { type: T }>;
      if (Date.now() > deadline) throw new Error(`no ${type}; got ${JSON.stringify(this.received)}`);
      await new Promise<void>((r) => {
        this.waiters.push(r);
        setTimeout(r, 100);
      });
    }
  }
  async closed(): Promise<number> {
    const deadline = Date.now() + 5000;
    while (this.closeCode === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    return this.closeCode ?? -1;
  }
}

function connect(base: string, u: TestUser, id = bookingId, origin = ORIGIN): Promise<Client | number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base}/api/consultations/bookings/${id}/room/socket`, {
      headers: { cookie: u.cookie, origin },
    });
    const client = new Client(ws);
    ws.once('open', () => resolve(client));
    // A refused upgrade: its status; the request is ended here (ws leaves that to a listener).
    ws.once('unexpected-response', (req, res) => {
      resolve(res.statusCode ?? 0);
      req.destroy();
    });
    ws.once('error', reject);
  });
}

async function enter(base: string, u: TestUser, id = bookingId): Promise<Client> {
  const c = await connect(base, u, id);
  if (typeof c === 'number') throw new Error(`refused: ${c}`);
  await c.next('ready');
  return c;
}

describe('who gets in, and when', () => {
  it('a third member: not found, for the page and the socket', async () => {
    expect(
      (await t.request({ url: `/api/consultations/bookings/${bookingId}/room`, cookie: stranger.cookie })).statusCode,
    ).toBe(404);
    expect(await connect(base1, stranger)).toBe(404);
    expect(await connect(base1, { ...member, cookie: 'candeia_session=nada' })).toBe(401);
  });

  it('a socket opened from another site is refused, even with the member’s cookie', async () => {
    expect(await connect(base1, member, bookingId, 'https://evil.example')).toBe(403);
  });

  it('the room opens 10 minutes before the start: the page says when, the socket is refused before', async () => {
    const later = await newBooking(new Date(START.getTime() + 2 * 3_600_000));
    const page = (
      await t.request({ url: `/api/consultations/bookings/${later}/room`, cookie: member.cookie })
    ).json<RoomDto>();
    expect(page).toMatchObject({
      open: false,
      opensAt: new Date(START.getTime() + 2 * 3_600_000 - 600_000).toISOString(),
    });
    expect(await connect(base1, member, later)).toBe(409);
    const now = (
      await t.request({ url: `/api/consultations/bookings/${bookingId}/room`, cookie: member.cookie })
    ).json<RoomDto>();
    expect(now).toMatchObject({ open: true, peerName: 'Irmã Lúcia', messages: [] });
  });
});

describe('the two in the room', () => {
  it('joins, call signalling, chat and the end pass between two server processes', async () => {
    const m = await enter(base1, member);
    const c = await enter(base2, counsellor);
    // The member was there first: told the counsellor came, answers "here".
    await m.next('peer-joined');
    m.send({ type: 'here' });
    await c.next('peer-here');

    const offer = { type: 'offer', sdp: `v=0\r\n${'a=x\r\n'.repeat(1500)}` }; // ~7.5 kB: over a NOTIFY's limit
    m.send({ type: 'signal', description: offer });
    expect((await c.next('signal')).description).toEqual(offer);
    c.send({
      type: 'signal',
      candidate: { candidate: 'candidate:1 1 udp 1 127.0.0.1 9 typ host', sdpMid: '0', sdpMLineIndex: 0 },
    });
    expect((await m.next('signal')).candidate).toMatchObject({ sdpMid: '0' });
    // A member's own signal never comes back to them.
    expect(m.received.filter((x) => x.type === 'signal')).toHaveLength(0);

    c.send({ type: 'chat', text: '  Bem-vinda, Marta.  ' });
    const seenByMember = await m.next('chat');
    expect(seenByMember.message).toMatchObject({ text: 'Bem-vinda, Marta.', name: 'Irmã Lúcia', mine: false });
    expect((await c.next('chat')).message.mine).toBe(true);
    m.send({ type: 'chat', text: 'x'.repeat(2001) });
    expect((await m.next('error')).code).toBe('VALIDATION_INVALID_FORMAT');
    m.send({ type: 'signal', description: { type: 'offer', sdp: 'x' }, extra: 1 });
    expect((await m.next('error')).code).toBe('VALIDATION_INVALID_FORMAT');

    // The chat is kept with the session.
    const page = (
      await t.request({ url: `/api/consultations/bookings/${bookingId}/room`, cookie: member.cookie })
    ).json<RoomDto>();
    expect(page.messages.map((x) => [x.name, x.text, x.mine])).toEqual([['Irmã Lúcia', 'Bem-vinda, Marta.', false]]);

    // The counsellor leaves and comes back (a dropped network): the member is told both.
    c.ws.close();
    await m.next('peer-left');
    const c2 = await enter(base2, counsellor);
    await m.next('peer-joined');

    t.clock.set(new Date(START.getTime() + 40 * 60_000));
    try {
      c2.send({ type: 'end' });
      await m.next('ended');
      expect(await m.closed()).toBe(4000);
      expect(await c2.closed()).toBe(4000);
      const [row] = await t.query<{ status: string }>('SELECT status FROM consultations WHERE id = $1', [bookingId]);
      expect(row!.status).toBe('completed');
      // Ended: the room is closed for both.
      const fresh = await createSession(t.database.db, member.user.id, { now: t.clock.now() });
      expect(await connect(base1, { ...member, cookie: fresh.cookie })).toBe(409);
    } finally {
      t.clock.set(new Date(START.getTime() - 5 * 60_000));
    }
  });

  it('a flood of messages closes the socket', async () => {
    const at = new Date(START.getTime() + 4 * 3_600_000);
    const other = await newBooking(at);
    t.clock.set(new Date(at.getTime() - 60_000));
    try {
      const fresh = await createSession(t.database.db, member.user.id, { now: t.clock.now() });
      const m = await enter(base1, { ...member, cookie: fresh.cookie }, other);
      for (let i = 0; i < 260; i++) m.send({ type: 'ping' });
      expect(await m.closed()).toBe(4029);
    } finally {
      t.clock.set(new Date(START.getTime() - 5 * 60_000));
    }
  });
});

describe('ICE servers', () => {
  it('STUN as given; TURN with credentials that expire, made with the shared secret (coturn REST API)', () => {
    const now = new Date('2027-02-01T12:00:00Z');
    expect(
      iceServers({ STUN_URLS: [], TURN_URLS: [], TURN_SECRET: undefined, TURN_TTL_SECONDS: 3600 }, 'u', now),
    ).toEqual([]);
    const servers = iceServers(
      {
        STUN_URLS: ['stun:stun.example.org:3478'],
        TURN_URLS: ['turn:turn.example.org:3478?transport=udp'],
        TURN_SECRET: 'segredo-compartilhado-1234',
        TURN_TTL_SECONDS: 3600,
      },
      'user-1',
      now,
    );
    expect(servers[0]).toEqual({ urls: ['stun:stun.example.org:3478'] });
    expect(servers[1]!.username).toBe(`${Math.floor(now.getTime() / 1000) + 3600}:user-1`);
    // HMAC-SHA1 of the name under the secret, base64: what coturn computes to check it.
    expect(servers[1]!.credential).toMatch(/^[A-Za-z0-9+/]{27}=$/);
  });
});
