import { useCallback, useEffect, useRef, useState } from 'react';
import { AVATAR_AUDIO_MAX_BYTES, AVATAR_SPEECH_TEXT_MAX } from '@candeia/shared/schemas/avatar';
import { apiErrorOf } from '../../../lib/api.ts';
import type { SpeechMode, SpeechRecognitionControls, SpeechRecognitionProblem } from '../lib/speech-recognition.ts';
import {
  createMouth,
  rms,
  rmsToMouth,
  type SpeechSynthesisControls,
  type SpeechSynthesisProblem,
} from '../lib/speech-synthesis.ts';

/**
 * Speech through our server, for deployments whose AI endpoint offers OpenAI-style speech (the
 * gallery's `speech: 'server'`): the same controls as use-speech-recognition.ts and
 * use-speech-synthesis.ts, so the caller picks one pair or the other.
 *
 * - Listening is push-to-talk only: the press records with MediaRecorder (the microphone is
 *   opened per press and released after it, so the browser's indicator shows only then), the
 *   release sends the recording to POST /sessions/:id/transcribe as its raw body, and the text
 *   that comes back is `onFinal`. Recordings are transcribed one after the other, so two quick
 *   presses arrive in order.
 * - Speaking fetches each sentence's audio from POST /sessions/:id/speech and plays it with one
 *   Audio element (one element: iOS lets an element play once a gesture unlocked it, and an
 *   element can feed WebAudio only once). The next sentences are fetched while one plays, so
 *   there is no gap. The mouth follows the audio's level through an AnalyserNode; where
 *   WebAudio cannot run (no gesture yet to start it: routing the element through a suspended
 *   context would silence it), the audio plays directly and the mouth moves on its own.
 */

/** Sentences whose audio is fetched ahead of the one playing. */
const PREFETCH = 2;
/** A press shorter than this is a slip: nothing is sent. */
const MIN_RECORDING_MS = 300;
/** A recording stops by itself after this long (the transcription's size limit is far off). */
const MAX_RECORDING_MS = 120_000;
/** How long to wait for a suspended AudioContext to resume before playing without it. */
const RESUME_WAIT_MS = 300;
/** Recording formats in order of preference; the first one the browser records is used. */
const RECORDING_TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4', 'audio/mpeg'];

export interface ServerSpeechOptions {
  /** The avatar session the audio belongs to. */
  sessionId: string;
  /** What the member said, once transcribed (trimmed, never empty). */
  onFinal(text: string): void;
}

export interface ServerSpeech {
  recognition: SpeechRecognitionControls;
  synthesis: SpeechSynthesisControls;
}

/** The recording format to ask MediaRecorder for, or '' for the browser's own choice. */
export function recordingMimeType(): string {
  if (typeof MediaRecorder !== 'function' || typeof MediaRecorder.isTypeSupported !== 'function') return '';
  return RECORDING_TYPES.find((t) => MediaRecorder.isTypeSupported(t)) ?? '';
}

const sessionPath = (sessionId: string, action: 'transcribe' | 'speech') =>
  `/api/avatar/sessions/${encodeURIComponent(sessionId)}/${action}`;

/** A failed request as the caller's problem; a refused one also goes through apiErrorOf for its side effects. */
class SpeechRequestError extends Error {
  constructor(readonly problem: 'network' | 'other') {
    super(problem);
  }
}

async function post(url: string, init: RequestInit): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, method: 'POST', credentials: 'same-origin' });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new SpeechRequestError('network');
  }
  if (!res.ok) {
    // An expired session signs the member out like any other request would.
    apiErrorOf(res.status, await res.json().catch(() => null));
    throw new SpeechRequestError('other');
  }
  return res;
}

/** A tenth of a second of silence as a WAV: played inside a gesture, it unlocks the element. */
function silentWav(): string {
  const samples = 800;
  const bytes = new Uint8Array(44 + samples);
  const view = new DataView(bytes.buffer);
  const text = (at: number, s: string) => [...s].forEach((c, i) => view.setUint8(at + i, c.charCodeAt(0)));
  text(0, 'RIFF');
  view.setUint32(4, 36 + samples, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, 8000, true);
  view.setUint32(28, 8000, true);
  view.setUint16(32, 1, true);
  view.setUint16(34, 8, true);
  text(36, 'data');
  view.setUint32(40, samples, true);
  bytes.fill(128, 44);
  return `data:audio/wav;base64,${btoa(String.fromCharCode(...bytes))}`;
}

