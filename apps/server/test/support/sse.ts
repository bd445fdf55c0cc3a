/** One event of a server-sent stream: its type and its data line. */
export interface StreamEvent {
  event: string;
  data: string;
}

/**
 * Opens a server-sent events stream as a signed-in browser would (cookie, same-origin); the
 * events it received so far, the response, and how to close it.
 */
export async function openEventStream(url: string, cookie: string, origin: string) {
  const ctrl = new AbortController();
  const res = await fetch(url, {
    headers: { cookie, origin, 'sec-fetch-site': 'same-origin' },
    signal: ctrl.signal,
  });
  const events: StreamEvent[] = [];
  const reading = (async () => {
    if (!res.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let cut;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const event = /^event: (.+)$/m.exec(block)?.[1];
          if (event) events.push({ event, data: /^data: (.+)$/m.exec(block)?.[1] ?? '' });
        }
      }
    } catch {
      /* closed by the test */
    }
  })();
  return {
    res,
    events,
    close: async () => {
      ctrl.abort();
      await reading;
    },
  };
}
