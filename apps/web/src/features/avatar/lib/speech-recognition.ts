/**
 * The browser's speech recognition, apart from React. TypeScript's DOM library has the result
 * types but not the recogniser itself (it is still prefixed in Chrome and Safari), so the part
 * we use is declared here.
 */

/** Why listening failed, as the caller translates it. */
export type SpeechRecognitionProblem = 'not-allowed' | 'no-speech' | 'network' | 'other';

/**
 * push: listening while the member holds the button, one message per press.
 * hands-free: listening until turned off, one message per utterance.
 */
export type SpeechMode = 'push' | 'hands-free';

/** What both listening hooks give the caller (the browser's recogniser or the server's). */
export interface SpeechRecognitionControls {
  /** False where the member cannot talk (no API): the session is text only. */
  supported: boolean;
  /** Whether hands-free is offered (the server variant only records on push-to-talk). */
  handsFreeSupported: boolean;
  /** The microphone is open and heard right now. */
  listening: boolean;
  /** The member wants to be heard: the button is held, or hands-free is on (maybe suspended). */
  active: boolean;
  /** What was heard so far of the current utterance ('' when nothing is pending). */
  interim: string;
  /** A recording is being turned into text (the server variant; always false in the browser). */
  transcribing: boolean;
  mode: SpeechMode;
  /** Changes the mode; whatever was being heard is dropped and listening stops. */
  setMode(mode: SpeechMode): void;
  /** Push: the press. Hands-free: turns listening on. */
  start(): void;
  /** Push: the release (what was said is delivered). Hands-free: turns listening off. */
  stop(): void;
  /** Hands-free: stop hearing for a while (the counsellor speaks), keeping it on. */
  pause(): void;
  /** Hands-free: hear again after `pause`. */
  resume(): void;
  /** The last failure, cleared by the next `start`. */
  error: SpeechRecognitionProblem | null;
}

export interface RecognitionAlternative {
  readonly transcript: string;
}
export interface RecognitionResult {
  readonly isFinal: boolean;
  readonly length: number;
  readonly [index: number]: RecognitionAlternative | undefined;
}
export interface RecognitionResultEvent extends Event {
  readonly resultIndex: number;
  readonly results: { readonly length: number; readonly [index: number]: RecognitionResult | undefined };
}
export interface RecognitionErrorEvent extends Event {
  readonly error: string;
}

/** The part of SpeechRecognition we use. */
export interface Recognition {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  maxAlternatives: number;
  onstart: ((ev: Event) => void) | null;
  onresult: ((ev: RecognitionResultEvent) => void) | null;
  onerror: ((ev: RecognitionErrorEvent) => void) | null;
  onend: ((ev: Event) => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}
export type RecognitionConstructor = new () => Recognition;

/** The recogniser's constructor (standard or prefixed), or null where there is none. */
export function recognitionConstructor(win: Window | undefined = globalThis.window): RecognitionConstructor | null {
  if (!win) return null;
  const w = win as unknown as {
    SpeechRecognition?: RecognitionConstructor;
    webkitSpeechRecognition?: RecognitionConstructor;
  };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}

/**
 * An error event's code as a problem; null for "aborted", which our own abort() causes.
 * "service-not-allowed" is Chrome's refusal when speech is off by policy; "audio-capture" (no
 * microphone, or it is busy) and "language-not-supported" are "other".
 */
export function recognitionProblem(code: string): SpeechRecognitionProblem | null {
  switch (code) {
    case 'aborted':
      return null;
    case 'not-allowed':
    case 'service-not-allowed':
      return 'not-allowed';
    case 'no-speech':
      return 'no-speech';
    case 'network':
      return 'network';
    default:
      return 'other';
  }
}

/**
 * The text of a result event: the final part (results that became final with this event) and
 * the interim part (the guess at what is still being said). Pieces are joined with a space,
 * as Chrome gives each result its own words without the space between.
 */
export function readResults(ev: RecognitionResultEvent): { final: string; interim: string } {
  const finals: string[] = [];
  const interims: string[] = [];
  for (let i = ev.resultIndex; i < ev.results.length; i++) {
    const result = ev.results[i];
    const text = result?.[0]?.transcript.trim();
    if (!result || !text) continue;
    (result.isFinal ? finals : interims).push(text);
  }
  return { final: finals.join(' '), interim: interims.join(' ') };
}

/** Joins pieces of speech with single spaces. */
export function joinSpeech(...pieces: string[]): string {
  return pieces
    .map((p) => p.trim())
    .filter(Boolean)
    .join(' ');
}
