import { useId } from 'react';
import { SERVER_HTML_ATTRIBUTE, useServerRendered } from '../../state/hydration';
import { Boundary } from '../../ui/Boundary';
import { lazyComponent } from '../../ui/lazy-component';
import './markdown.css';

// The Markdown renderer is a large chunk: a page the server rendered keeps the server's HTML while it hydrates, so the
// renderer loads only to draw Markdown anew.
const Markdown = lazyComponent(() => import('./Markdown').then((m) => m.Markdown));

/** The server's HTML is kept as it is, unhydrated (the boundary within never marks itself hydrated). */
const keptServerHtml = { [SERVER_HTML_ATTRIBUTE]: '' };

/**
 * Markdown without spoilers (see Markdown) whose renderer loads on demand: on a page the server rendered, its HTML is
 * kept while the page hydrates, as long as the text is the same; drawn in the browser, the text shows as it is until
 * the renderer has loaded.
 */
export function MarkdownOnDemand({ text }: { text: string }) {
  const id = useId();
  const kept = useServerRendered(id, text, (element) => element.innerHTML);
  if (kept !== null) return <div id={id} {...keptServerHtml} dangerouslySetInnerHTML={{ __html: kept }} />;
  return (
    <div id={id} {...keptServerHtml}>
      <Boundary fallback={<p>{text}</p>}>
        <Markdown text={text} />
      </Boundary>
    </div>
  );
}
