import { useMemo } from 'react';
import { markdownToHast, type MarkdownOptions } from '../markdown-to-hast';
import { renderHast } from '../render-hast';
import './markdown.css';

interface MarkdownProps extends MarkdownOptions {
  /** Markdown written by an author, translator or commenter. */
  text: string;
  className?: string;
}

/** Renders user-written Markdown safely: sanitized, line breaks preserved, optional `%spoilers%`. */
export function Markdown({ text, spoilers = false, className }: MarkdownProps) {
  const content = useMemo(() => renderHast(markdownToHast(text, { spoilers })), [text, spoilers]);
  return <div className={className ? `markdown ${className}` : 'markdown'}>{content}</div>;
}
