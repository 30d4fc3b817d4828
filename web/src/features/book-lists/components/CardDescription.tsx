import { lazy, Suspense } from 'react';

// The Markdown renderer is a large chunk; lists show the plain text until it has loaded, so Home stays light.
const Markdown = lazy(() => import('../../markdown/components/Markdown').then((m) => ({ default: m.Markdown })));

/** A book's description in a card: Markdown, clamped to 4 lines. */
export function CardDescription({ text }: { text: string }) {
  return (
    <Suspense fallback={<p className="book-card__description">{text}</p>}>
      <Markdown text={text} className="book-card__description" />
    </Suspense>
  );
}
