import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordingMimeType, useServerSpeech } from './use-server-speech.ts';

class FakeMediaRecorder {
  static instances: FakeMediaRecorder[] = [];
  static supported = ['audio/webm;codecs=opus', 'audio/webm'];
  static isTypeSupported(type: string) {
    return FakeMediaRecorder.supported.includes(type);
  }
  state: 'inactive' | 'recording' = 'inactive';
  mimeType: string;
  ondataavailable: ((ev: { data: Blob }) => void) | null = null;
  onstop: ((ev: Event) => void) | null = null;
  onerror: ((ev: Event) => void) | null = null;
  constructor(
    readonly stream: MediaStream,
    opts?: { mimeType?: string },
  ) {
    this.mimeType = opts?.mimeType ?? '';
    FakeMediaRecorder.instances.push(this);
  }
  start() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    this.ondataavailable?.({ data: new Blob(['opus-audio'], { type: this.mimeType }) });
    this.onstop?.(new Event('stop'));
  }
}

class FakeAudio {
  static instances: FakeAudio[] = [];
  src = '';
  paused = true;
  onplaying: ((ev: Event) => void) | null = null;
  onended: ((ev: Event) => void) | null = null;
  onerror: ((ev: Event) => void) | null = null;
  refuse = false;
  played: string[] = [];
  constructor() {
    FakeAudio.instances.push(this);
  }
  play() {
    if (this.refuse) return Promise.reject(new DOMException('no gesture', 'NotAllowedError'));
    this.paused = false;
    this.played.push(this.src);
    const src = this.src;
    queueMicrotask(() => {
      if (this.src === src) this.onplaying?.(new Event('playing'));
    });
    return Promise.resolve();
  }
  pause() {
    this.paused = true;
  }
  removeAttribute(name: string) {
    if (name === 'src') this.src = '';
  }
  /** The sentence playing reaches its end. */
  finish() {
    this.onended?.(new Event('ended'));
  }
}

const track = { stop: vi.fn() };
const stream = { getTracks: () => [track] } as unknown as MediaStream;
let getUserMedia: ReturnType<typeof vi.fn<(c: MediaStreamConstraints) => Promise<MediaStream>>>;
let fetchMock: ReturnType<typeof vi.fn<(url: string, init: RequestInit) => Promise<Response>>>;
let now = 0;
let objectUrls = 0;
const revoked: string[] = [];

/** The fetches made, as "METHOD url". */
const calls = () => fetchMock.mock.calls.map(([url, init]) => `${init.method} ${url}`);
const audio = () => FakeAudio.instances[0]!;
const audioBody = (text: string) => new Response(`mp3:${text}`, { headers: { 'content-type': 'audio/mpeg' } });

function setup() {
  const finals: string[] = [];
  const hook = renderHook(() => useServerSpeech({ sessionId: 's-1', onFinal: (t) => finals.push(t) }));
  return { hook, finals };
}

