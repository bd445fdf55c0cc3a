/**
 * bench/community: the community feeds and photo uploads of the real server (its own process,
 * `apps/server/src/server.ts`), on a scratch database seeded in bulk SQL:
 *   - MEMBERS members on a plan with the `community` flag, POSTS posts over the last four
 *     months (popular members post more), a follow graph where a few members are followed by
 *     thousands and most follow 10–100 (1 % follow 300–1000), reactions, prayers, comments,
 *     photos on some posts, and a few mutes and blocks;
 * - the feeds: POOL members sign in (POST /api/auth/login), then autocannon sends
 *   GET /api/community/feed?feed=following (Seguindo) and ?feed=discover (Descobrir), the first
 *   page and the fifth (by the `before` cursor), CONNECTIONS connections, each as its own member.
 *   Target: p99 ≤ 50 ms, no non-2xx, no errors. The first pages again at 10 connections: the
 *   cost of one request with little queueing. Nothing is written during these phases, so after a
 *   member's first request their session, plan and page come from the server's read caches
 *   (decision 034) until a copy's 60 s are up: the phases measure what a reader asking again for
 *   an unchanged page costs. A write anywhere in the community drops every page's copy (that no
 *   copy outlives a change is tested in apps/server/test/read-caches-processes.test.ts);
 * - the first Seguindo page again while one member reacts to a post WRITES_PER_SEC times a second:
 *   what reading costs when writes keep dropping the pages' copies;
 * - the same 200 connections as 200 members reading (open loop): each phase offers a fixed rate
 *   over all of them (RATES req/s, evenly spaced; latency from when each request was due), and the
 *   table says up to which rate p99 stays ≤ 50 ms with every request served on time. Closed loop, each connection sends its next request the
 *   moment the last is answered, so latency there is connections ÷ throughput (Little's law):
 *   p99 ≤ 50 ms at 200 such connections would take ≥ 4,000 feed pages a second;
 * - photos: generated 3000×4000 JPEGs sent to POST /api/media (one member per photo, so the
 *   60 files a day never bind; each member from its own address, as through a proxy), one at a
 *   time and PHOTO_CONCURRENCY at a time: photos per second, and the server's resident memory
 *   (VmRSS sampled every 50 ms, VmHWM at the end).
 *
 * The database: BENCH_DATABASE_URL (a server's maintenance database, default
 * postgres://postgres@127.0.0.1:5432/postgres), in a scratch database dropped at the end
 * (BENCH_KEEP_DATABASE=1 keeps it, for EXPLAIN, and prints its name).
 * BENCH_SECONDS: each load phase (10 s).
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { createDatabase } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { hashPassword } from '../apps/server/src/lib/passwords.ts';
import { seedPlans } from '../apps/server/src/modules/billing/seed.ts';
import { load, paced, printTable, startApiServer, stopProcess, writeResult, type LoadResult } from './lib.ts';

const MEMBERS = Number(process.env.BENCH_COMMUNITY_MEMBERS ?? 10_000);
const POSTS = Number(process.env.BENCH_COMMUNITY_POSTS ?? 100_000);
const POOL = 200;
const CONNECTIONS = 200;
const TARGET_P99_MS = 50;
const DEEP_PAGE = 5;
/** The offered loads of the open-loop phases, req/s over all the connections. */
const RATES = (process.env.BENCH_COMMUNITY_RATES ?? '50,100,150,200,300')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
/** The reactions a second of the phase with writes. */
const WRITES_PER_SEC = 10;
const PHOTOS_SEQUENTIAL = Number(process.env.BENCH_COMMUNITY_PHOTOS ?? 20);
const PHOTOS_CONCURRENT = PHOTOS_SEQUENTIAL * 3;
const PHOTO_CONCURRENCY = 4;
const PASSWORD = 'Bench@Comunhao2026';
const PORT = Number(process.env.BENCH_PORT ?? 3296);

const round = (n: number) => +n.toFixed(1);
const pct = (values: number[], p: number) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length ? round(s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!) : 0;
};

