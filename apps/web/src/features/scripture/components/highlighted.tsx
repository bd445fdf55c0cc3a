import { highlightSegments } from '../lib/highlight.ts';

/** A search snippet with its matches in <mark>, built from text nodes only (never injected HTML). */
export function Highlighted({ snippet }: { snippet: string }) {
  return (
    <>
      {highlightSegments(snippet).map((s, i) =>
        s.mark ? (
          <mark key={i} className="rounded-sm bg-brand-200 px-0.5 text-stone-950">
            {s.text}
          </mark>
        ) : (
          <span key={i}>{s.text}</span>
        ),
      )}
    </>
  );
}
