import type { ChatLanguage, ChatTheme } from '@candeia/shared/schemas/chat';
import type { SituationFound } from './guide/situations.ts';

/**
 * What writes an answer. Two implementations: the built-in scripture guide (guide/guide-engine.ts,
 * the default) and any OpenAI-compatible endpoint (openai-engine.ts). Both get the same request:
 * the message, the conversation so far, and passages retrieved from the installed texts, which
 * are the only ones an answer may cite.
 */

/** A passage read from an installed text, with the reference an answer cites it by. */
export interface Passage {
  textId: string;
  /** 'bible' or another sacred book key (taoTeChing, quran…). */
  bookKey: string;
  /** The language of the text itself. */
  language: ChatLanguage;
  /** Abbreviation of the text, e.g. 'BLivre', 'KJV'. */
  abbreviation: string;
  /** Book code (OSIS for Bibles), its name in the text, chapter and verses. */
  book: string;
  bookName: string;
  chapter: number;
  verseStart: number;
  verseEnd: number;
  /** "João 3:16", "Salmos 23:1-2", "Tao Te Ching 16:1": exactly how an answer writes it. */
  reference: string;
  /** The words of the passage. */
  text: string;
  /** The theme it was retrieved for, when it came from the themed passages. */
  theme?: ChatTheme;
  /** How it was found: named in the message, or chosen for a theme. Absent: named when it has no theme, themed when it has one. */
  source?: 'named' | 'theme';
}

export interface HistoryTurn {
  role: 'user' | 'assistant';
  content: string;
}

/** What the built-in guide chose for an answer, kept so the next one can choose otherwise. */
export type GuideChoices = Record<string, number | string | string[]>;

/**
 * Who answers, when it is not Candeia's own guide: an avatar counsellor (modules/avatar). The
 * OpenAI-compatible engine puts it in the system prompt; the built-in guide takes its openers,
 * practices and answer shape from the `guide` catalogue's `persona.<key>`.
 */
export interface Persona {
  /** The catalogue key (`guide:persona.<key>`), the counsellor's id. */
  key: string;
  /** How they are called, e.g. "Helena Prado". */
  displayName: string;
  /** Their manner, in English, for a model's system prompt. */
  manner: string;
  /** Their specialties, in English. */
  specialties: string[];
  /** The themes they are drawn to: a message with no theme of its own gets a practice of the first. */
  focus: ChatTheme[];
  /** The built-in guide's shape for their answers: one passage, or a short prayer and one passage. */
  shape: 'one' | 'prayer';
  /** The answer is spoken aloud: short, plain sentences. */
  spoken: boolean;
}

export interface EngineRequest {
  /** The language to answer in (detected from the message, else the user's interface language). */
  language: ChatLanguage;
  firstName: string;
  message: string;
  /** Earlier turns of the conversation, oldest first (bounded by the caller). */
  history: HistoryTurn[];
  /** Detected themes, strongest first (may be empty). */
  themes: ChatTheme[];
  /** What is happening in the member's life (a divorce, an illness…), most specific first. */
  situations?: SituationFound[];
  /** Retrieved passages, best first: the only ones an answer may quote. */
  passages: Passage[];
  /**
   * Words near despair that were not a crisis (guide/detect.ts `detectConcern`): the answer
   * says, gently, where the helpline is.
   */
  concern?: boolean;
  /** The message thanks the guide and asks for nothing: a few warm words back, no quotes. */
  thanks?: boolean;
  /** The most tokens the answer may have (what the user's credits allow). */
  maxOutputTokens: number;
  /** The choices of the previous answer in this conversation, to vary from. */
  avoid?: GuideChoices | undefined;
  /** An avatar counsellor answering in their own manner (absent: Candeia's guide). */
  persona?: Persona | undefined;
  /** Aborted when the user stops the answer (or the server shuts down). */
  signal: AbortSignal;
}

export interface EngineUsage {
  promptTokens: number;
  completionTokens: number;
}

export interface EngineAnswer {
  /** The answer's text (markdown), piece by piece. Throws on failure or abort. */
  text: AsyncIterable<string>;
  /** Token counts, once `text` has ended (or was stopped): what the answer costs. */
  usage(): Promise<EngineUsage>;
  /** What the engine chose (the guide's phrasing and passages), stored with the message. */
  choices?: GuideChoices;
}

export interface ChatEngine {
  /** 'guide' or 'openai-compatible:<model>'. */
  readonly name: string;
  answer(req: EngineRequest): EngineAnswer;
}

/** The built-in engine's token count: words × 1.3, rounded up (PRODUCT.md "Credits"), shared with the composer's estimate. */
export { countTokens } from '@candeia/shared/chat-pricing';

/** Thrown by an engine whose upstream did not answer in time. */
export class EngineTimeoutError extends Error {
  constructor(message = 'the AI engine did not answer in time') {
    super(message);
    this.name = 'EngineTimeoutError';
  }
}
