import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { streamText, type ModelMessage } from 'ai';
import {
  countTokens,
  EngineTimeoutError,
  type ChatEngine,
  type EngineAnswer,
  type EngineRequest,
  type EngineUsage,
} from './engine.ts';

export interface OpenAiEngineOptions {
  baseURL: string;
  apiKey?: string | undefined;
  model: string;
  /** Longest wait for the first or the next piece of text. */
  timeoutMs: number;
}

const LANGUAGE_NAMES = { pt: 'Brazilian Portuguese', en: 'US English', es: 'Spanish (Spain)' } as const;
/** The helpline a concerned answer names (the crisis answer itself never reaches the model). */
const HELPLINES = {
  pt: 'the CVV (Centro de Valorização da Vida), phone 188, free',
  en: 'the 988 Suicide & Crisis Lifeline (call or text 988)',
  es: 'the Línea 024 (phone 024, free)',
} as const;

/** The system prompt: a respectful, non-sectarian guide that cites only the passages given. */
export function systemPrompt(
  req: Pick<EngineRequest, 'language' | 'firstName' | 'passages' | 'concern' | 'thanks' | 'persona'>,
): string {
  const persona = req.persona;
  const passages = req.passages.length
    ? req.passages.map((p, i) => `[${i + 1}] ${p.reference} (${p.abbreviation}): "${p.text}"`).join('\n')
    : '(none)';
  return [
    ...(persona
      ? [
          `You are ${persona.displayName}, one of Candeia's counsellors: a warm, respectful and non-sectarian spiritual counsellor. ${persona.manner}`,
          `Your specialties: ${persona.specialties.join(', ')}. People of any faith, or none, talk to you about what weighs on them.`,
        ]
      : [
          'You are Candeia, a warm, respectful and non-sectarian spiritual guide. People of any faith, or none, talk to you about what weighs on them.',
        ]),
    `Always answer in ${LANGUAGE_NAMES[req.language]}, whatever language the passages are in. The person's first name is ${req.firstName || 'unknown'}.`,
    persona?.spoken
      ? 'This is a live voice session: your answer is read aloud. Answer in short spoken sentences (at most about 120 words), no headings, no lists: acknowledge what they feel, quote one of the passages below, suggest one small practice, and end with a gentle question.'
      : 'Answer personally and briefly (at most about 250 words): acknowledge what they feel, offer a short reflection, quote one to three of the passages below, suggest one small practice, and end with a gentle question.',
    'Quote ONLY the passages listed below, and write each reference exactly as it is given (for example "João 3:16"). Never cite, invent or paraphrase-cite any other verse, chapter or book reference.',
    `Never claim to be human, a pastor or a therapist${persona ? ' (you are an illustrated avatar speaking through an AI)' : ''}; never give medical, legal or financial instructions. If the person may be in danger, urge them to contact local emergency services or a crisis line now.`,
    'Write plain text with light Markdown (paragraphs, *emphasis*, > quotes). No links, no HTML.',
    ...(req.thanks
      ? [
          'The person is thanking you and asks for nothing: answer in one or two warm sentences, with no quote, no practice and no question.',
        ]
      : []),
    ...(req.concern
      ? [
          `This message has words that may signal despair. Before your closing question, say gently that if they ever think of ending their life they can talk to ${HELPLINES[req.language]} at any hour, and never quote a passage about death, killing, curses or punishment.`,
        ]
      : []),
    '',
    'Passages:',
    passages,
  ].join('\n');
}

function messages(req: EngineRequest): ModelMessage[] {
  return [
    ...req.history.map((h): ModelMessage => ({ role: h.role, content: h.content })),
    { role: 'user', content: req.message },
  ];
}

/**
 * Any OpenAI-compatible endpoint (OpenAI, Ollama, vLLM, llama.cpp server…) through the AI SDK.
 * The answer streams as the model writes it; a wait longer than `timeoutMs` for the first or
 * the next piece aborts the call and fails the answer (its credits are then refunded).
 */
export class OpenAiEngine implements ChatEngine {
  readonly name: string;
  private readonly provider;

  constructor(private readonly opts: OpenAiEngineOptions) {
    this.name = `openai-compatible:${opts.model}`;
    this.provider = createOpenAICompatible({
      name: 'candeia-ai',
      baseURL: opts.baseURL,
      ...(opts.apiKey ? { apiKey: opts.apiKey } : {}),
      includeUsage: true,
    });
  }

  answer(req: EngineRequest): EngineAnswer {
    const controller = new AbortController();
    let timedOut = false;
    let timer: NodeJS.Timeout | undefined;
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timedOut = true;
        controller.abort(new EngineTimeoutError());
      }, this.opts.timeoutMs);
    };
    const onAbort = () => controller.abort(req.signal.reason);
    if (req.signal.aborted) controller.abort(req.signal.reason);
    else req.signal.addEventListener('abort', onAbort, { once: true });

    const system = systemPrompt(req);
    const history = messages(req);
    let written = '';
    let reported: EngineUsage | null = null;
    let settle!: () => void;
    const finished = new Promise<void>((r) => (settle = r));

    const model = this.provider.chatModel(this.opts.model);
    async function* text(): AsyncGenerator<string> {
      arm();
      try {
        const result = streamText({
          model,
          system,
          messages: history,
          maxOutputTokens: req.maxOutputTokens,
          abortSignal: controller.signal,
          // A retry would restart an answer the user already sees; the caller refunds instead.
          maxRetries: 0,
          temperature: 0.7,
          // The SDK's default prints errors, request body included, to stderr; the error part reaches us below.
          onError: () => {},
        });
        for await (const part of result.fullStream) {
          arm();
          if (part.type === 'text-delta') {
            if (!part.text) continue;
            written += part.text;
            yield part.text;
          } else if (part.type === 'finish') {
            const u = part.totalUsage;
            if (u.inputTokens !== undefined && u.outputTokens !== undefined)
              reported = { promptTokens: u.inputTokens, completionTokens: u.outputTokens };
          } else if (part.type === 'error') {
            throw part.error instanceof Error ? part.error : new Error(String(part.error));
          } else if (part.type === 'abort') {
            throw timedOut ? new EngineTimeoutError() : abortError();
          }
        }
        if (controller.signal.aborted) throw timedOut ? new EngineTimeoutError() : abortError();
      } catch (err) {
        if (timedOut) throw new EngineTimeoutError();
        if (req.signal.aborted) throw abortError();
        throw err;
      } finally {
        clearTimeout(timer);
        req.signal.removeEventListener('abort', onAbort);
        settle();
      }
    }

    return {
      text: text(),
      usage: async () => {
        await finished;
        // A stopped answer, or a server that does not report usage: counted as the guide counts.
        return (
          reported ?? {
            promptTokens: countTokens(system) + history.reduce((n, m) => n + countTokens(String(m.content)), 0),
            completionTokens: countTokens(written),
          }
        );
      },
    };
  }
}

function abortError(): Error {
  const err = new Error('The answer was stopped');
  err.name = 'AbortError';
  return err;
}