beforeEach(() => {
  FakeMediaRecorder.instances = [];
  FakeAudio.instances = [];
  track.stop.mockClear();
  revoked.length = 0;
  now = 1000;
  vi.spyOn(performance, 'now').mockImplementation(() => now);
  getUserMedia = vi.fn(async () => stream);
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
  vi.stubGlobal('MediaRecorder', FakeMediaRecorder);
  vi.stubGlobal('Audio', FakeAudio);
  fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    if (url.endsWith('/transcribe')) return Response.json({ text: ' estou ansioso ' });
    return audioBody(JSON.parse(init.body as string).text);
  });
  vi.stubGlobal('fetch', fetchMock);
  Object.assign(URL, {
    createObjectURL: () => `blob:audio-${++objectUrls}`,
    revokeObjectURL: (url: string) => revoked.push(url),
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

/** Holds the button for `ms`, then releases it. */
async function press(hook: ReturnType<typeof setup>['hook'], ms = 1500) {
  act(() => hook.result.current.recognition.start());
  await waitFor(() => expect(hook.result.current.recognition.listening).toBe(true));
  now += ms;
  await act(async () => hook.result.current.recognition.stop());
}

describe('useServerSpeech: listening', () => {
  it('picks the first recording format the browser has', () => {
    expect(recordingMimeType()).toBe('audio/webm;codecs=opus');
    FakeMediaRecorder.supported = ['audio/mp4'];
    expect(recordingMimeType()).toBe('audio/mp4');
    FakeMediaRecorder.supported = ['audio/webm;codecs=opus', 'audio/webm'];
  });

  it('is unsupported without MediaRecorder or a microphone API', () => {
    vi.stubGlobal('MediaRecorder', undefined);
    expect(setup().hook.result.current.recognition).toMatchObject({ supported: false, handsFreeSupported: false });
  });

  it('records while held and sends the recording to be transcribed, as its raw body', async () => {
    const { hook, finals } = setup();
    expect(hook.result.current.recognition).toMatchObject({ supported: true, mode: 'push', handsFreeSupported: false });
    await press(hook);
    expect(getUserMedia).toHaveBeenCalledWith({
      audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true },
    });
    expect(FakeMediaRecorder.instances[0]!.mimeType).toBe('audio/webm;codecs=opus');
    // The microphone is released after the press.
    expect(track.stop).toHaveBeenCalled();
    await waitFor(() => expect(finals).toEqual(['estou ansioso']));
    expect(calls()).toEqual(['POST /api/avatar/sessions/s-1/transcribe']);
    const init = fetchMock.mock.calls[0]![1];
    expect(init.credentials).toBe('same-origin');
    expect(init.headers).toEqual({ 'content-type': 'audio/webm;codecs=opus' });
    expect(init.body).toBeInstanceOf(Blob);
    expect(await (init.body as Blob).text()).toBe('opus-audio');
    expect(hook.result.current.recognition).toMatchObject({ listening: false, transcribing: false, error: null });
  });

  it('shows the transcription under way', async () => {
    let answer!: (r: Response) => void;
    fetchMock.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    const { hook, finals } = setup();
    await press(hook);
    await waitFor(() => expect(hook.result.current.recognition.transcribing).toBe(true));
    await act(async () => answer(Response.json({ text: 'paz' })));
    await waitFor(() => expect(hook.result.current.recognition.transcribing).toBe(false));
    expect(finals).toEqual(['paz']);
  });

  it('sends nothing for a slip of a press', async () => {
    const { hook, finals } = setup();
    await press(hook, 100);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(finals).toEqual([]);
    expect(hook.result.current.recognition.error).toBe('no-speech');
  });

  it('reports a refused microphone', async () => {
    getUserMedia.mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    const { hook } = setup();
    act(() => hook.result.current.recognition.start());
    await waitFor(() => expect(hook.result.current.recognition.error).toBe('not-allowed'));
    expect(hook.result.current.recognition.active).toBe(false);
  });

  it('reports a failed transcription: network, refusal, nothing heard', async () => {
    const { hook, finals } = setup();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await press(hook);
    await waitFor(() => expect(hook.result.current.recognition.error).toBe('network'));

    fetchMock.mockResolvedValueOnce(Response.json({ error: { code: 'SERVER_ERROR', message: 'x' } }, { status: 502 }));
    await press(hook);
    await waitFor(() => expect(hook.result.current.recognition.error).toBe('other'));

    fetchMock.mockResolvedValueOnce(Response.json({ text: '  ' }));
    await press(hook);
    await waitFor(() => expect(hook.result.current.recognition.error).toBe('no-speech'));
    expect(finals).toEqual([]);
  });

  it('drops the recording when unmounted mid-press', async () => {
    const { hook } = setup();
    act(() => hook.result.current.recognition.start());
    await waitFor(() => expect(hook.result.current.recognition.listening).toBe(true));
    hook.unmount();
    expect(track.stop).toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('useServerSpeech: speaking', () => {
  it('fetches each sentence’s audio and plays them in order, speaking until the queue ends', async () => {
    const { hook } = setup();
    expect(hook.result.current.synthesis).toMatchObject({ supported: true, speaking: false, voice: null });
    act(() => {
      hook.result.current.synthesis.speak('Olá, Maria.');
      hook.result.current.synthesis.speak('  ');
      hook.result.current.synthesis.speak('Estou aqui.');
    });
    await waitFor(() => expect(hook.result.current.synthesis.speaking).toBe(true));
    expect(calls()).toEqual(['POST /api/avatar/sessions/s-1/speech', 'POST /api/avatar/sessions/s-1/speech']);
    const init = fetchMock.mock.calls[0]![1];
    expect(init).toMatchObject({
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'Olá, Maria.' }),
    });
    expect(audio().played).toEqual(['blob:audio-' + objectUrls]);

    const first = audio().src;
    await act(async () => audio().finish());
    await waitFor(() => expect(audio().played).toHaveLength(2));
    expect(revoked).toContain(first);
    expect(hook.result.current.synthesis.speaking).toBe(true);

    await act(async () => audio().finish());
    await waitFor(() => expect(hook.result.current.synthesis.speaking).toBe(false));
    expect(FakeAudio.instances).toHaveLength(1);
  });

  it('stops at once: playback paused, pending requests aborted, nothing more played', async () => {
    let late!: (r: Response) => void;
    const { hook } = setup();
    act(() => hook.result.current.synthesis.speak('Um.'));
    await waitFor(() => expect(hook.result.current.synthesis.speaking).toBe(true));
    fetchMock.mockImplementationOnce(() => new Promise((resolve) => (late = resolve)));
    act(() => hook.result.current.synthesis.speak('Dois.'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    const signal = fetchMock.mock.calls[1]![1].signal!;

    act(() => hook.result.current.synthesis.stop());
    expect(hook.result.current.synthesis.speaking).toBe(false);
    expect(audio().paused).toBe(true);
    expect(audio().src).toBe('');
    expect(signal.aborted).toBe(true);

    await act(async () => late(audioBody('Dois.')));
    expect(audio().played).toHaveLength(1);

    // Speaking again works.
    act(() => hook.result.current.synthesis.speak('Três.'));
    await waitFor(() => expect(audio().played).toHaveLength(2));
  });

  it('reports a failed sentence and goes on with the next', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const { hook } = setup();
    act(() => {
      hook.result.current.synthesis.speak('Um.');
      hook.result.current.synthesis.speak('Dois.');
    });
    await waitFor(() => expect(audio().played).toHaveLength(1));
    expect(hook.result.current.synthesis.error).toBeNull(); // cleared when speech started again
    await act(async () => audio().finish());
    await waitFor(() => expect(hook.result.current.synthesis.speaking).toBe(false));
  });

  it('reports a failure when no sentence could be fetched', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const { hook } = setup();
    act(() => hook.result.current.synthesis.speak('Um.'));
    await waitFor(() => expect(hook.result.current.synthesis.error).toBe('network'));
    expect(hook.result.current.synthesis.speaking).toBe(false);
  });

  it('reports sound refused until a gesture, dropping the queue', async () => {
    const { hook } = setup();
    act(() => hook.result.current.synthesis.unlock());
    audio().refuse = true;
    act(() => {
      hook.result.current.synthesis.speak('Um.');
      hook.result.current.synthesis.speak('Dois.');
    });
    await waitFor(() => expect(hook.result.current.synthesis.error).toBe('not-allowed'));
    expect(hook.result.current.synthesis.speaking).toBe(false);
  });

  it('unlocks the element with a moment of silence inside the gesture', () => {
    const { hook } = setup();
    act(() => hook.result.current.synthesis.unlock());
    expect(audio().played).toHaveLength(1);
    expect(audio().played[0]).toMatch(/^data:audio\/wav;base64,UklGR/);
  });

  it('moves the mouth with the audio’s level through an analyser', async () => {
    let level = 0;
    const analyser = {
      fftSize: 0,
      connect: vi.fn(),
      getFloatTimeDomainData: (buf: Float32Array) => buf.fill(level),
    };
    const source = { connect: vi.fn() };
    class FakeAudioContext {
      state = 'running';
      destination = {};
      createAnalyser = () => analyser;
      createMediaElementSource = vi.fn(() => source);
      resume = async () => {};
      close = async () => {};
    }
    vi.stubGlobal('AudioContext', FakeAudioContext);
    const { hook } = setup();
    expect(hook.result.current.synthesis.mouthLevel()).toBe(0);
    act(() => hook.result.current.synthesis.speak('Deus te ama.'));
    await waitFor(() => expect(hook.result.current.synthesis.speaking).toBe(true));
    expect(source.connect).toHaveBeenCalledWith(analyser);
    expect(analyser.connect).toHaveBeenCalled();

    level = 0.2;
    const opened = [1, 2, 3, 4, 5].map(() => hook.result.current.synthesis.mouthLevel()).at(-1)!;
    expect(opened).toBeGreaterThan(0.8);
    level = 0;
    const closed = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(() => hook.result.current.synthesis.mouthLevel()).at(-1)!;
    expect(closed).toBeLessThan(0.1);

    await act(async () => audio().finish());
    await waitFor(() => expect(hook.result.current.synthesis.speaking).toBe(false));
    expect(hook.result.current.synthesis.mouthLevel()).toBe(0);
  });

  it('moves the mouth on its own where WebAudio is missing', async () => {
    const { hook } = setup();
    act(() => hook.result.current.synthesis.speak('Olá.'));
    await waitFor(() => expect(hook.result.current.synthesis.speaking).toBe(true));
    now += 100;
    expect(hook.result.current.synthesis.mouthLevel()).toBeGreaterThan(0);
  });

  it('falls silent when unmounted', async () => {
    const { hook } = setup();
    act(() => hook.result.current.synthesis.speak('Olá.'));
    await waitFor(() => expect(hook.result.current.synthesis.speaking).toBe(true));
    hook.unmount();
    expect(audio().paused).toBe(true);
  });
});
