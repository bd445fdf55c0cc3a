import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSpeechSynthesis, type SpeechSynthesisOptions } from './use-speech-synthesis.ts';

type Handler = ((ev: Event) => void) | null;

class FakeUtterance {
  lang = '';
  voice: SpeechSynthesisVoice | null = null;
  rate = 1;
  pitch = 1;
  volume = 1;
  onstart: Handler = null;
  onend: Handler = null;
  onerror: Handler = null;
  onboundary: Handler = null;
  constructor(readonly text: string) {}
}

/** speechSynthesis as the tests drive it: utterances wait in `queue` until the test plays them. */
class FakeSynthesis extends EventTarget {
  voices: SpeechSynthesisVoice[] = [];
  queue: FakeUtterance[] = [];
  spoken: FakeUtterance[] = [];
  cancels = 0;
  speaking = false;
  pending = false;
  paused = false;
  getVoices() {
    return this.voices;
  }
  speak(u: FakeUtterance) {
    this.spoken.push(u);
    this.queue.push(u);
  }
  cancel() {
    this.cancels++;
    this.queue = [];
  }
  resume() {
    this.paused = false;
  }
  loadVoices(voices: SpeechSynthesisVoice[]) {
    this.voices = voices;
    this.dispatchEvent(new Event('voiceschanged'));
  }
  /** Fires the next utterance's start. */
  startNext(): FakeUtterance {
    const u = this.queue[0]!;
    u.onstart?.(new Event('start'));
    return u;
  }
  /** Fires the current utterance's end and takes it off the queue. */
  endCurrent() {
    this.queue.shift()?.onend?.(new Event('end'));
  }
}

const voice = (name: string, lang: string) =>
  ({ name, lang, voiceURI: name, localService: true, default: false }) as SpeechSynthesisVoice;
const luciana = voice('Luciana', 'pt-BR');
const felipe = voice('Felipe', 'pt-BR');
const samantha = voice('Samantha', 'en-US');

let synth: FakeSynthesis;

function setup(over: Partial<SpeechSynthesisOptions> = {}) {
  return renderHook((props: Partial<SpeechSynthesisOptions>) =>
    useSpeechSynthesis({ lang: 'pt-BR', gender: 'female', ...over, ...props }),
  );
}

