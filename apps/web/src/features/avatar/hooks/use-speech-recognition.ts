import { useCallback, useEffect, useRef, useState } from 'react';
import {
  joinSpeech,
  readResults,
  recognitionConstructor,
  recognitionProblem,
  type Recognition,
  type SpeechMode,
  type SpeechRecognitionControls,
  type SpeechRecognitionProblem,
} from '../lib/speech-recognition.ts';

/**
 * The member's voice through the browser's recogniser (Chrome, Edge, Safari; not Firefox).
 *
 * - Push-to-talk: `start` on press, `stop` on release (the caller wires pointer and keys). The
 *   recogniser runs continuously meanwhile, so a pause for breath does not end the message;
 *   whatever was said during the press arrives as one `onFinal` after the release. Should the
 *   browser end it while the button is still held (Chrome does after a long silence), it is
 *   started again and the press goes on. A press is an explicit act: `suspended` does not hold
 *   it back (the caller stops the counsellor's voice when the member presses).
 * - Hands-free: one recognition per utterance (the reliable way across browsers, Android's
 *   continuous mode repeats itself), each final result an `onFinal`, then a new recognition
 *   while hands-free stays on. `suspended: true` (or `pause()`) drops what is being heard and
 *   stops listening until it is lifted, so the counsellor's own voice is not transcribed.
 *
 * A new recogniser object for every recognition: an ended one cannot always be started again,
 * and events of an old one are told apart by identity.
 */

/** The pause before hands-free listens again after an utterance. */
const RESTART_MS = 150;
/** A recognition shorter than this that heard nothing counts towards giving up. */
const QUICK_END_MS = 1000;
/** Hands-free gives up after this many quick empty recognitions in a row (the mic is busy…). */
const QUICK_ENDS_MAX = 5;

interface Press {
  finals: string[];
  interim: string;
}

interface Session {
  r: Recognition;
  mode: SpeechMode;
  /** The press the session belongs to (push only). */
  press: Press | null;
  startedAt: number;
  heard: boolean;
  /** stop() was called: its results are still to come, then its end. */
  stopping: boolean;
  /** An error ended it: not to be restarted. */
  failed: boolean;
}

export interface SpeechRecognitionOptions {
  /** The language heard, e.g. "pt-BR". Read when each recognition starts. */
  lang: string;
  /** What the member said, once complete (trimmed, never empty). */
  onFinal(text: string): void;
  /** The live caption of what is being said; '' when it clears. */
  onInterim?(text: string): void;
  /** Hands-free: not listening while true (the counsellor is speaking). */
  suspended?: boolean;
  /** The starting mode. */
  initialMode?: SpeechMode;
}

