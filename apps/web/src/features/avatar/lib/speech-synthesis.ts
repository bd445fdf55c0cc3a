import type { AvatarGender } from '@candeia/shared/schemas/avatar';

/**
 * The counsellor's voice, apart from React: which installed voice to use, and how wide the
 * portrait's mouth is at a given instant. Used by use-speech-synthesis.ts (the browser's voices)
 * and use-server-speech.ts (audio from our server).
 */

/** Why speaking failed, as the caller translates it. */
export type SpeechSynthesisProblem = 'not-allowed' | 'network' | 'other';

/** What both speaking hooks give the caller (the browser's voices or the server's audio). */
export interface SpeechSynthesisControls {
  /** False where nothing can be spoken (no API): the session is text only. */
  supported: boolean;
  /** True from the first sentence's start to the end of the queue. */
  speaking: boolean;
  /** The browser voice chosen (null before voices load, where none fits, and for server audio). */
  voice: SpeechSynthesisVoice | null;
  /** Queues one sentence (plain text: see speakable.ts); blank text is ignored. */
  speak(text: string): void;
  /** Stops speaking at once and forgets the queue. Always safe to call. */
  stop(): void;
  /**
   * Lets later speech play on browsers that allow sound only after a gesture (iOS Safari):
   * call it from the click or key handler that begins the session.
   */
  unlock(): void;
  /** The mouth's openness now, 0..1: read it each animation frame (no re-render involved). */
  mouthLevel(): number;
  /** The last failure, cleared when speech next starts. */
  error: SpeechSynthesisProblem | null;
}

/** The SpeechSynthesisErrorEvent codes that are no failure: our own stop() caused them. */
const CANCELLED = new Set(['interrupted', 'canceled']);

/** A SpeechSynthesisErrorEvent's code as a problem, or null when it was our own cancel. */
export function synthesisProblem(code: string | undefined): SpeechSynthesisProblem | null {
  if (code && CANCELLED.has(code)) return null;
  if (code === 'not-allowed') return 'not-allowed';
  if (code === 'network') return 'network';
  return 'other';
}

/**
 * Names of common voices by the gender they sound (Chrome/Google, Edge/Windows, Safari/macOS
 * and iOS, Android), lowercased and without accents. Voice names rarely say the gender, so
 * this list is what lets a male counsellor speak with a male voice.
 */
const FEMALE_NAMES = [
  // Portuguese
  'francisca',
  'luciana',
  'maria',
  'helena',
  'fernanda',
  'raquel',
  'joana',
  'catarina',
  'leila',
  'yara',
  'thalita',
  'brenda',
  'elza',
  'giovanna',
  'leticia',
  'manuela',
  'camila',
  'vitoria',
  'ines',
  // Spanish
  'monica',
  'paulina',
  'laura',
  'elvira',
  'sabina',
  'dalia',
  'paloma',
  'lucia',
  'marisol',
  'esperanza',
  'ximena',
  // English
  'samantha',
  'zira',
  'aria',
  'jenny',
  'karen',
  'moira',
  'tessa',
  'victoria',
  'allison',
  'ava',
  'susan',
  'hazel',
  'serena',
  'fiona',
  'kate',
  'emma',
  'libby',
  'sonia',
  'michelle',
];
const MALE_NAMES = [
  // Portuguese
  'antonio',
  'daniel',
  'felipe',
  'thiago',
  'tiago',
  'jorge',
  'duarte',
  'donato',
  'fabio',
  'humberto',
  'julio',
  'nicolau',
  'valerio',
  'macerio',
  'francisco',
  'joao',
  'ricardo',
  // Spanish
  'pablo',
  'alvaro',
  'diego',
  'juan',
  'carlos',
  'raul',
  'enrique',
  'alonso',
  'gonzalo',
  // English
  'alex',
  'fred',
  'david',
  'mark',
  'guy',
  'george',
  'tom',
  'aaron',
  'arthur',
  'rishi',
  'oliver',
  'ryan',
  'eric',
  'christopher',
  'brian',
  'james',
];
/** Whole names whose gender only their vendor knows (Google's voices are named by language). */
const FEMALE_VOICES = [
  'google portugues do brasil',
  'google espanol',
  'google us english',
  'google espanol de estados unidos',
];
const FEMALE_WORDS = ['female', 'woman', 'feminina', 'feminino', 'mulher', 'femenina', 'femenino', 'mujer'];
const MALE_WORDS = ['male', 'man', 'masculina', 'masculino', 'homem', 'hombre'];

