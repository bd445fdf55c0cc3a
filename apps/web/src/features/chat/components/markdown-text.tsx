import { Children, Fragment, memo, useMemo, type ReactNode } from 'react';
import Markdown, { type Components } from 'react-markdown';
import { Link } from 'react-router';
import remarkBreaks from 'remark-breaks';
import type { CitationDto } from '@candeia/shared/schemas/chat';
import { citationPath, splitCitations } from '../lib/citations.ts';
import { safeHref } from '../lib/links.ts';

export interface MarkdownTexts {
  /** The mark beside a citation that is not in the installed texts. */
  unverified: string;
  /** Why it is marked. */
  unverifiedTitle: string;
}

interface Ctx {
  citations: readonly CitationDto[];
  texts: MarkdownTexts;
}

/** Each piece of text among `children` with its citations made links (or marked unverified). */
function cite(children: ReactNode, ctx: Ctx): ReactNode {
  return Children.map(children, (c) => (typeof c === 'string' ? renderCitations(c, ctx) : c));
}

/** Links are followed only for phones and the helplines' sites: the URL is judged by `safeHref`. */
const keepUrl = (url: string) => url;

/**
 * An answer's Markdown as React elements, by react-markdown (CommonMark; a single line end is a
 * break): raw HTML the model writes is shown as the text it is, never as markup; an image shows
 * its description; a link is a link only to a phone number or a helpline's site. Valid
 * citations become links into the reader; invalid ones are never links and carry a visible
 * "unverified" mark. Headings read as strong paragraphs inside an answer.
 */
export const MarkdownText = memo(function MarkdownText({
  source,
  citations,
  texts,
}: {
  source: string;
  citations: readonly CitationDto[];
  texts: MarkdownTexts;
}) {
  const components = useMemo<Components>(() => {
    const ctx: Ctx = { citations, texts };
    const heading = ({ children }: { children?: ReactNode }) => (
      <p className="font-semibold text-stone-900">{cite(children, ctx)}</p>
    );
    return {
      p: ({ children }) => <p>{cite(children, ctx)}</p>,
      h1: heading,
      h2: heading,
      h3: heading,
      h4: heading,
      h5: heading,
      h6: heading,
      blockquote: ({ children }) => (
        <blockquote className="border-l-4 border-brand-300 bg-brand-50/60 py-1 pl-4 pr-2 font-serif italic text-stone-800">
          {children}
        </blockquote>
      ),
      ul: ({ children }) => <ul className="list-disc space-y-1 pl-6">{children}</ul>,
      ol: ({ children, start }) => (
        <ol start={start} className="list-decimal space-y-1 pl-6">
          {children}
        </ol>
      ),
      li: ({ children }) => <li>{cite(children, ctx)}</li>,
      strong: ({ children }) => <strong className="font-semibold text-stone-900">{cite(children, ctx)}</strong>,
      em: ({ children }) => <em>{cite(children, ctx)}</em>,
      pre: ({ children }) => (
        <pre className="overflow-x-auto whitespace-pre-wrap rounded-lg bg-stone-100 p-3 text-sm [&>code]:bg-transparent [&>code]:p-0">
          {children}
        </pre>
      ),
      code: ({ children }) => <code className="rounded bg-stone-100 px-1 py-0.5 text-[0.9em]">{children}</code>,
      hr: () => <hr className="border-stone-200" />,
      img: ({ alt }) => <>{alt ?? ''}</>,
      a: ({ href, children }) => {
        const safe = href ? safeHref(href) : null;
        if (!safe) return <>{children}</>;
        return (
          <a
            href={safe}
            {...(safe.startsWith('https:') ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            className="whitespace-nowrap rounded font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-900"
          >
            {children}
          </a>
        );
      },
    };
  }, [citations, texts]);
  return (
    <Markdown remarkPlugins={[remarkBreaks]} components={components} urlTransform={keepUrl} skipHtml={false}>
      {source}
    </Markdown>
  );
});

function renderCitations(text: string, ctx: Ctx): ReactNode {
  const segments = splitCitations(text, ctx.citations);
  if (segments.length === 1 && !segments[0]!.citation) return text;
  return segments.map((s, i) => {
    if (!s.citation) return <Fragment key={i}>{s.text}</Fragment>;
    const to = citationPath(s.citation);
    if (to)
      return (
        <Link
          key={i}
          to={to}
          className="rounded font-semibold not-italic text-brand-800 underline decoration-brand-400 underline-offset-4 hover:text-brand-900 hover:decoration-brand-800"
        >
          {s.text}
        </Link>
      );
    return (
      <span key={i} title={ctx.texts.unverifiedTitle} className="whitespace-nowrap">
        {s.text}{' '}
        <span className="inline-flex items-center rounded-full bg-amber-100 px-1.5 py-px align-middle text-xs font-semibold not-italic text-amber-900 ring-1 ring-inset ring-amber-300">
          {ctx.texts.unverified}
        </span>
      </span>
    );
  });
}