type AudioContextConstructor = new () => AudioContext;

function audioContextConstructor(): AudioContextConstructor | null {
  if (typeof window === 'undefined') return null;
  const w = window as unknown as {
    AudioContext?: AudioContextConstructor;
    webkitAudioContext?: AudioContextConstructor;
  };
  return w.AudioContext ?? w.webkitAudioContext ?? null;
}

interface QueuedSentence {
  text: string;
  abort: AbortController;
  audio: Promise<Blob> | null;
}

export function useServerSpeech(opts: ServerSpeechOptions): ServerSpeech {
  const latest = useRef(opts);
  latest.current = opts;
  const unmounted = useRef(false);

  // ---------- Listening ----------

  const [canRecord] = useState(
    () =>
      typeof MediaRecorder === 'function' && typeof navigator !== 'undefined' && !!navigator.mediaDevices?.getUserMedia,
  );
  const [listening, setListening] = useState(false);
  const [active, setActive] = useState(false);
  const [transcribing, setTranscribing] = useState(0);
  const [listenError, setListenError] = useState<SpeechRecognitionProblem | null>(null);
  const wanted = useRef(false);
  const pressId = useRef(0);
  /** Presses up to this one are dropped (unmount): their recordings are not sent. */
  const droppedPress = useRef(0);
  const recorder = useRef<MediaRecorder | null>(null);
  const maxTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const transcriptions = useRef<Promise<void>>(Promise.resolve());

  const transcribe = useCallback((blob: Blob) => {
    if (blob.size > AVATAR_AUDIO_MAX_BYTES) {
      setListenError('other');
      return;
    }
    setTranscribing((n) => n + 1);
    const sessionId = latest.current.sessionId;
    transcriptions.current = transcriptions.current.then(async () => {
      try {
        const res = await post(sessionPath(sessionId, 'transcribe'), {
          body: blob,
          // The server takes audio/webm, ogg, mp4, mpeg and wav; a recorder that names no type
          // (none we know of) records WebM.
          headers: { 'content-type': blob.type || 'audio/webm' },
        });
        const data = (await res.json().catch(() => null)) as { text?: unknown } | null;
        const text = typeof data?.text === 'string' ? data.text.trim() : '';
        if (unmounted.current) return;
        if (text) latest.current.onFinal(text);
        else setListenError('no-speech');
      } catch (err) {
        if (!unmounted.current) setListenError(err instanceof SpeechRequestError ? err.problem : 'other');
      } finally {
        if (!unmounted.current) setTranscribing((n) => n - 1);
      }
    });
  }, []);

  const start = useCallback(() => {
    if (!canRecord || wanted.current) return;
    wanted.current = true;
    setListenError(null);
    setActive(true);
    const id = ++pressId.current;
    const held = () => wanted.current && pressId.current === id && !unmounted.current;
    navigator.mediaDevices
      .getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true } })
      .then((stream) => {
        const release = () => stream.getTracks().forEach((t) => t.stop());
        if (!held()) {
          // Released before the microphone opened: too short to have said anything.
          release();
          if (pressId.current === id && !unmounted.current) setListenError('no-speech');
          return;
        }
        const type = recordingMimeType();
        const rec = new MediaRecorder(stream, type ? { mimeType: type } : undefined);
        const chunks: Blob[] = [];
        const startedAt = performance.now();
        let failed = false;
        rec.ondataavailable = (ev) => {
          if (ev.data.size) chunks.push(ev.data);
        };
        rec.onerror = () => {
          failed = true;
        };
        rec.onstop = () => {
          release();
          if (recorder.current === rec) recorder.current = null;
          if (unmounted.current || id <= droppedPress.current) return;
          setListening(false);
          if (failed) return setListenError('other');
          const blob = new Blob(chunks, { type: rec.mimeType || type || chunks[0]?.type || 'audio/webm' });
          if (!blob.size || performance.now() - startedAt < MIN_RECORDING_MS) return setListenError('no-speech');
          transcribe(blob);
        };
        recorder.current = rec;
        rec.start();
        setListening(true);
        maxTimer.current = setTimeout(() => stopRef.current(), MAX_RECORDING_MS);
      })
      .catch((err: unknown) => {
        if (pressId.current !== id || unmounted.current) return;
        wanted.current = false;
        setActive(false);
        const name = (err as Error | null)?.name;
        setListenError(name === 'NotAllowedError' || name === 'SecurityError' ? 'not-allowed' : 'other');
      });
  }, [canRecord, transcribe]);

  const stop = useCallback(() => {
    if (!wanted.current) return;
    wanted.current = false;
    setActive(false);
    if (maxTimer.current !== null) clearTimeout(maxTimer.current);
    maxTimer.current = null;
    const rec = recorder.current;
    // Its last data and then its stop event follow: the stop handler sends the recording.
    if (rec && rec.state !== 'inactive') rec.stop();
  }, []);
  const stopRef = useRef(stop);
  stopRef.current = stop;

  // Only push-to-talk: hands-free would need the server to hear silence, which it does not.
  const setMode = useCallback((_mode: SpeechMode) => {}, []);
  const noop = useCallback(() => {}, []);

  // ---------- Speaking ----------

  const [canPlay] = useState(() => typeof Audio === 'function' && typeof fetch === 'function');
  const [speaking, setSpeaking] = useState(false);
  const [speakError, setSpeakError] = useState<SpeechSynthesisProblem | null>(null);
  const [mouth] = useState(createMouth);
  const queue = useRef<QueuedSentence[]>([]);
  const generation = useRef(0);
  const running = useRef(false);
  const element = useRef<HTMLAudioElement | null>(null);
  const graph = useRef<{ ctx: AudioContext; analyser: AnalyserNode | null; samples: Float32Array<ArrayBuffer> } | null>(
    null,
  );
  const playing = useRef(false);
  const level = useRef(0);
  /** Ends the current sentence's playback early (stop). */
  const finishPlayback = useRef<(() => void) | null>(null);

  const audioElement = useCallback((): HTMLAudioElement => {
    element.current ??= new Audio();
    return element.current;
  }, []);

  /**
   * The AudioContext and its analyser on the element. The analyser is attached only once the
   * context runs: routed through a suspended context, the element would be silent. A context
   * created before any gesture stays suspended until one; meanwhile sentences play directly
   * (not waiting for it), and it is attached when it resumes, even mid-sentence.
   */
  const prepareGraph = useCallback(async () => {
    const Ctx = audioContextConstructor();
    if (!Ctx) return;
    try {
      graph.current ??= { ctx: new Ctx(), analyser: null, samples: new Float32Array(0) };
      const g = graph.current;
      const attach = () => {
        if (g.analyser || g.ctx.state !== 'running' || graph.current !== g) return;
        const analyser = g.ctx.createAnalyser();
        analyser.fftSize = 1024;
        g.ctx.createMediaElementSource(audioElement()).connect(analyser);
        analyser.connect(g.ctx.destination);
        g.analyser = analyser;
        g.samples = new Float32Array(analyser.fftSize);
      };
      if (g.ctx.state === 'running') return attach();
      const resumed = g.ctx.resume().then(attach, () => {});
      // Already attached (iOS suspends the context on an interruption): wait for it a little.
      if (g.analyser) await Promise.race([resumed, new Promise((resolve) => setTimeout(resolve, RESUME_WAIT_MS))]);
    } catch {
      // No analyser: the mouth moves on its own.
    }
  }, [audioElement]);

  const quiet = useCallback(() => {
    playing.current = false;
    level.current = 0;
    mouth.stop();
    setSpeaking(false);
  }, [mouth]);

  const fetchAudio = useCallback((item: QueuedSentence) => {
    if (item.audio) return;
    item.audio = post(sessionPath(latest.current.sessionId, 'speech'), {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: item.text }),
      signal: item.abort.signal,
    }).then((res) => res.blob());
    // Awaited later (or never, after a stop): no unhandled rejection meanwhile.
    item.audio.catch(() => {});
  }, []);

  /** Plays one sentence's audio; resolves when it ends, fails, or is stopped. */
  const play = useCallback(
    async (blob: Blob, gen: number) => {
      await prepareGraph();
      if (generation.current !== gen) return;
      const audio = audioElement();
      const url = URL.createObjectURL(blob);
      try {
        await new Promise<void>((resolve, reject) => {
          finishPlayback.current = resolve;
          audio.onplaying = () => {
            if (generation.current !== gen) return;
            playing.current = true;
            mouth.start(performance.now());
            setSpeakError(null);
            setSpeaking(true);
          };
          // Only this sentence's end (not a late one of the unlocking silence).
          audio.onended = () => {
            if (audio.src === url) resolve();
          };
          audio.onerror = () => reject(new SpeechRequestError('other'));
          audio.src = url;
          audio.play().catch(reject);
        });
      } finally {
        finishPlayback.current = null;
        playing.current = false;
        audio.onplaying = audio.onended = audio.onerror = null;
        URL.revokeObjectURL(url);
      }
    },
    [audioElement, mouth, prepareGraph],
  );

  const run = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    const gen = generation.current;
    try {
      while (generation.current === gen && queue.current.length) {
        queue.current.slice(0, PREFETCH + 1).forEach(fetchAudio);
        const item = queue.current[0]!;
        try {
          const blob = await item.audio!;
          if (generation.current !== gen) return;
          queue.current.shift();
          queue.current.slice(0, PREFETCH).forEach(fetchAudio);
          await play(blob, gen);
        } catch (err) {
          if (generation.current !== gen || unmounted.current) return;
          if (queue.current[0] === item) queue.current.shift();
          const name = (err as Error | null)?.name;
          if (name === 'NotAllowedError') {
            // The browser refuses sound until a gesture: the rest would be refused too.
            setSpeakError('not-allowed');
            queue.current.forEach((q) => q.abort.abort());
            queue.current = [];
          } else {
            setSpeakError(err instanceof SpeechRequestError ? err.problem : 'other');
          }
        }
      }
    } finally {
      if (generation.current === gen) {
        running.current = false;
        if (!unmounted.current) quiet();
      }
    }
  }, [fetchAudio, play, quiet]);

  const speak = useCallback(
    (text: string) => {
      const said = text.trim().slice(0, AVATAR_SPEECH_TEXT_MAX);
      if (!canPlay || !said) return;
      queue.current.push({ text: said, abort: new AbortController(), audio: null });
      // While a sentence plays, the next ones are fetched meanwhile.
      if (running.current) queue.current.slice(0, PREFETCH).forEach(fetchAudio);
      void run();
    },
    [canPlay, fetchAudio, run],
  );

  const stopSpeaking = useCallback(() => {
    generation.current++;
    running.current = false;
    queue.current.forEach((q) => q.abort.abort());
    queue.current = [];
    finishPlayback.current?.();
    const audio = element.current;
    if (audio) {
      audio.pause();
      audio.removeAttribute('src');
    }
    quiet();
  }, [quiet]);

  const unlock = useCallback(() => {
    if (!canPlay) return;
    void prepareGraph();
    const audio = audioElement();
    if (running.current) return;
    audio.src = silentWav();
    audio.play().catch(() => {});
  }, [audioElement, canPlay, prepareGraph]);

  const mouthLevel = useCallback(() => {
    const analyser = graph.current?.analyser;
    if (!playing.current) {
      level.current = 0;
      return 0;
    }
    if (!analyser) return mouth.level(performance.now());
    const samples = graph.current!.samples;
    analyser.getFloatTimeDomainData(samples);
    const target = rmsToMouth(rms(samples));
    // Opens quickly, closes a little slower: syllables stay visible at 60 frames a second.
    level.current =
      target > level.current ? level.current + (target - level.current) * 0.7 : level.current * 0.75 + target * 0.25;
    return level.current;
  }, [mouth]);

  /** Drops the press under way: the recording is not sent, the stop handler frees the microphone. */
  const dropRecording = useCallback(() => {
    wanted.current = false;
    droppedPress.current = ++pressId.current;
    if (maxTimer.current !== null) clearTimeout(maxTimer.current);
    maxTimer.current = null;
    if (recorder.current && recorder.current.state !== 'inactive') recorder.current.stop();
  }, []);

  const closeGraph = useCallback(() => {
    void graph.current?.ctx.close().catch(() => {});
    graph.current = null;
  }, []);

  useEffect(() => {
    unmounted.current = false;
    return () => {
      unmounted.current = true;
      dropRecording();
      stopSpeaking();
      closeGraph();
    };
  }, [closeGraph, dropRecording, stopSpeaking]);

  return {
    recognition: {
      supported: canRecord,
      handsFreeSupported: false,
      listening,
      active,
      interim: '',
      transcribing: transcribing > 0,
      mode: 'push',
      setMode,
      start,
      stop,
      pause: noop,
      resume: noop,
      error: listenError,
    },
    synthesis: {
      supported: canPlay,
      speaking,
      voice: null,
      speak,
      stop: stopSpeaking,
      unlock,
      mouthLevel,
      error: speakError,
    },
  };
}
