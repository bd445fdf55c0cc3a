import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '@candeia/shared/routes';
import { ROOM_CHAT_MAX, type RoomDto, type RoomMessageDto } from '@candeia/shared/schemas/consultation';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { api, ApiError } from '../../lib/api.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { useCall, type CallStats } from './use-call.ts';

/**
 * /consultation/room/:sessionId: the consultation's room for its two participants (anyone
 * else: not found). Before it opens, when; then a device check (camera and microphone preview,
 * choice of devices, either may be off); then the call, the chat beside it, a timer, and the end
 * for both. Nothing is recorded.
 */
export default function RoomPage() {
  const { t } = useTranslation('room');
  useDocumentTitle(t('title'));
  const { sessionId = '' } = useParams();
  const room = useQuery({
    queryKey: ['consultation', 'room', sessionId],
    queryFn: () => api<RoomDto>(`/consultations/bookings/${encodeURIComponent(sessionId)}/room`),
    retry: false,
    staleTime: Infinity,
  });
  const [joined, setJoined] = useState<MediaStream | null | false>(false);

  if (room.isPending) return <Spinner />;
  if (room.isError) {
    const notFound = room.error instanceof ApiError && room.error.status === 404;
    return (
      <Frame>
        <h1 className="font-serif text-2xl font-semibold text-stone-900">
          {notFound ? t('notFound.title') : t('error.title')}
        </h1>
        <p className="mt-2 text-stone-700">{notFound ? t('notFound.body') : room.error.message || t('error.body')}</p>
        <div className="mt-4 flex flex-wrap gap-3">
          {!notFound && <Button onClick={() => void room.refetch()}>{t('error.retry')}</Button>}
          <Link to={paths.consultation()} className={buttonClasses({ variant: notFound ? 'primary' : 'outline' })}>
            {t('back')}
          </Link>
        </div>
      </Frame>
    );
  }
  const data = room.data;
  if (!data.open) return <NotOpen room={data} onOpen={() => void room.refetch()} />;
  if (joined === false) return <DeviceCheck room={data} onJoin={(stream) => setJoined(stream)} />;
  return <Call room={data} local={joined} />;
}

function Frame({ children }: { children: React.ReactNode }) {
  return <div className="mx-auto max-w-2xl px-4 pb-16 pt-6 sm:px-6 sm:pt-10">{children}</div>;
}

