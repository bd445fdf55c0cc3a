import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AvatarMessageDto, AvatarSessionDetailDto, AvatarSessionDto } from '@candeia/shared/schemas/avatar';
import { sendMessage } from '../api/send-message.ts';
import { stopAnswer } from '../api/stop-answer.ts';
import { avatarKeys } from '../api/keys.ts';

export type Phase = 'idle' | 'thinking' | 'answering';

export interface ConversationHandlers {
  /** A piece of the answer as it is written (to be spoken sentence by sentence). */
  onDelta(text: string): void;
  /** The answer is complete (or stopped, or failed). */
  onDone(message: AvatarMessageDto): void;
}

/**
 * The words of a running session: the transcript so far, what the member says (typed or spoken)
 * sent one at a time, the counsellor's answer streaming in, and a stop that always works. A
 * refused message (the session ended, a limit) comes back with the text the member wrote.
 */
export function useConversation(detail: AvatarSessionDetailDto, handlers: ConversationHandlers) {
  const qc = useQueryClient();
  const [messages, setMessages] = useState<AvatarMessageDto[]>(detail.messages);
  const [phase, setPhase] = useState<Phase>('idle');
  const [error, setError] = useState<unknown>(null);
  const [session, setSession] = useState<AvatarSessionDto>(detail);
  const controller = useRef<AbortController | null>(null);
  const latest = useRef(handlers);
  latest.current = handlers;

  // Leaving the screen lets go of the stream (the answer is still saved whole).
  useEffect(() => () => controller.current?.abort(), []);

  const send = useCallback(
    async (content: string, via: 'text' | 'voice'): Promise<boolean> => {
      if (controller.current) return false;
      const abort = new AbortController();
      controller.current = abort;
      setError(null);
      setPhase('thinking');
      let answerId: string | null = null;
      try {
        for await (const e of sendMessage(detail.id, { content, via }, abort.signal)) {
          if (e.type === 'start') {
            answerId = e.assistantMessage.id;
            setMessages((m) => [...m, e.userMessage, { ...e.assistantMessage, content: '' }]);
          } else if (e.type === 'delta') {
            setPhase('answering');
            setMessages((m) => m.map((x) => (x.id === answerId ? { ...x, content: x.content + e.text } : x)));
            latest.current.onDelta(e.text);
          } else if (e.type === 'citations') {
            setMessages((m) => m.map((x) => (x.id === answerId ? { ...x, citations: e.citations } : x)));
          } else if (e.type === 'error') {
            // The answer failed while being written: the server's translated words.
            setError(new Error(e.message));
          } else if (e.type === 'done') {
            setMessages((m) => m.map((x) => (x.id === e.message.id ? e.message : x)));
            setSession(e.session);
            latest.current.onDone(e.message);
          }
        }
        return true;
      } catch (err) {
        if ((err as Error).name === 'AbortError') return true;
        setError(err);
        return answerId !== null;
      } finally {
        controller.current = null;
        setPhase('idle');
        void qc.invalidateQueries({ queryKey: avatarKeys.session(detail.id) });
      }
    },
    [detail.id, qc],
  );

  /** Stops the answer being written: here at once, and on the server (which keeps what was said). */
  const stop = useCallback(() => {
    if (!controller.current) return;
    controller.current.abort();
    controller.current = null;
    setPhase('idle');
    setMessages((m) => m.map((x) => (x.status === 'streaming' ? { ...x, status: 'stopped' } : x)));
    void stopAnswer(detail.id).catch(() => undefined);
  }, [detail.id]);

  return { messages, phase, error, session, setSession, send, stop, clearError: () => setError(null) };
}
