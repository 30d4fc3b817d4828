import { useId, useMemo } from 'react';
import { useServerRendered } from '../../state/hydration';
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
 * and opening in full in a new tab, links optionally in a new tab too. On a page the server rendered, Markdown without
 * spoilers (which need the app's clicks) keeps the server's HTML as long as its text is the same: hydrating does not
 * parse it again, which is the page's longest task.
 */
export function Markdown({ text, spoilers = false, newTabLinks = false, className }: MarkdownProps) {
  const id = useId();
  const serverHtml = useServerRendered(id, text, (element) => element.innerHTML);
  const kept = spoilers ? null : serverHtml;
  const content = useMemo(() => (kept === null ? renderHast(markdownToHast(text, { spoilers, newTabLinks })) : null), [kept, text, spoilers, newTabLinks]);
  const classes = className ? `markdown ${className}` : 'markdown';
  return kept === null ? (
    <div id={id} className={classes}>
      {content}
    </div>
  ) : (
    <div id={id} className={classes} dangerouslySetInnerHTML={{ __html: kept }} />
  );
}
