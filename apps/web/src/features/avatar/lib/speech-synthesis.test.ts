import { describe, expect, it } from 'vitest';
import {
  MOUTH_DECAY_MS,
  chooseVoice,
  createMouth,
  rms,
  rmsToMouth,
  synthesisProblem,
  syntheticLevel,
  voiceGender,
} from './speech-synthesis.ts';

const v = (name: string, lang: string): SpeechSynthesisVoice =>
  ({ name, lang, voiceURI: name, localService: true, default: false }) as SpeechSynthesisVoice;

describe('voiceGender', () => {
  it('knows common voices by name across vendors', () => {
    expect(voiceGender(v('Microsoft Francisca Online (Natural) - Portuguese (Brazil)', 'pt-BR'))).toBe('female');
    expect(voiceGender(v('Luciana', 'pt-BR'))).toBe('female');
    expect(voiceGender(v('Microsoft Maria - Portuguese (Brazil)', 'pt-BR'))).toBe('female');
    expect(voiceGender(v('Google português do Brasil', 'pt-BR'))).toBe('female');
    expect(voiceGender(v('Microsoft Helena - Spanish (Spain)', 'es-ES'))).toBe('female');
    expect(voiceGender(v('Microsoft Antonio Online (Natural) - Portuguese (Brazil)', 'pt-BR'))).toBe('male');
    expect(voiceGender(v('Microsoft Daniel - Portuguese (Brazil)', 'pt-BR'))).toBe('male');
    expect(voiceGender(v('Felipe', 'pt-BR'))).toBe('male');
    expect(voiceGender(v('Jorge', 'es-ES'))).toBe('male');
  });

  it('reads gender words, "female" before the "male" inside it', () => {
    expect(voiceGender(v('Google UK English Female', 'en-GB'))).toBe('female');
    expect(voiceGender(v('Google UK English Male', 'en-GB'))).toBe('male');
    expect(voiceGender(v('Voz feminina 2', 'pt-BR'))).toBe('female');
    expect(voiceGender(v('voz masculina', 'pt-BR'))).toBe('male');
  });

  it('says nothing of a voice it does not know', () => {
    expect(voiceGender(v('pt-br-x-afs-local', 'pt-BR'))).toBeNull();
    expect(voiceGender(v('Mariana Neural', 'pt-BR'))).toBeNull();
  });
});

describe('chooseVoice', () => {
  const luciana = v('Luciana', 'pt-BR');
  const felipe = v('Felipe', 'pt-BR');
  const unknownBr = v('pt-br-x-afs-local', 'pt_BR');
  const joana = v('Joana', 'pt-PT');
  const duarte = v('Microsoft Duarte - Portuguese (Portugal)', 'pt-PT');
  const samantha = v('Samantha', 'en-US');

  it('takes the exact language with the wanted gender', () => {
    const voices = [samantha, joana, luciana, felipe];
    expect(chooseVoice(voices, 'pt-BR', 'female')).toBe(luciana);
    expect(chooseVoice(voices, 'pt-BR', 'male')).toBe(felipe);
  });

  it('prefers a voice of the exact language to one of its other regions', () => {
    expect(chooseVoice([duarte, luciana], 'pt-BR', 'male')).toBe(luciana);
  });

  it('prefers a voice that says nothing of gender to one of the other gender', () => {
    expect(chooseVoice([luciana, unknownBr], 'pt-BR', 'male')).toBe(unknownBr);
  });

  it('matches languages however their tags are written', () => {
    expect(chooseVoice([samantha, unknownBr], 'PT-br', 'female')).toBe(unknownBr);
  });

  it('falls back to another region of the language, by gender', () => {
    expect(chooseVoice([samantha, joana, duarte], 'pt-BR', 'male')).toBe(duarte);
    expect(chooseVoice([samantha, duarte, joana], 'pt-BR', 'female')).toBe(joana);
  });

  it('takes the first of the language when none fits the gender', () => {
    expect(chooseVoice([samantha, luciana, v('Maria', 'pt-BR')], 'pt-BR', 'male')).toBe(luciana);
  });

  it('has none where no voice speaks the language (or none loaded yet)', () => {
    expect(chooseVoice([samantha], 'pt-BR', 'female')).toBeNull();
    expect(chooseVoice([], 'pt-BR', 'female')).toBeNull();
  });
});

describe('mouth', () => {
  it('is shut when nothing is spoken', () => {
    const m = createMouth();
    expect(m.level(0)).toBe(0);
    m.boundary(10);
    expect(m.level(10)).toBe(0);
  });

  it('opens on a word boundary and closes within the decay', () => {
    const m = createMouth();
    m.start(0);
    m.boundary(100);
    expect(m.level(100)).toBe(1);
    expect(m.level(100 + MOUTH_DECAY_MS / 2)).toBeGreaterThan(0.5);
    expect(m.level(100 + MOUTH_DECAY_MS)).toBe(0);
    m.boundary(300);
    expect(m.level(301)).toBeGreaterThan(0.9);
    m.stop();
    expect(m.level(302)).toBe(0);
  });

  it('moves on its own while speaking without boundaries, within 0..1', () => {
    const m = createMouth();
    m.start(0);
    const levels = Array.from({ length: 120 }, (_, i) => m.level(i * 16));
    expect(Math.max(...levels)).toBeGreaterThan(0.4);
    expect(Math.min(...levels)).toBeLessThan(0.3);
    for (const l of levels) {
      expect(l).toBeGreaterThanOrEqual(0);
      expect(l).toBeLessThanOrEqual(1);
    }
    for (let t = 0; t < 5000; t += 7) {
      expect(syntheticLevel(t)).toBeGreaterThanOrEqual(0);
      expect(syntheticLevel(t)).toBeLessThanOrEqual(1);
    }
  });

  it('follows boundaries only once an utterance has them, and decides again for the next', () => {
    const m = createMouth();
    m.start(0);
    m.boundary(0);
    expect(m.level(500)).toBe(0);
    m.start(600);
    expect(m.level(700)).toBe(syntheticLevel(700));
  });
});

describe('audio level', () => {
  it('maps silence to a shut mouth and loud speech to an open one', () => {
    expect(rms(new Float32Array(0))).toBe(0);
    expect(rms(new Float32Array([0.5, -0.5, 0.5, -0.5]))).toBeCloseTo(0.5);
    expect(rmsToMouth(0)).toBe(0);
    expect(rmsToMouth(0.01)).toBe(0);
    expect(rmsToMouth(0.1)).toBeGreaterThan(0.3);
    expect(rmsToMouth(0.5)).toBe(1);
  });
});

describe('synthesisProblem', () => {
  it('ignores our own cancels and maps the rest', () => {
    expect(synthesisProblem('interrupted')).toBeNull();
    expect(synthesisProblem('canceled')).toBeNull();
    expect(synthesisProblem('not-allowed')).toBe('not-allowed');
    expect(synthesisProblem('network')).toBe('network');
    expect(synthesisProblem('synthesis-failed')).toBe('other');
    expect(synthesisProblem(undefined)).toBe('other');
  });
});
