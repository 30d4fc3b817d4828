import { useState } from 'react';
import { isHydrating, SERVER_HTML_ATTRIBUTE } from '../../../shared/state/hydration';
import { LazyMarkdown } from '../../../shared/markdown/components/LazyMarkdown';
import '../../../shared/markdown/components/markdown.css';
import { Boundary } from '../../../shared/ui/Boundary';

/** The description of book `bookId` as the server rendered it into this page, while the page hydrates. */
function renderedByServer(bookId: number): string | null {
  if (!isHydrating()) return null;
  return document.querySelector(`[data-description-of="${bookId}"]`)?.innerHTML ?? null;
}

/** The description's HTML is kept as the server rendered it, unhydrated (its boundary never marks itself hydrated). */
const keptServerHtml = { [SERVER_HTML_ATTRIBUTE]: '' };

/**
 * A book's description in a card: Markdown, clamped to 4 lines. The renderer is kept out of the home page's first view:
 * a server-rendered page keeps the descriptions the server rendered, and lists rendered in the browser show the plain
 * text until it has loaded.
 */
export function CardDescription({ bookId, text }: { bookId: number; text: string }) {
  const [server] = useState(() => ({ text, html: renderedByServer(bookId) }));
  if (server.html !== null && server.text === text) {
    return <div data-description-of={bookId} {...keptServerHtml} dangerouslySetInnerHTML={{ __html: server.html }} />;
  }
  return (
    <div data-description-of={bookId} {...keptServerHtml}>
      <Boundary fallback={<p className="book-card__description">{text}</p>}>
        <LazyMarkdown text={text} className="book-card__description" />
      </Boundary>
    </div>
  );
}
