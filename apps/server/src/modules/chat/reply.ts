import type { CitationDto } from '@candeia/shared/schemas/chat';
import type { ChatLanguage, ChatTheme } from '@candeia/shared/schemas/chat';
import type { Deps } from '../../types.ts';
import type { ChatEngine, EngineAnswer, GuideChoices, HistoryTurn, Passage, Persona } from './engine.ts';
import { checkCitations } from './grounding.ts';
import { composeCrisisAnswer } from './guide/compose.ts';
import { detectConcern, detectCrisis, detectLanguage, detectThanks } from './guide/detect.ts';
import { listen } from './guide/situations.ts';
import type { SituationFound } from './guide/situations.ts';
import { retrieve } from './retrieval.ts';

/**
 * How a message is heard before anything answers it, for the chat and for the avatar's sessions
 * alike: its language, signs of crisis (then the helpline answer, composed here, comes first and
 * nothing else is done), its themes and situations, words near despair, a thank-you, and the
 * passages retrieved for it (none quoted before in the conversation).
 */
export interface Heard {
  language: ChatLanguage;
  /** The helpline answer, when the message shows signs of crisis: answered with this, at once. */
  crisis: string | null;
  themes: ChatTheme[];
  situations: SituationFound[];
  concern: boolean;
  thanks: boolean;
  passages: Passage[];
}

export interface HearInput {
  message: string;
  firstName: string;
  /** The language when the message does not tell (the member's interface or session language). */
  fallbackLanguage: ChatLanguage;
  /** The language is fixed (an avatar session answers in its own), whatever the message looks like. */
  fixedLanguage?: boolean;
  /** The last answer was the helpline answer: a means or words near despair are a crisis too. */
  afterCrisis: boolean;
  /** The country the member gave at sign-up, read only for a crisis answer (its line comes first). */
  country?: (() => Promise<string | null>) | undefined;
  /** The previous answer's choices (its theme carries to a follow-up that names none). */
  avoid?: GuideChoices | undefined;
  /** References quoted before in the conversation: not retrieved again. */
  quoted: readonly string[];
}

export async function hear(deps: Pick<Deps, 'db'>, input: HearInput): Promise<Heard> {
  const language = input.fixedLanguage ? input.fallbackLanguage : detectLanguage(input.message, input.fallbackLanguage);
  if (detectCrisis(input.message, { afterCrisis: input.afterCrisis }))
    return {
      language,
      crisis: composeCrisisAnswer(language, input.firstName, await input.country?.()),
      themes: [],
      situations: [],
      concern: false,
      thanks: false,
      passages: [],
    };
  // Themes and situations; a follow-up that names none carries the previous answer's theme.
  const heard = listen(input.message, language, input.avoid?.theme);
  // Words near despair that are not a crisis: the answer ends with a word about the helpline.
  const concern = detectConcern(input.message);
  // A thank-you gets a few words back; any other message its passages, none quoted before here.
  const thanks =
    !concern && (heard.themes.length === 0 || heard.carried) && !heard.situations.length && detectThanks(input.message);
  const passages = thanks
    ? []
    : (await retrieve(deps, { message: input.message, language, themes: heard.themes })).filter(
        (p) => !input.quoted.includes(p.reference),
      );
  return { language, crisis: null, themes: heard.themes, situations: heard.situations, concern, thanks, passages };
}

/** What an avatar session (or any caller outside the chat) needs to have an answer written. */
export interface ReplyInput {
  heard: Heard;
  firstName: string;
  message: string;
  history: HistoryTurn[];
  avoid?: GuideChoices | undefined;
  persona?: Persona | undefined;
  maxOutputTokens: number;
  signal: AbortSignal;
}

/** Has `engine` write the answer to a heard message (not a crisis: that one is `heard.crisis`). */
export function reply(engine: ChatEngine, input: ReplyInput): EngineAnswer {
  const { heard } = input;
  return engine.answer({
    language: heard.language,
    firstName: input.firstName,
    message: input.message,
    history: input.history,
    themes: heard.themes,
    situations: heard.situations,
    passages: heard.passages,
    concern: heard.concern,
    thanks: heard.thanks,
    maxOutputTokens: input.maxOutputTokens,
    avoid: input.avoid,
    persona: input.persona,
    signal: input.signal,
  });
}

/** The citations of a written answer, each checked against the passages it was given (SECURITY.md 20). */
export function citationsOf(deps: Pick<Deps, 'db'>, content: string, heard: Heard): Promise<CitationDto[]> {
  return content ? checkCitations(deps.db, content, heard.passages, heard.language) : Promise.resolve([]);
}
