import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RecognitionErrorEvent, RecognitionResultEvent } from '../lib/speech-recognition.ts';
import { useSpeechRecognition, type SpeechRecognitionOptions } from './use-speech-recognition.ts';

/** The browser's recogniser as the tests drive it: each event is fired by the test. */
class FakeRecognition {
  static instances: FakeRecognition[] = [];
  static failStart = false;
  lang = '';
  continuous = false;
  interimResults = false;
  maxAlternatives = 1;
  onstart: ((ev: Event) => void) | null = null;
  onresult: ((ev: RecognitionResultEvent) => void) | null = null;
  onerror: ((ev: RecognitionErrorEvent) => void) | null = null;
  onend: ((ev: Event) => void) | null = null;
  calls: string[] = [];
  private results: { transcript: string; isFinal: boolean }[] = [];

  constructor() {
    FakeRecognition.instances.push(this);
  }
  start() {
    if (FakeRecognition.failStart) throw new DOMException('busy', 'InvalidStateError');
    this.calls.push('start');
  }
  stop() {
    this.calls.push('stop');
  }
  abort() {
    this.calls.push('abort');
  }

  emitStart() {
    this.onstart?.(new Event('start'));
  }
  /** A result: a guess replaces the last guess; a final one settles it. */
  hear(transcript: string, isFinal: boolean) {
    const last = this.results.at(-1);
    if (last && !last.isFinal) this.results.pop();
    this.results.push({ transcript, isFinal });
    const results = this.results.map((r) => Object.assign([{ transcript: r.transcript }], { isFinal: r.isFinal }));
    const ev = Object.assign(new Event('result'), { resultIndex: this.results.length - 1, results });
    this.onresult?.(ev as unknown as RecognitionResultEvent);
  }
  emitError(error: string) {
    this.onerror?.(Object.assign(new Event('error'), { error }) as RecognitionErrorEvent);
  }
  emitEnd() {
    this.onend?.(new Event('end'));
  }
}

const last = () => FakeRecognition.instances.at(-1)!;

function setup(over: Partial<SpeechRecognitionOptions> = {}) {
  const finals: string[] = [];
  const interims: string[] = [];
  const hook = renderHook((props: Partial<SpeechRecognitionOptions>) =>
    useSpeechRecognition({
      lang: 'pt-BR',
      onFinal: (t) => finals.push(t),
      onInterim: (t) => interims.push(t),
      ...over,
      ...props,
    }),
  );
  return { hook, finals, interims };
}

