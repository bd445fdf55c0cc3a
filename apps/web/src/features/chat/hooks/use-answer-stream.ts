import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChatEvent, ChatMessageDto, ConversationDetailDto, SendMessageInput } from '@candeia/shared/schemas/chat';
import { ApiError } from '../../../lib/api.ts';
import { invalidateBalance } from '../../../lib/queries/balance.ts';
import { attachAnswer } from '../api/attach-answer.ts';
import { chatKeys } from '../api/keys.ts';
import { regenerateAnswer } from '../api/regenerate-answer.ts';
import { sendMessage } from '../api/send-message.ts';
import { stopAnswer } from '../api/stop-answer.ts';
import { applyStart, withMessage } from '../lib/messages.ts';

export type StreamMode = 'send' | 'regenerate' | 'attach';

/** The answer being written, as the screen shows it. */
export interface LiveAnswer {
  mode: StreamMode;
  /** Null until a new conversation's `start` names it. */
  conversationId: string | null;
  /** Null until `start` (or, re-attaching, the stored answer). */
  message: ChatMessageDto | null;
  stopping: boolean;
}

/** Why an answer was not written, for the screen to show. */
export type StreamProblem =
  /** Refused before anything was saved (the typed message must stay in the composer). */
  | { stage: 'refused'; mode: StreamMode; error: unknown }
  /** The answer failed while being written (its credits were refunded). */
  | { stage: 'failed'; mode: StreamMode; code: string; message: string; messageId: string | null }
  /** The stop button's request failed. */
  | { stage: 'stop'; error: unknown };

type StartEvent = Extract<ChatEvent, { type: 'start' }>;

interface Run {
  controller: AbortController;
  conversationId: string | null;
  messageId: string | null;
  stopRequested: boolean;
}

/**
 * Streams the chat's answers: sending, regenerating and re-attaching after a reload. Only one
 * stream is read at a time; leaving a conversation stops reading (the server keeps writing, and
 * coming back re-attaches). Finished answers are written into the conversation's cache and kept
 * in `settled`; `balances` holds the balance each answer left.
 */
