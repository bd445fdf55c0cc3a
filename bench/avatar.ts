/**
 * bench/avatar: in an avatar live session, the time from the end of the member's sentence to the
 * first words of the answer, with the built-in guide (no AI_BASE_URL) at its real pace (the
 * default AI_STREAM_PACE_MS), on a real server process over loopback HTTP (Server-Sent Events).
 *
 * TURNS turns (BENCH_AVATAR_TURNS, default 40), one after the other, each timed from sending
 * POST /api/avatar/sessions/:id/messages {content, via: 'voice'} (the moment the browser has the
 * final transcript):
 *   - accepted: the answer's headers (the message heard and saved, the stream open);
 *   - text available: the answer's first `delta` event;
 *   - speech started: the first complete sentence, as the session page finds it: the streamed
 *     deltas go through the web app's own sentenceSplitter() (apps/web/…/speakable.ts), and the
 *     first sentence toSpeech() leaves non-empty is when speechSynthesis.speak is called (at
 *     `done`, what flush() returns, for an answer without a sentence before its end);
 *   - full answer: the `done` event.
 * The reference, in the same run and interleaved turn by turn: the same measures for the chat
 * (POST /api/chat/messages, same messages, one conversation per member). p50 / p95 of each and
 * the ratio avatar / chat.
 *
 * Members: signed up through the API, then moved to Ouro (the `live` flag) in the database, with
 * chat credits. Each member has one session and one conversation for TURNS_PER_MEMBER turns, so
 * neither the avatar's 20 messages a minute nor the chat's 10 is reached, one session start each
 * (15 a week), well within a session's 20 minutes. A few turns on another member warm up first.
 *
 * The database: BENCH_DATABASE_URL (a server's maintenance database, default
 * postgres://postgres@127.0.0.1:5432/postgres), in a scratch database dropped at the end, with the
 * KJV and the Bíblia Livre when the content mirror is there (the guide quotes them).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { AvatarEvent, AvatarStartedDto } from '@candeia/shared/schemas/avatar';
import type { ChatEvent } from '@candeia/shared/schemas/chat';
import { createDatabase } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { seedPlans } from '../apps/server/src/modules/billing/seed.ts';
import { grant } from '../apps/server/src/modules/credits/service.ts';
import { importSource } from '../apps/server/src/modules/scripture/content/importer.ts';
import { DEFAULT_MIRROR, kjvSource, swordSource } from '../apps/server/src/modules/scripture/content/sources.ts';
import { sentenceSplitter, toSpeech } from '../apps/web/src/features/avatar/lib/speakable.ts';
import { benchSignUp, printTable, startApiServer, stopProcess, writeResult } from './lib.ts';

const PORT = Number(process.env.BENCH_PORT ?? 3298);
const TURNS = Number(process.env.BENCH_AVATAR_TURNS ?? 40);
/** Turns per member: below the chat's 10 answers a minute (and the avatar's 20) whatever the pace. */
const TURNS_PER_MEMBER = 8;
const WARMUP_TURNS = 3;
const LOCALE = 'pt-BR';

/** What members say, as the browser's recognition writes it down: grief, anxiety, family, purpose, prayer, doubt. */
const PROMPTS = [
  'Faz três meses que o meu pai morreu e eu ainda acordo achando que vou ouvir a voz dele',
  'Eu perdi o meu bebê na gravidez e não sei como seguir em frente',
  'Minha avó me criou e agora ela se foi, a casa ficou tão vazia',
  'Ando muito ansiosa, meu coração dispara do nada e eu não consigo respirar direito',
  'Tenho uma entrevista de emprego amanhã e estou com muito medo de errar tudo',
  'Não consigo dormir pensando nas contas que eu não sei como vou pagar',
  'Eu e meu marido brigamos o tempo todo e as crianças estão vendo tudo isso',
  'Meu filho adolescente não conversa mais comigo, ele se fechou no quarto',
  'Minha irmã e eu não nos falamos há dois anos por causa da herança da nossa mãe',
  'Sinto que a minha vida não tem sentido, trabalho, volto pra casa e nada muda',
  'Me aposentei e agora não sei mais qual é o meu lugar no mundo',
  'Como eu descubro o que Deus quer de mim nessa fase da vida?',
  'Você pode orar comigo pela cirurgia da minha mãe na semana que vem?',
  'Eu queria aprender a orar, às vezes não sei nem o que dizer pra Deus',
  'Quero agradecer a Deus porque o exame do meu marido deu negativo, mas ainda estou com medo',
  'Às vezes eu duvido que Deus exista, ele parece tão distante quando eu mais preciso',
  'Se Deus é bom, por que ele deixou o meu amigo sofrer tanto antes de morrer?',
  'Eu me afastei da igreja e sinto culpa, mas também não sei se ainda acredito como antes',
];