export function useSpeechRecognition(opts: SpeechRecognitionOptions): SpeechRecognitionControls {
  const [Ctor] = useState(() => recognitionConstructor());
  const [mode, setModeState] = useState<SpeechMode>(opts.initialMode ?? 'push');
  const [listening, setListening] = useState(false);
  const [active, setActive] = useState(false);
  const [interim, setInterimState] = useState('');
  const [error, setError] = useState<SpeechRecognitionProblem | null>(null);

  // Read by the recogniser's events, which outlive any render.
  const latest = useRef(opts);
  latest.current = opts;
  const modeRef = useRef(mode);
  const session = useRef<Session | null>(null);
  const press = useRef<Press | null>(null);
  const wanted = useRef(false);
  const paused = useRef(false);
  const suspended = useRef(!!opts.suspended);
  const restartTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const quickEnds = useRef(0);
  const shownInterim = useRef('');

  const showInterim = useCallback((text: string) => {
    if (text === shownInterim.current) return;
    shownInterim.current = text;
    setInterimState(text);
    latest.current.onInterim?.(text);
  }, []);

  const clearTimer = useCallback(() => {
    if (restartTimer.current !== null) clearTimeout(restartTimer.current);
    restartTimer.current = null;
  }, []);

  /** Hands-free is on and not held back. */
  const handsFreeHearing = useCallback(
    () => wanted.current && modeRef.current === 'hands-free' && !paused.current && !suspended.current,
    [],
  );

  /** Drops the running recognition without its results. */
  const abortSession = useCallback(() => {
    const s = session.current;
    if (!s) return;
    session.current = null;
    s.r.onstart = s.r.onresult = s.r.onerror = s.r.onend = null;
    try {
      s.r.abort();
    } catch {
      // Already ended.
    }
    setListening(false);
  }, []);

  const giveUp = useCallback(
    (problem: SpeechRecognitionProblem) => {
      wanted.current = false;
      press.current = null;
      clearTimer();
      setActive(false);
      setError(problem);
      showInterim('');
    },
    [clearTimer, showInterim],
  );

  // `begin` and `ended` call each other (a restart); the ref breaks the cycle of their hooks.
  const beginRef = useRef<() => void>(() => {});

  const deliver = useCallback(
    (text: string) => {
      showInterim('');
      const said = text.trim();
      if (said) latest.current.onFinal(said);
    },
    [showInterim],
  );

  const ended = useCallback(
    (s: Session) => {
      if (session.current === s) session.current = null;
      setListening(false);
      const quick = !s.heard && performance.now() - s.startedAt < QUICK_END_MS;
      if (s.mode === 'push') {
        const sameHeldPress = wanted.current && modeRef.current === 'push' && press.current === s.press;
        if (sameHeldPress && !s.failed && !s.stopping) {
          // Ended by the browser while the button is still held: the press goes on.
          quickEnds.current = quick ? quickEnds.current + 1 : 0;
          if (quickEnds.current >= QUICK_ENDS_MAX) giveUp('other');
          else beginRef.current();
          return;
        }
        // Some browsers (Safari) end without making the last words final: they were said.
        if (s.press) deliver(joinSpeech(...s.press.finals) || s.press.interim);
        // A new press came while this one was finishing.
        if (wanted.current && modeRef.current === 'push' && press.current && !session.current) beginRef.current();
        else if (!wanted.current) setActive(false);
        return;
      }
      showInterim('');
      if (s.failed || !handsFreeHearing()) return;
      quickEnds.current = quick ? quickEnds.current + 1 : 0;
      if (quickEnds.current >= QUICK_ENDS_MAX) {
        giveUp('other');
        return;
      }
      clearTimer();
      restartTimer.current = setTimeout(() => {
        restartTimer.current = null;
        if (handsFreeHearing() && !session.current) beginRef.current();
      }, RESTART_MS);
    },
    [clearTimer, deliver, giveUp, handsFreeHearing, showInterim],
  );

  const begin = useCallback(() => {
    if (!Ctor || session.current) return;
    const r = new Ctor();
    const m = modeRef.current;
    const s: Session = {
      r,
      mode: m,
      press: m === 'push' ? press.current : null,
      startedAt: performance.now(),
      heard: false,
      stopping: false,
      failed: false,
    };
    r.lang = latest.current.lang;
    r.continuous = m === 'push';
    r.interimResults = true;
    r.maxAlternatives = 1;
    r.onstart = () => {
      if (session.current === s) setListening(true);
    };
    r.onresult = (ev) => {
      // A stopping session is still the current one: its last words count.
      if (session.current !== s) return;
      const { final, interim: guess } = readResults(ev);
      if (final || guess) s.heard = true;
      if (s.press) {
        if (final) s.press.finals.push(final);
        s.press.interim = guess;
        showInterim(joinSpeech(...s.press.finals, guess));
      } else if (final) {
        deliver(final);
      } else {
        showInterim(guess);
      }
    };
    r.onerror = (ev) => {
      const problem = recognitionProblem(ev.error);
      // Silence is the normal state of hands-free: it simply listens again.
      if (!problem || (problem === 'no-speech' && s.mode === 'hands-free')) return;
      s.failed = true;
      if (session.current !== s) return;
      // A released press failing says so, without ending a new press waiting for it.
      if (s.stopping) setError(problem);
      else giveUp(problem);
    };
    r.onend = () => {
      r.onstart = r.onresult = r.onerror = r.onend = null;
      ended(s);
    };
    session.current = s;
    try {
      r.start();
    } catch {
      session.current = null;
      giveUp('other');
    }
  }, [Ctor, deliver, ended, giveUp, showInterim]);
  beginRef.current = begin;

  /** Brings hands-free in line with pause/suspended. */
  const apply = useCallback(() => {
    if (!wanted.current || modeRef.current !== 'hands-free') return;
    if (paused.current || suspended.current) {
      clearTimer();
      abortSession();
      showInterim('');
    } else if (!session.current && restartTimer.current === null) {
      begin();
    }
  }, [abortSession, begin, clearTimer, showInterim]);

  const start = useCallback(() => {
    if (!Ctor) return;
    setError(null);
    quickEnds.current = 0;
    if (modeRef.current === 'push') {
      if (wanted.current && press.current) return;
      wanted.current = true;
      press.current = { finals: [], interim: '' };
      setActive(true);
      // A press finishing (its end still to come) starts the new one when it ends.
      if (!session.current) begin();
      return;
    }
    if (wanted.current) return;
    wanted.current = true;
    setActive(true);
    apply();
  }, [Ctor, apply, begin]);

  const stop = useCallback(() => {
    if (!wanted.current) return;
    wanted.current = false;
    clearTimer();
    setActive(false);
    if (modeRef.current === 'push') {
      const s = session.current;
      if (s && s.press === press.current && !s.stopping) {
        // Its results (the last words) and end still come: `ended` delivers the press.
        s.stopping = true;
        try {
          s.r.stop();
        } catch {
          abortSession();
        }
      }
      press.current = null;
      return;
    }
    abortSession();
    showInterim('');
  }, [abortSession, clearTimer, showInterim]);

  const setMode = useCallback(
    (next: SpeechMode) => {
      if (next === modeRef.current) return;
      wanted.current = false;
      press.current = null;
      clearTimer();
      abortSession();
      showInterim('');
      setActive(false);
      modeRef.current = next;
      setModeState(next);
    },
    [abortSession, clearTimer, showInterim],
  );

  const pause = useCallback(() => {
    paused.current = true;
    apply();
  }, [apply]);

  const resume = useCallback(() => {
    paused.current = false;
    apply();
  }, [apply]);

  useEffect(() => {
    suspended.current = !!opts.suspended;
    apply();
  }, [opts.suspended, apply]);

  useEffect(
    () => () => {
      wanted.current = false;
      press.current = null;
      clearTimer();
      abortSession();
    },
    [abortSession, clearTimer],
  );

  return {
    supported: Ctor !== null,
    handsFreeSupported: Ctor !== null,
    listening,
    active,
    interim,
    transcribing: false,
    mode,
    setMode,
    start,
    stop,
    pause,
    resume,
    error,
  };
}