export function useAnswerStream(handlers: {
  onStart?: (ev: StartEvent, mode: StreamMode) => void;
  onProblem?: (problem: StreamProblem) => void;
}) {
  const qc = useQueryClient();
  const [live, setLive] = useState<LiveAnswer | null>(null);
  const [settled, setSettled] = useState<Record<string, ChatMessageDto>>({});
  const [balances, setBalances] = useState<Record<string, number>>({});
  const [failures, setFailures] = useState<Record<string, string>>({});
  const current = useRef<Run | null>(null);
  const handlersRef = useRef(handlers);
  useEffect(() => {
    handlersRef.current = handlers;
  });

  const settle = useCallback(
    (conversationId: string | null, message: ChatMessageDto) => {
      setSettled((s) => ({ ...s, [message.id]: message }));
      if (conversationId)
        qc.setQueryData<ConversationDetailDto>(chatKeys.conversation(conversationId), (old) =>
          withMessage(old, message),
        );
    },
    [qc],
  );

  const stopNow = useCallback(
    async (run: Run) => {
      if (!run.messageId) return;
      try {
        const stopped = await stopAnswer(run.messageId);
        // The stream ends with `done`; this only shows the result sooner if it lags.
        if (current.current !== run) settle(run.conversationId, stopped);
      } catch (error) {
        // Finished meanwhile (the answer is already done): nothing to stop.
        if (error instanceof ApiError && (error.status === 409 || error.status === 404)) return;
        if (current.current === run) setLive((l) => (l ? { ...l, stopping: false } : l));
        handlersRef.current.onProblem?.({ stage: 'stop', error });
      }
    },
    [settle],
  );

  const run = useCallback(
    async (
      mode: StreamMode,
      conversationId: string | null,
      open: (signal: AbortSignal) => AsyncGenerator<ChatEvent>,
      attached: ChatMessageDto | null = null,
    ): Promise<void> => {
      current.current?.controller.abort();
      const me: Run = {
        controller: new AbortController(),
        conversationId,
        messageId: attached?.id ?? null,
        stopRequested: false,
      };
      current.current = me;
      const mine = () => current.current === me;
      let message = attached;
      let firstDelta = mode === 'attach';
      let ended = false;
      setLive({ mode, conversationId, message, stopping: false });
      const show = () => {
        if (mine()) setLive((l) => (l ? { ...l, conversationId: me.conversationId, message } : l));
      };

      try {
        for await (const ev of open(me.controller.signal)) {
          if (!mine()) break;
          if (ev.type === 'start') {
            me.conversationId = ev.conversation.id;
            me.messageId = ev.assistantMessage.id;
            message = ev.assistantMessage;
            qc.setQueryData<ConversationDetailDto>(chatKeys.conversation(ev.conversation.id), (old) =>
              applyStart(old, ev),
            );
            void qc.invalidateQueries({ queryKey: chatKeys.conversations });
            show();
            handlersRef.current.onStart?.(ev, mode);
            if (me.stopRequested) void stopNow(me);
          } else if (ev.type === 'delta' && message) {
            message = { ...message, content: firstDelta ? ev.text : message.content + ev.text };
            firstDelta = false;
            show();
          } else if (ev.type === 'citations' && message) {
            message = { ...message, citations: ev.citations };
            show();
          } else if (ev.type === 'done') {
            ended = true;
            settle(me.conversationId, ev.message);
            setBalances((b) => ({ ...b, [ev.message.id]: ev.balance }));
            void invalidateBalance(qc);
            void qc.invalidateQueries({ queryKey: chatKeys.conversations });
            break;
          } else if (ev.type === 'error') {
            ended = true;
            const id = ev.messageId ?? me.messageId;
            if (message && (!ev.messageId || ev.messageId === message.id))
              settle(me.conversationId, { ...message, status: 'failed' });
            if (id) setFailures((f) => ({ ...f, [id]: ev.message }));
            void invalidateBalance(qc);
            handlersRef.current.onProblem?.({
              stage: 'failed',
              mode,
              code: ev.code,
              message: ev.message,
              messageId: id,
            });
            // The stream still ends with `done`, which brings the stored answer.
          }
        }
        // The stream ended without its last word (a dropped connection): the stored state says
        // where the answer is, and a conversation still streaming re-attaches.
        if (!ended && mine() && me.conversationId)
          void qc.invalidateQueries({ queryKey: chatKeys.conversation(me.conversationId) });
      } catch (error) {
        if (!mine() || me.controller.signal.aborted) return;
        if (!me.messageId) handlersRef.current.onProblem?.({ stage: 'refused', mode, error });
        else if (me.conversationId) void qc.invalidateQueries({ queryKey: chatKeys.conversation(me.conversationId) });
      } finally {
        if (mine()) {
          current.current = null;
          setLive(null);
        }
      }
    },
    [qc, settle, stopNow],
  );

  const send = useCallback(
    (input: SendMessageInput) => run('send', input.conversationId ?? null, (signal) => sendMessage(input, signal)),
    [run],
  );

  const regenerate = useCallback(
    (conversationId: string) => run('regenerate', conversationId, (signal) => regenerateAnswer(conversationId, signal)),
    [run],
  );

  const attach = useCallback(
    (conversationId: string, message: ChatMessageDto) =>
      run('attach', conversationId, (signal) => attachAnswer(message.id, signal), message),
    [run],
  );

  /** Stops the answer being written (once `start` has named it; asked earlier, it stops then). */
  const stop = useCallback(() => {
    const me = current.current;
    if (!me || me.stopRequested) return;
    me.stopRequested = true;
    setLive((l) => (l ? { ...l, stopping: true } : l));
    void stopNow(me);
  }, [stopNow]);

  /** Stops reading the stream unless it belongs to `conversationId` (null: a new conversation). */
  const detachUnless = useCallback((conversationId: string | null) => {
    const me = current.current;
    if (!me || me.conversationId === conversationId) return;
    me.controller.abort();
    current.current = null;
    setLive(null);
  }, []);

  useEffect(
    () => () => {
      current.current?.controller.abort();
      current.current = null;
    },
    [],
  );

  return { live, settled, balances, failures, send, regenerate, attach, stop, detachUnless };
}
