import { CHAT_EVENT_TYPES, type ChatEvent } from '@candeia/shared/schemas/chat';

/** One Server-Sent Event: its type (`message` when the stream names none) and its data lines. */
export interface SseMessage {
  event: string;
  data: string;
  id?: string;
}

/**
 * An incremental parser of the `text/event-stream` format (WHATWG HTML, "Server-sent events"):
 * feed it text as it arrives, in pieces of any size, and it returns each event once its blank
 * line has arrived. Comment lines (`: ping`) are skipped, `data` lines are joined with "\n",
 * lines end in LF, CRLF or CR (a CR at the end of one piece and an LF at the start of the next
 * are one line end).
 */
export class SseParser {
  private buffer = '';
  private skipLf = false;
  private event = '';
  private data: string[] = [];
  private id: string | undefined;

  /** Parses `chunk`; returns the events it completed. */
  push(chunk: string): SseMessage[] {
    let text = chunk;
    if (this.skipLf && text.startsWith('\n')) text = text.slice(1);
    this.skipLf = false;
    this.buffer += text;
    const out: SseMessage[] = [];
    let start = 0;
    for (let i = 0; i < this.buffer.length; i++) {
      const c = this.buffer[i];
      if (c !== '\n' && c !== '\r') continue;
      this.line(this.buffer.slice(start, i), out);
      if (c === '\r') {
        if (i + 1 === this.buffer.length) this.skipLf = true;
        else if (this.buffer[i + 1] === '\n') i++;
      }
      start = i + 1;
    }
    this.buffer = this.buffer.slice(start);
    return out;
  }

  /** The stream ended: an event without its closing blank line is dropped, as browsers do. */
  end(): SseMessage[] {
    this.buffer = '';
    this.event = '';
    this.data = [];
    return [];
  }

  private line(line: string, out: SseMessage[]) {
    if (line === '') {
      if (this.data.length) {
        const msg: SseMessage = { event: this.event || 'message', data: this.data.join('\n') };
        if (this.id !== undefined) msg.id = this.id;
        out.push(msg);
      }
      this.event = '';
      this.data = [];
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.event = value;
    else if (field === 'data') this.data.push(value);
    else if (field === 'id' && !value.includes('\0')) this.id = value;
    // `retry` and unknown fields are ignored.
  }
}

const TYPES = new Set<string>(CHAT_EVENT_TYPES);

/**
 * The chat event an SSE message carries (the event name is its type), or null for anything
 * else: an unknown event name, or data that is not a JSON object.
 */
export function toChatEvent(msg: SseMessage): ChatEvent | null {
  if (!TYPES.has(msg.event)) return null;
  let data: unknown;
  try {
    data = JSON.parse(msg.data);
  } catch {
    return null;
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) return null;
  return { ...(data as object), type: msg.event } as ChatEvent;
}
