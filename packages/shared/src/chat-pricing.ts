/**
 * What a chat answer costs (PRODUCT.md "Credits"): credits are tokens of AI text, and an answer
 * costs its prompt + completion tokens. The built-in engine counts words × 1.3, rounded up. The
 * server charges with `countTokens`; the chat's composer shows `estimateAnswerCredits` before
 * sending, from the same rule.
 */

/** Tokens per word, as the built-in engine counts them. */
export const TOKENS_PER_WORD = 1.3;

/** The built-in engine's token count: words × 1.3, rounded up. */
export function countTokens(text: string): number {
  const words = text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu)?.length ?? 0;
  return Math.ceil(words * TOKENS_PER_WORD);
}

/**
 * The completion tokens of a typical answer of the built-in guide. Its answers have three
 * shapes (a full answer with passages, one passage, a short prayer) and a thank-you gets a few
 * words: over the guide's evaluation set with the real texts they run from about 20 to 285
 * tokens, the median near 110 (decision 017). apps/server/test/chat-trial-allowance.test.ts
 * keeps the median near this and every answer under GUIDE_ANSWER_TOKENS_MAX.
 */
export const GUIDE_ANSWER_TOKENS = 110;
/** The longest answer the built-in guide writes, in tokens (rounded up from the evaluation set's longest). */
export const GUIDE_ANSWER_TOKENS_MAX = 300;

/** What an answer of the built-in guide to `message` will cost, about: the message's tokens and a typical answer's. */
export function estimateAnswerCredits(message: string): number {
  return countTokens(message) + GUIDE_ANSWER_TOKENS;
}

/** The most an answer of the built-in guide to `message` costs: the message's tokens and the longest answer's. */
export function maxAnswerCredits(message: string): number {
  return countTokens(message) + GUIDE_ANSWER_TOKENS_MAX;
}