const FIRST = [
  'Ana',
  'Maria',
  'João',
  'José',
  'Paulo',
  'Lucas',
  'Mariana',
  'Gabriel',
  'Beatriz',
  'Pedro',
  'Júlia',
  'Rafael',
  'Larissa',
  'Mateus',
  'Camila',
  'Tiago',
  'Letícia',
  'Daniel',
  'Sofia',
  'Samuel',
];
const LAST = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Lima',
  'Pereira',
  'Ferreira',
  'Costa',
  'Rodrigues',
  'Almeida',
  'Nascimento',
  'Carvalho',
  'Araújo',
  'Ribeiro',
  'Gomes',
  'Martins',
  'Rocha',
  'Barbosa',
];
const BODIES = [
  'Hoje acordei agradecido por mais um dia. O Senhor é o meu pastor, nada me faltará.',
  'Peço oração pela saúde da minha mãe, que fará uma cirurgia na semana que vem.',
  'Alguém tem uma sugestão de leitura para um grupo de estudo bíblico de jovens?',
  'Deus é fiel! Depois de meses procurando, consegui um emprego novo.',
  'Orem por mim: estou passando por um momento difícil no casamento.',
  'Lâmpada para os meus pés é a tua palavra, e luz para o meu caminho (Salmos 119:105).',
  'Hoje o culto foi lindo, a mensagem sobre perdão tocou o meu coração.',
  'Peço oração pelo meu filho, que está longe de casa e longe da fé.',
  'Grato pelas orações de todos; a cirurgia correu bem.',
  'Qual versículo tem falado com vocês esta semana?',
];

const sql = (s: TemplateStringsArray, ...v: Array<string | number>) => String.raw(s, ...v);