interface Timing {
  /** The answer's headers: the message heard and saved, the stream open. */
  accepted: number;
  /** The first `delta`. */
  text: number;
  /** The first sentence the page would speak. */
  speech: number;
  /** The `done` event. */
  total: number;
  firstSentence: string;
  chars: number;
  /** The chat's conversation (its `start` event), to go on in. */
  conversationId?: string;
  ok: boolean;
  error?: string;
}

const pct = (values: number[], p: number) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length ? +s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!.toFixed(1) : 0;
};

/**
 * Reads an answer's Server-Sent Events as the session page does: each delta into the splitter,
 * the first sentence with something to say is when speech starts.
 */
async function readAnswer(res: Response, t0: number): Promise<Timing> {
  const accepted = performance.now() - t0;
  if (res.status !== 200)
    return {
      accepted,
      text: 0,
      speech: 0,
      total: 0,
      firstSentence: '',
      chars: 0,
      ok: false,
      error: `${res.status} ${await res.text()}`,
    };
  const splitter = sentenceSplitter();
  let text = 0;
  let speech = 0;
  let total = 0;
  let firstSentence = '';
  let content = '';
  let error: string | undefined;
  let status: string | undefined;
  let conversationId: string | undefined;
  const spoken = (sentences: string[]) => {
    if (speech) return;
    const said = sentences.map(toSpeech).find(Boolean);
    if (said) {
      speech = performance.now() - t0;
      firstSentence = said;
    }
  };
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let cut;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const data = block.split('\n').find((l) => l.startsWith('data: '));
      if (!data) continue;
      const event = JSON.parse(data.slice(6)) as AvatarEvent | ChatEvent;
      if (event.type === 'start' && 'conversation' in event) conversationId = event.conversation.id;
      else if (event.type === 'delta') {
        if (!text) text = performance.now() - t0;
        content += event.text;
        spoken(splitter.push(event.text));
      } else if (event.type === 'error') error = event.code;
      else if (event.type === 'done') {
        spoken(splitter.flush());
        total = performance.now() - t0;
        status = event.message.status;
      }
    }
  }
  const ok = !error && status === 'done' && text > 0 && speech > 0;
  return {
    accepted,
    text,
    speech,
    total,
    firstSentence,
    chars: content.length,
    ...(conversationId ? { conversationId } : {}),
    ok,
    ...(ok ? {} : { error: error ?? `ended ${status ?? 'without done'}` }),
  };
}

interface Member {
  id: string;
  cookie: string;
  ip: string;
  sessionId: string;
  conversationId?: string;
}

