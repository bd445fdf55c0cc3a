/**
 * The crisis check against its evaluation set (support/crisis-eval-set.ts): recall and false
 * alarms overall and per language, held to recall ≥ 0.95 and false alarms ≤ 0.05. The figures
 * are printed, so a run shows them.
 */
import { describe, expect, it } from 'vitest';
import { detectConcern, detectCrisis } from '../src/modules/chat/guide/detect.ts';
import { AT_RISK, NOT_AT_RISK, type EvalMessage } from './support/crisis-eval-set.ts';

const LANGUAGES = ['pt', 'en', 'es'] as const;
const rate = (items: EvalMessage[]) => items.filter((m) => detectCrisis(m.text)).length / items.length;

describe('crisis evaluation set', () => {
  it('is large and varied enough to mean something', () => {
    expect(AT_RISK.length + NOT_AT_RISK.length).toBeGreaterThanOrEqual(150);
    expect(AT_RISK.length).toBeGreaterThanOrEqual(40);
    expect(NOT_AT_RISK.length).toBeGreaterThanOrEqual(60);
    for (const language of LANGUAGES) {
      expect(AT_RISK.filter((m) => m.language === language).length).toBeGreaterThanOrEqual(20);
      expect(NOT_AT_RISK.filter((m) => m.language === language).length).toBeGreaterThanOrEqual(20);
    }
    const texts = [...AT_RISK, ...NOT_AT_RISK].map((m) => m.text.toLowerCase());
    expect(new Set(texts).size).toBe(texts.length);
  });

  it('recall ≥ 0.95 and false alarms ≤ 0.05, overall and in each language', () => {
    const rows = [
      {
        language: 'all',
        recall: rate(AT_RISK),
        falseAlarms: rate(NOT_AT_RISK),
        n: AT_RISK.length + NOT_AT_RISK.length,
      },
      ...LANGUAGES.map((language) => {
        const risk = AT_RISK.filter((m) => m.language === language);
        const not = NOT_AT_RISK.filter((m) => m.language === language);
        return { language, recall: rate(risk), falseAlarms: rate(not), n: risk.length + not.length };
      }),
    ];
    console.info(
      ['crisis check: language | messages | recall | false alarms']
        .concat(rows.map((r) => `${r.language} | ${r.n} | ${r.recall.toFixed(3)} | ${r.falseAlarms.toFixed(3)}`))
        .join('\n'),
    );
    for (const r of rows) {
      expect(r.recall, `recall (${r.language})`).toBeGreaterThanOrEqual(0.95);
      expect(r.falseAlarms, `false alarms (${r.language})`).toBeLessThanOrEqual(0.05);
    }
  });

  it('what the crisis check misses of the set still gets the gentler helpline line', () => {
    const missed = AT_RISK.filter((m) => !detectCrisis(m.text));
    for (const m of missed) expect(detectConcern(m.text), m.text).toBe(true);
  });
});