/** The whole community, in bulk (one connection, so the temporary tables are seen throughout). */
async function seed(client: pg.Client, passwordHash: string) {
  const q = async (label: string, text: string, values: unknown[] = []) => {
    const t0 = performance.now();
    const r = await client.query(text, values);
    if (process.env.BENCH_VERBOSE)
      console.log(`  seed ${label}: ${r.rowCount ?? 0} rows, ${round(performance.now() - t0)} ms`);
    return r;
  };
  const [{ id: planId }] = (
    await client.query<{ id: string }>(`SELECT id FROM subscription_plans WHERE slug = 'platinum'`)
  ).rows as [{ id: string }];

  // Members numbered 1..MEMBERS: the number is also their popularity (1 is followed by most).
  await q('ids', sql`CREATE TEMP TABLE m AS SELECT n, gen_random_uuid() AS id FROM generate_series(1, $1::int) n`, [
    MEMBERS,
  ]);
  await q('m index', 'CREATE UNIQUE INDEX ON m (n)');
  await q(
    'users',
    sql`INSERT INTO users (id, email, password_hash, first_name, last_name, referral_code, country,
      email_verified_at, created_at, updated_at)
    SELECT id, 'membro' || n || '@bench.candeia.app', $1, ($2::text[])[1 + n % array_length($2, 1)],
      ($3::text[])[1 + (n / 7) % array_length($3, 1)], 'REF-B' || lpad(n::text, 7, '0'), 'Brasil',
      now() - interval '200 days', now() - interval '200 days', now()
    FROM m`,
    [passwordHash, FIRST, LAST],
  );
  await q(
    'subscriptions',
    sql`INSERT INTO user_subscriptions (user_id, plan_id, status, is_trial, provider, current_period_end)
    SELECT id, $1, 'active', false, 'local', now() + interval '30 days' FROM m`,
    [planId],
  );
  await q(
    'members',
    sql`INSERT INTO community_members (user_id, handle, created_at)
    SELECT m.id, translate(lower(u.first_name || '.' || u.last_name), 'áàâãéêíóôõúç', 'aaaaeeiooouc') || m.n,
      now() - interval '190 days'
    FROM m JOIN users u ON u.id = m.id`,
  );

  // Follows: most follow 10–100 (weighted low), 1 % follow 300–1000; whom, by popularity
  // (member r is picked with probability ~ 1/sqrt(r): the first hundred hold a tenth of it all).
  await q(
    'follows',
    sql`WITH f AS MATERIALIZED (
      SELECT n, id, CASE WHEN random() < 0.01 THEN 300 + floor(random() * 700)
                         ELSE 10 + floor(90 * random() ^ 2) END::int AS k FROM m),
    x AS MATERIALIZED (
      SELECT f.n, f.id, 1 + floor($1::int * random() ^ 2)::int AS t FROM f, generate_series(1, f.k))
    INSERT INTO community_follows (follower_id, followee_id, created_at)
    SELECT x.id, e.id, now() - random() * interval '180 days'
    FROM x JOIN m e ON e.n = x.t AND e.n <> x.n
    ON CONFLICT DO NOTHING`,
    [MEMBERS],
  );

  // Posts over the last 120 days; popular members post more. 1.5 % held, hidden or removed.
  await q(
    'posts',
    sql`WITH p AS MATERIALIZED (
      SELECT g, 1 + floor($1::int * random() ^ 1.5)::int AS a, random() < 0.2 AS prayer,
        date_trunc('milliseconds', now() - random() * interval '120 days') AS at,
        CASE WHEN g % 200 = 1 THEN 'held' WHEN g % 200 = 2 THEN 'hidden' WHEN g % 200 = 3 THEN 'removed'
             ELSE 'published' END AS status
      FROM generate_series(1, $3::int) g)
    INSERT INTO community_posts (author_id, body, is_prayer, status, held_reason, published_at,
      created_at, answered_at)
    SELECT m.id, ($2::text[])[1 + g % array_length($2, 1)] || ' #' || g, p.prayer, p.status,
      CASE WHEN p.status = 'held' THEN 'words' END,
      CASE WHEN p.status <> 'held' THEN p.at END, p.at,
      CASE WHEN p.prayer AND g % 9 = 0 THEN p.at + interval '3 days' END
    FROM p JOIN m ON m.n = p.a`,
    [MEMBERS, BODIES, POSTS],
  );
  await q(
    'post numbers',
    'CREATE TEMP TABLE p AS SELECT row_number() OVER () AS pn, id, is_prayer FROM community_posts',
  );
  await q('p index', 'CREATE UNIQUE INDEX ON p (pn)');
  const marks = async (table: string, count: number, where: string) =>
    q(
      table,
      sql`WITH x AS MATERIALIZED (
        SELECT 1 + floor($1::int * random())::int AS pn, 1 + floor($2::int * random())::int AS n
        FROM generate_series(1, $3::int))
      INSERT INTO ${table} (post_id, user_id, created_at)
      SELECT p.id, m.id, now() - random() * interval '100 days'
      FROM x JOIN p ON p.pn = x.pn JOIN m ON m.n = x.n ${where}
      ON CONFLICT DO NOTHING`,
      [POSTS, MEMBERS, count],
    );
  await marks('community_reactions', POSTS * 3, '');
  await marks('community_prayers', POSTS * 3, 'WHERE p.is_prayer');
  await q(
    'comments',
    sql`WITH x AS MATERIALIZED (
      SELECT g, 1 + floor($1::int * random())::int AS pn, 1 + floor($2::int * random())::int AS n
      FROM generate_series(1, $3::int) g)
    INSERT INTO community_comments (post_id, author_id, body, created_at)
    SELECT p.id, m.id, 'Amém, estamos juntos em oração. #' || x.g, c.created_at + random() * interval '2 days'
    FROM x JOIN p ON p.pn = x.pn JOIN m ON m.n = x.n JOIN community_posts c ON c.id = p.id`,
    [POSTS, MEMBERS, Math.round(POSTS * 1.5)],
  );
  await q(
    'counters',
    sql`UPDATE community_posts c SET
      reaction_count = coalesce((SELECT count(*) FROM community_reactions r WHERE r.post_id = c.id), 0),
      prayer_count = coalesce((SELECT count(*) FROM community_prayers r WHERE r.post_id = c.id), 0),
      comment_count = coalesce((SELECT count(*) FROM community_comments r WHERE r.post_id = c.id AND r.status = 'published'), 0)`,
  );
  // One post in ten carries one or two photos (rows only: the feeds list them, nothing reads the files).
  await q(
    'media',
    sql`INSERT INTO media (owner_id, kind, status, source_type, source_bytes, width, height, placeholder,
      post_id, position, created_at)
    SELECT c.author_id, 'photo', 'ready', 'image/jpeg', 2500000, 1536, 2048,
      'data:image/webp;base64,UklGRiQAAABXRUJQVlA4IBgAAAAwAQCdASoBAAEAAwA0JaQAA3AA/vuUAAA=',
      c.id, k, c.created_at
    FROM p JOIN community_posts c ON c.id = p.id
    CROSS JOIN LATERAL generate_series(0, CASE WHEN p.pn % 20 = 0 THEN 1 ELSE 0 END) k
    WHERE p.pn % 10 = 0`,
  );
  // A few mutes and blocks (a block leaves no follow either way).
  const pairs = async (label: string, table: string, a: string, b: string, count: number) =>
    q(
      label,
      sql`WITH r AS MATERIALIZED (
        SELECT 1 + floor($1::int * random())::int AS i, 1 + floor($1::int * random() ^ 2)::int AS j
        FROM generate_series(1, $2::int))
      INSERT INTO ${table} (${a}, ${b}, created_at)
      SELECT x.id, y.id, now() - interval '10 days'
      FROM r JOIN m x ON x.n = r.i JOIN m y ON y.n = r.j AND y.n <> x.n
      ON CONFLICT DO NOTHING`,
      [MEMBERS, count],
    );
  await pairs('mutes', 'community_mutes', 'user_id', 'muted_id', Math.round(MEMBERS * 0.3));
  await pairs('blocks', 'community_blocks', 'blocker_id', 'blocked_id', Math.round(MEMBERS * 0.1));
  await q(
    'follows of blocks',
    sql`DELETE FROM community_follows f USING community_blocks b
    WHERE (f.follower_id = b.blocker_id AND f.followee_id = b.blocked_id)
       OR (f.follower_id = b.blocked_id AND f.followee_id = b.blocker_id)`,
  );
  await q('analyze', 'VACUUM ANALYZE');

  const [shape] = (
    await client.query(
      sql`SELECT (SELECT count(*) FROM users)::int AS members,
        (SELECT count(*) FROM community_posts)::int AS posts,
        (SELECT count(*) FROM community_follows)::int AS follows,
        (SELECT max(c) FROM (SELECT count(*) c FROM community_follows GROUP BY followee_id) x)::int AS "mostFollowers",
        (SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY c) FROM (SELECT count(*) c FROM community_follows GROUP BY follower_id) x)::int AS "medianFollowing",
        (SELECT max(c) FROM (SELECT count(*) c FROM community_follows GROUP BY follower_id) x)::int AS "mostFollowing",
        (SELECT count(*) FROM community_reactions)::int AS reactions,
        (SELECT count(*) FROM community_prayers)::int AS prayers,
        (SELECT count(*) FROM community_comments)::int AS comments,
        (SELECT count(*) FROM media)::int AS photos,
        (SELECT count(*) FROM community_mutes)::int AS mutes,
        (SELECT count(*) FROM community_blocks)::int AS blocks`,
    )
  ).rows;
  // The members who sign in: spread over the popularity ranks (a few of the followed, mostly not).
  const { rows: pool } = await client.query<{ n: number }>(
    'SELECT n FROM m WHERE n > 0 ORDER BY md5(n::text) LIMIT $1',
    [POOL],
  );
  return { shape: shape as Record<string, number>, pool: pool.map((r) => r.n) };
}

