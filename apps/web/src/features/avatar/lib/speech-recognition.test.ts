import { describe, expect, it } from 'vitest';
import {
  joinSpeech,
  readResults,
  recognitionConstructor,
  recognitionProblem,
  type RecognitionResultEvent,
} from './speech-recognition.ts';

const result = (transcript: string, isFinal: boolean) => Object.assign([{ transcript }], { isFinal });
const event = (resultIndex: number, ...results: ReturnType<typeof result>[]) =>
  ({ resultIndex, results }) as unknown as RecognitionResultEvent;

describe('recognitionConstructor', () => {
  it('takes the standard constructor, else the prefixed one, else none', () => {
    class Std {}
    class Webkit {}
    const win = (o: object) => o as unknown as Window;
    expect(recognitionConstructor(win({ SpeechRecognition: Std, webkitSpeechRecognition: Webkit }))).toBe(Std);
    expect(recognitionConstructor(win({ webkitSpeechRecognition: Webkit }))).toBe(Webkit);
    expect(recognitionConstructor(win({}))).toBeNull();
  });
});

describe('recognitionProblem', () => {
  it('maps error codes to the small set the caller translates', () => {
    expect(recognitionProblem('aborted')).toBeNull();
    expect(recognitionProblem('not-allowed')).toBe('not-allowed');
    expect(recognitionProblem('service-not-allowed')).toBe('not-allowed');
    expect(recognitionProblem('no-speech')).toBe('no-speech');
    expect(recognitionProblem('network')).toBe('network');
    expect(recognitionProblem('audio-capture')).toBe('other');
    expect(recognitionProblem('language-not-supported')).toBe('other');
  });
});

describe('readResults', () => {
  it('separates what became final from the guess still going on, from the event’s index', () => {
    const ev = event(1, result('já dito', true), result('estou ', true), result(' ansioso', false));
    expect(readResults(ev)).toEqual({ final: 'estou', interim: 'ansioso' });
  });

  it('skips empty transcripts', () => {
    expect(readResults(event(0, result('  ', false)))).toEqual({ final: '', interim: '' });
  });

  it('joins pieces with single spaces', () => {
    expect(joinSpeech(' estou', '', 'muito ', ' ansioso ')).toBe('estou muito ansioso');
  });
});
