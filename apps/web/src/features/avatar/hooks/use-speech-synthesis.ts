import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { AvatarGender } from '@candeia/shared/schemas/avatar';
import {
  chooseVoice,
  createMouth,
  synthesisProblem,
  type SpeechSynthesisControls,
  type SpeechSynthesisProblem,
} from '../lib/speech-synthesis.ts';

/**
 * The counsellor's voice through the browser's speech synthesis.
 *
 * Each sentence is its own utterance handed straight to the browser's queue, so the answer is
 * spoken while it still streams and without a gap between sentences. `stop` cancels the whole
 * queue at once; events of utterances from before a stop are told apart by a generation number
 * (Chrome reports them as "interrupted" or "canceled" errors, or not at all).
 *
 * Utterances are kept referenced until they end: Chrome forgets an utterance nobody holds and
 * then never fires its end. And should the end never come anyway (Chrome's online voices can
 * fall silent mid-sentence), a watchdog ends `speaking` once the browser says it is idle, so
 * hands-free listening is not held back forever.
 */

/** How often the watchdog asks the browser whether it is still speaking. */
const WATCHDOG_MS = 1000;
/** Idle answers in a row that end `speaking`. */
const WATCHDOG_IDLE = 2;

export interface SpeechSynthesisOptions {
  /** The language spoken, e.g. "pt-BR". */
  lang: string;
  /** The counsellor's, for the choice of voice. */
  gender: AvatarGender;
  /** 0.1..10, 1 being the voice's normal pace. */
  rate?: number;
  /** 0..2, 1 being the voice's normal pitch. */
  pitch?: number;
}

function browserSynthesis(): SpeechSynthesis | null {
  if (typeof window === 'undefined' || typeof window.SpeechSynthesisUtterance !== 'function') return null;
  return window.speechSynthesis ?? null;
}

export function useSpeechSynthesis(opts: SpeechSynthesisOptions): SpeechSynthesisControls {
  const { lang, gender } = opts;
  const [synth] = useState(browserSynthesis);
  // Chrome has no voices at first and fires "voiceschanged" when they arrive; Safari has them.
  const [voices, setVoices] = useState<SpeechSynthesisVoice[]>(() => synth?.getVoices() ?? []);
  const [speaking, setSpeaking] = useState(false);
  const [error, setError] = useState<SpeechSynthesisProblem | null>(null);
  const [mouth] = useState(createMouth);
  const voice = useMemo(() => chooseVoice(voices, lang, gender), [voices, lang, gender]);

  // Read when a sentence is queued, so `speak` keeps its identity.
  const latest = useRef({ voice, opts });
  latest.current = { voice, opts };
  const outstanding = useRef(new Set<SpeechSynthesisUtterance>());
  const generation = useRef(0);
  const spoke = useRef(false);
  const watchdog = useRef<ReturnType<typeof setInterval> | null>(null);

  useEffect(() => {
    if (!synth) return;
    const update = () => setVoices(synth.getVoices());
    update();
    // Older Safari has only the handler property.
    if (typeof synth.addEventListener === 'function') {
      synth.addEventListener('voiceschanged', update);
      return () => synth.removeEventListener('voiceschanged', update);
    }
    const s = synth as { onvoiceschanged: ((this: SpeechSynthesis, ev: Event) => void) | null };
    s.onvoiceschanged = update;
    return () => {
      s.onvoiceschanged = null;
    };
  }, [synth]);

  const stopWatchdog = useCallback(() => {
    if (watchdog.current !== null) clearInterval(watchdog.current);
    watchdog.current = null;
  }, []);

  /** The queue ran out (or was stopped, or the watchdog found the browser idle). */
  const quiet = useCallback(() => {
    outstanding.current.clear();
    mouth.stop();
    stopWatchdog();
    setSpeaking(false);
  }, [mouth, stopWatchdog]);

  const startWatchdog = useCallback(() => {
    if (watchdog.current !== null || !synth) return;
    let idle = 0;
    watchdog.current = setInterval(() => {
      idle = synth.speaking || synth.pending ? 0 : idle + 1;
      if (idle >= WATCHDOG_IDLE) quiet();
    }, WATCHDOG_MS);
  }, [quiet, synth]);

  const speak = useCallback(
    (text: string) => {
      const said = text.trim();
      if (!synth || !said) return;
      const gen = generation.current;
      const { voice: v, opts: o } = latest.current;
      const u = new SpeechSynthesisUtterance(said);
      // The voice's own language: a pt-PT voice asked to speak "pt-BR" may refuse in Safari.
      u.lang = v?.lang ?? o.lang;
      if (v) u.voice = v;
      if (o.rate !== undefined) u.rate = o.rate;
      if (o.pitch !== undefined) u.pitch = o.pitch;
      const done = () => {
        if (generation.current !== gen) return;
        outstanding.current.delete(u);
        if (!outstanding.current.size) quiet();
      };
      u.onstart = () => {
        if (generation.current !== gen) return;
        mouth.start(performance.now());
        setError(null);
        setSpeaking(true);
        startWatchdog();
      };
      u.onboundary = (ev) => {
        // Safari names no boundary; "sentence" boundaries are not words.
        if (generation.current === gen && ev.name !== 'sentence') mouth.boundary(performance.now());
      };
      u.onend = done;
      u.onerror = (ev) => {
        if (generation.current !== gen) return;
        const problem = synthesisProblem(ev.error);
        if (problem) setError(problem);
        done();
      };
      outstanding.current.add(u);
      spoke.current = true;
      // Chrome can be left paused (a tab switch mid-speech), and then speaks nothing.
      if (synth.paused) synth.resume();
      synth.speak(u);
    },
    [mouth, quiet, startWatchdog, synth],
  );

  const stop = useCallback(() => {
    generation.current++;
    synth?.cancel();
    quiet();
  }, [quiet, synth]);

  const unlock = useCallback(() => {
    if (!synth) return;
    // An empty, silent utterance spoken inside the gesture lets iOS speak the later ones.
    const u = new SpeechSynthesisUtterance('');
    u.volume = 0;
    synth.speak(u);
  }, [synth]);

  const mouthLevel = useCallback(() => mouth.level(performance.now()), [mouth]);

  useEffect(
    () => () => {
      generation.current++;
      stopWatchdog();
      // Leaving the session silences the counsellor.
      if (spoke.current) synth?.cancel();
    },
    [stopWatchdog, synth],
  );

  return { supported: synth !== null, speaking, voice, speak, stop, unlock, mouthLevel, error };
}