export async function benchAvatar() {
  const server = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const scratch = `candeia_bench_avatar_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${scratch}"`);
  const dbUrl = new URL(server);
  dbUrl.pathname = `/${scratch}`;
  const tmp = mkdtempSync(join(tmpdir(), 'candeia-bench-avatar-'));
  const database = createDatabase(dbUrl.toString(), 5);
  let child: Awaited<ReturnType<typeof startApiServer>> | null = null;
  try {
    await runMigrations(database.db);
    await seedPlans(database.db);
    await importSource(database.db, kjvSource());
    const blivre = join(process.env.CONTENT_MIRROR ?? DEFAULT_MIRROR, 'sword/mods.d/porblivre.conf');
    const texts = ['kjv'];
    if (existsSync(blivre)) {
      await importSource(database.db, swordSource(blivre));
      texts.push('porblivre');
    }
    await database.pool.query('ANALYZE');
    const gold = (await database.pool.query("SELECT id FROM subscription_plans WHERE slug = 'gold'")).rows[0]
      .id as string;

    const base = `http://127.0.0.1:${PORT}`;
    // The built-in guide at its own pace: whatever this shell has, empty counts as unset.
    child = await startApiServer({
      port: PORT,
      dbUrl: dbUrl.toString(),
      tmp,
      env: {
        TRUST_PROXY: '127.0.0.1',
        AI_BASE_URL: '',
        AI_SPEECH: '',
        AI_STREAM_PACE_MS: '',
        AI_MAX_OUTPUT_TOKENS: '',
      },
    });
    const headers = (m: { cookie: string; ip: string }) => ({
      cookie: m.cookie,
      origin: base,
      'sec-fetch-site': 'same-origin',
      'content-type': 'application/json',
      'x-locale': LOCALE,
      // Each member "through a proxy" from their own address: the per-IP limits are not measured.
      'x-forwarded-for': m.ip,
    });

    /** A member on Ouro with chat credits and a session with Helena just started. */
    const newMember = async (n: number): Promise<Member> => {
      const ip = `10.40.${n >> 8}.${n & 255}`;
      const { id, cookie } = await benchSignUp(base, {
        email: `bench.avatar.${n}.${randomBytes(3).toString('hex')}@example.com`,
        lastName: 'Avatar',
        headers: { 'x-locale': LOCALE, 'x-forwarded-for': ip },
      });
      await database.pool.query(
        `UPDATE user_subscriptions SET plan_id = $1, status = 'active', is_trial = false, trial_end_date = NULL
          WHERE user_id = $2`,
        [gold, id],
      );
      await grant(database.db, id, 100_000, 'admin_grant', `bench:avatar:${id}`);
      const res = await fetch(`${base}/api/avatar/sessions`, {
        method: 'POST',
        headers: headers({ cookie, ip }),
        body: JSON.stringify({ avatarId: 'helena', language: 'pt' }),
      });
      if (res.status !== 201) throw new Error(`session start: ${res.status} ${await res.text()}`);
      const started = (await res.json()) as AvatarStartedDto;
      return { id, cookie, ip, sessionId: started.session.id };
    };

    const sayToAvatar = async (m: Member, content: string) => {
      const t0 = performance.now();
      const res = await fetch(`${base}/api/avatar/sessions/${m.sessionId}/messages`, {
        method: 'POST',
        headers: headers(m),
        body: JSON.stringify({ content, via: 'voice' }),
      });
      return readAnswer(res, t0);
    };
    const sayToChat = async (m: Member, content: string) => {
      const t0 = performance.now();
      const res = await fetch(`${base}/api/chat/messages`, {
        method: 'POST',
        headers: headers(m),
        body: JSON.stringify({ content, ...(m.conversationId ? { conversationId: m.conversationId } : {}) }),
      });
      const timing = await readAnswer(res, t0);
      // The conversation goes on with the next turn, as the session does.
      m.conversationId ??= timing.conversationId;
      return timing;
    };

    // Warm-up: the JIT, the passages' queries and PostgreSQL's buffers, both routes alike.
    const warm = await newMember(9999);
    for (let i = 0; i < WARMUP_TURNS; i++) {
      await sayToAvatar(warm, PROMPTS[(i * 7) % PROMPTS.length]!);
      await sayToChat(warm, PROMPTS[(i * 5) % PROMPTS.length]!);
    }

    const avatar: Timing[] = [];
    const chat: Timing[] = [];
    let avatarMs = 0;
    let chatMs = 0;
    let member: Member | null = null;
    for (let i = 0; i < TURNS; i++) {
      if (i % TURNS_PER_MEMBER === 0) member = await newMember(i / TURNS_PER_MEMBER);
      const prompt = PROMPTS[i % PROMPTS.length]!;
      // Turn by turn, one after the other; which goes first alternates.
      const runAvatar = async () => {
        const t = performance.now();
        avatar.push(await sayToAvatar(member!, prompt));
        avatarMs += performance.now() - t;
      };
      const runChat = async () => {
        const t = performance.now();
        chat.push(await sayToChat(member!, prompt));
        chatMs += performance.now() - t;
      };
      if (i % 2 === 0) {
        await runAvatar();
        await runChat();
      } else {
        await runChat();
        await runAvatar();
      }
    }

    const measures: Array<[label: string, key: 'accepted' | 'text' | 'speech' | 'total']> = [
      ['accepted (SSE headers)', 'accepted'],
      ['text available (first delta)', 'text'],
      ['speech started (first sentence)', 'speech'],
      ['full answer (done)', 'total'],
    ];
    const okAvatar = avatar.filter((x) => x.ok);
    const okChat = chat.filter((x) => x.ok);
    const ratio = (a: number, b: number) => (b ? +(a / b).toFixed(2) : 0);
    const rows = measures.flatMap(([label, key]) => {
      const a = okAvatar.map((x) => x[key]);
      const c = okChat.map((x) => x[key]);
      const row = (who: string, values: number[], timings: Timing[], ms: number) => ({
        measure: `${who}: ${label}`,
        turns: timings.length,
        errors: timings.length - values.length,
        p50ms: pct(values, 50),
        p95ms: pct(values, 95),
        answersPerSec: key === 'total' ? +(timings.length / (ms / 1000)).toFixed(2) : '',
        ratioP50: ratio(pct(values, 50), pct(c, 50)),
        ratioP95: ratio(pct(values, 95), pct(c, 95)),
      });
      return [row('avatar', a, avatar, avatarMs), row('chat (reference)', c, chat, chatMs)];
    });
    const firstSentenceChars = {
      avatar: {
        p50: pct(
          okAvatar.map((x) => x.firstSentence.length),
          50,
        ),
      },
      chat: {
        p50: pct(
          okChat.map((x) => x.firstSentence.length),
          50,
        ),
      },
    };
    const answerChars = {
      avatar: {
        p50: pct(
          okAvatar.map((x) => x.chars),
          50,
        ),
      },
      chat: {
        p50: pct(
          okChat.map((x) => x.chars),
          50,
        ),
      },
    };
    const failures = [...avatar, ...chat].filter((x) => !x.ok).map((x) => x.error);

    printTable(
      `bench/avatar: ${TURNS} voice turns with Helena (built-in guide, default pace), sequential; ` +
        `chat in the same run as the reference (ratio = avatar / chat)`,
      rows,
    );
    console.log(
      `first sentence spoken, median ${firstSentenceChars.avatar.p50} characters (chat ${firstSentenceChars.chat.p50}); ` +
        `answer median ${answerChars.avatar.p50} characters (chat ${answerChars.chat.p50}); texts: ${texts.join(', ')}` +
        (failures.length ? `; failures: ${failures.slice(0, 3).join(' | ')}` : ''),
    );
    console.log(`e.g. the first sentence: "${okAvatar[0]?.firstSentence ?? ''}"`);
    const file = writeResult('avatar', {
      turns: TURNS,
      turnsPerMember: TURNS_PER_MEMBER,
      texts,
      rows,
      firstSentenceChars,
      answerChars,
      failures,
      samples: { avatar, chat },
    });
    console.log(`wrote ${file}`);
    if (failures.length) process.exitCode = 1;
    return rows;
  } finally {
    if (child) await stopProcess(child);
    await database.close();
    rmSync(tmp, { recursive: true, force: true });
    await admin.query(`DROP DATABASE IF EXISTS "${scratch}" WITH (FORCE)`);
    await admin.end();
  }
}