const plain = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The gender a voice's name suggests, or null when it does not say. */
export function voiceGender(voice: Pick<SpeechSynthesisVoice, 'name'>): AvatarGender | null {
  const name = plain(voice.name);
  if (FEMALE_VOICES.includes(name.trim())) return 'female';
  // Whole words only: "female" holds "male", "Mariana" is not "Maria" (though female too).
  const words = new Set(name.split(/[^\p{L}\p{N}]+/u).filter(Boolean));
  const has = (list: string[]) => list.some((w) => words.has(w));
  if (has(FEMALE_WORDS)) return 'female';
  if (has(MALE_WORDS)) return 'male';
  if (has(FEMALE_NAMES)) return 'female';
  if (has(MALE_NAMES)) return 'male';
  return null;
}

/** "pt-BR", "pt_BR" and "PT-br" alike. */
const normLang = (lang: string) => lang.replace(/_/g, '-').toLowerCase();

/**
 * The voice to speak `lang` (e.g. "pt-BR") as a `gender` counsellor: among the voices of the
 * exact language, else among those of the same language ("pt-PT" for "pt-BR"), one whose name
 * suggests the gender; else one that says nothing of it; else the first. Null when no voice
 * speaks the language (the browser then picks one by the utterance's `lang`).
 */
export function chooseVoice(
  voices: readonly SpeechSynthesisVoice[],
  lang: string,
  gender: AvatarGender,
): SpeechSynthesisVoice | null {
  const wanted = normLang(lang);
  const prefix = wanted.split('-')[0]!;
  const exact = voices.filter((v) => normLang(v.lang) === wanted);
  const same = exact.length ? exact : voices.filter((v) => normLang(v.lang).split('-')[0] === prefix);
  if (!same.length) return null;
  return (
    same.find((v) => voiceGender(v) === gender) ??
    same.find((v) => voiceGender(v) === null) ??
    // Only voices of the other gender: better a voice than none.
    same[0]!
  );
}

/** How long the mouth takes to close after a word boundary opened it. */
export const MOUTH_DECAY_MS = 120;

/**
 * The portrait's mouth. Word boundaries open it fully and it closes over MOUTH_DECAY_MS; while
 * something is spoken without boundaries (Google's online voices, Firefox, audio we cannot
 * analyse) it moves with a gentle synthetic rhythm instead. Times are performance.now() values.
 */
export interface Mouth {
  /** Speaking (an utterance or audio) began. */
  start(now: number): void;
  /** A word began. */
  boundary(now: number): void;
  /** Speaking ended (the queue ran out, or stop). */
  stop(): void;
  /** Openness at `now`, 0..1. */
  level(now: number): number;
}

export function createMouth(): Mouth {
  let speaking = false;
  let startedAt = 0;
  let lastBoundary = -Infinity;
  let boundaries = false;
  return {
    start(now) {
      // Each utterance decides anew: a voice without boundaries may follow one with them.
      if (!speaking) startedAt = now;
      speaking = true;
      boundaries = false;
    },
    boundary(now) {
      lastBoundary = now;
      boundaries = true;
    },
    stop() {
      speaking = false;
      boundaries = false;
      lastBoundary = -Infinity;
    },
    level(now) {
      const since = now - lastBoundary;
      // Ease out: wide for most of the decay, then closing quickly.
      const decayed = since >= 0 && since < MOUTH_DECAY_MS ? 1 - (since / MOUTH_DECAY_MS) ** 2 : 0;
      if (!speaking) return 0;
      if (boundaries) return decayed;
      return Math.max(decayed, syntheticLevel(now - startedAt));
    },
  };
}

/** Syllable-like movement (about four a second) for speech whose words we cannot see. */
export function syntheticLevel(elapsedMs: number): number {
  const t = elapsedMs / 1000;
  const syllables = Math.sin(2 * Math.PI * 4.2 * t);
  const phrase = 0.6 + 0.4 * Math.sin(2 * Math.PI * 1.3 * t + 1);
  return clamp01(0.35 + 0.3 * syllables * phrase);
}

/**
 * The mouth for an audio level: the RMS of a frame of samples (-1..1). Speech sits around 0.02
 * (quiet) to 0.25 (loud); below the floor the mouth is shut.
 */
export function rmsToMouth(rms: number): number {
  return clamp01((rms - 0.015) / 0.2);
}

/** The root mean square of a frame of samples. */
export function rms(samples: Float32Array): number {
  if (!samples.length) return 0;
  let sum = 0;
  for (const s of samples) sum += s * s;
  return Math.sqrt(sum / samples.length);
}

function clamp01(n: number): number {
  return n < 0 ? 0 : n > 1 ? 1 : n;
}
