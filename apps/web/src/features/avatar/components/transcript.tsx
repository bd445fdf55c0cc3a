import { Fragment, useEffect, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { AvatarMessageDto } from '@candeia/shared/schemas/avatar';

/** **bold** and *emphasis* of a line, as elements (nothing else of Markdown is read: no links, no HTML). */
function inline(text: string): ReactNode[] {
  return text.split(/(\*\*[^*]+\*\*|\*[^*\s][^*]*\*)/g).map((part, i) => {
    if (/^\*\*[^*]+\*\*$/.test(part)) return <strong key={i}>{part.slice(2, -2)}</strong>;
    if (/^\*[^*]+\*$/.test(part)) return <em key={i}>{part.slice(1, -1)}</em>;
    return <Fragment key={i}>{part}</Fragment>;
  });
}

/** An answer's text: paragraphs, and quotes (`> …`) as blockquotes. */
export function MessageText({ content }: { content: string }) {
  const blocks = content.split(/\n{2,}/).filter((b) => b.trim());
  return (
    <>
      {blocks.map((block, i) => {
        const lines = block.split('\n');
        if (lines.every((l) => l.startsWith('>'))) {
          const body = lines.map((l) => l.replace(/^>\s?/, '')).filter((l) => l.trim());
          return (
            <blockquote key={i} className="my-2 border-l-4 border-brand-300 pl-3 italic text-stone-700">
              {body.map((l, j) => (
                <p key={j}>{inline(l)}</p>
              ))}
            </blockquote>
          );
        }
        return (
          <p key={i} className="my-2 first:mt-0 last:mb-0">
            {lines.map((l, j) => (
              <Fragment key={j}>
                {j > 0 ? <br /> : null}
                {inline(l.replace(/^>\s?/, ''))}
              </Fragment>
            ))}
          </p>
        );
      })}
    </>
  );
}

/**
 * The session's transcript: the counsellor's words and the member's, the answer being written
 * growing in place. A live region reads new messages out to screen readers when the counsellor's
 * own voice is off.
 */
export function Transcript({
  messages,
  counsellorName,
  interim,
  thinking,
  live = true,
  scroller,
}: {
  messages: AvatarMessageDto[];
  counsellorName: string;
  interim?: string;
  thinking?: boolean;
  live?: boolean;
  /** The box the transcript scrolls in: kept at its end as words arrive (the page itself does not move). */
  scroller?: RefObject<HTMLDivElement | null>;
}) {
  const { t } = useTranslation('avatar');
  const last = messages.at(-1);
  useEffect(() => {
    const box = scroller?.current;
    if (live && box) box.scrollTop = box.scrollHeight;
  }, [live, scroller, messages.length, last?.content.length, interim, thinking]);

  return (
    <div
      aria-live={live ? 'polite' : undefined}
      aria-relevant="additions"
      className="flex flex-col gap-3"
      data-testid="avatar-transcript"
    >
      {messages.map((m) =>
        m.role === 'assistant' ? (
          <div
            key={m.id}
            className="max-w-[92%] self-start rounded-2xl rounded-tl-sm bg-white px-4 py-3 text-stone-900 shadow-sm ring-1 ring-stone-200"
          >
            <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-brand-800">{counsellorName}</p>
            {m.content ? (
              <MessageText content={m.content} />
            ) : (
              <p className="text-stone-500">{t('session.thinking')}</p>
            )}
            {m.citations.some((c) => c.valid) ? (
              <p className="mt-2 text-xs text-stone-600">
                {t('session.references', {
                  list: m.citations
                    .filter((c) => c.valid)
                    .map((c) => c.label)
                    .join(' · '),
                })}
              </p>
            ) : null}
            {m.status === 'stopped' ? <p className="mt-1 text-xs text-stone-500">{t('session.stopped')}</p> : null}
            {m.status === 'failed' ? <p className="mt-1 text-xs text-rose-700">{t('session.failed')}</p> : null}
          </div>
        ) : (
          <div key={m.id} className="max-w-[92%] self-end rounded-2xl rounded-tr-sm bg-brand-700 px-4 py-3 text-white">
            <p className="sr-only">{t('session.you')}</p>
            <p className="whitespace-pre-wrap">{m.content}</p>
            {m.via === 'voice' ? <p className="mt-1 text-xs text-brand-100">{t('session.bySpeech')}</p> : null}
          </div>
        ),
      )}
      {interim ? (
        <div
          className="max-w-[92%] self-end rounded-2xl border border-dashed border-brand-400 px-4 py-3 italic text-stone-700"
          data-testid="avatar-interim"
        >
          {interim}
        </div>
      ) : null}
      {thinking ? (
        <p className="self-start text-sm text-stone-600" role="status">
          {t('session.thinkingName', { name: counsellorName })}
        </p>
      ) : null}
    </div>
  );
}
