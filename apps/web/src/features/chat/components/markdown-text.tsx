import { Fragment, memo, useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { CitationDto } from '@candeia/shared/schemas/chat';
import { citationPath, splitCitations } from '../lib/citations.ts';
import { parseMarkdown, type Block, type Inline } from '../lib/markdown.ts';

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

/**
 * An answer's Markdown as React elements (never as HTML). Valid citations become links into
 * the reader; invalid ones are never links and carry a visible "unverified" mark.
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
  const blocks = useMemo(() => parseMarkdown(source), [source]);
  const ctx = { citations, texts };
  return <>{blocks.map((b, i) => renderBlock(b, i, ctx))}</>;
});

function renderBlock(block: Block, key: number, ctx: Ctx): ReactNode {
  switch (block.type) {
    case 'paragraph':
      return <p key={key}>{renderInlines(block.children, ctx)}</p>;
    case 'heading':
      return (
        <p key={key} className="font-semibold text-stone-900">
          {renderInlines(block.children, ctx)}
        </p>
      );
    case 'quote':
      return (
        <blockquote
          key={key}
          className="border-l-4 border-brand-300 bg-brand-50/60 py-1 pl-4 pr-2 font-serif italic text-stone-800"
        >
          {block.children.map((b, i) => renderBlock(b, i, ctx))}
        </blockquote>
      );
    case 'list': {
      const items = block.items.map((item, i) => <li key={i}>{renderInlines(item, ctx)}</li>);
      return block.ordered ? (
        <ol key={key} start={block.start} className="list-decimal space-y-1 pl-6">
          {items}
        </ol>
      ) : (
        <ul key={key} className="list-disc space-y-1 pl-6">
          {items}
        </ul>
      );
    }
    case 'code':
      return (
        <pre key={key} className="overflow-x-auto whitespace-pre-wrap rounded-lg bg-stone-100 p-3 text-sm">
          {block.value}
        </pre>
      );
    case 'rule':
      return <hr key={key} className="border-stone-200" />;
  }
}

function renderInlines(nodes: Inline[], ctx: Ctx, inLink = false): ReactNode {
  return nodes.map((n, i) => {
    switch (n.type) {
      case 'text':
        return <Fragment key={i}>{inLink ? n.value : renderCitations(n.value, ctx)}</Fragment>;
      case 'strong':
        return (
          <strong key={i} className="font-semibold text-stone-900">
            {renderInlines(n.children, ctx, inLink)}
          </strong>
        );
      case 'em':
        return <em key={i}>{renderInlines(n.children, ctx, inLink)}</em>;
      case 'code':
        return (
          <code key={i} className="rounded bg-stone-100 px-1 py-0.5 text-[0.9em]">
            {n.value}
          </code>
        );
      case 'break':
        return <br key={i} />;
      case 'link':
        return (
          <a
            key={i}
            href={n.href}
            {...(n.href.startsWith('https:') ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            className="whitespace-nowrap rounded font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-900"
          >
            {renderInlines(n.children, ctx, true)}
          </a>
        );
    }
  });
}

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
