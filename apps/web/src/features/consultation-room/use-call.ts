import { useCallback, useEffect, useRef, useState } from 'react';
import type {
  IceServerDto,
  RoomClientMessage,
  RoomMessageDto,
  RoomServerMessage,
} from '@candeia/shared/schemas/consultation';

/**
 * The room's call: one WebSocket to our server (signalling, chat, joins, the end) and one
 * RTCPeerConnection to the other browser, set up with the "perfect negotiation" pattern (the
 * member is the polite side: on an offer collision it gives way). Nothing is recorded.
 *
 * - Both start the call when they know the other is there: the one who was in the room hears
 *   "peer-joined" and answers "here"; the newcomer hears "peer-here".
 * - A dropped socket reconnects with growing pauses; on its return the other side hears
 *   "peer-joined" again and the call is set up anew. A failed ICE connection is restarted.
 * - Without a camera (refused, missing, or failing) the call goes on with audio, and without a
 *   microphone too: the other side is still received.
 */

export type CallPhase = 'connecting' | 'waiting' | 'in-call' | 'reconnecting' | 'ended' | 'closed';

export interface CallStats {
  /** Video frames of the other side decoded so far. */
  framesDecoded: number;
  /** Bytes received from the other side so far (audio and video). */
  bytesReceived: number;
  /** Received kilobits per second over the last reading. */
  kbps: number;
}

const RECONNECT_MAX_MS = 10_000;
const PING_MS = 25_000;
const STATS_MS = 2000;

/** The close codes the server uses (apps/server/src/modules/consultations/room-routes.ts). */
const CLOSE_ENDED = 4000;
const CLOSE_CLOSED = 4001;

