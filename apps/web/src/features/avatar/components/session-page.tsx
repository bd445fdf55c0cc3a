import { useCallback, useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { paths } from '@candeia/shared/routes';
import { AVATAR_MESSAGE_MAX, type AvatarSessionDetailDto } from '@candeia/shared/schemas/avatar';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useEndSession } from '../api/end-session.ts';
import { useAvatarSession } from '../api/get-session.ts';
import { useRateSession } from '../api/rate-session.ts';
import { useStartSession } from '../api/start-session.ts';
import { useConversation } from '../hooks/use-conversation.ts';
import { useServerSpeech } from '../hooks/use-server-speech.ts';
import { useSpeechRecognition } from '../hooks/use-speech-recognition.ts';
import { useSpeechSynthesis } from '../hooks/use-speech-synthesis.ts';
import { sentenceSplitter, toSpeech } from '../lib/speakable.ts';
import { useAvatarMessage, useFormat } from './labels.ts';
import { Stage } from './stage.tsx';
import { Transcript } from './transcript.tsx';

const LANG = { pt: 'pt-BR', en: 'en-US', es: 'es-ES' } as const;

/** /avatar/session/:id: the live session while it runs, its transcript (and a rating) after. */
export default function SessionPage() {
  const { t } = useTranslation('avatar');
  const { sessionId = '' } = useParams();
  const detail = useAvatarSession(sessionId);
  useDocumentTitle(detail.data ? t('session.title', { name: detail.data.counsellor.name }) : t('gallery.title'));

  if (detail.isPending) return <Spinner className="mt-16" label={t('session.loading')} />;
  if (detail.isError)
    return (
      <div className="mx-auto max-w-3xl px-4 pt-10">
        <Alert variant="error" title={t('errors.loadSession')}>
          {detail.error instanceof ApiError && detail.error.status === 401
            ? t('errors.unauthenticated')
            : detail.error instanceof ApiError && detail.error.status === 404
              ? t('errors.notFound')
              : null}
          <div className="mt-3">
            <Link to={paths.avatar()} className={buttonClasses({ size: 'sm', variant: 'outline' })}>
              {t('session.back')}
            </Link>
          </div>
        </Alert>
      </div>
    );
  return detail.data.isActive ? (
    <LiveSession key={detail.data.id} detail={detail.data} />
  ) : (
    <EndedSession detail={detail.data} />
  );
}

