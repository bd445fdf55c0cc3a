import { createParser, type EventSourceParser } from 'eventsource-parser';

/** One Server-Sent Event: its type (`message` when the stream names none) and its data lines. */
export interface SseMessage {
  event: string;
  data: string;
  id?: string;
}

/**
 * The reader of the `text/event-stream` format (the chat's answers, the avatar's), on `eventsource-parser` (WHATWG HTML,
 * "Server-sent events"): feed it text as it arrives, in pieces of any size, and it returns each
 * event once its blank line has arrived (comments skipped, `data` lines joined with "\n",
 * LF, CRLF or CR line ends, split across pieces or not).
 */
export class SseParser {
  private completed: SseMessage[] = [];
  /** The last event id seen: it stays with the events after it, as EventSource's lastEventId. */
  private lastId: string | undefined;
  /** The last piece ended in CR: the parser waits to know whether an LF follows. */
  private endsInCr = false;
  private readonly parser: EventSourceParser = createParser({
    onEvent: (e) => {
      if (e.id !== undefined) this.lastId = e.id;
      const msg: SseMessage = { event: e.event ?? 'message', data: e.data };
      if (this.lastId !== undefined) msg.id = this.lastId;
      this.completed.push(msg);
    },
  });

  /** Parses `chunk`; returns the events it completed. */
  push(chunk: string): SseMessage[] {
    if (chunk) this.endsInCr = chunk.endsWith('\r');
    this.parser.feed(chunk);
    const out = this.completed;
    this.completed = [];
    return out;
  }

  /**
   * The stream ended: an event without its closing blank line is dropped, as browsers do; one
   * whose blank line was a final CR is given.
   */
  end(): SseMessage[] {
    // A stream that ends in CR has ended its line: an LF now settles it as one line end.
    if (this.endsInCr) this.parser.feed('\n');
    const out = this.completed;
    this.completed = [];
    this.parser.reset();
    return out;
  }
}

/**
 * The typed event an SSE message carries (the event name is its type, one of `types`), or null
 * for anything else: an unknown event name, or data that is not a JSON object.
 */
export function toTypedEvent<E extends { type: string }>(msg: SseMessage, types: ReadonlySet<string>): E | null {
  if (!types.has(msg.event)) return null;
  let data: unknown;
  try {
    data = JSON.parse(msg.data);
  } catch {
    return null;
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) return null;
  return { ...(data as object), type: msg.event } as E;
}
