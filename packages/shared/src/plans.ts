import { PLAN_FEATURES, type PlanFeatures } from './constants.ts';

const LABEL_RULES: Array<[RegExp, keyof PlanFeatures]> = [
  [/chat/i, 'chat'],
  [/comunidade|community/i, 'community'],
  [/b[íi]blia|bible|textos sagrados/i, 'bible'],
  [/live/i, 'live'],
  [/referral|indica[çc][ãa]o/i, 'referral_program'],
];

/**
 * Normalises plan features (SPEC.md §3): either a list of text labels, where a label
 * matching chat, comunidade/community, bíblia/bible/textos sagrados, live, or
 * referral/indicação sets that flag, or an object of booleans.
 */
export function normalizeFeatures(input: unknown): PlanFeatures {
  const out = Object.fromEntries(PLAN_FEATURES.map((f) => [f, false])) as PlanFeatures;
  if (Array.isArray(input)) {
    for (const label of input) {
      if (typeof label !== 'string') continue;
      for (const [re, flag] of LABEL_RULES) if (re.test(label)) out[flag] = true;
    }
  } else if (input && typeof input === 'object') {
    for (const f of PLAN_FEATURES) out[f] = (input as Record<string, unknown>)[f] === true;
  }
  return out;
}