beforeEach(() => {
  FakeRecognition.instances = [];
  FakeRecognition.failStart = false;
  vi.stubGlobal('webkitSpeechRecognition', FakeRecognition);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('useSpeechRecognition', () => {
  it('is unsupported where the browser has no recogniser', () => {
    vi.stubGlobal('webkitSpeechRecognition', undefined);
    const { hook } = setup();
    expect(hook.result.current.supported).toBe(false);
    expect(hook.result.current.handsFreeSupported).toBe(false);
    act(() => hook.result.current.start());
    expect(hook.result.current.active).toBe(false);
    expect(FakeRecognition.instances).toHaveLength(0);
  });

  it('prefers the standard constructor', () => {
    class Standard extends FakeRecognition {}
    vi.stubGlobal('SpeechRecognition', Standard);
    const { hook } = setup();
    act(() => hook.result.current.start());
    expect(last()).toBeInstanceOf(Standard);
  });

  describe('push-to-talk', () => {
    it('listens while held, shows the words live, and delivers them once after the release', () => {
      const { hook, finals, interims } = setup();
      expect(hook.result.current.mode).toBe('push');
      act(() => hook.result.current.start());
      const r = last();
      expect(r).toMatchObject({ lang: 'pt-BR', continuous: true, interimResults: true, calls: ['start'] });
      expect(hook.result.current.active).toBe(true);
      expect(hook.result.current.listening).toBe(false);

      act(() => r.emitStart());
      expect(hook.result.current.listening).toBe(true);
      act(() => r.hear('estou', false));
      expect(hook.result.current.interim).toBe('estou');
      act(() => r.hear('estou ansioso', true));
      act(() => r.hear('hoje', false));
      expect(hook.result.current.interim).toBe('estou ansioso hoje');
      expect(finals).toEqual([]);

      act(() => hook.result.current.stop());
      expect(r.calls).toEqual(['start', 'stop']);
      expect(hook.result.current.active).toBe(false);
      // The last words come after the release, then the end.
      act(() => r.hear('hoje', true));
      act(() => r.emitEnd());
      expect(finals).toEqual(['estou ansioso hoje']);
      expect(interims).toEqual(['estou', 'estou ansioso', 'estou ansioso hoje', '']);
      expect(hook.result.current).toMatchObject({ listening: false, interim: '', error: null });
      expect(FakeRecognition.instances).toHaveLength(1);
    });

    it('goes on with a new recognition when the browser ends one while the button is held', () => {
      const { hook, finals } = setup();
      act(() => hook.result.current.start());
      act(() => last().emitStart());
      act(() => last().hear('Senhor,', true));
      act(() => last().emitEnd());
      expect(FakeRecognition.instances).toHaveLength(2);
      expect(hook.result.current.active).toBe(true);
      act(() => last().emitStart());
      act(() => last().hear('dá-me paz', true));
      act(() => hook.result.current.stop());
      act(() => last().emitEnd());
      expect(finals).toEqual(['Senhor, dá-me paz']);
    });

    it('keeps words that never became final (Safari) when the press ends', () => {
      const { hook, finals } = setup();
      act(() => hook.result.current.start());
      act(() => last().hear('obrigado', false));
      act(() => hook.result.current.stop());
      act(() => last().emitEnd());
      expect(finals).toEqual(['obrigado']);
    });

    it('delivers nothing for a silent press, and reports no speech when the browser says so', () => {
      const { hook, finals } = setup();
      act(() => hook.result.current.start());
      act(() => last().emitError('no-speech'));
      act(() => last().emitEnd());
      expect(finals).toEqual([]);
      expect(hook.result.current).toMatchObject({ error: 'no-speech', active: false });
      // The next press clears it.
      act(() => hook.result.current.start());
      expect(hook.result.current.error).toBeNull();
    });

    it('starts a new press only after the previous one has delivered', () => {
      const { hook, finals } = setup();
      act(() => hook.result.current.start());
      const first = last();
      act(() => first.hear('um', true));
      act(() => hook.result.current.stop());
      act(() => hook.result.current.start());
      expect(FakeRecognition.instances).toHaveLength(1);
      act(() => first.emitEnd());
      expect(finals).toEqual(['um']);
      expect(FakeRecognition.instances).toHaveLength(2);
      act(() => last().hear('dois', true));
      act(() => hook.result.current.stop());
      act(() => last().emitEnd());
      expect(finals).toEqual(['um', 'dois']);
    });

    it('reports a released press failing without ending the new press waiting for it', () => {
      const { hook, finals } = setup();
      act(() => hook.result.current.start());
      const first = last();
      act(() => hook.result.current.stop());
      act(() => hook.result.current.start());
      act(() => first.emitError('network'));
      act(() => first.emitEnd());
      expect(hook.result.current).toMatchObject({ error: 'network', active: true });
      expect(FakeRecognition.instances).toHaveLength(2);
      act(() => last().hear('de novo', true));
      act(() => hook.result.current.stop());
      act(() => last().emitEnd());
      expect(finals).toEqual(['de novo']);
    });

    it('is not held back by `suspended`: a press is the member’s explicit act', () => {
      const { hook } = setup({ suspended: true });
      act(() => hook.result.current.start());
      expect(last().calls).toEqual(['start']);
    });

    it('reports a refused microphone and a start the browser throws at', () => {
      const { hook } = setup();
      act(() => hook.result.current.start());
      act(() => last().emitError('not-allowed'));
      act(() => last().emitEnd());
      expect(hook.result.current).toMatchObject({ error: 'not-allowed', active: false, listening: false });

      FakeRecognition.failStart = true;
      act(() => hook.result.current.start());
      expect(hook.result.current).toMatchObject({ error: 'other', active: false });
    });
  });

  describe('hands-free', () => {
    it('delivers each utterance and listens again after it, until stopped', () => {
      vi.useFakeTimers();
      const { hook, finals } = setup();
      act(() => hook.result.current.setMode('hands-free'));
      expect(hook.result.current.mode).toBe('hands-free');
      act(() => hook.result.current.start());
      const first = last();
      expect(first.continuous).toBe(false);
      act(() => first.emitStart());
      act(() => first.hear('bom dia', false));
      act(() => first.hear('bom dia Helena', true));
      expect(finals).toEqual(['bom dia Helena']);
      expect(hook.result.current.interim).toBe('');

      act(() => first.emitEnd());
      expect(FakeRecognition.instances).toHaveLength(1);
      act(() => vi.advanceTimersByTime(200));
      expect(FakeRecognition.instances).toHaveLength(2);
      act(() => last().hear('obrigado', true));
      expect(finals).toEqual(['bom dia Helena', 'obrigado']);

      act(() => hook.result.current.stop());
      expect(last().calls).toEqual(['start', 'abort']);
      act(() => vi.advanceTimersByTime(1000));
      expect(FakeRecognition.instances).toHaveLength(2);
      expect(hook.result.current.active).toBe(false);
    });

    it('stops hearing while suspended (the counsellor speaks) and hears again after', () => {
      vi.useFakeTimers();
      const { hook, finals } = setup({ initialMode: 'hands-free' });
      act(() => hook.result.current.start());
      const first = last();
      act(() => first.hear('eu acho', false));

      hook.rerender({ suspended: true });
      expect(first.calls).toEqual(['start', 'abort']);
      expect(hook.result.current).toMatchObject({ active: true, listening: false, interim: '' });
      act(() => first.emitEnd());
      act(() => vi.advanceTimersByTime(2000));
      expect(FakeRecognition.instances).toHaveLength(1);

      hook.rerender({ suspended: false });
      expect(FakeRecognition.instances).toHaveLength(2);
      act(() => last().hear('amém', true));
      expect(finals).toEqual(['amém']);
    });

    it('can be paused and resumed by the caller', () => {
      vi.useFakeTimers();
      const { hook } = setup({ initialMode: 'hands-free' });
      act(() => hook.result.current.start());
      act(() => hook.result.current.pause());
      expect(last().calls).toEqual(['start', 'abort']);
      act(() => vi.advanceTimersByTime(2000));
      expect(FakeRecognition.instances).toHaveLength(1);
      act(() => hook.result.current.resume());
      expect(FakeRecognition.instances).toHaveLength(2);
    });

    it('does not start while suspended; starts when the suspension lifts', () => {
      const { hook } = setup({ initialMode: 'hands-free', suspended: true });
      act(() => hook.result.current.start());
      expect(FakeRecognition.instances).toHaveLength(0);
      expect(hook.result.current.active).toBe(true);
      hook.rerender({ suspended: false });
      expect(FakeRecognition.instances).toHaveLength(1);
    });

    it('takes silence in its stride, but gives up on a refusal', () => {
      vi.useFakeTimers();
      const { hook } = setup({ initialMode: 'hands-free' });
      act(() => hook.result.current.start());
      act(() => last().emitError('no-speech'));
      act(() => last().emitEnd());
      act(() => vi.advanceTimersByTime(200));
      expect(FakeRecognition.instances).toHaveLength(2);
      expect(hook.result.current.error).toBeNull();

      act(() => last().emitError('not-allowed'));
      act(() => last().emitEnd());
      act(() => vi.advanceTimersByTime(1000));
      expect(FakeRecognition.instances).toHaveLength(2);
      expect(hook.result.current).toMatchObject({ error: 'not-allowed', active: false });
    });

    it('gives up after recognitions keep ending at once without hearing anything', () => {
      vi.useFakeTimers();
      const { hook } = setup({ initialMode: 'hands-free' });
      act(() => hook.result.current.start());
      for (let i = 0; i < 10; i++) {
        act(() => last().emitEnd());
        act(() => vi.advanceTimersByTime(200));
      }
      expect(FakeRecognition.instances).toHaveLength(5);
      expect(hook.result.current).toMatchObject({ error: 'other', active: false });
    });

    it('drops what is being heard when the mode changes', () => {
      const { hook, finals } = setup({ initialMode: 'hands-free' });
      act(() => hook.result.current.start());
      act(() => last().hear('meio', false));
      act(() => hook.result.current.setMode('push'));
      expect(last().calls).toEqual(['start', 'abort']);
      expect(hook.result.current).toMatchObject({ mode: 'push', active: false, interim: '' });
      expect(finals).toEqual([]);
    });
  });

  it('stops listening when unmounted', () => {
    const { hook } = setup();
    act(() => hook.result.current.start());
    hook.unmount();
    expect(last().calls).toEqual(['start', 'abort']);
    expect(last().onend).toBeNull();
  });
});