function useFormat() {
  const { i18n } = useTranslation();
  return (iso: string, opts: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(i18n.language, opts).format(new Date(iso));
}

/** Before the room opens (a countdown, then it asks again), or after it closed. */
function NotOpen({ room, onOpen }: { room: RoomDto; onOpen: () => void }) {
  const { t } = useTranslation('room');
  const format = useFormat();
  const [now, setNow] = useState(() => Date.now());
  const opensAt = Date.parse(room.opensAt);
  const before = now < opensAt && room.booking.status === 'booked';
  useEffect(() => {
    if (!before) return;
    const timer = setInterval(() => {
      setNow(Date.now());
      if (Date.now() >= opensAt) onOpen();
    }, 1000);
    return () => clearInterval(timer);
  }, [before, opensAt, onOpen]);
  const when = format(room.booking.startsAt, { dateStyle: 'full', timeStyle: 'short' });
  return (
    <Frame>
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-800">
        {t('with', { name: room.peerName })}
      </p>
      <h1 className="mt-1 font-serif text-2xl font-semibold text-stone-900 sm:text-3xl">
        {before ? t('notOpen.title') : t('closed.title')}
      </h1>
      <p className="mt-2 text-stone-700">
        {before
          ? t('notOpen.body', { when, opens: format(room.opensAt, { timeStyle: 'short' }) })
          : t(`closed.${room.booking.status}`, { when })}
      </p>
      {before && (
        <p className="mt-4 text-lg font-semibold tabular-nums text-stone-900" aria-live="polite">
          {t('notOpen.countdown', { time: countdown(opensAt - now) })}
        </p>
      )}
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to={paths.consultation()} className={buttonClasses({ variant: 'outline' })}>
          {t('back')}
        </Link>
        <Link to={paths.consultationHistory()} className={buttonClasses({ variant: 'ghost' })}>
          {t('history')}
        </Link>
      </div>
    </Frame>
  );
}

/** `1:02:03` or `12:03`. */
export function countdown(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

/** Asks for the camera and the microphone, falling back to the microphone alone, then to nothing. */
async function openDevices(
  camera: string | 'off',
  microphone: string | 'off',
): Promise<{ stream: MediaStream | null; failed: boolean }> {
  if (!navigator.mediaDevices?.getUserMedia || (camera === 'off' && microphone === 'off')) {
    return { stream: null, failed: camera !== 'off' || microphone !== 'off' };
  }
  const audio = microphone === 'off' ? false : microphone ? { deviceId: { exact: microphone } } : true;
  const video = camera === 'off' ? false : camera ? { deviceId: { exact: camera } } : { width: 1280, height: 720 };
  try {
    return { stream: await navigator.mediaDevices.getUserMedia({ audio, video }), failed: false };
  } catch {
    if (video && audio) {
      try {
        return { stream: await navigator.mediaDevices.getUserMedia({ audio, video: false }), failed: true };
      } catch {
        return { stream: null, failed: true };
      }
    }
    return { stream: null, failed: true };
  }
}

function DeviceCheck({ room, onJoin }: { room: RoomDto; onJoin: (stream: MediaStream | null) => void }) {
  const { t } = useTranslation('room');
  const [camera, setCamera] = useState<string>('');
  const [microphone, setMicrophone] = useState<string>('');
  const [devices, setDevices] = useState<MediaDeviceInfo[]>([]);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(true);
  const video = useRef<HTMLVideoElement>(null);
  const handed = useRef(false);

  useEffect(() => {
    let live = true;
    let opened: MediaStream | null = null;
    setBusy(true);
    void openDevices(camera, microphone).then(async (r) => {
      if (!live) {
        r.stream?.getTracks().forEach((tr) => tr.stop());
        return;
      }
      opened = r.stream;
      setStream(r.stream);
      setFailed(r.failed);
      setBusy(false);
      if (navigator.mediaDevices?.enumerateDevices) setDevices(await navigator.mediaDevices.enumerateDevices());
    });
    return () => {
      live = false;
      if (!handed.current) opened?.getTracks().forEach((tr) => tr.stop());
    };
  }, [camera, microphone]);

  useEffect(() => {
    if (video.current) video.current.srcObject = stream;
  }, [stream]);

  const cams = devices.filter((d) => d.kind === 'videoinput' && d.deviceId);
  const mics = devices.filter((d) => d.kind === 'audioinput' && d.deviceId);
  const hasVideo = !!stream?.getVideoTracks().length;
  return (
    <Frame>
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-800">
        {t('with', { name: room.peerName })}
      </p>
      <h1 className="mt-1 font-serif text-2xl font-semibold text-stone-900 sm:text-3xl">{t('check.title')}</h1>
      <p className="mt-2 text-stone-700">{t('check.lead')}</p>
      <div className="mt-5 overflow-hidden rounded-2xl bg-stone-900">
        <div className="relative aspect-video">
          <video
            ref={video}
            autoPlay
            playsInline
            muted
            aria-label={t('check.preview')}
            className="h-full w-full -scale-x-100 object-cover"
          />
          {!hasVideo && (
            <p className="absolute inset-0 grid place-items-center px-6 text-center text-stone-200">
              {busy ? t('check.asking') : t('check.noVideo')}
            </p>
          )}
        </div>
      </div>
      {failed && (
        <p role="status" className="mt-3 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {t('check.failed')}
        </p>
      )}
      <div className="mt-5 grid gap-4 sm:grid-cols-2">
        <label className="block text-sm font-medium text-stone-800">
          {t('check.camera')}
          <select
            className="mt-1 block w-full rounded-xl border border-stone-300 bg-white px-3 py-2.5 text-base"
            value={camera}
            onChange={(e) => setCamera(e.target.value)}
          >
            <option value="">{t('check.default')}</option>
            {cams.map((d, i) => (
              <option key={d.deviceId} value={d.deviceId}>
                {d.label || t('check.cameraN', { n: i + 1 })}
              </option>
            ))}
            <option value="off">{t('check.off')}</option>
          </select>
        </label>
        <label className="block text-sm font-medium text-stone-800">
          {t('check.microphone')}
          <select
            className="mt-1 block w-full rounded-xl border border-stone-300 bg-white px-3 py-2.5 text-base"
            value={microphone}
            onChange={(e) => setMicrophone(e.target.value)}
          >
            <option value="">{t('check.default')}</option>
            {mics.map((d, i) => (
              <option key={d.deviceId} value={d.deviceId}>
                {d.label || t('check.microphoneN', { n: i + 1 })}
              </option>
            ))}
            <option value="off">{t('check.off')}</option>
          </select>
        </label>
      </div>
      <p className="mt-4 text-sm text-stone-600">{t('check.private')}</p>
      <div className="mt-5 flex flex-wrap gap-3">
        <Button
          size="lg"
          disabled={busy}
          onClick={() => {
            handed.current = true;
            onJoin(stream);
          }}
        >
          {t('check.join')}
        </Button>
        <Link to={paths.consultation()} className={buttonClasses({ variant: 'outline', size: 'lg' })}>
          {t('back')}
        </Link>
      </div>
    </Frame>
  );
}

function Call({ room, local }: { room: RoomDto; local: MediaStream | null }) {
  const { t } = useTranslation('room');
  const call = useCall({
    bookingId: room.booking.id,
    role: room.booking.role,
    iceServers: room.iceServers,
    initialMessages: room.messages,
    local,
    enabled: true,
  });
  const remoteVideo = useRef<HTMLVideoElement>(null);
  const localVideo = useRef<HTMLVideoElement>(null);
  const [micOn, setMicOn] = useState(() => !!local?.getAudioTracks().length);
  const [camOn, setCamOn] = useState(() => !!local?.getVideoTracks().length);
  const [confirmEnd, setConfirmEnd] = useState(false);

  useEffect(() => {
    if (remoteVideo.current) remoteVideo.current.srcObject = call.remote;
  }, [call.remote]);
  useEffect(() => {
    if (localVideo.current) localVideo.current.srcObject = local;
  }, [local]);
  // Leaving the call releases the camera and the microphone.
  useEffect(() => () => local?.getTracks().forEach((tr) => tr.stop()), [local]);
  useEffect(() => {
    if (call.phase === 'ended') local?.getTracks().forEach((tr) => tr.stop());
  }, [call.phase, local]);

  if (call.phase === 'ended' || call.phase === 'closed') {
    return (
      <Frame>
        <h1 className="font-serif text-2xl font-semibold text-stone-900 sm:text-3xl">
          {call.phase === 'ended' ? t('ended.title') : t('closed.title')}
        </h1>
        <p className="mt-2 text-stone-700">{t('ended.body')}</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to={paths.consultationHistory()} className={buttonClasses({})}>
            {t('history')}
          </Link>
          <Link to={paths.consultation()} className={buttonClasses({ variant: 'outline' })}>
            {t('back')}
          </Link>
        </div>
      </Frame>
    );
  }

  const toggle = (kind: 'audio' | 'video') => {
    const tracks = kind === 'audio' ? local?.getAudioTracks() : local?.getVideoTracks();
    if (!tracks?.length) return;
    const on = !tracks[0]!.enabled;
    for (const tr of tracks) tr.enabled = on;
    if (kind === 'audio') setMicOn(on);
    else setCamOn(on);
  };
  const hasMic = !!local?.getAudioTracks().length;
  const hasCam = !!local?.getVideoTracks().length;

  return (
    <div className="mx-auto max-w-6xl px-3 pb-10 pt-4 sm:px-6 sm:pt-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="font-serif text-xl font-semibold text-stone-900 sm:text-2xl">
          {t('with', { name: room.peerName })}
        </h1>
        <Timer startsAt={room.booking.startsAt} endsAt={room.booking.endsAt} />
      </div>
      <div className="mt-3 grid gap-4 lg:grid-cols-[1fr_22rem]">
        <section aria-label={t('call.label')}>
          <div
            className="relative aspect-video overflow-hidden rounded-2xl bg-stone-900"
            data-testid="stage"
            data-frames-decoded={call.stats.framesDecoded}
            data-bytes-received={call.stats.bytesReceived}
          >
            <video
              ref={remoteVideo}
              autoPlay
              playsInline
              aria-label={t('call.remote', { name: room.peerName })}
              className="h-full w-full object-cover"
            />
            {(!call.remote || call.phase !== 'in-call') && (
              <p
                role="status"
                className="absolute inset-0 grid place-items-center px-6 text-center text-lg text-stone-100"
              >
                {call.phase === 'reconnecting'
                  ? t('call.reconnecting')
                  : call.peerPresent
                    ? t('call.connecting')
                    : t('call.waiting', { name: room.peerName })}
              </p>
            )}
            <video
              ref={localVideo}
              autoPlay
              playsInline
              muted
              aria-label={t('call.you')}
              className={`absolute bottom-3 right-3 aspect-video w-28 -scale-x-100 rounded-xl border-2 border-white/80 bg-stone-700 object-cover shadow-lg sm:w-44 ${hasCam && camOn ? '' : 'hidden'}`}
            />
            <Quality stats={call.stats} active={call.phase === 'in-call'} />
          </div>
          <div className="mt-3 flex flex-wrap items-center justify-center gap-2">
            <Button
              variant={micOn ? 'secondary' : 'outline'}
              disabled={!hasMic}
              aria-pressed={!micOn}
              onClick={() => toggle('audio')}
            >
              {hasMic ? (micOn ? t('call.micOff') : t('call.micOn')) : t('call.noMic')}
            </Button>
            <Button
              variant={camOn ? 'secondary' : 'outline'}
              disabled={!hasCam}
              aria-pressed={!camOn}
              onClick={() => toggle('video')}
            >
              {hasCam ? (camOn ? t('call.camOff') : t('call.camOn')) : t('call.noCam')}
            </Button>
            {confirmEnd ? (
              <span className="flex items-center gap-2" role="group" aria-label={t('call.endConfirm')}>
                <span className="text-sm text-stone-700">{t('call.endConfirm')}</span>
                <Button variant="destructive" onClick={call.end}>
                  {t('call.endYes')}
                </Button>
                <Button variant="ghost" onClick={() => setConfirmEnd(false)}>
                  {t('call.endNo')}
                </Button>
              </span>
            ) : (
              <Button variant="destructive" onClick={() => setConfirmEnd(true)}>
                {t('call.end')}
              </Button>
            )}
          </div>
          <p className="mt-2 text-center text-xs text-stone-500">{t('call.private')}</p>
        </section>
        <Chat messages={call.messages} onSend={call.sendChat} sendError={call.sendError} />
      </div>
    </div>
  );
}

function Quality({ stats, active }: { stats: CallStats; active: boolean }) {
  const { t } = useTranslation('room');
  if (!active) return null;
  const level = stats.kbps >= 300 ? 'good' : stats.kbps >= 60 ? 'fair' : 'poor';
  return (
    <span className="absolute left-3 top-3 rounded-full bg-black/55 px-3 py-1 text-xs font-medium text-white">
      {t(`call.quality.${level}`)}
    </span>
  );
}

function Timer({ startsAt, endsAt }: { startsAt: string; endsAt: string }) {
  const { t } = useTranslation('room');
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const start = Date.parse(startsAt);
  const end = Date.parse(endsAt);
  const text =
    now < start
      ? t('timer.startsIn', { time: countdown(start - now) })
      : now < end
        ? t('timer.left', { time: countdown(end - now) })
        : t('timer.over', { time: countdown(now - end) });
  return (
    <p
      className="rounded-full bg-stone-100 px-3 py-1 text-sm font-semibold tabular-nums text-stone-800"
      aria-live="off"
    >
      {text}
    </p>
  );
}

function Chat({
  messages,
  onSend,
  sendError,
}: {
  messages: RoomMessageDto[];
  onSend: (text: string) => boolean;
  sendError: boolean;
}) {
  const { t } = useTranslation('room');
  const [text, setText] = useState('');
  const list = useRef<HTMLOListElement>(null);
  const format = useFormat();
  useEffect(() => {
    list.current?.lastElementChild?.scrollIntoView({ block: 'nearest' });
  }, [messages.length]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = text.trim();
    if (!value) return;
    // Kept in the box when it could not be sent.
    if (onSend(value)) setText('');
  };
  return (
    <section
      aria-labelledby="room-chat"
      className="flex min-h-[18rem] flex-col rounded-2xl border border-stone-200 bg-white lg:h-[calc(100dvh-12rem)]"
    >
      <h2 id="room-chat" className="border-b border-stone-200 px-4 py-3 font-semibold text-stone-900">
        {t('chat.title')}
      </h2>
      <ol ref={list} className="flex-1 space-y-3 overflow-y-auto px-4 py-3" aria-live="polite">
        {messages.length === 0 && <li className="text-sm text-stone-500">{t('chat.empty')}</li>}
        {messages.map((m) => (
          <li key={m.id} className={m.mine ? 'text-right' : ''}>
            <span className="block text-xs text-stone-500">
              {m.mine ? t('chat.you') : m.name} · {format(m.at, { timeStyle: 'short' })}
            </span>
            <span
              className={`mt-0.5 inline-block max-w-[85%] whitespace-pre-wrap break-words rounded-2xl px-3 py-2 text-left ${m.mine ? 'bg-brand-700 text-white' : 'bg-stone-100 text-stone-900'}`}
            >
              {m.text}
            </span>
          </li>
        ))}
      </ol>
      <form onSubmit={submit} className="border-t border-stone-200 p-3">
        <label htmlFor="room-chat-input" className="sr-only">
          {t('chat.label')}
        </label>
        <div className="flex gap-2">
          <input
            id="room-chat-input"
            value={text}
            maxLength={ROOM_CHAT_MAX}
            onChange={(e) => setText(e.target.value)}
            placeholder={t('chat.placeholder')}
            autoComplete="off"
            className="min-w-0 flex-1 rounded-xl border border-stone-300 px-3 py-2.5 text-base"
          />
          <Button type="submit" disabled={!text.trim()}>
            {t('chat.send')}
          </Button>
        </div>
        {sendError && (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {t('chat.notSent')}
          </p>
        )}
      </form>
    </section>
  );
}