/** /proc/<pid>/status in MiB: the resident set now (VmRSS) and its peak so far (VmHWM). */
function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (k: string) => Number(new RegExp(`^${k}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rss: round(kb('VmRSS') / 1024), hwm: round(kb('VmHWM') / 1024) };
}

/** A 3000×4000 camera-like JPEG: smooth colour fields with a little grain (about 2–3 MB). */
async function makePhoto(seed: number): Promise<Buffer> {
  const w = 60;
  const h = 80;
  const raw = Buffer.alloc(w * h * 3);
  let x = seed * 2654435761;
  for (let i = 0; i < raw.length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    raw[i] = (x >>> 16) & 255;
  }
  const base = await sharp(raw, { raw: { width: w, height: h, channels: 3 } })
    .resize(3000, 4000, { kernel: 'cubic' })
    .blur(8)
    .raw()
    .toBuffer();
  for (let i = 0; i < base.length; i += 7) base[i] = Math.min(255, base[i]! + ((i * 31 + seed) % 23));
  return sharp(base, { raw: { width: 3000, height: 4000, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/**
 * Waits until the server answers /api/health quickly again: a phase's timed-out requests are
 * still being served after autocannon gives up on them, and would weigh on the next phase.
 */
async function settle(base: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (let quick = 0; quick < 3 && Date.now() < deadline;) {
    const t = performance.now();
    await fetch(`${base}/api/health`).catch(() => undefined);
    quick = performance.now() - t < 100 ? quick + 1 : 0;
    await new Promise((r) => setTimeout(r, 200));
  }
}

interface Member {
  n: number;
  cookie: string;
  ip: string;
}

export async function benchCommunity(opts: { seconds?: number } = {}) {
  const seconds = opts.seconds ?? Number(process.env.BENCH_SECONDS ?? 10);
  const server = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const keep = process.env.BENCH_KEEP_DATABASE === '1';
  const dbName = `candeia_bench_community_${randomBytes(4).toString('hex')}`;
  const tmp = mkdtempSync(join(tmpdir(), 'candeia-bench-community-'));
  chmodSync(tmp, 0o755);
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${dbName}"`);
  const dbUrl = new URL(server);
  dbUrl.pathname = `/${dbName}`;
  const database = createDatabase(dbUrl.toString(), 2);
  const seeder = new pg.Client({ connectionString: dbUrl.toString() });
  let child: Awaited<ReturnType<typeof startApiServer>> | null = null;
  try {
    await runMigrations(database.db);
    await seedPlans(database.db);
    await seeder.connect();
    const t0 = performance.now();
    const { shape, pool } = await seed(seeder, await hashPassword(PASSWORD));
    const seedSeconds = round((performance.now() - t0) / 1000);
    console.log(`seeded in ${seedSeconds} s:`, shape);

    const base = `http://127.0.0.1:${PORT}`;
    child = await startApiServer({
      port: PORT,
      dbUrl: dbUrl.toString(),
      tmp,
      env: {
        MEDIA_DIR: join(tmp, 'media'),
        // Each member's requests come "through a proxy" from their own address: the per-IP
        // limits (uploads: 120 an hour) are not what this measures.
        TRUST_PROXY: '127.0.0.1',
      },
    });
    const pid = child.pid!;
    const idle = memoryOf(pid);

    // Sign in the pool, a few at a time (each login is an argon2id verification).
    const members: Member[] = [];
    const queue = [...pool];
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let n = queue.shift(); n !== undefined; n = queue.shift()) {
          const ip = `10.20.${n >> 8}.${n & 255}`;
          const res = await fetch(`${base}/api/auth/login`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              origin: base,
              'sec-fetch-site': 'same-origin',
              'x-forwarded-for': ip,
            },
            body: JSON.stringify({ email: `membro${n}@bench.candeia.app`, password: PASSWORD }),
          });
          if (res.status !== 200) throw new Error(`login ${n}: ${res.status} ${await res.text()}`);
          const cookie = res.headers
            .getSetCookie()
            .map((c) => c.split(';')[0])
            .join('; ');
          members.push({ n, cookie, ip });
        }
      }),
    );

    // Each member's first page once (warms the caches), then the cursor of their fifth page.
    const deep: Record<'following' | 'discover', string[]> = { following: [], discover: [] };
    const firstItems: Record<'following' | 'discover', number[]> = { following: [], discover: [] };
    const firstBytes: Record<'following' | 'discover', number[]> = { following: [], discover: [] };
    for (const feed of ['following', 'discover'] as const) {
      let k = 0;
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          for (let i = k++; i < members.length; i = k++) {
            let cursor: string | null = null;
            for (let page = 1; page < DEEP_PAGE; page++) {
              const res = await fetch(`${base}/api/community/feed?feed=${feed}${cursor ? `&before=${cursor}` : ''}`, {
                headers: { cookie: members[i]!.cookie },
              });
              if (res.status !== 200) throw new Error(`feed ${feed}: ${res.status} ${await res.text()}`);
              const text = await res.text();
              const body = JSON.parse(text) as { items: unknown[]; next: string | null };
              if (page === 1) {
                firstItems[feed].push(body.items.length);
                firstBytes[feed].push(Buffer.byteLength(text));
              }
              cursor = body.next;
              if (!cursor) break;
            }
            deep[feed][i] = cursor ?? '';
          }
        }),
      );
    }

    const feedRows: Array<LoadResult & { withinTarget: string }> = [];
    const phase = async (
      label: string,
      feed: 'following' | 'discover',
      page: 'first' | 'deep',
      connections = CONNECTIONS,
      rate?: number,
      writesPerSec = 0,
      phaseSeconds = seconds,
    ) => {
      const name = `${label}, page ${page === 'first' ? 1 : DEEP_PAGE}, ${connections} connections${rate ? `, ${rate} req/s offered` : ''}${writesPerSec ? `, ${writesPerSec} reactions/s` : ''}`;
      const perClient = (i: number) => {
        const k = i % members.length;
        const cursor = page === 'deep' ? deep[feed][k] : '';
        return {
          path: `/api/community/feed?feed=${feed}${cursor ? `&before=${cursor}` : ''}`,
          // As a browser asks: it always takes brotli and gzip.
          headers: { cookie: members[k]!.cookie, 'accept-encoding': 'gzip, deflate, br' },
        };
      };
      const url = `${base}/api/community/feed`;
      const writer = writesPerSec ? react(writesPerSec) : null;
      const r = rate
        ? await paced(name, url, { connections, seconds: phaseSeconds, rate, perClient })
        : await load(name, url, { connections, seconds: phaseSeconds, perClient });
      const writes = await writer?.stop();
      if (writes && writes.failed) throw new Error(`reactions: ${writes.failed} of ${writes.sent} failed`);
      // Open loop, the rate must also be met: a server that falls behind is not within target.
      const served = !rate || r.reqPerSec >= rate * 0.95;
      feedRows.push({
        ...r,
        withinTarget: String(served && r.p99 <= TARGET_P99_MS && r.non2xx === 0 && r.errors === 0),
      });
      await settle(base);
    };
    // A member who reacts to a post (on, off, on…) at a steady pace while the others read: each
    // reaction changes a count every page may show, so every page's copy is dropped.
    const reactor = members[members.length - 1]!;
    const target = (
      (await (
        await fetch(`${base}/api/community/feed?feed=discover`, { headers: { cookie: reactor.cookie } })
      ).json()) as { items: Array<{ id: string }> }
    ).items[0]!.id;
    const react = (perSec: number) => {
      let sent = 0;
      let failed = 0;
      let on = true;
      const tick = setInterval(() => {
        sent++;
        fetch(`${base}/api/community/posts/${target}/reaction`, {
          method: 'PUT',
          headers: {
            cookie: reactor.cookie,
            origin: base,
            'sec-fetch-site': 'same-origin',
            'content-type': 'application/json',
          },
          body: JSON.stringify({ on: (on = !on) }),
        })
          .then((res) => {
            if (!res.ok) failed++;
            return res.arrayBuffer();
          })
          .catch(() => failed++);
      }, 1000 / perSec);
      return {
        stop: async () => {
          clearInterval(tick);
          await new Promise((r) => setTimeout(r, 200));
          return { sent, failed };
        },
      };
    };
    await settle(base);
    const feedMemory: number[] = [];
    const feedSampler = setInterval(() => feedMemory.push(memoryOf(pid).rss), 100);
    // Warmed up first, unmeasured, as bench/landing does: the JIT, and each member's copies of the
    // four pages (the fifth pages were never asked for yet).
    for (const [feed, page] of [
      ['following', 'first'],
      ['discover', 'first'],
      ['following', 'deep'],
      ['discover', 'deep'],
    ] as const)
      await phase('warm-up', feed, page, CONNECTIONS, undefined, 0, 2);
    feedRows.length = 0;
    await phase('Seguindo (following)', 'following', 'first');
    await phase('Descobrir (discover)', 'discover', 'first');
    await phase('Seguindo (following)', 'following', 'deep');
    await phase('Descobrir (discover)', 'discover', 'deep');
    // The same first pages with little queueing: what one request costs.
    await phase('Seguindo (following)', 'following', 'first', 10);
    await phase('Descobrir (discover)', 'discover', 'first', 10);
    // The same readers while someone reacts: the copies are dropped again and again.
    await phase('Seguindo (following)', 'following', 'first', CONNECTIONS, undefined, WRITES_PER_SEC);
    // 200 members reading at a given pace (open loop).
    for (const rate of RATES) {
      await phase('Seguindo (following)', 'following', 'first', CONNECTIONS, rate);
      await phase('Descobrir (discover)', 'discover', 'first', CONNECTIONS, rate);
    }
    clearInterval(feedSampler);
    const afterFeeds = memoryOf(pid);

    // Photos.
    const tg = performance.now();
    const photos = await Promise.all(Array.from({ length: 4 }, (_, i) => makePhoto(i + 1)));
    const photoGenSeconds = round((performance.now() - tg) / 1000);
    const photoBytes = Math.round(photos.reduce((s, p) => s + p.length, 0) / photos.length);
    let uploader = 0;
    const uploadOne = async (i: number) => {
      const m = members[uploader++ % members.length]!;
      const form = new FormData();
      form.append(
        'file',
        new Blob([new Uint8Array(photos[i % photos.length]!)], { type: 'image/jpeg' }),
        `IMG_${1000 + i}.jpg`,
      );
      const t = performance.now();
      const res = await fetch(`${base}/api/media`, {
        method: 'POST',
        headers: { cookie: m.cookie, origin: base, 'sec-fetch-site': 'same-origin', 'x-forwarded-for': m.ip },
        body: form,
      });
      const body = await res.text();
      return {
        ms: performance.now() - t,
        ok: res.status === 201,
        error: res.status === 201 ? '' : `${res.status} ${body}`,
      };
    };
    const photoRows = [];
    const photoFailures: string[] = [];
    for (const [label, count, concurrency] of [
      ['one at a time', PHOTOS_SEQUENTIAL, 1],
      [`${PHOTO_CONCURRENCY} at a time`, PHOTOS_CONCURRENT, PHOTO_CONCURRENCY],
    ] as const) {
      const before = memoryOf(pid);
      const samples: number[] = [];
      const sampler = setInterval(() => samples.push(memoryOf(pid).rss), 50);
      const results: Array<{ ms: number; ok: boolean; error: string }> = [];
      let next = 0;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          for (let i = next++; i < count; i = next++) results.push(await uploadOne(i));
        }),
      );
      const elapsed = (performance.now() - started) / 1000;
      clearInterval(sampler);
      const ok = results.filter((r) => r.ok);
      photoFailures.push(...results.filter((r) => !r.ok).map((r) => r.error));
      photoRows.push({
        name: label,
        photos: results.length,
        failed: results.length - ok.length,
        photosPerSec: +(ok.length / elapsed).toFixed(2),
        p50ms: pct(
          ok.map((r) => r.ms),
          50,
        ),
        p95ms: pct(
          ok.map((r) => r.ms),
          95,
        ),
        rssBeforeMiB: before.rss,
        rssPeakMiB: Math.max(before.rss, ...samples),
      });
    }
    const end = memoryOf(pid);

    console.log(`\nSeeded in ${seedSeconds} s:`, shape);
    console.log(
      `Signed in: ${members.length} members; first-page items (median): Seguindo ${pct(firstItems.following, 50)}, Descobrir ${pct(firstItems.discover, 50)}; first-page JSON (median bytes): Seguindo ${pct(firstBytes.following, 50)}, Descobrir ${pct(firstBytes.discover, 50)}`,
    );
    printTable(
      `Feeds: GET /api/community/feed, one member per connection, ${seconds} s each, loopback (ms). Target at ${CONNECTIONS} connections: p99 ≤ ${TARGET_P99_MS} ms, 0 non-2xx, 0 errors`,
      feedRows.map((r) => ({ ...r })),
    );
    printTable(
      `Photos: POST /api/media, 3000×4000 JPEG (${(photoBytes / 1e6).toFixed(1)} MB each, made in ${photoGenSeconds} s), server RSS in MiB`,
      photoRows,
    );
    console.log(
      `Server memory (MiB): idle ${idle.rss}; after the feeds ${afterFeeds.rss} (peak sampled ${Math.max(...feedMemory, 0)}); at the end ${end.rss}; VmHWM ${end.hwm}` +
        (photoFailures.length ? `\nUpload failures: ${photoFailures.slice(0, 3).join(' | ')}` : ''),
    );
    const file = writeResult('community', {
      seeded: { ...shape, seconds: seedSeconds },
      signedIn: members.length,
      feeds: { connections: CONNECTIONS, seconds, targetP99ms: TARGET_P99_MS, rows: feedRows },
      photos: { width: 3000, height: 4000, bytes: photoBytes, rows: photoRows, failures: photoFailures },
      memoryMiB: {
        idle: idle.rss,
        afterFeeds: afterFeeds.rss,
        feedPeak: Math.max(...feedMemory, 0),
        end: end.rss,
        hwm: end.hwm,
      },
    });
    console.log(`wrote ${file}`);
    return { feedRows, photoRows };
  } finally {
    if (child) await stopProcess(child);
    await seeder.end().catch(() => undefined);
    await database.close();
    if (keep) console.log(`kept database ${dbName}`);
    else await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await admin.end();
    rmSync(tmp, { recursive: true, force: true });
  }
}