function LiveSession({ detail }: { detail: AvatarSessionDetailDto }) {
  const { t } = useTranslation(['avatar', 'validation']);
  const format = useFormat();
  const message = useAvatarMessage();
  const location = useLocation();
  const lang = LANG[detail.language];
  const gender = detail.counsellor.voice.gender;
  const server = detail.speech === 'server';
  const splitter = useRef(sentenceSplitter());
  const [voiceOn, setVoiceOn] = useState(true);
  const voiceOnRef = useRef(voiceOn);
  voiceOnRef.current = voiceOn;
  const [interim, setInterim] = useState('');
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState<string | null>(null);
  const sendRef = useRef<(text: string, via: 'text' | 'voice') => void>(() => {});
  const scroller = useRef<HTMLDivElement>(null);

  const onFinal = useCallback((text: string) => {
    setInterim('');
    sendRef.current(text, 'voice');
  }, []);

  // Both kinds of speech are set up (hooks are called always); the session uses one.
  const browserSynthesis = useSpeechSynthesis({ lang, gender });
  const serverSpeech = useServerSpeech({ sessionId: detail.id, onFinal });
  const synthesis = server ? serverSpeech.synthesis : browserSynthesis;
  const speak = useCallback(
    (text: string) => {
      const plain = toSpeech(text);
      if (plain && voiceOnRef.current) synthesis.speak(plain);
    },
    [synthesis],
  );

  const conversation = useConversation(detail, {
    onDelta: (text) => splitter.current.push(text).forEach(speak),
    onDone: () => splitter.current.flush().forEach(speak),
  });
  const busy = conversation.phase !== 'idle';
  const browserRecognition = useSpeechRecognition({
    lang,
    onFinal,
    onInterim: setInterim,
    suspended: synthesis.speaking || busy,
  });
  const recognition = server ? serverSpeech.recognition : browserRecognition;

  const send = useCallback(
    (text: string, via: 'text' | 'voice') => {
      const content = text.trim();
      if (!content) return;
      splitter.current = sentenceSplitter();
      synthesis.stop();
      void conversation.send(content, via).then((ok) => {
        // Refused before anything was saved: what was typed comes back to the box.
        if (!ok && via === 'text') setDraft((d) => d || content);
      });
    },
    [conversation, synthesis],
  );
  sendRef.current = send;

  // The greeting is spoken when the session was just started here (a click: sound is allowed).
  const greeted = useRef(false);
  useEffect(() => {
    const fresh = (location.state as { fresh?: boolean } | null)?.fresh;
    if (greeted.current || !fresh) return;
    greeted.current = true;
    const greeting = detail.messages.find((m) => m.kind === 'greeting');
    // Sentence by sentence, as answers are (some voices stop after a long utterance).
    if (greeting) {
      const split = sentenceSplitter();
      [...split.push(greeting.content), ...split.flush()].forEach(speak);
    }
  }, [detail.messages, location.state, speak]);

  // Time left; at the end the session is over.
  const [left, setLeft] = useState(() => (new Date(detail.endsAt).getTime() - Date.now()) / 1000);
  const end = useEndSession();
  useEffect(() => {
    const tick = setInterval(() => setLeft((new Date(detail.endsAt).getTime() - Date.now()) / 1000), 1000);
    return () => clearInterval(tick);
  }, [detail.endsAt]);
  const finish = useCallback(() => {
    synthesis.stop();
    conversation.stop();
    recognition.stop();
    end.mutate(detail.id);
  }, [conversation, detail.id, end, recognition, synthesis]);
  useEffect(() => {
    if (left <= 0 && !end.isPending && !end.isSuccess) finish();
  }, [left, end.isPending, end.isSuccess, finish]);

  const stopSpeaking = () => {
    synthesis.stop();
    conversation.stop();
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const content = draft.trim();
    if (!content) return setDraftError(t('validation:avatar.messageRequired'));
    if (content.length > AVATAR_MESSAGE_MAX) return setDraftError(t('validation:avatar.messageTooLong'));
    setDraftError(null);
    setDraft('');
    send(content, 'text');
  };

  // Push-to-talk from the keyboard: Space or Enter held on the button.
  const keyDown = (e: KeyboardEvent) => {
    if ((e.key === ' ' || e.key === 'Enter') && !e.repeat) {
      e.preventDefault();
      synthesis.stop();
      recognition.start();
    }
  };
  const keyUp = (e: KeyboardEvent) => {
    if (e.key === ' ' || e.key === 'Enter') {
      e.preventDefault();
      recognition.stop();
    }
  };
  const handsFree = recognition.mode === 'hands-free';
  const state = recognition.listening ? 'listening' : synthesis.speaking ? 'speaking' : busy ? 'thinking' : 'idle';

  const conversationError = conversation.error;
  const errorText = !conversationError
    ? null
    : !(conversationError instanceof ApiError) && conversationError instanceof Error && conversationError.message
      ? conversationError.message
      : message(conversationError, 'errors.send');

  return (
    <div
      className="mx-auto grid max-w-6xl gap-4 px-3 pb-6 pt-3 sm:px-6 sm:pt-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] lg:gap-8"
      // The first touch lets later speech play where sound needs a gesture first (iOS Safari).
      onPointerDownCapture={synthesis.unlock}
    >
      <div className="lg:sticky lg:top-20 lg:self-start">
        <Stage
          counsellor={detail.counsellor}
          state={state}
          mouthLevel={synthesis.mouthLevel}
          label={t('session.portrait', { name: detail.counsellor.displayName })}
        />
        {/* The buttons on their own row: the clock and the state change width, the buttons never move. */}
        <div className="mt-3">
          <div>
            <h1 className="font-serif text-2xl font-semibold text-stone-900">{detail.counsellor.displayName}</h1>
            <p className="text-sm tabular-nums text-stone-600" aria-live="off">
              <span data-testid="avatar-time-left">{t('session.timeLeft', { time: format.clock(left) })}</span>
              <span aria-hidden="true"> · </span>
              <span role="status">{t(`session.state.${state}`)}</span>
            </p>
          </div>
          <div className="mt-2 flex flex-wrap gap-2">
            <Button
              variant="outline"
              size="sm"
              onClick={stopSpeaking}
              disabled={!synthesis.speaking && !busy}
              data-testid="avatar-stop"
            >
              {t('session.stopSpeaking')}
            </Button>
            <Button variant="destructive" size="sm" onClick={finish} busy={end.isPending}>
              {t('session.end')}
            </Button>
          </div>
        </div>
      </div>

      <div className="flex flex-col rounded-3xl bg-stone-50 p-3 ring-1 ring-stone-200 sm:p-5">
        <div
          ref={scroller}
          // A scrolling box is reached by keyboard too (WCAG 2.1.1): focusable, and named.
          tabIndex={0}
          role="region"
          aria-label={t('ended.transcript')}
          className="max-h-[38vh] min-h-40 flex-1 overflow-y-auto overscroll-contain rounded-2xl focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-700 lg:max-h-[58vh]"
        >
          <Transcript
            scroller={scroller}
            messages={conversation.messages}
            counsellorName={detail.counsellor.name}
            interim={interim}
            thinking={conversation.phase === 'thinking'}
          />
        </div>
        {errorText ? (
          <Alert variant="error" className="mt-3">
            {errorText}
          </Alert>
        ) : null}
        {recognition.error ? (
          <Alert variant="warning" className="mt-3">
            {t(`speech.errors.${recognition.error}`)}
          </Alert>
        ) : null}

        <div className="mt-3 border-t border-stone-200 pt-3">
          {recognition.supported ? (
            <div className="flex flex-wrap items-center gap-3">
              {handsFree ? (
                <Button
                  size="lg"
                  variant={recognition.active ? 'primary' : 'outline'}
                  onClick={() => (recognition.active ? recognition.stop() : recognition.start())}
                  aria-pressed={recognition.active}
                >
                  {recognition.active ? t('speech.handsFreeOn') : t('speech.handsFreeStart')}
                </Button>
              ) : (
                <button
                  type="button"
                  className={`${buttonClasses({ size: 'lg', variant: recognition.active ? 'primary' : 'outline' })} touch-none select-none`}
                  aria-pressed={recognition.active}
                  onPointerDown={(e) => {
                    e.currentTarget.setPointerCapture?.(e.pointerId);
                    synthesis.stop();
                    recognition.start();
                  }}
                  onPointerUp={() => recognition.stop()}
                  onPointerCancel={() => recognition.stop()}
                  onKeyDown={keyDown}
                  onKeyUp={keyUp}
                  data-testid="avatar-mic"
                >
                  <Icon>
                    <rect x="9" y="3" width="6" height="11" rx="3" />
                    <path d="M5 11a7 7 0 0 0 14 0M12 18v3M8 21h8" />
                  </Icon>
                  {recognition.transcribing
                    ? t('speech.transcribing')
                    : recognition.listening
                      ? t('speech.listening')
                      : t('speech.hold')}
                </button>
              )}
              {recognition.handsFreeSupported ? (
                <label className="flex items-center gap-2 text-sm text-stone-700">
                  <input
                    type="checkbox"
                    className="h-5 w-5 accent-brand-700"
                    checked={handsFree}
                    onChange={(e) => recognition.setMode(e.target.checked ? 'hands-free' : 'push')}
                  />
                  {t('speech.handsFree')}
                </label>
              ) : null}
              {synthesis.supported ? (
                <label className="flex items-center gap-2 text-sm text-stone-700">
                  <input
                    type="checkbox"
                    className="h-5 w-5 accent-brand-700"
                    checked={voiceOn}
                    onChange={(e) => {
                      setVoiceOn(e.target.checked);
                      if (!e.target.checked) synthesis.stop();
                    }}
                  />
                  {t('speech.voiceOn')}
                </label>
              ) : null}
            </div>
          ) : null}
          <SpeechNote server={server} canListen={recognition.supported} canSpeak={synthesis.supported} />
          <form onSubmit={onSubmit} className="mt-3 flex items-end gap-2" noValidate>
            <div className="flex-1">
              <label htmlFor="avatar-message" className="sr-only">
                {t('session.messageLabel')}
              </label>
              <textarea
                id="avatar-message"
                rows={2}
                value={draft}
                maxLength={AVATAR_MESSAGE_MAX + 100}
                onChange={(e) => {
                  setDraft(e.target.value);
                  if (draftError) setDraftError(null);
                }}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                    e.preventDefault();
                    e.currentTarget.form?.requestSubmit();
                  }
                }}
                placeholder={t('session.placeholder')}
                aria-invalid={draftError ? true : undefined}
                aria-describedby={draftError ? 'avatar-message-error' : undefined}
                className="block w-full resize-none rounded-xl border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200"
              />
              {draftError ? (
                <p id="avatar-message-error" className="mt-1 text-sm text-rose-700">
                  {draftError}
                </p>
              ) : null}
            </div>
            <Button
              type="submit"
              disabled={busy}
              busy={conversation.phase === 'thinking'}
              busyLabel={t('session.sending')}
            >
              {t('session.send')}
            </Button>
          </form>
        </div>
      </div>
    </div>
  );
}

