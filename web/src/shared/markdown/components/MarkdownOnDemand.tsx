import { useId } from 'react';
import { SERVER_HTML_ATTRIBUTE, useServerRendered } from '../../state/hydration';
import { Boundary } from '../../ui/Boundary';
import { lazyComponent } from '../../ui/lazy-component';
import type { MarkdownOptions } from '../markdown-to-hast';
import './markdown.css';

// The Markdown renderer is a large chunk whose first run alone held a phone's main thread ~70 ms (property-information
// building its tables): a page the server rendered keeps the server's HTML while it hydrates, so the renderer loads
// only to draw Markdown anew, in a task of its own.
const Markdown = lazyComponent(() => import('./Markdown').then((m) => m.Markdown));

/** Starts loading the renderer, for a part that will soon draw Markdown (a comment section waiting for its comments). */
export const preloadMarkdown = Markdown.preload;

/** The server's HTML is kept as it is, unhydrated (the boundary within never marks itself hydrated). */
const keptServerHtml = { [SERVER_HTML_ATTRIBUTE]: '' };

interface MarkdownOnDemandProps extends MarkdownOptions {
  text: string;
  className?: string;
}

/**
 * Markdown (see Markdown) whose renderer loads on demand: on a page the server rendered, Markdown without spoilers keeps
 * its HTML while the page hydrates, as long as the text is the same; drawn in the browser, the text shows as it is
 * until the renderer has loaded.
 */
export function MarkdownOnDemand({ text, className, ...options }: MarkdownOnDemandProps) {
  const id = useId();
  const kept = useServerRendered(id, text, (element) => element.innerHTML);
  if (kept !== null && !options.spoilers) return <div id={id} {...keptServerHtml} dangerouslySetInnerHTML={{ __html: kept }} />;
  return (
    <div id={id} {...keptServerHtml}>
      <Boundary fallback={<p className={className}>{text}</p>}>
        <Markdown text={text} className={className} {...options} />
      </Boundary>
    </div>
  );
}