beforeEach(() => {
  synth = new FakeSynthesis();
  vi.stubGlobal('speechSynthesis', synth);
  vi.stubGlobal('SpeechSynthesisUtterance', FakeUtterance);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('useSpeechSynthesis', () => {
  it('is unsupported where the browser cannot speak', () => {
    vi.stubGlobal('speechSynthesis', undefined);
    const hook = setup();
    expect(hook.result.current.supported).toBe(false);
    act(() => hook.result.current.speak('Olá.'));
    act(() => hook.result.current.stop());
    expect(hook.result.current.speaking).toBe(false);
  });

  it('chooses the voice when the voices arrive late, by language and gender', () => {
    const hook = setup();
    expect(hook.result.current.supported).toBe(true);
    expect(hook.result.current.voice).toBeNull();
    act(() => synth.loadVoices([samantha, felipe, luciana]));
    expect(hook.result.current.voice).toBe(luciana);
    hook.rerender({ gender: 'male' });
    expect(hook.result.current.voice).toBe(felipe);
    hook.rerender({ lang: 'en-US' });
    expect(hook.result.current.voice).toBe(samantha);
  });

  it('takes voices that were there from the start', () => {
    synth.voices = [felipe, luciana];
    expect(setup({ gender: 'male' }).result.current.voice).toBe(felipe);
  });

  it('queues sentences with the chosen voice, speaking from the first start to the last end', () => {
    synth.voices = [luciana];
    const hook = setup({ rate: 0.95 });
    act(() => {
      hook.result.current.speak('Olá, Maria.');
      hook.result.current.speak('   ');
      hook.result.current.speak(' Como você está? ');
    });
    expect(synth.spoken.map((u) => [u.text, u.lang, u.voice?.name, u.rate])).toEqual([
      ['Olá, Maria.', 'pt-BR', 'Luciana', 0.95],
      ['Como você está?', 'pt-BR', 'Luciana', 0.95],
    ]);
    expect(hook.result.current.speaking).toBe(false);

    act(() => void synth.startNext());
    expect(hook.result.current.speaking).toBe(true);
    act(() => synth.endCurrent());
    expect(hook.result.current.speaking).toBe(true);
    // A sentence streamed in while speaking joins the queue.
    act(() => hook.result.current.speak('Estou aqui.'));
    act(() => void synth.startNext());
    act(() => synth.endCurrent());
    expect(hook.result.current.speaking).toBe(true);
    act(() => void synth.startNext());
    act(() => synth.endCurrent());
    expect(hook.result.current.speaking).toBe(false);
  });

  it('speaks by language alone before any voice is known', () => {
    const hook = setup();
    act(() => hook.result.current.speak('Olá.'));
    expect(synth.spoken[0]).toMatchObject({ lang: 'pt-BR', voice: null });
  });

  it('stops everything at once; the cancelled sentences’ late events change nothing', () => {
    const hook = setup();
    act(() => {
      hook.result.current.speak('Um.');
      hook.result.current.speak('Dois.');
    });
    const first = synth.startNext();
    const second = synth.queue[1]!;
    act(() => hook.result.current.stop());
    expect(synth.cancels).toBe(1);
    expect(synth.queue).toEqual([]);
    expect(hook.result.current.speaking).toBe(false);

    act(() => {
      first.onerror?.(Object.assign(new Event('error'), { error: 'interrupted' }));
      second.onstart?.(new Event('start'));
    });
    expect(hook.result.current).toMatchObject({ speaking: false, error: null });

    // Speaking again works.
    act(() => hook.result.current.speak('Três.'));
    act(() => void synth.startNext());
    expect(hook.result.current.speaking).toBe(true);
    // Stop works whatever the state, any number of times.
    act(() => {
      hook.result.current.stop();
      hook.result.current.stop();
    });
    expect(synth.cancels).toBe(3);
    expect(hook.result.current.speaking).toBe(false);
  });

  it('reports a refusal and ends speaking', () => {
    const hook = setup();
    act(() => hook.result.current.speak('Olá.'));
    act(() => void synth.startNext());
    act(() => synth.queue[0]!.onerror?.(Object.assign(new Event('error'), { error: 'not-allowed' })));
    expect(hook.result.current).toMatchObject({ speaking: false, error: 'not-allowed' });
  });

  it('opens the mouth on word boundaries, moves it on its own without them, shuts it after', () => {
    const now = vi.spyOn(performance, 'now').mockReturnValue(1000);
    const hook = setup();
    expect(hook.result.current.mouthLevel()).toBe(0);
    act(() => hook.result.current.speak('Deus te ama.'));
    const u = synth.startNext();
    // No boundary yet: the synthetic movement.
    now.mockReturnValue(1100);
    expect(hook.result.current.mouthLevel()).toBeGreaterThan(0);
    act(() => u.onboundary?.(Object.assign(new Event('boundary'), { name: 'word', charIndex: 0 })));
    expect(hook.result.current.mouthLevel()).toBe(1);
    now.mockReturnValue(1100 + 60);
    const mid = hook.result.current.mouthLevel();
    expect(mid).toBeGreaterThan(0);
    expect(mid).toBeLessThan(1);
    now.mockReturnValue(1100 + 130);
    expect(hook.result.current.mouthLevel()).toBe(0);
    act(() => synth.endCurrent());
    expect(hook.result.current.mouthLevel()).toBe(0);
  });

  it('ends `speaking` when the browser fell silent without an end event', () => {
    vi.useFakeTimers();
    const hook = setup();
    act(() => hook.result.current.speak('Olá.'));
    synth.speaking = true;
    act(() => void synth.startNext());
    act(() => vi.advanceTimersByTime(5000));
    expect(hook.result.current.speaking).toBe(true);
    synth.speaking = false;
    act(() => vi.advanceTimersByTime(2000));
    expect(hook.result.current.speaking).toBe(false);
  });

  it('unlocks with a silent utterance that does not count as speaking', () => {
    const hook = setup();
    act(() => hook.result.current.unlock());
    expect(synth.spoken).toHaveLength(1);
    expect(synth.spoken[0]).toMatchObject({ text: '', volume: 0 });
    act(() => void synth.startNext());
    expect(hook.result.current.speaking).toBe(false);
  });

  it('falls silent when unmounted', () => {
    const hook = setup();
    act(() => hook.result.current.speak('Olá.'));
    hook.unmount();
    expect(synth.cancels).toBe(1);
  });
});