export function socketUrl(bookingId: string): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/api/consultations/bookings/${encodeURIComponent(bookingId)}/room/socket`;
}

export function useCall(opts: {
  bookingId: string;
  role: 'member' | 'counsellor';
  iceServers: IceServerDto[];
  initialMessages: RoomMessageDto[];
  /** The local stream from the device check (may have no tracks). */
  local: MediaStream | null;
  enabled: boolean;
}) {
  const { bookingId, role, iceServers, local, enabled } = opts;
  const [phase, setPhase] = useState<CallPhase>('connecting');
  const [remote, setRemote] = useState<MediaStream | null>(null);
  const [messages, setMessages] = useState<RoomMessageDto[]>(opts.initialMessages);
  const [peerPresent, setPeerPresent] = useState(false);
  const [stats, setStats] = useState<CallStats>({ framesDecoded: 0, bytesReceived: 0, kbps: 0 });
  const [sendError, setSendError] = useState(false);
  const ws = useRef<WebSocket | null>(null);
  const pc = useRef<RTCPeerConnection | null>(null);
  const makingOffer = useRef(false);
  const ignoreOffer = useRef(false);
  const ended = useRef(false);
  const polite = role === 'member';
  // Read when a connection starts, without restarting the socket when they change identity.
  const localRef = useRef(local);
  const iceRef = useRef(iceServers);
  localRef.current = local;
  iceRef.current = iceServers;

  const send = useCallback((msg: RoomClientMessage): boolean => {
    const socket = ws.current;
    if (!socket || socket.readyState !== WebSocket.OPEN) return false;
    socket.send(JSON.stringify(msg));
    return true;
  }, []);

  const closePeer = useCallback(() => {
    pc.current?.close();
    pc.current = null;
    setRemote(null);
  }, []);

  /** A new connection to the other browser, with our tracks (or receive-only where we have none). */
  const startPeer = useCallback(() => {
    closePeer();
    const conn = new RTCPeerConnection({ iceServers: iceRef.current });
    const local = localRef.current;
    pc.current = conn;
    makingOffer.current = false;
    ignoreOffer.current = false;
    const tracks = local?.getTracks() ?? [];
    for (const track of tracks) conn.addTrack(track, local!);
    for (const kind of ['audio', 'video'] as const) {
      if (!tracks.some((t) => t.kind === kind)) conn.addTransceiver(kind, { direction: 'recvonly' });
    }
    conn.ontrack = ({ streams, track }) => {
      setRemote((current) => {
        const stream = streams[0] ?? current ?? new MediaStream();
        if (!stream.getTracks().includes(track)) stream.addTrack(track);
        return stream;
      });
    };
    conn.onicecandidate = ({ candidate }) => {
      const c = candidate?.toJSON();
      send({
        type: 'signal',
        candidate: c?.candidate
          ? {
              candidate: c.candidate,
              sdpMid: c.sdpMid ?? null,
              sdpMLineIndex: c.sdpMLineIndex ?? null,
              usernameFragment: c.usernameFragment ?? null,
            }
          : null,
      });
    };
    conn.onnegotiationneeded = async () => {
      try {
        makingOffer.current = true;
        await conn.setLocalDescription();
        if (conn.localDescription) {
          send({ type: 'signal', description: { type: conn.localDescription.type, sdp: conn.localDescription.sdp } });
        }
      } catch {
        // The next negotiation (or the other side's offer) sets it up.
      } finally {
        makingOffer.current = false;
      }
    };
    conn.oniceconnectionstatechange = () => {
      if (conn.iceConnectionState === 'failed') conn.restartIce();
    };
    conn.onconnectionstatechange = () => {
      if (conn.connectionState === 'connected') setPhase('in-call');
    };
  }, [closePeer, send]);

  const onSignal = useCallback(
    async (msg: Extract<RoomServerMessage, { type: 'signal' }>) => {
      const conn = pc.current;
      if (!conn) return;
      try {
        if (msg.description) {
          const offerCollision =
            msg.description.type === 'offer' && (makingOffer.current || conn.signalingState !== 'stable');
          ignoreOffer.current = !polite && offerCollision;
          if (ignoreOffer.current) return;
          await conn.setRemoteDescription(msg.description as RTCSessionDescriptionInit);
          if (msg.description.type === 'offer') {
            await conn.setLocalDescription();
            if (conn.localDescription) {
              send({
                type: 'signal',
                description: { type: conn.localDescription.type, sdp: conn.localDescription.sdp },
              });
            }
          }
        } else if (msg.candidate !== undefined) {
          try {
            await conn.addIceCandidate(msg.candidate ?? undefined);
          } catch (err) {
            if (!ignoreOffer.current) throw err;
          }
        }
      } catch {
        // A signal for a connection that was replaced meanwhile: nothing to do.
      }
    },
    [polite, send],
  );

  useEffect(() => {
    if (!enabled) return;
    let attempt = 0;
    let stop = false;
    let retry: ReturnType<typeof setTimeout> | null = null;
    let ping: ReturnType<typeof setInterval> | null = null;

    const open = () => {
      const socket = new WebSocket(socketUrl(bookingId));
      ws.current = socket;
      socket.onmessage = (event) => {
        let msg: RoomServerMessage;
        try {
          msg = JSON.parse(String(event.data)) as RoomServerMessage;
        } catch {
          return;
        }
        switch (msg.type) {
          case 'ready':
            attempt = 0;
            setPhase((p) => (p === 'in-call' ? p : 'waiting'));
            break;
          case 'peer-joined':
            setPeerPresent(true);
            startPeer();
            send({ type: 'here' });
            break;
          case 'peer-here':
            setPeerPresent(true);
            startPeer();
            break;
          case 'peer-left':
            setPeerPresent(false);
            closePeer();
            setPhase('waiting');
            break;
          case 'signal':
            void onSignal(msg);
            break;
          case 'chat':
            setMessages((list) => (list.some((m) => m.id === msg.message.id) ? list : [...list, msg.message]));
            break;
          case 'ended':
            ended.current = true;
            setPhase('ended');
            break;
          default:
            break;
        }
      };
      socket.onclose = (event) => {
        if (ws.current === socket) ws.current = null;
        if (stop) return;
        if (event.code === CLOSE_ENDED || ended.current) {
          ended.current = true;
          closePeer();
          setPhase('ended');
          return;
        }
        if (event.code === CLOSE_CLOSED) {
          closePeer();
          setPhase('closed');
          return;
        }
        setPhase('reconnecting');
        const wait = Math.min(RECONNECT_MAX_MS, 1000 * 2 ** attempt);
        attempt += 1;
        retry = setTimeout(open, wait);
      };
    };
    open();
    ping = setInterval(() => send({ type: 'ping' }), PING_MS);
    // Back online: try at once instead of waiting out the pause.
    const online = () => {
      if (!ws.current && !stop && !ended.current) {
        if (retry) clearTimeout(retry);
        attempt = 0;
        open();
      }
    };
    window.addEventListener('online', online);
    return () => {
      stop = true;
      window.removeEventListener('online', online);
      if (retry) clearTimeout(retry);
      if (ping) clearInterval(ping);
      ws.current?.close(1000, 'left');
      ws.current = null;
      closePeer();
    };
  }, [bookingId, closePeer, enabled, onSignal, send, startPeer]);

  // What arrives from the other side: shown as the connection's quality.
  useEffect(() => {
    if (!enabled) return;
    let lastBytes = 0;
    let lastAt = performance.now();
    const timer = setInterval(async () => {
      const conn = pc.current;
      if (!conn) return;
      let frames = 0;
      let bytes = 0;
      (await conn.getStats()).forEach(
        (r: { type: string; kind?: string; framesDecoded?: number; bytesReceived?: number }) => {
          if (r.type !== 'inbound-rtp') return;
          bytes += r.bytesReceived ?? 0;
          if (r.kind === 'video') frames += r.framesDecoded ?? 0;
        },
      );
      const now = performance.now();
      const kbps = Math.max(0, Math.round(((bytes - lastBytes) * 8) / (now - lastAt)));
      lastBytes = bytes;
      lastAt = now;
      setStats({ framesDecoded: frames, bytesReceived: bytes, kbps });
    }, STATS_MS);
    return () => clearInterval(timer);
  }, [enabled]);

  const sendChat = useCallback(
    (text: string): boolean => {
      const ok = send({ type: 'chat', text });
      setSendError(!ok);
      return ok;
    },
    [send],
  );

  const end = useCallback(() => {
    if (!send({ type: 'end' })) {
      ended.current = true;
      setPhase('ended');
    }
  }, [send]);

  return { phase, remote, messages, peerPresent, stats, sendChat, sendError, end };
}
