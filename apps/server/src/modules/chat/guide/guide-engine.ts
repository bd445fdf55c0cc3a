import { countTokens, type ChatEngine, type EngineAnswer, type EngineRequest } from '../engine.ts';
import { composeAnswer, composeThanks } from './compose.ts';

/** Words per streamed piece. */
const WORDS_PER_PIECE = 3;

const abortError = () => new DOMException('Aborted', 'AbortError');

/**
 * The text in pieces of a few words; each piece keeps the whitespace after its words (and the
 * first one any leading whitespace), so joining the pieces gives back the text exactly.
 */
export function splitPieces(text: string, wordsPerPiece = WORDS_PER_PIECE): string[] {
  const units = text.match(/^\s+|\S+\s*/g) ?? [];
  const pieces: string[] = [];
  for (let i = 0; i < units.length; i += wordsPerPiece) pieces.push(units.slice(i, i + wordsPerPiece).join(''));
  return pieces;
}

/** Waits `ms`, or rejects with an AbortError as soon as `signal` aborts (the timer is cleared). */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(abortError());
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * The built-in scripture guide: composes a warm answer around the retrieved passages (no
 * network, no model) and writes it out a few words at a time, `paceMs` apart, like a model
 * would. Stopping it (req.signal) ends the text with an AbortError; the usage counts only the
 * words written until then.
 */
export class GuideEngine implements ChatEngine {
  readonly name = 'guide';
  private readonly paceMs: number;

  constructor({ paceMs }: { paceMs: number }) {
    this.paceMs = Math.max(0, paceMs);
  }

  answer(req: EngineRequest): EngineAnswer {
    const { text, choices } = req.thanks
      ? composeThanks(req.language, req.firstName, req.avoid)
      : composeAnswer({
          language: req.language,
          firstName: req.firstName,
          message: req.message,
          themes: req.themes,
          passages: req.passages,
          concern: req.concern ?? false,
          situations: req.situations ?? [],
          followUp: req.history.some((h) => h.role === 'assistant'),
          maxOutputTokens: req.maxOutputTokens,
          avoid: req.avoid,
          persona: req.persona,
        });
    const pieces = splitPieces(text);
    const paceMs = this.paceMs;
    const signal = req.signal;
    let written = '';

    async function* stream(): AsyncGenerator<string> {
      for (let i = 0; i < pieces.length; i++) {
        if (signal.aborted) throw abortError();
        if (i > 0 && paceMs > 0) await pause(paceMs, signal);
        if (signal.aborted) throw abortError();
        written += pieces[i]!;
        yield pieces[i]!;
      }
    }

    return {
      text: stream(),
      usage: () => Promise.resolve({ promptTokens: countTokens(req.message), completionTokens: countTokens(written) }),
      choices,
    };
  }
}