/** What the member should know about voice here: where the audio goes, or that the session is text. */
function SpeechNote({ server, canListen, canSpeak }: { server: boolean; canListen: boolean; canSpeak: boolean }) {
  const { t } = useTranslation('avatar');
  const notes: string[] = [];
  if (!canListen && !canSpeak) notes.push(t('speech.textOnly'));
  else {
    if (!canListen) notes.push(t('speech.noMic'));
    if (!canSpeak) notes.push(t('speech.noVoice'));
    if (canListen) notes.push(server ? t('speech.privacyServer') : t('speech.privacyBrowser'));
  }
  return (
    <p className="mt-2 text-xs leading-5 text-stone-600" data-testid="avatar-speech-note">
      {notes.join(' ')}
    </p>
  );
}

function EndedSession({ detail }: { detail: AvatarSessionDetailDto }) {
  const { t } = useTranslation('avatar');
  const format = useFormat();
  const navigate = useNavigate();
  const rate = useRateSession();
  const again = useStartSession();
  const message = useAvatarMessage();
  const [rating, setRating] = useState(detail.rating);
  const canAgain = detail.counsellor.lock === null && detail.counsellor.isAvailable;

  return (
    <div className="mx-auto max-w-3xl px-4 pb-16 pt-6 sm:pt-10">
      <div className="flex items-center gap-4">
        <img
          src={detail.counsellor.imageUrl}
          alt=""
          className="h-20 w-20 rounded-full ring-1 ring-stone-200"
          style={
            detail.counsellor.background.type === 'solid'
              ? { backgroundColor: detail.counsellor.background.color }
              : undefined
          }
        />
        <div>
          <h1 className="font-serif text-2xl font-semibold text-stone-900 sm:text-3xl">
            {t('ended.title', { name: detail.counsellor.displayName })}
          </h1>
          <p className="text-sm text-stone-600">
            {format.dateTime(detail.startTime)} · {t('ended.over')}
          </p>
        </div>
      </div>

      <section aria-labelledby="avatar-rate" className="mt-6 rounded-2xl border border-stone-200 bg-white p-4">
        <h2 id="avatar-rate" className="font-semibold text-stone-900">
          {t('ended.rateTitle')}
        </h2>
        <div role="radiogroup" aria-labelledby="avatar-rate" className="mt-2 flex gap-1">
          {[1, 2, 3, 4, 5].map((n) => (
            <button
              key={n}
              type="button"
              role="radio"
              aria-checked={rating === n}
              aria-label={t('ended.stars', { count: n })}
              onClick={() => {
                setRating(n);
                rate.mutate({ sessionId: detail.id, rating: n });
              }}
              className={`grid h-11 w-11 place-items-center rounded-full text-2xl focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-700 ${
                rating !== null && n <= rating ? 'text-amber-500' : 'text-stone-300'
              }`}
            >
              <span aria-hidden="true">★</span>
            </button>
          ))}
        </div>
        {rate.isSuccess ? (
          <p role="status" className="mt-2 text-sm text-emerald-800">
            {t('ended.thanks')}
          </p>
        ) : rate.isError ? (
          <p role="alert" className="mt-2 text-sm text-rose-700">
            {message(rate.error, 'errors.rate')}
          </p>
        ) : null}
      </section>

      <div className="mt-4 flex flex-wrap gap-3">
        <Link to={paths.avatar()} className={buttonClasses({ variant: 'outline' })}>
          {t('session.back')}
        </Link>
        {canAgain ? (
          <Button
            busy={again.isPending}
            onClick={() =>
              again.mutate(
                { avatarId: detail.avatarId },
                {
                  onSuccess: (s) => void navigate(paths.avatarSession(s.session.id), { state: { fresh: true } }),
                },
              )
            }
          >
            {t('ended.again', { name: detail.counsellor.name })}
          </Button>
        ) : null}
      </div>
      {again.isError ? (
        <Alert variant="error" className="mt-3" title={t('errors.start')}>
          {message(again.error, 'errors.start')}
        </Alert>
      ) : null}

      <section aria-labelledby="avatar-transcript" className="mt-8">
        <h2 id="avatar-transcript" className="font-serif text-xl font-semibold text-stone-900">
          {t('ended.transcript')}
        </h2>
        <div className="mt-3 rounded-3xl bg-stone-50 p-3 ring-1 ring-stone-200 sm:p-5">
          <Transcript messages={detail.messages} counsellorName={detail.counsellor.name} live={false} />
        </div>
      </section>
    </div>
  );
}
