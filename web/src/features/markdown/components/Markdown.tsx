import { useMemo } from 'react';
import { markdownToHast, type MarkdownOptions } from '../markdown-to-hast';
import { renderHast } from '../render-hast';
import './markdown.css';

interface MarkdownProps extends MarkdownOptions {
  /** Markdown written by an author, translator or commenter. */
  text: string;
  className?: string;
}

/**
 * Renders user-written Markdown safely: sanitized, line breaks preserved, optional `%spoilers%`, images bounded, lazy
 * and opening in full in a new tab, links optionally in a new tab too.
 */
export function Markdown({ text, spoilers = false, newTabLinks = false, className }: MarkdownProps) {
  const content = useMemo(() => renderHast(markdownToHast(text, { spoilers, newTabLinks })), [text, spoilers, newTabLinks]);
  return <div className={className ? `markdown ${className}` : 'markdown'}>{content}</div>;
}
