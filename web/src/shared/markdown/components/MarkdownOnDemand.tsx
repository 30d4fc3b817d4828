import { useId } from 'react';
import { SERVER_HTML_ATTRIBUTE, useServerRendered } from '../../state/hydration';
import { Boundary } from '../../ui/Boundary';
import { LazyMarkdown } from './LazyMarkdown';
import './markdown.css';

/** The server's HTML is kept as it is, unhydrated (the boundary within never marks itself hydrated). */
const keptServerHtml = { [SERVER_HTML_ATTRIBUTE]: '' };

/**
 * Markdown without spoilers (see Markdown) whose renderer loads on demand (LazyMarkdown): on a page the server
 * rendered, its HTML is kept while the page hydrates, as long as the text is the same; drawn in the browser, the text
 * shows as it is until the renderer has loaded.
 */
export function MarkdownOnDemand({ text, className }: { text: string; className?: string }) {
  const id = useId();
  const kept = useServerRendered(id, text, (element) => element.innerHTML);
  if (kept !== null) return <div id={id} {...keptServerHtml} dangerouslySetInnerHTML={{ __html: kept }} />;
  return (
    <div id={id} {...keptServerHtml}>
      <Boundary fallback={<p className={className}>{text}</p>}>
        <LazyMarkdown text={text} className={className} />
      </Boundary>
    </div>
  );
}
